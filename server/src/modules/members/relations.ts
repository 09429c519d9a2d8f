import type { RelationRow, relationListQuery } from '@headoffice/contract';
import { and, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { daySql, dayStartSql, tenantZone, todaySql } from '../../platform/numbering.js';
import { onPage, orderBy, pageOf } from '../../platform/paging.js';
import { channels, employees, shops } from '../org/public.js';
import { inScope, memberKeyword, memberScope } from './members.js';
import { members } from './schema.js';

export type RelationQuery = z.output<typeof relationListQuery>;

/**
 * Member ↔ employee relations (客情归属): each member's advisor, with what tells a shop whom to
 * call: days since the last visit (missday), spend, visits and spend per visit (univalent).
 * Only the members of the user's shops.
 */
export function relationFilters(auth: Auth, q: Partial<RelationQuery>, zone: string): SQL[] {
  const where: (SQL | undefined)[] = [memberScope(auth)];
  if (q.keyword) where.push(memberKeyword(q.keyword));
  if (q.shopid) where.push(eq(members.shopId, q.shopid));
  if (q.eeid !== undefined) where.push(q.eeid === 0 ? isNull(members.advisorId) : eq(members.advisorId, q.eeid));
  // missed N days or more: the last visit on the company's calendar N days before today or earlier
  if (q.missDays !== undefined) where.push(sql`${members.lastVisitAt} < ${dayStartSql(zone, todaySql(zone), 1 - q.missDays)}`);
  if (q.spentMin !== undefined) where.push(gte(members.spent, q.spentMin));
  if (q.spentMax !== undefined) where.push(lte(members.spent, q.spentMax));
  if (q.visitsMin !== undefined) where.push(gte(members.visits, q.visitsMin));
  if (q.visitsMax !== undefined) where.push(lte(members.visits, q.visitsMax));
  if (q.channelId) where.push(eq(members.channelId, q.channelId));
  return where.filter((w): w is SQL => w !== undefined);
}

const sortable = {
  lastVisitAt: members.lastVisitAt,
  spent: members.spent,
  visits: members.visits,
  perVisit: members.perVisit,
  code: members.code,
};

export async function listRelations(tx: Db, auth: Auth, q: RelationQuery) {
  const zone = await tenantZone(tx, auth.tenantId);
  const where = and(...relationFilters(auth, q, zone));
  const order = orderBy(q.sort, sortable, [desc(members.id)], members.id);
  const page = await pageOf(
    tx,
    q,
    tx
      .select({
        id: members.id,
        code: members.code,
        name: members.name,
        mobile: members.mobile,
        shopId: members.shopId,
        shopName: shops.name,
        channelName: channels.name,
        advisorId: members.advisorId,
        advisorName: employees.name,
        spent: members.spent,
        visits: members.visits,
        perVisit: members.perVisit,
        lastVisitAt: members.lastVisitAt,
        missDays: sql<number | null>`(${todaySql(zone)} - ${daySql(members.lastVisitAt, zone)})`,
      })
      .from(members)
      .leftJoin(shops, eq(shops.id, members.shopId))
      .leftJoin(channels, eq(channels.id, members.channelId))
      .leftJoin(employees, eq(employees.id, members.advisorId))
      .where(onPage(tx, members.id, where, order, q))
      .orderBy(...order),
    () => tx.select({ id: members.id }).from(members).where(where),
  );
  return {
    ...page,
    list: page.list.map(
      (r): RelationRow => ({
        ...r,
        missDays: r.missDays === null ? null : Number(r.missDays),
        lastVisitAt: r.lastVisitAt ? r.lastVisitAt.toISOString() : null,
      }),
    ),
  };
}

/** The members to relate: all there (404) and of the user's shops (403). */
async function relatable(tx: Db, auth: Auth, ids: number[]) {
  const rows = await tx
    .select({ id: members.id, name: members.name, shopId: members.shopId })
    .from(members)
    .where(inArray(members.id, ids));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) if (!inScope(auth, r.shopId)) throw new AppError(403, 'memberOtherShop', { name: r.name });
}

/** An employee on the job, of a shop the user sees (head-office staff only for head office). */
async function advisor(tx: Db, auth: Auth, eeid: number) {
  const [e] = await tx
    .select({ id: employees.id, shopId: employees.shopId, status: employees.status })
    .from(employees)
    .where(eq(employees.id, eeid));
  if (e?.status !== 1) throw fieldError('eeid', 'memberEmployeeMissing');
  const visible = visibleShops(auth);
  if (visible && (e.shopId === null || !visible.includes(e.shopId))) throw forbidden('shopForbidden');
  return e;
}

export async function setAdvisor(tx: Db, auth: Auth, ids: number[], eeid: number | null) {
  await relatable(tx, auth, ids);
  if (eeid !== null) await advisor(tx, auth, eeid);
  await tx
    .update(members)
    .set({ advisorId: eeid, version: sql`${members.version} + 1`, updatedAt: new Date() })
    .where(inArray(members.id, ids));
  return { updated: ids.length };
}

/** Employees on the job for the advisor picker (eelistApp): of a shop, or of every shop the user sees. */
export async function advisorOptions(tx: Db, auth: Auth, shopid?: number, keyword?: string) {
  const visible = visibleShops(auth);
  const where: (SQL | undefined)[] = [eq(employees.status, 1)];
  if (visible) where.push(inArray(employees.shopId, visible.length ? visible : [0]));
  if (shopid) where.push(eq(employees.shopId, shopid));
  if (keyword) where.push(sql`strpos(${employees.name}, ${keyword}) > 0`);
  return tx
    .select({ id: employees.id, eecode: employees.eecode, name: employees.name, shopId: employees.shopId, shopName: shops.name })
    .from(employees)
    .leftJoin(shops, eq(shops.id, employees.shopId))
    .where(and(...where))
    .orderBy(employees.eecode)
    .limit(2000);
}

export { inScope };
