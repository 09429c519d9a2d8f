import {
  type RoyaltyGroup,
  type RoyaltyItem,
  type RoyaltyScheme,
  type royaltyGroupSave,
  royaltyItemSave,
  type royaltySchemeQuery,
  type royaltySchemeSave,
} from '@headoffice/contract';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { nextSeriesCode, tenantToday } from '../../platform/numbering.js';
import { keywordMatch } from '../../platform/paging.js';
import { employees, positionLevels, positions, shops } from '../org/public.js';
import type { SchemeSnapshot, SchemeVersions } from './compute.js';
import {
  royaltyGroups,
  royaltyItems,
  royaltySchemeEmployees,
  royaltySchemeShops,
  royaltySchemes,
  royaltySchemeVersions,
  royaltyTypes,
} from './schema.js';

export async function schemeRow(tx: Db, id: number) {
  const [row] = await tx.select().from(royaltySchemes).where(eq(royaltySchemes.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Schemes as answered: with their shops and employees. A scheme is the chain's, but a viewer limited to
 * some shops is told only of those shops and of those shops' employees (`auth`; none: everything, as a
 * scheme's version is kept).
 */
async function schemesOut(tx: Db, rows: (typeof royaltySchemes.$inferSelect)[], auth?: Auth): Promise<RoyaltyScheme[]> {
  const ids = rows.map((r) => r.id);
  const seen = auth ? inVisibleShops(auth, shops.id) : undefined;
  const sh = ids.length
    ? await tx
        .select({ schemeId: royaltySchemeShops.schemeId, id: shops.id, name: shops.name })
        .from(royaltySchemeShops)
        .innerJoin(shops, eq(shops.id, royaltySchemeShops.shopId))
        .where(and(inArray(royaltySchemeShops.schemeId, ids), seen))
        .orderBy(asc(shops.code))
    : [];
  const em = ids.length
    ? await tx
        .select({ schemeId: royaltySchemeEmployees.schemeId, id: employees.id, name: employees.name })
        .from(royaltySchemeEmployees)
        .innerJoin(employees, eq(employees.id, royaltySchemeEmployees.employeeId))
        .where(and(inArray(royaltySchemeEmployees.schemeId, ids), auth ? inVisibleShops(auth, employees.shopId) : undefined))
        .orderBy(asc(employees.eecode))
    : [];
  return rows.map((r) => ({
    id: r.id,
    prmcode: r.code,
    prmname: r.name,
    memo: r.memo,
    status: r.status,
    type: r.type,
    bracket: r.bracket,
    shops: sh.filter((s) => s.schemeId === r.id).map(({ id, name }) => ({ id, name })),
    employees: em.filter((s) => s.schemeId === r.id).map(({ id, name }) => ({ id, name })),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function schemeOut(tx: Db, id: number, auth?: Auth) {
  return (await schemesOut(tx, [await schemeRow(tx, id)], auth))[0];
}

export async function listSchemes(tx: Db, auth: Auth, q: z.output<typeof royaltySchemeQuery>) {
  const where = and(
    q.keyword ? keywordMatch(q.keyword, royaltySchemes.code, royaltySchemes.name) : undefined,
    q.status !== undefined ? eq(royaltySchemes.status, q.status) : undefined,
    q.type !== undefined ? eq(royaltySchemes.type, q.type) : undefined,
  );
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(royaltySchemes).where(where);
  const rows = await tx
    .select()
    .from(royaltySchemes)
    .where(where)
    .orderBy(desc(royaltySchemes.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { list: await schemesOut(tx, rows, auth), total, page: q.page, pageSize: q.pageSize };
}

export async function allEnabledShopSchemes(tx: Db, auth: Auth) {
  const rows = await tx
    .select()
    .from(royaltySchemes)
    .where(and(eq(royaltySchemes.status, 1), eq(royaltySchemes.type, 1)))
    .orderBy(asc(royaltySchemes.code));
  return schemesOut(tx, rows, auth);
}

/** Shops bound to a scheme other than `id`: a shop has one scheme. Told to a viewer (`auth`): only the shops they see. */
export async function unableShops(tx: Db, id?: number, auth?: Auth) {
  const rows = await tx
    .select({ id: royaltySchemeShops.shopId, schemeId: royaltySchemeShops.schemeId, prmname: royaltySchemes.name })
    .from(royaltySchemeShops)
    .innerJoin(royaltySchemes, eq(royaltySchemes.id, royaltySchemeShops.schemeId))
    .where(and(id ? ne(royaltySchemeShops.schemeId, id) : undefined, auth ? inVisibleShops(auth, royaltySchemeShops.shopId) : undefined));
  return rows;
}

/** Employees bound to a personal scheme other than `id`. Told to a viewer (`auth`): only the employees of the shops they see. */
export async function unableEmployees(tx: Db, id?: number, auth?: Auth) {
  return tx
    .select({ id: royaltySchemeEmployees.employeeId, schemeId: royaltySchemeEmployees.schemeId, prmname: royaltySchemes.name })
    .from(royaltySchemeEmployees)
    .innerJoin(royaltySchemes, eq(royaltySchemes.id, royaltySchemeEmployees.schemeId))
    .innerJoin(employees, eq(employees.id, royaltySchemeEmployees.employeeId))
    .where(and(id ? ne(royaltySchemeEmployees.schemeId, id) : undefined, auth ? inVisibleShops(auth, employees.shopId) : undefined));
}

async function checkShops(tx: Db, id: number | undefined, ids: number[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError('shops', 'missingReference', { field: '@shop' });
  const taken = (await unableShops(tx, id)).filter((s) => ids.includes(s.id));
  if (taken.length) throw conflict('royaltyShopTaken', { scheme: taken[0].prmname });
}

async function checkEmployees(tx: Db, id: number | undefined, ids: number[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: employees.id }).from(employees).where(inArray(employees.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError('employees', 'missingReference', { field: '@employee' });
  const taken = (await unableEmployees(tx, id)).filter((s) => ids.includes(s.id));
  if (taken.length) throw conflict('royaltyEmployeeTaken', { scheme: taken[0].prmname });
}

async function setShops(tx: Db, auth: Auth, schemeId: number, ids: number[]) {
  await tx.delete(royaltySchemeShops).where(eq(royaltySchemeShops.schemeId, schemeId));
  if (ids.length)
    await tx.insert(royaltySchemeShops).values([...new Set(ids)].map((shopId) => ({ tenantId: auth.tenantId, schemeId, shopId })));
}

async function setEmployees(tx: Db, auth: Auth, schemeId: number, ids: number[]) {
  await tx.delete(royaltySchemeEmployees).where(eq(royaltySchemeEmployees.schemeId, schemeId));
  if (ids.length)
    await tx
      .insert(royaltySchemeEmployees)
      .values([...new Set(ids)].map((employeeId) => ({ tenantId: auth.tenantId, schemeId, employeeId })));
}

export async function saveScheme(tx: Db, auth: Auth, body: z.output<typeof royaltySchemeSave>) {
  if (body.id) await schemeRow(tx, body.id);
  if (body.type === 1 && body.employees.length) throw fieldError('employees', 'royaltyShopSchemeNoEmployees');
  if (body.type === 2 && body.shops.length) throw fieldError('shops', 'royaltyPersonalNoShops');
  await checkShops(tx, body.id, body.shops);
  await checkEmployees(tx, body.id, body.employees);
  let id = body.id;
  if (id) {
    await tx
      .update(royaltySchemes)
      .set({
        name: body.prmname,
        memo: body.memo ?? null,
        type: body.type,
        bracket: body.bracket,
        version: sql`${royaltySchemes.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(royaltySchemes.id, id));
  } else {
    const code = body.prmcode || (await nextSeriesCode(tx, royaltySchemes, royaltySchemes.code, 'FA', 4));
    const [dup] = await tx.select({ id: royaltySchemes.id }).from(royaltySchemes).where(eq(royaltySchemes.code, code));
    if (dup) throw conflict('duplicateCode', { code });
    [{ id }] = await tx
      .insert(royaltySchemes)
      .values({ tenantId: auth.tenantId, code, name: body.prmname, memo: body.memo ?? null, type: body.type, bracket: body.bracket })
      .returning({ id: royaltySchemes.id });
  }
  await setShops(tx, auth, id as number, body.shops);
  await setEmployees(tx, auth, id as number, body.employees);
  await snapshot(tx, auth, id as number);
  return schemeOut(tx, id as number, auth);
}

export async function setSchemeStatus(tx: Db, auth: Auth, id: number, status: number) {
  await schemeRow(tx, id);
  await tx.update(royaltySchemes).set({ status, updatedAt: new Date() }).where(eq(royaltySchemes.id, id));
  await snapshot(tx, auth, id);
  return schemeOut(tx, id, auth);
}

export async function setSchemeEmployees(tx: Db, auth: Auth, id: number, ids: number[]) {
  const row = await schemeRow(tx, id);
  if (row.type !== 2) throw conflict('royaltyNotPersonal');
  await checkEmployees(tx, id, ids);
  await setEmployees(tx, auth, id, ids);
  await snapshot(tx, auth, id);
  return schemeOut(tx, id, auth);
}

/** A copy with every group and item; no shops or employees (each belongs to one scheme). */
export async function copyScheme(tx: Db, auth: Auth, id: number, name: string) {
  const from = await schemeRow(tx, id);
  const code = await nextSeriesCode(tx, royaltySchemes, royaltySchemes.code, 'FA', 4);
  const [{ id: newId }] = await tx
    .insert(royaltySchemes)
    .values({ tenantId: auth.tenantId, code, name, memo: from.memo, type: from.type, bracket: from.bracket, status: from.status })
    .returning({ id: royaltySchemes.id });
  for (const g of await tx.select().from(royaltyGroups).where(eq(royaltyGroups.schemeId, id)).orderBy(asc(royaltyGroups.id)))
    await copyGroupInto(tx, auth, g, newId, g.name);
  await snapshot(tx, auth, newId);
  return schemeOut(tx, newId, auth);
}

async function copyGroupInto(tx: Db, auth: Auth, g: typeof royaltyGroups.$inferSelect, schemeId: number, name: string) {
  const [{ id }] = await tx
    .insert(royaltyGroups)
    .values({ tenantId: auth.tenantId, schemeId, royaltyTypeId: g.royaltyTypeId, name, psList: g.psList })
    .returning({ id: royaltyGroups.id });
  const items = await tx
    .select()
    .from(royaltyItems)
    .where(eq(royaltyItems.groupId, g.id))
    .orderBy(asc(royaltyItems.sort), asc(royaltyItems.id));
  if (items.length)
    await tx.insert(royaltyItems).values(
      items.map((i) => ({
        tenantId: auth.tenantId,
        groupId: id,
        sort: i.sort,
        status: i.status,
        body: { ...(i.body as object), groupId: id },
      })),
    );
  return id;
}

export async function groupRow(tx: Db, id: number) {
  const [g] = await tx.select().from(royaltyGroups).where(eq(royaltyGroups.id, id));
  if (!g) throw notFound();
  return g;
}

export async function groupsOf(tx: Db, schemeId: number, groupId?: number): Promise<RoyaltyGroup[]> {
  const gs = await tx
    .select({ g: royaltyGroups, typeName: royaltyTypes.name })
    .from(royaltyGroups)
    .leftJoin(royaltyTypes, eq(royaltyTypes.id, royaltyGroups.royaltyTypeId))
    .where(and(eq(royaltyGroups.schemeId, schemeId), groupId ? eq(royaltyGroups.id, groupId) : undefined))
    .orderBy(asc(royaltyGroups.id));
  const items = gs.length
    ? await tx
        .select()
        .from(royaltyItems)
        .where(
          inArray(
            royaltyItems.groupId,
            gs.map((x) => x.g.id),
          ),
        )
        .orderBy(asc(royaltyItems.sort), asc(royaltyItems.id))
    : [];
  return gs.map(({ g, typeName }) => ({
    id: g.id,
    schemeId: g.schemeId,
    royaltyTypeId: g.royaltyTypeId,
    royaltyTypeName: typeName,
    name: g.name,
    psList: g.psList,
    items: items.filter((i) => i.groupId === g.id).map(itemOut),
  }));
}

export function itemOut(i: typeof royaltyItems.$inferSelect): RoyaltyItem {
  const body = royaltyItemSave.parse({ ...(i.body as object), groupId: i.groupId, id: i.id, status: i.status });
  return { ...body, id: i.id, groupId: i.groupId, sort: i.sort };
}

async function checkPsList(tx: Db, psList: z.output<typeof royaltyGroupSave>['psList']) {
  const pos = psList.filter((p) => p.type === 'position').map((p) => p.psid);
  const lev = psList.filter((p) => p.type === 'level').map((p) => p.psid);
  const names = new Map<string, string>();
  if (pos.length) {
    const rows = await tx.select({ id: positions.id, name: positions.name }).from(positions).where(inArray(positions.id, pos));
    if (rows.length !== new Set(pos).size) throw fieldError('psList', 'missingReference', { field: '@position' });
    for (const r of rows) names.set(`position:${r.id}`, r.name);
  }
  if (lev.length) {
    const rows = await tx
      .select({ id: positionLevels.id, name: positionLevels.name })
      .from(positionLevels)
      .where(inArray(positionLevels.id, lev));
    if (rows.length !== new Set(lev).size) throw fieldError('psList', 'missingReference', { field: '@positionLevel' });
    for (const r of rows) names.set(`level:${r.id}`, r.name);
  }
  return psList.map((p) => ({ ...p, psname: names.get(`${p.type}:${p.psid}`) }));
}

export async function saveGroup(tx: Db, auth: Auth, body: z.output<typeof royaltyGroupSave>) {
  if (body.id) {
    const g = await groupRow(tx, body.id);
    if (g.schemeId !== body.schemeId) throw fieldError('schemeId', 'royaltyGroupMoved');
  }
  await schemeRow(tx, body.schemeId);
  const [type] = await tx.select({ id: royaltyTypes.id }).from(royaltyTypes).where(eq(royaltyTypes.id, body.royaltyTypeId));
  if (!type) throw fieldError('royaltyTypeId', 'missingReference', { field: '@royaltytype' });
  const psList = await checkPsList(tx, body.psList);
  let id = body.id;
  if (id)
    await tx.update(royaltyGroups).set({ name: body.name, royaltyTypeId: body.royaltyTypeId, psList }).where(eq(royaltyGroups.id, id));
  else
    [{ id }] = await tx
      .insert(royaltyGroups)
      .values({ tenantId: auth.tenantId, schemeId: body.schemeId, royaltyTypeId: body.royaltyTypeId, name: body.name, psList })
      .returning({ id: royaltyGroups.id });
  await snapshot(tx, auth, body.schemeId);
  return (await groupsOf(tx, body.schemeId, id))[0];
}

export async function copyGroup(tx: Db, auth: Auth, id: number, name?: string) {
  const g = await groupRow(tx, id);
  const newId = await copyGroupInto(tx, auth, g, g.schemeId, name ?? `${g.name}(copy)`);
  await snapshot(tx, auth, g.schemeId);
  return (await groupsOf(tx, g.schemeId, newId))[0];
}

export async function deleteGroup(tx: Db, auth: Auth, id: number) {
  const g = await groupRow(tx, id);
  await tx.delete(royaltyGroups).where(eq(royaltyGroups.id, id));
  await snapshot(tx, auth, g.schemeId);
  return { id };
}

export async function itemRow(tx: Db, id: number) {
  const [i] = await tx.select().from(royaltyItems).where(eq(royaltyItems.id, id));
  if (!i) throw notFound();
  return i;
}

function checkItem(body: z.output<typeof royaltyItemSave>) {
  if (body.normType === 2 && (body.norm > 10_000 || body.norm2 > 10_000)) throw fieldError('norm', 'royaltyRateTooHigh');
  if (body.costType === 1 && body.cost > 10_000) throw fieldError('cost', 'royaltyRateTooHigh');
  const levels = new Set<number>();
  for (const l of body.levelList) {
    if (levels.has(l.level)) throw fieldError('levelList', 'royaltyTierTwice', { level: l.level });
    levels.add(l.level);
    if (body.normType === 2 && (l.norm > 10_000 || l.norm2 > 10_000)) throw fieldError('levelList', 'royaltyRateTooHigh');
  }
}

export async function saveItem(tx: Db, auth: Auth, body: z.output<typeof royaltyItemSave>) {
  if (body.id) await itemRow(tx, body.id);
  const g = await groupRow(tx, body.groupId);
  checkItem(body);
  const { id: _id, status, ...rest } = body;
  let id = body.id;
  if (id) await tx.update(royaltyItems).set({ body: rest, status, groupId: body.groupId }).where(eq(royaltyItems.id, id));
  else {
    const [{ n }] = await tx
      .select({ n: sql<number>`coalesce(max(${royaltyItems.sort}), 0)::int` })
      .from(royaltyItems)
      .where(eq(royaltyItems.groupId, g.id));
    [{ id }] = await tx
      .insert(royaltyItems)
      .values({ tenantId: auth.tenantId, groupId: g.id, sort: n + 1, status, body: rest })
      .returning({ id: royaltyItems.id });
  }
  await snapshot(tx, auth, g.schemeId);
  return itemOut(await itemRow(tx, id as number));
}

export async function setItemStatus(tx: Db, auth: Auth, id: number, status: number) {
  const i = await itemRow(tx, id);
  await tx.update(royaltyItems).set({ status }).where(eq(royaltyItems.id, id));
  const g = await groupRow(tx, i.groupId);
  await snapshot(tx, auth, g.schemeId);
  return itemOut(await itemRow(tx, id));
}

/** Writes the scheme as it now stands, effective from today (a second change the same day replaces the first). */
export async function snapshot(tx: Db, auth: Auth, schemeId: number) {
  const s = (await schemesOut(tx, [await schemeRow(tx, schemeId)]))[0];
  const groups = await groupsOf(tx, schemeId);
  const snap: SchemeSnapshot = {
    id: s.id,
    name: s.prmname,
    status: s.status,
    type: s.type,
    bracket: s.bracket,
    shops: s.shops.map((x) => x.id),
    employees: s.employees.map((x) => x.id),
    groups: groups.map((g) => ({
      id: g.id,
      royaltyTypeId: g.royaltyTypeId,
      royaltyTypeName: g.royaltyTypeName,
      name: g.name,
      psList: g.psList,
      items: g.items,
    })),
  };
  const day = await tenantToday(tx, auth.tenantId);
  await tx
    .insert(royaltySchemeVersions)
    .values({ tenantId: auth.tenantId, schemeId, effectiveFrom: day, snapshot: snap })
    .onConflictDoUpdate({
      target: [royaltySchemeVersions.tenantId, royaltySchemeVersions.schemeId, royaltySchemeVersions.effectiveFrom],
      set: { snapshot: snap, createdAt: new Date() },
    });
}

export async function allVersions(tx: Db): Promise<SchemeVersions[]> {
  const rows = await tx
    .select()
    .from(royaltySchemeVersions)
    .orderBy(asc(royaltySchemeVersions.schemeId), asc(royaltySchemeVersions.effectiveFrom));
  // What a commission type pays on is the type's as it is now (a snapshot keeps the group's type, not its kind).
  const kinds = new Map(
    (await tx.select({ id: royaltyTypes.id, lineKind: royaltyTypes.lineKind }).from(royaltyTypes)).map((t) => [t.id, t.lineKind]),
  );
  const out = new Map<number, SchemeVersions>();
  for (const r of rows) {
    const s = out.get(r.schemeId) ?? { schemeId: r.schemeId, versions: [] };
    const snapshot = r.snapshot as SchemeSnapshot;
    const groups = snapshot.groups.map((g) => ({ ...g, lineKind: kinds.get(g.royaltyTypeId) ?? null }));
    s.versions.push({ from: r.effectiveFrom, snapshot: { ...snapshot, groups } });
    out.set(r.schemeId, s);
  }
  return [...out.values()];
}
