import type { employeeListQuery } from '@headoffice/contract';
import { and, asc, count, eq, inArray, isNotNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { translate } from '../../platform/i18n.js';
import { keyset, keywordMatch, onPage, pageOf } from '../../platform/paging.js';
import { gramMatch } from '../../platform/search.js';
import { userScope, users } from '../identity/public.js';
import { branches, employeeGrams, employeeScope, employees, positionLevels, positions, shops, skillLevels } from '../org/public.js';
import './staff-messages.js';

export const PERM_VIEW = 'staff.employee.view';
export const PERM_EDIT = 'staff.employee.edit';
export const PERM_STREAM = 'staff.stream.view';
/** Pickers answer at most this many employees. */
export const PICKER_LIMIT = 5000;

/**
 * The user linked to each employee (users.employee_id); the lowest user id when several are. Only users
 * within the viewer's reach (the users list's): a shop's manager sees their employee, not the account of
 * a head-office user linked to it.
 */
function linkedUsers(tx: Db, auth: Auth) {
  return tx
    .selectDistinctOn([users.employeeId], { employeeId: users.employeeId, userId: users.id, username: users.username })
    .from(users)
    .where(and(isNotNull(users.employeeId), userScope(tx, auth)))
    .orderBy(users.employeeId, users.id)
    .as('linked_user');
}

function selectEmployees(tx: Db, auth: Auth) {
  const linked = linkedUsers(tx, auth);
  return tx
    .select({
      id: employees.id,
      eecode: employees.eecode,
      name: employees.name,
      gender: employees.gender,
      mobile: employees.mobile,
      birthday: employees.birthday,
      idCard: employees.idCard,
      shopId: employees.shopId,
      shopName: shops.name,
      branchId: employees.branchId,
      branchName: branches.name,
      positionId: employees.positionId,
      positionName: positions.name,
      levelId: employees.levelId,
      levelName: positionLevels.name,
      skillLevelId: employees.skillLevelId,
      skillLevelName: skillLevels.name,
      entryDate: employees.entryDate,
      leaveDate: employees.leaveDate,
      status: employees.status,
      bookable: employees.bookable,
      bookingOrder: employees.bookingOrder,
      avatar: employees.avatar,
      memo: employees.memo,
      userId: linked.userId,
      username: linked.username,
      version: employees.version,
      createdAt: employees.createdAt,
      updatedAt: employees.updatedAt,
    })
    .from(employees)
    .leftJoin(shops, eq(shops.id, employees.shopId))
    .leftJoin(branches, eq(branches.id, employees.branchId))
    .leftJoin(positions, eq(positions.id, employees.positionId))
    .leftJoin(positionLevels, eq(positionLevels.id, employees.levelId))
    .leftJoin(skillLevels, eq(skillLevels.id, employees.skillLevelId))
    .leftJoin(linked, eq(linked.employeeId, employees.id))
    .$dynamic();
}

export type EmployeeListQuery = z.output<typeof employeeListQuery>;

/**
 * A keyword of two characters or more is a fragment of the code, name, mobile or the name's pinyin
 * initials, looked up in
 * `employee_grams` (docs/DECISIONS.md, "Keyword search on products and employees"); a single
 * character is a contains-match on them.
 */
function employeeKeyword(keyword: string): SQL {
  const searched = sql`lower(concat_ws(' ', ${employees.eecode}, ${employees.name}, ${employees.mobile}, app_pinyin_initials(${employees.name})))`;
  return (
    gramMatch(employeeGrams, employees.id, searched, keyword) ?? keywordMatch(keyword, employees.eecode, employees.name, employees.mobile)
  );
}

/** Filters of the register; every one is on the employees table itself (the count needs no join). */
export function employeeFilters(auth: Auth, q: Partial<EmployeeListQuery>): SQL[] {
  assertShopVisible(auth, q.shopId);
  const where: (SQL | undefined)[] = [employeeScope(auth)];
  if (q.keyword) where.push(employeeKeyword(q.keyword));
  if (q.shopId) where.push(eq(employees.shopId, q.shopId));
  if (q.branchId) where.push(eq(employees.branchId, q.branchId));
  if (q.positionId) where.push(eq(employees.positionId, q.positionId));
  if (q.levelId) where.push(eq(employees.levelId, q.levelId));
  if (q.skillLevelId) where.push(eq(employees.skillLevelId, q.skillLevelId));
  if (q.status !== undefined) where.push(eq(employees.status, q.status));
  if (q.bookable !== undefined) where.push(eq(employees.bookable, q.bookable));
  return where.filter((w): w is SQL => w !== undefined);
}

const sortable = {
  eecode: employees.eecode,
  name: employees.name,
  gender: employees.gender,
  entryDate: employees.entryDate,
  leaveDate: employees.leaveDate,
  status: employees.status,
  bookable: employees.bookable,
  bookingOrder: employees.bookingOrder,
  shopId: employees.shopId,
  positionId: employees.positionId,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
};

export async function listEmployees(tx: Db, auth: Auth, q: EmployeeListQuery) {
  const where = and(...employeeFilters(auth, q));
  const keys = keyset(q.sort, sortable, [{ field: 'eecode', column: employees.eecode }], employees.id);
  const rows = selectEmployees(tx, auth)
    .where(onPage(tx, employees.id, where, keys, q))
    .orderBy(...keys.order);
  return pageOf(tx, q, rows, () => tx.select({ id: employees.id }).from(employees).where(where), keys);
}

export async function getEmployee(tx: Db, auth: Auth, id: number) {
  const [row] = await selectEmployees(tx, auth).where(and(eq(employees.id, id), employeeScope(auth)));
  if (!row) throw notFound();
  return row;
}

/** Locks employees for a change; every id must exist and be the user's (404 otherwise, nothing changed). */
export async function lockEmployees(tx: Db, auth: Auth, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({
      id: employees.id,
      name: employees.name,
      status: employees.status,
      entryDate: employees.entryDate,
      leaveDate: employees.leaveDate,
      shopId: employees.shopId,
      branchId: employees.branchId,
      positionId: employees.positionId,
      levelId: employees.levelId,
    })
    .from(employees)
    .where(and(inArray(employees.id, unique), employeeScope(auth)))
    .orderBy(asc(employees.id))
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Pickers: on-the-job employees with the names a picker shows (no personal data)

export interface PickerFilter {
  shopId?: number;
  positionId?: number;
  keyword?: string;
  bookable?: number;
  /** Only employees no user is linked to. */
  unbound?: boolean;
}

export function pickerEmployees(tx: Db, auth: Auth, f: PickerFilter = {}) {
  const where: (SQL | undefined)[] = [eq(employees.status, 1), employeeScope(auth)];
  if (f.shopId) where.push(eq(employees.shopId, f.shopId));
  if (f.positionId) where.push(eq(employees.positionId, f.positionId));
  if (f.bookable !== undefined) where.push(eq(employees.bookable, f.bookable));
  if (f.keyword) where.push(keywordMatch(f.keyword, employees.eecode, employees.name));
  if (f.unbound) where.push(notExists(tx.select({ one: sql`1` }).from(users).where(eq(users.employeeId, employees.id))));
  return tx
    .select({
      id: employees.id,
      eecode: employees.eecode,
      name: employees.name,
      gender: employees.gender,
      shopId: employees.shopId,
      shopName: shops.name,
      positionId: employees.positionId,
      positionName: positions.name,
      levelId: employees.levelId,
      levelName: positionLevels.name,
      skillLevelId: employees.skillLevelId,
      skillLevelName: skillLevels.name,
      bookable: employees.bookable,
      bookingOrder: employees.bookingOrder,
    })
    .from(employees)
    .leftJoin(shops, eq(shops.id, employees.shopId))
    .leftJoin(positions, eq(positions.id, employees.positionId))
    .leftJoin(positionLevels, eq(positionLevels.id, employees.levelId))
    .leftJoin(skillLevels, eq(skillLevels.id, employees.skillLevelId))
    .where(and(...where))
    .$dynamic();
}

export function pickerList(tx: Db, auth: Auth, f: PickerFilter = {}) {
  return pickerEmployees(tx, auth, f).orderBy(asc(shops.code), asc(employees.eecode), asc(employees.id)).limit(PICKER_LIMIT);
}

/** On-the-job employees of one shop in online-booking order (then code). */
export function shopEmployees(tx: Db, auth: Auth, shopId: number, bookable?: number) {
  return pickerEmployees(tx, auth, { shopId, bookable })
    .orderBy(sql`${employees.bookingOrder} = 0`, asc(employees.bookingOrder), asc(employees.eecode), asc(employees.id))
    .limit(PICKER_LIMIT);
}

interface TreeEmployee {
  key: string;
  type: 'employee';
  id: number;
  eecode: string;
  name: string;
  levelName: string | null;
}
interface TreePosition {
  key: string;
  type: 'position';
  id: number | null;
  name: string;
  count: number;
  children: TreeEmployee[];
}
interface TreeShop {
  key: string;
  type: 'shop';
  id: number | null;
  name: string;
  count: number;
  children: TreePosition[];
}

/** Shops → positions → on-the-job employees (head-office staff under «总部», no position under «未设职位»). */
export async function employeeTree(tx: Db, auth: Auth, lang: Lang, shopId?: number): Promise<TreeShop[]> {
  const rows = await pickerEmployees(tx, auth, { shopId })
    .orderBy(
      sql`${shops.code} nulls first`,
      sql`${positions.sort} nulls last`,
      asc(positions.code),
      asc(positionLevels.sort),
      asc(employees.eecode),
      asc(employees.id),
    )
    .limit(PICKER_LIMIT * 4);
  const tree: TreeShop[] = [];
  const shopNodes = new Map<number | null, TreeShop>();
  const positionNodes = new Map<string, TreePosition>();
  for (const r of rows) {
    let shop = shopNodes.get(r.shopId);
    if (!shop) {
      shop = {
        key: `shop:${r.shopId ?? 0}`,
        type: 'shop',
        id: r.shopId,
        name: r.shopName ?? translate(lang, 'headOffice'),
        count: 0,
        children: [],
      };
      shopNodes.set(r.shopId, shop);
      tree.push(shop);
    }
    const positionKey = `position:${r.shopId ?? 0}:${r.positionId ?? 0}`;
    let position = positionNodes.get(positionKey);
    if (!position) {
      position = {
        key: positionKey,
        type: 'position',
        id: r.positionId,
        name: r.positionName ?? translate(lang, 'noPosition'),
        count: 0,
        children: [],
      };
      positionNodes.set(positionKey, position);
      shop.children.push(position);
    }
    position.children.push({ key: `employee:${r.id}`, type: 'employee', id: r.id, eecode: r.eecode, name: r.name, levelName: r.levelName });
    position.count++;
    shop.count++;
  }
  return tree;
}

/** On-the-job head counts by shop and position: one query, grouped on employees before the names are joined. */
export async function headCounts(tx: Db, auth: Auth, lang: Lang, shopId?: number) {
  const where: (SQL | undefined)[] = [eq(employees.status, 1), employeeScope(auth)];
  if (shopId) where.push(eq(employees.shopId, shopId));
  const grouped = tx
    .select({ shopId: employees.shopId, positionId: employees.positionId, count: count().as('count') })
    .from(employees)
    .where(and(...where))
    .groupBy(employees.shopId, employees.positionId)
    .as('grouped');
  const rows = await tx
    .select({
      shopId: grouped.shopId,
      shopName: shops.name,
      positionId: grouped.positionId,
      positionName: positions.name,
      count: grouped.count,
    })
    .from(grouped)
    .leftJoin(shops, eq(shops.id, grouped.shopId))
    .leftJoin(positions, eq(positions.id, grouped.positionId))
    .orderBy(sql`${shops.code} nulls first`, sql`${positions.sort} nulls last`, asc(positions.name));
  const byShop = new Map<
    number | null,
    {
      shopId: number | null;
      shopName: string;
      total: number;
      positions: { positionId: number | null; positionName: string; count: number }[];
    }
  >();
  for (const r of rows) {
    let shop = byShop.get(r.shopId);
    if (!shop) {
      shop = { shopId: r.shopId, shopName: r.shopName ?? translate(lang, 'headOffice'), total: 0, positions: [] };
      byShop.set(r.shopId, shop);
    }
    shop.positions.push({ positionId: r.positionId, positionName: r.positionName ?? translate(lang, 'noPosition'), count: r.count });
    shop.total += r.count;
  }
  const shopsList = [...byShop.values()];
  return { total: shopsList.reduce((sum, s) => sum + s.total, 0), shops: shopsList };
}
