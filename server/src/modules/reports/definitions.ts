import type {
  ReportHead,
  ReportItem,
  reportHeadListQuery,
  reportHeadSave,
  reportItemEdit,
  reportItemSave,
  reportLayoutSave,
} from '@headoffice/contract';
import { and, asc, count, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, duplicate, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { offsetOf } from '../../platform/paging.js';
import { checked, headByCode, headsByIds, itemsOf } from './runner.js';
import { reportHeads, reportItems, reportLayouts } from './schema.js';

defineMessages({
  reportShipped: [
    '「{name}」是系统内置报表，不能修改或删除；请复制后修改',
    '{name} is shipped with HeadOffice and cannot be changed or deleted; copy it to change it',
  ],
});

type Head = typeof reportHeads.$inferSelect;
type Item = typeof reportItems.$inferSelect;

const itemView = ({ tenantId: _, ...item }: Item): ReportItem => ({ ...item, fieldType: item.fieldType as ReportItem['fieldType'] });

function headView(head: Head, items: Item[]): ReportHead {
  const { tenantId: _, createdBy: __, createdByName: ___, version: ____, createdAt: _____, updatedAt, ...fields } = head;
  return { ...fields, status: head.status as 0 | 1, items: items.map(itemView), updatedAt: updatedAt.toISOString() };
}

export async function headPage(tx: Db, query: z.output<typeof reportHeadListQuery>) {
  const keyword = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    keyword ? or(ilike(reportHeads.code, keyword), ilike(reportHeads.name, keyword)) : undefined,
    query.status === undefined ? undefined : eq(reportHeads.status, query.status),
  );
  const itemCount = tx.select({ n: count() }).from(reportItems).where(eq(reportItems.headId, reportHeads.id));
  const rows = await tx
    .select({ head: reportHeads, itemCount: sql<number>`(${itemCount})::int` })
    .from(reportHeads)
    .where(where)
    .orderBy(asc(reportHeads.code))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [{ total }] = await tx.select({ total: count() }).from(reportHeads).where(where);
  return {
    total,
    list: rows.map(({ head, itemCount }) => {
      const { reportSql: _, testParams: __, items: ___, ...view } = headView(head, []);
      return { ...view, itemCount };
    }),
  };
}

export async function headById(tx: Db, id: number) {
  const [head] = await tx.select().from(reportHeads).where(eq(reportHeads.id, id));
  if (!head) throw notFound();
  return headView(head, await itemsOf(tx, id));
}

const assertChangeable = (head: Head) => {
  if (head.shipped) throw conflict('reportShipped', { name: head.name });
};

async function assertCodeFree(tx: Db, code: string, id?: number) {
  const [taken] = await tx.select({ id: reportHeads.id }).from(reportHeads).where(eq(reportHeads.code, code));
  if (taken && taken.id !== id) throw duplicate('code', 'code', code);
}

function assertNamesUnique(items: { fieldName: string }[]) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.fieldName)) throw duplicate(`items.${i}.fieldName`, 'fieldName', item.fieldName);
    seen.add(item.fieldName);
  });
}

export async function saveHead(app: FastifyInstance, tx: Db, auth: Auth, body: z.output<typeof reportHeadSave>) {
  const { id, items, ...fields } = body;
  const [head] = id ? await tx.select().from(reportHeads).where(eq(reportHeads.id, id)).for('update') : [];
  if (id && !head) throw notFound();
  if (head) assertChangeable(head);
  await checked(app, tx, body.reportSql);
  await assertCodeFree(tx, fields.code, id);
  if (items) assertNamesUnique(items);
  let headId: number;
  if (id) {
    await tx
      .update(reportHeads)
      .set({ ...fields, version: sql`${reportHeads.version} + 1`, updatedAt: new Date() })
      .where(eq(reportHeads.id, id));
    headId = id;
  } else {
    const [created] = await tx
      .insert(reportHeads)
      .values({ ...fields, tenantId: auth.tenantId, createdBy: auth.userId, createdByName: auth.name })
      .returning({ id: reportHeads.id });
    headId = created.id;
  }
  if (items) await replaceItems(tx, auth.tenantId, headId, items);
  return { id: headId };
}

/** The report's columns become exactly these: kept by id, added without, the rest removed. */
async function replaceItems(tx: Db, tenantId: number, headId: number, items: NonNullable<z.output<typeof reportHeadSave>['items']>) {
  const kept = items.flatMap((item) => (item.id ? [item.id] : []));
  const existing = await itemsOf(tx, headId);
  const mine = new Set(existing.map((item) => item.id));
  if (kept.some((id) => !mine.has(id))) throw notFound();
  await tx.delete(reportItems).where(and(eq(reportItems.headId, headId), kept.length ? notInArray(reportItems.id, kept) : undefined));
  // names move between columns: clear them first so that the unique index never sees two at once
  if (kept.length)
    await tx
      .update(reportItems)
      .set({ fieldName: sql`'~' || ${reportItems.id}` })
      .where(inArray(reportItems.id, kept));
  for (const [i, { id, ...item }] of items.entries()) {
    const values = { ...item, sort: item.sort || i + 1 };
    if (id) await tx.update(reportItems).set(values).where(eq(reportItems.id, id));
    else await tx.insert(reportItems).values({ ...values, tenantId, headId });
  }
}

export async function copyHead(tx: Db, auth: Auth, body: { id: number; code: string; name: string }) {
  const [source] = await headsByIds(tx, [body.id]);
  await assertCodeFree(tx, body.code);
  const { id: _, tenantId: __, createdAt: ___, updatedAt: ____, version: _____, ...fields } = source;
  const [created] = await tx
    .insert(reportHeads)
    .values({
      ...fields,
      code: body.code,
      name: body.name,
      shipped: false,
      tenantId: auth.tenantId,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: reportHeads.id });
  const items = await itemsOf(tx, body.id);
  if (items.length) await tx.insert(reportItems).values(items.map(({ id: _i, headId: _h, ...item }) => ({ ...item, headId: created.id })));
  return { id: created.id };
}

export async function deleteHeads(tx: Db, ids: number[]) {
  const heads = await headsByIds(tx, ids);
  heads.forEach(assertChangeable);
  await tx.delete(reportHeads).where(inArray(reportHeads.id, ids));
  return { deleted: heads.length };
}

export async function itemsOfHead(tx: Db, headId: number, filtersOnly: boolean) {
  await headsByIds(tx, [headId]);
  return (await itemsOf(tx, headId)).filter((item) => !filtersOnly || item.isSearch).map(itemView);
}

async function loadItem(tx: Db, id: number, filtersOnly = false) {
  const [item] = await tx.select().from(reportItems).where(eq(reportItems.id, id));
  if (!item || (filtersOnly && !item.isSearch)) throw notFound();
  return item;
}

export const itemById = async (tx: Db, id: number, filtersOnly: boolean) => itemView(await loadItem(tx, id, filtersOnly));

async function assertItemNameFree(tx: Db, headId: number, fieldName: string, id?: number) {
  const [taken] = await tx
    .select({ id: reportItems.id })
    .from(reportItems)
    .where(and(eq(reportItems.headId, headId), eq(reportItems.fieldName, fieldName)));
  if (taken && taken.id !== id) throw duplicate('fieldName', 'fieldName', fieldName);
}

export async function saveItem(tx: Db, body: z.output<typeof reportItemSave>) {
  const [head] = await headsByIds(tx, [body.headId]);
  assertChangeable(head);
  const { id, ...fields } = body;
  await assertItemNameFree(tx, body.headId, fields.fieldName, id);
  if (id) {
    const item = await loadItem(tx, id);
    if (item.headId !== body.headId) throw notFound();
    await tx.update(reportItems).set(fields).where(eq(reportItems.id, id));
    return { id };
  }
  const [created] = await tx
    .insert(reportItems)
    .values({ ...fields, tenantId: head.tenantId })
    .returning({ id: reportItems.id });
  return { id: created.id };
}

export async function editItem(tx: Db, body: z.output<typeof reportItemEdit>) {
  const { id, ...fields } = body;
  const item = await loadItem(tx, id);
  const [head] = await headsByIds(tx, [item.headId]);
  assertChangeable(head);
  if (fields.fieldName) await assertItemNameFree(tx, item.headId, fields.fieldName, id);
  const changed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changed).length) await tx.update(reportItems).set(changed).where(eq(reportItems.id, id));
  return { id };
}

export async function deleteItems(tx: Db, ids: number[]) {
  const items = await tx.select().from(reportItems).where(inArray(reportItems.id, ids));
  if (items.length !== new Set(ids).size) throw notFound();
  (await headsByIds(tx, [...new Set(items.map((item) => item.headId))])).forEach(assertChangeable);
  await tx.delete(reportItems).where(inArray(reportItems.id, ids));
  return { deleted: items.length };
}

const layoutView = (layout: typeof reportLayouts.$inferSelect, code: string) => ({ id: layout.id, code, hidden: layout.hidden });

export async function layoutOf(tx: Db, auth: Auth, code: string) {
  const head = await headByCode(tx, code);
  const [layout] = await tx
    .select()
    .from(reportLayouts)
    .where(and(eq(reportLayouts.headId, head.id), eq(reportLayouts.userId, auth.userId)));
  return layout ? layoutView(layout, code) : null;
}

/** A layout of the signed-in user's only: another user's is not found. */
async function ownLayouts(tx: Db, auth: Auth, ids: number[]) {
  const rows = await tx
    .select({ layout: reportLayouts, code: reportHeads.code })
    .from(reportLayouts)
    .innerJoin(reportHeads, eq(reportHeads.id, reportLayouts.headId))
    .where(and(inArray(reportLayouts.id, ids), eq(reportLayouts.userId, auth.userId)));
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

export async function layoutById(tx: Db, auth: Auth, id: number) {
  const [{ layout, code }] = await ownLayouts(tx, auth, [id]);
  return layoutView(layout, code);
}

export async function saveLayout(tx: Db, auth: Auth, body: z.output<typeof reportLayoutSave>) {
  const head = await headByCode(tx, body.code);
  const [saved] = await tx
    .insert(reportLayouts)
    .values({ tenantId: auth.tenantId, userId: auth.userId, headId: head.id, hidden: [...new Set(body.hidden)] })
    .onConflictDoUpdate({
      target: [reportLayouts.tenantId, reportLayouts.userId, reportLayouts.headId],
      set: { hidden: [...new Set(body.hidden)] },
    })
    .returning({ id: reportLayouts.id });
  return { id: saved.id };
}

export async function deleteLayouts(tx: Db, auth: Auth, ids: number[]) {
  await ownLayouts(tx, auth, ids);
  await tx.delete(reportLayouts).where(inArray(reportLayouts.id, ids));
  return { deleted: ids.length };
}
