import { smsParts, smsSignature, type smsTemplateBody, type smsTemplateQuery } from '@headoffice/contract';
import { and, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, duplicate, notFound } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { smsTemplates } from './schema.js';

type Template = typeof smsTemplates.$inferSelect;

async function signature(tx: Db, tenantId: number) {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return smsSignature(row?.name ?? '');
}

const toRow = (t: Template, sign: string) => ({
  id: t.id,
  version: t.version,
  name: t.name,
  stype: t.kind,
  content: t.content,
  tempid: t.wechatId,
  parts: smsParts(`${t.content}${sign}`),
  updatedAt: t.updatedAt.toISOString(),
});

export async function saveTemplate(tx: Db, auth: Auth, body: z.output<typeof smsTemplateBody>) {
  const [same] = await tx
    .select({ id: smsTemplates.id })
    .from(smsTemplates)
    .where(and(eq(smsTemplates.name, body.name), body.id ? ne(smsTemplates.id, body.id) : undefined));
  if (same) throw duplicate('name', 'name', body.name);
  const values = { name: body.name, kind: body.stype, content: body.content, wechatId: body.tempid ?? null };
  let row: Template | undefined;
  if (body.id) {
    const [old] = await tx.select().from(smsTemplates).where(eq(smsTemplates.id, body.id)).for('update');
    if (!old) throw notFound();
    if (body.version !== undefined && body.version !== old.version) throw conflict('staleVersion');
    [row] = await tx
      .update(smsTemplates)
      .set({ ...values, version: sql`${smsTemplates.version} + 1`, updatedAt: sql`now()` })
      .where(eq(smsTemplates.id, body.id))
      .returning();
  } else {
    [row] = await tx
      .insert(smsTemplates)
      .values({ tenantId: auth.tenantId, ...values, createdBy: auth.userId, createdByName: auth.name })
      .returning();
  }
  return toRow(row as Template, await signature(tx, auth.tenantId));
}

export async function listTemplates(tx: Db, auth: Auth, q: z.output<typeof smsTemplateQuery>) {
  const where = and(
    q.keyword ? ilike(smsTemplates.name, `%${q.keyword}%`) : undefined,
    q.stype ? eq(smsTemplates.kind, q.stype) : undefined,
  );
  const sign = await signature(tx, auth.tenantId);
  const page = await pageOf(
    tx,
    q,
    tx
      .select()
      .from(smsTemplates)
      .where(where)
      .orderBy(desc(smsTemplates.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => tx.select({ id: smsTemplates.id }).from(smsTemplates).where(where),
  );
  return { ...page, list: page.list.map((t) => toRow(t, sign)) };
}

/** Every template of the chain, for a picker (getTemplateListForChain). */
export async function allTemplates(tx: Db, auth: Auth) {
  const sign = await signature(tx, auth.tenantId);
  return (await tx.select().from(smsTemplates).orderBy(smsTemplates.name)).map((t) => toRow(t, sign));
}

export async function oneTemplate(tx: Db, auth: Auth, id: number) {
  const [row] = await tx.select().from(smsTemplates).where(eq(smsTemplates.id, id));
  if (!row) throw notFound();
  return toRow(row, await signature(tx, auth.tenantId));
}

export async function deleteTemplate(tx: Db, id: number) {
  const [row] = await tx.delete(smsTemplates).where(eq(smsTemplates.id, id)).returning({ id: smsTemplates.id });
  if (!row) throw notFound();
}
