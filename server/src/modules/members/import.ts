import fs from 'node:fs/promises';
import type { ImportLogRow, memberImportQuery } from '@headoffice/contract';
import { memberSave } from '@headoffice/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { z as zod } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, fieldError, RefusalKept } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { bulkInsert, type ImportDef, importFailure, readImportSheet, type Sheet, validateImport } from '../../platform/importer.js';
import { tenantToday } from '../../platform/numbering.js';
import { onPage, pageOf } from '../../platform/paging.js';
import type { Upload } from '../../platform/upload.js';
import { users } from '../identity/public.js';
import { channels, memberGrades, shops } from '../org/public.js';
import { nextMemberCodes } from './members.js';
import { memberImportLogs, members } from './schema.js';

const importRow = memberSave
  .pick({
    mobile: true,
    name: true,
    nickname: true,
    gender: true,
    birthday: true,
    registeredOn: true,
    channelId: true,
    gradeId: true,
    memo: true,
  })
  .extend({ code: zod.string().trim().max(32).optional() });
type ImportedMember = z.output<typeof importRow>;

/** Rows one import takes: a whole chain's members moved from another system (docs/PERFORMANCE.md). */
export const MEMBER_IMPORT_ROWS = 100_000;

/**
 * The member sheet (type 1, members only) into the shop chosen for the import. Member numbers are
 * kept when the sheet has them (the old system's), else taken from the series in one block.
 */
export const memberImport = (shopId: number): ImportDef<ImportedMember> => ({
  name: ['会员', 'Members'],
  columns: [
    {
      key: 'code',
      title: ['会员编号', 'Member number'],
      unique: members.code,
      hint: ['不填则自动编号', 'Empty: numbered automatically'],
      width: 14,
    },
    { key: 'name', title: ['姓名', 'Name'], required: true, example: '王小美', width: 12 },
    {
      key: 'mobile',
      title: ['手机号', 'Mobile'],
      type: 'mobile',
      required: true,
      unique: members.mobile,
      example: '13800138000',
      width: 14,
    },
    {
      key: 'gender',
      title: ['性别', 'Gender'],
      type: 'enum',
      options: [
        { value: 1, labels: ['男', 'Male'] },
        { value: 2, labels: ['女', 'Female'] },
        { value: 0, labels: ['未知', 'Not given'] },
      ],
      example: 2,
      width: 8,
    },
    { key: 'birthday', title: ['生日', 'Birthday'], type: 'date', example: '1990-05-20', width: 12 },
    { key: 'registeredOn', title: ['注册日期', 'Registered on'], type: 'date', width: 12 },
    { key: 'channelId', title: ['顾客来源', 'Customer source'], lookup: { table: channels }, width: 14 },
    { key: 'gradeId', title: ['会员等级', 'Grade'], lookup: { table: memberGrades }, width: 12 },
    { key: 'nickname', title: ['昵称', 'Nickname'], width: 12 },
    { key: 'memo', title: ['备注', 'Memo'], width: 24 },
  ],
  schema: importRow as unknown as z.ZodType<ImportedMember>,
  maxRows: MEMBER_IMPORT_ROWS,
  limits: { rows: MEMBER_IMPORT_ROWS + 10, sharedStrings: 1_500_000, unpackedBytes: 250 * 1024 * 1024 },
  async insert(tx, rows, auth) {
    const codes = await nextMemberCodes(tx, auth.tenantId, rows.filter((r) => !r.code).length);
    // bulkInsert sends every key, so the column's default does not apply: a row without a date is registered today
    const today = await tenantToday(tx, auth.tenantId);
    let next = 0;
    await bulkInsert(
      tx,
      members,
      rows.map((r) => ({
        tenantId: auth.tenantId,
        code: r.code || codes[next++],
        name: r.name,
        nickname: r.nickname ?? null,
        mobile: r.mobile,
        gender: r.gender ?? 0,
        birthday: r.birthday ?? null,
        registeredOn: r.registeredOn ?? today,
        shopId,
        channelId: r.channelId ?? null,
        gradeId: r.gradeId ?? null,
        memo: r.memo ?? null,
      })),
    );
    return rows.length;
  },
});

/** Any definition works for reading the header: the columns do not depend on the shop. */
export const memberImportSheet = memberImport(0) as ImportDef<unknown>;

/**
 * The sheet of an import type: 1 members only, 2 members with stored-value cards and their balances
 * per shop bucket, 3 members with packages (the member assets module's definitions).
 */
export function importDefOf(type: number, shopId: number, lang: Lang): ImportDef<unknown> {
  if (type === 1) return memberImport(shopId) as ImportDef<unknown>;
  const sheet = assetSheets.get(type);
  if (!sheet) throw new Error(`No sheet registered for member import type ${type}`);
  return sheet(shopId, lang);
}

const assetSheets = new Map<number, (shopId: number, lang: Lang) => ImportDef<unknown>>();

/** The member assets register the sheets of import types 2 (cards) and 3 (packages). */
export function registerMemberImport<Row>(type: 2 | 3, sheet: (shopId: number, lang: Lang) => ImportDef<Row>) {
  assetSheets.set(type, sheet as unknown as (shopId: number, lang: Lang) => ImportDef<unknown>);
}

/**
 * Imports a member sheet into a shop, all rows or none, and logs it either way: a refused sheet
 * answers 400 with its problems (nothing stored), and its log row stays.
 */
export async function importMembers(ctx: { tx: Db; auth: Auth; lang: Lang; file: Upload }, query: z.output<typeof memberImportQuery>) {
  const { tx, auth, lang, file } = ctx;
  const [shop] = await tx.select({ id: shops.id, status: shops.status }).from(shops).where(eq(shops.id, query.shopid));
  if (shop?.status !== 1) throw fieldError('shopid', 'memberImportShopInactive');
  const def = importDefOf(query.type, query.shopid, lang);
  // The upload was read with the members-only columns; a sheet with cards or packages is read again with its own.
  const prepared = query.type === 1 ? (file.prepared as Sheet | undefined) : undefined;
  const sheet = prepared ?? (await readImportSheet(await fs.readFile(file.path), def, lang));
  const result = await validateImport(tx, def, sheet, auth, lang);
  const failedRows = new Set(result.errors.map((e) => e.row).filter((r) => r > 1)).size;
  const stored = result.errors.length
    ? 0
    : await (def as ImportDef<unknown>).insert(
        tx,
        result.rows.map((r) => r.value),
        auth,
      );
  const [log] = await tx
    .insert(memberImportLogs)
    .values({
      tenantId: auth.tenantId,
      shopId: query.shopid,
      type: query.type,
      fileName: file.filename || null,
      expected: sheet.rows.length,
      succeeded: stored,
      failed: result.errors.length ? Math.max(failedRows, 1) : 0,
      errors: result.errors.slice(0, 200),
      createdBy: auth.userId,
    })
    .returning({ id: memberImportLogs.id });
  if (result.errors.length) {
    const failure = importFailure(result.errors, lang);
    // The log row is kept: the transaction commits with nothing else written.
    return new RefusalKept(
      new AppError(400, failure.key, failure.params, failure.fields, '400', { ...(failure.data as object), logId: log.id }),
    );
  }
  return { imported: stored, logId: log.id };
}

export async function listImportLogs(tx: Db, auth: Auth, q: { page: number; pageSize: number; shopid?: number }) {
  const visible = visibleShops(auth);
  const conditions: (SQL | undefined)[] = [];
  if (visible) conditions.push(inShops(visible));
  if (q.shopid) conditions.push(eq(memberImportLogs.shopId, q.shopid));
  const where = and(...conditions);
  const order = [desc(memberImportLogs.id)];
  const page = await pageOf(
    tx,
    q,
    tx
      .select({
        id: memberImportLogs.id,
        shopId: memberImportLogs.shopId,
        shopName: shops.name,
        type: memberImportLogs.type,
        fileName: memberImportLogs.fileName,
        expected: memberImportLogs.expected,
        succeeded: memberImportLogs.succeeded,
        failed: memberImportLogs.failed,
        errors: memberImportLogs.errors,
        createdByName: users.name,
        createdAt: memberImportLogs.createdAt,
      })
      .from(memberImportLogs)
      .leftJoin(shops, eq(shops.id, memberImportLogs.shopId))
      .leftJoin(users, eq(users.id, memberImportLogs.createdBy))
      .where(onPage(tx, memberImportLogs.id, where, order, q))
      .orderBy(...order),
    () => tx.select({ id: memberImportLogs.id }).from(memberImportLogs).where(where),
  );
  return { ...page, list: page.list.map((r): ImportLogRow => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

const inShops = (ids: number[]) => inArray(memberImportLogs.shopId, ids.length ? ids : [0]);
