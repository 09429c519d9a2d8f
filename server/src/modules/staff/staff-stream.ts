import type { StreamRow, streamQuery } from '@headoffice/contract';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { dateTimeText, type ExcelColumn } from '../../platform/excel.js';
import { type Lang, translate } from '../../platform/i18n.js';
import { afterKey, keyset, keywordMatch, offsetOf, pageOf } from '../../platform/paging.js';
import { branches, employeeStream, employees, positionLevels, positions, shops } from '../org/public.js';

const fromShop = alias(shops, 'from_shop');
const toShop = alias(shops, 'to_shop');
const fromBranch = alias(branches, 'from_branch');
const toBranch = alias(branches, 'to_branch');
const fromPosition = alias(positions, 'from_position');
const toPosition = alias(positions, 'to_position');
const fromLevel = alias(positionLevels, 'from_level');
const toLevel = alias(positionLevels, 'to_level');

const s = employeeStream;

function selectStream(tx: Db) {
  return tx
    .select({
      id: s.id,
      employeeId: s.employeeId,
      eecode: employees.eecode,
      employeeName: employees.name,
      kind: sql<StreamRow['kind']>`${s.kind}`,
      effectiveDate: s.effectiveDate,
      fromShopId: s.fromShopId,
      fromShopName: fromShop.name,
      toShopId: s.toShopId,
      toShopName: toShop.name,
      fromBranchId: s.fromBranchId,
      fromBranchName: fromBranch.name,
      toBranchId: s.toBranchId,
      toBranchName: toBranch.name,
      fromPositionId: s.fromPositionId,
      fromPositionName: fromPosition.name,
      toPositionId: s.toPositionId,
      toPositionName: toPosition.name,
      fromLevelId: s.fromLevelId,
      fromLevelName: fromLevel.name,
      toLevelId: s.toLevelId,
      toLevelName: toLevel.name,
      memo: s.memo,
      applied: sql<boolean>`${s.appliedAt} is not null`,
      appliedAt: s.appliedAt,
      createdByName: s.createdByName,
      createdAt: s.createdAt,
    })
    .from(s)
    .innerJoin(employees, eq(employees.id, s.employeeId))
    .leftJoin(fromShop, eq(fromShop.id, s.fromShopId))
    .leftJoin(toShop, eq(toShop.id, s.toShopId))
    .leftJoin(fromBranch, eq(fromBranch.id, s.fromBranchId))
    .leftJoin(toBranch, eq(toBranch.id, s.toBranchId))
    .leftJoin(fromPosition, eq(fromPosition.id, s.fromPositionId))
    .leftJoin(toPosition, eq(toPosition.id, s.toPositionId))
    .leftJoin(fromLevel, eq(fromLevel.id, s.fromLevelId))
    .leftJoin(toLevel, eq(toLevel.id, s.toLevelId))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof selectStream>['execute']>>[number];
export type StreamQuery = z.output<typeof streamQuery>;

/** Rows about a shop the user may see (from or to); head office sees every row. */
function scope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  if (!visible) return undefined;
  const ids = visible.length ? visible : [0];
  return or(inArray(s.fromShopId, ids), inArray(s.toShopId, ids));
}

function filters(auth: Auth, q: Partial<StreamQuery>): SQL | undefined {
  assertShopVisible(auth, q.shopId);
  const where: (SQL | undefined)[] = [scope(auth)];
  if (q.employeeId) where.push(eq(s.employeeId, q.employeeId));
  if (q.shopId) where.push(or(eq(s.fromShopId, q.shopId), eq(s.toShopId, q.shopId)));
  if (q.kind) where.push(eq(s.kind, q.kind));
  if (q.dateFrom) where.push(gte(s.effectiveDate, q.dateFrom));
  if (q.dateTo) where.push(lte(s.effectiveDate, q.dateTo));
  if (q.keyword) where.push(keywordMatch(q.keyword, employees.eecode, employees.name));
  return and(...where);
}

const sortable = {
  effectiveDate: s.effectiveDate,
  createdAt: s.createdAt,
  kind: s.kind,
  eecode: employees.eecode,
  employeeId: s.employeeId,
};

export async function listStream(tx: Db, auth: Auth, q: StreamQuery) {
  const where = filters(auth, q);
  const keys = keyset(
    q.sort,
    sortable,
    [
      { field: 'effectiveDate', column: s.effectiveDate, desc: true },
      { field: 'createdAt', column: s.createdAt, desc: true },
    ],
    s.id,
  );
  return pageOf(
    tx,
    q,
    selectStream(tx)
      .where(and(where, afterKey(keys, q)))
      .orderBy(...keys.order)
      .limit(q.pageSize)
      .offset(offsetOf(q, keys)),
    () => {
      // The count joins employees only for the keyword (every row has its employee).
      const counted = tx.select({ id: s.id }).from(s).$dynamic();
      return (q.keyword ? counted.innerJoin(employees, eq(employees.id, s.employeeId)) : counted).where(where);
    },
    keys,
  );
}

export async function getStreamRow(tx: Db, auth: Auth, id: number) {
  const [row] = await selectStream(tx).where(and(eq(s.id, id), scope(auth)));
  if (!row) throw notFound();
  return row;
}

/** «上海静安旗舰店/发型师»: the shop, then the department, position and level where they matter. */
function placeText(lang: Lang, names: (string | null)[], include: boolean[]) {
  const parts: string[] = [];
  names.forEach((name, i) => {
    if (i > 0 && !include[i]) return;
    const text = name ?? translate(lang, i === 0 ? 'headOffice' : 'none');
    if (parts[parts.length - 1] !== text) parts.push(text);
  });
  return parts.join('/');
}

/** A sentence for a stream row, e.g. «2026-11-01 从 上海静安旗舰店/发型师 调至 杭州西湖银泰店/艺术总监». */
export function describe(lang: Lang, r: Row): string {
  const from = [r.fromShopName, r.fromBranchName, r.fromPositionName, r.fromLevelName];
  const to = [r.toShopName, r.toBranchName, r.toPositionName, r.toLevelName];
  const date = r.effectiveDate;
  let text: string;
  if (r.kind === 'transfer') {
    const ids = [
      [r.fromShopId, r.toShopId],
      [r.fromBranchId, r.toBranchId],
      [r.fromPositionId, r.toPositionId],
      [r.fromLevelId, r.toLevelId],
    ];
    const changed = ids.map(([a, b]) => a !== b);
    text = translate(lang, 'streamTransfer', { date, from: placeText(lang, from, changed), to: placeText(lang, to, changed) });
  } else {
    const present = (names: (string | null)[]) => names.map((n) => n !== null);
    if (r.kind === 'leave') text = translate(lang, 'streamLeave', { date, from: placeText(lang, from, present(from)) });
    else text = translate(lang, r.kind === 'entry' ? 'streamEntry' : 'streamRejoin', { date, to: placeText(lang, to, present(to)) });
  }
  return r.applied ? text : translate(lang, 'streamPending', { text });
}

const kindKey = { entry: 'kindEntry', transfer: 'kindTransfer', leave: 'kindLeave', rejoin: 'kindRejoin' } as const;

export const streamExportColumns: ExcelColumn<Row>[] = [
  { key: 'eecode', title: ['员工编号', 'Employee code'] },
  { key: 'employeeName', title: ['姓名', 'Name'] },
  { key: 'kind', title: ['类型', 'Kind'], width: 8, value: (r, lang) => translate(lang, kindKey[r.kind]) },
  { key: 'effectiveDate', title: ['生效日期', 'Effective date'], width: 12 },
  { key: 'fromShopName', title: ['原门店', 'From shop'], width: 20 },
  { key: 'fromBranchName', title: ['原部门', 'From department'] },
  { key: 'fromPositionName', title: ['原职位', 'From position'] },
  { key: 'fromLevelName', title: ['原职级', 'From level'] },
  { key: 'toShopName', title: ['新门店', 'To shop'], width: 20 },
  { key: 'toBranchName', title: ['新部门', 'To department'] },
  { key: 'toPositionName', title: ['新职位', 'To position'] },
  { key: 'toLevelName', title: ['新职级', 'To level'] },
  {
    key: 'applied',
    title: ['状态', 'State'],
    width: 8,
    value: (r, lang) => (r.applied ? (lang === 'en-US' ? 'Applied' : '已生效') : lang === 'en-US' ? 'Pending' : '待生效'),
  },
  { key: 'description', title: ['说明', 'Description'], width: 50, value: (r, lang) => describe(lang, r) },
  { key: 'memo', title: ['备注', 'Memo'], width: 24 },
  { key: 'createdByName', title: ['操作人', 'By'] },
  { key: 'createdAt', title: ['操作时间', 'At'], width: 20, value: (r, _lang, zone) => dateTimeText(r.createdAt, zone) },
];
