import {
  businessTypes,
  CASHIER_PATHS as P,
  type PayRule,
  type PayTemplateRow,
  payClassRecord,
  payTemplateDetail,
  payTemplateItemsSave,
  payTemplateListQuery,
  payTemplateRow,
  payTemplateSave,
  payTemplateShopsSave,
  payTypeRecord,
  payTypeStatusBody,
  payTypeVo,
} from '@headoffice/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { deleteRecord, listAllRecords, listRecords, type Row, registerRecord, saveRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { payClasses, payTemplateItems, payTemplateShops, payTemplates, payTypes } from './schema.js';

async function classNames(tx: Db, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.classId as number))];
  if (!ids.length) return rows;
  const found = await tx.select({ id: payClasses.id, name: payClasses.name }).from(payClasses).where(inArray(payClasses.id, ids));
  const names = new Map(found.map((c) => [c.id, c.name]));
  return rows.map((r) => ({ ...r, className: names.get(r.classId as number) ?? null }));
}

export const payTypeDef = serveRecord(payTypeRecord, {
  table: payTypes,
  decorate: classNames,
  beforeSave: async (tx, value) => {
    if (!/^\d{2}$/.test(String(value.code))) throw fieldError('code', 'payCodeFormat');
    if (value.id) {
      const [old] = await tx
        .select({ code: payTypes.code, kind: payTypes.kind, name: payTypes.name })
        .from(payTypes)
        .where(eq(payTypes.id, value.id as number));
      if (old?.kind && old.code !== value.code) throw conflict('payTypeSystem', { name: old.name });
    }
    const [cls] = await tx
      .select({ id: payClasses.id })
      .from(payClasses)
      .where(eq(payClasses.id, value.classId as number));
    if (!cls) throw fieldError('classId', 'notFound');
  },
});
export const payClassDef = serveRecord(payClassRecord, { table: payClasses });

/** Every pay type with its class, for the till and the settings pages (`list/vo`, `paytypeinfo/list/all`). */
async function payTypeVos(tx: Db, enabledOnly: boolean) {
  return tx
    .select({
      id: payTypes.id,
      code: payTypes.code,
      name: payTypes.name,
      classId: payTypes.classId,
      classCode: payClasses.code,
      className: payClasses.name,
      feeRate: payTypes.feeRate,
      perfRate: payTypes.perfRate,
      kind: payTypes.kind,
      status: payTypes.status,
      sort: payTypes.sort,
    })
    .from(payTypes)
    .innerJoin(payClasses, eq(payClasses.id, payTypes.classId))
    .where(enabledOnly ? eq(payTypes.status, 1) : undefined)
    .orderBy(asc(payTypes.sort), asc(payTypes.code));
}

/**
 * What the till pays with in a shop for one business type: the enabled pay types of the shop's pay
 * template with the template's rates; a shop without a template takes every enabled pay type at its
 * own rates (quick buttons off, combinable).
 */
export async function payRulesFor(tx: Db, shopId: number, businessType: number): Promise<PayRule[]> {
  const [assigned] = await tx
    .select({ templateId: payTemplateShops.templateId, status: payTemplates.status })
    .from(payTemplateShops)
    .innerJoin(payTemplates, eq(payTemplates.id, payTemplateShops.templateId))
    .where(eq(payTemplateShops.shopId, shopId));
  if (assigned?.status !== 1) {
    const all = await payTypeVos(tx, true);
    return all.map((p) => ({
      payTypeId: p.id,
      code: p.code,
      name: p.name,
      classCode: p.classCode,
      kind: p.kind,
      isOften: false,
      isMixed: true,
      perfRate: p.perfRate,
      classRate: 10000,
      feeRate: p.feeRate,
    }));
  }
  return tx
    .select({
      payTypeId: payTypes.id,
      code: payTypes.code,
      name: payTypes.name,
      classCode: payClasses.code,
      kind: payTypes.kind,
      isOften: payTemplateItems.isOften,
      isMixed: payTemplateItems.isMixed,
      perfRate: payTemplateItems.perfRate,
      classRate: payTemplateItems.classRate,
      feeRate: payTemplateItems.feeRate,
    })
    .from(payTemplateItems)
    .innerJoin(payTypes, eq(payTypes.id, payTemplateItems.payTypeId))
    .innerJoin(payClasses, eq(payClasses.id, payTypes.classId))
    .where(
      and(
        eq(payTemplateItems.templateId, assigned.templateId),
        eq(payTemplateItems.businessType, businessType),
        eq(payTemplateItems.enable, true),
        eq(payTypes.status, 1),
      ),
    )
    .orderBy(asc(payTypes.sort), asc(payTypes.code));
}

async function templateRows(tx: Db, auth: Auth, ids?: number[]): Promise<PayTemplateRow[]> {
  const rows = await tx
    .select({
      id: payTemplates.id,
      code: payTemplates.code,
      name: payTemplates.name,
      memo: payTemplates.memo,
      status: payTemplates.status,
      version: payTemplates.version,
      updatedAt: payTemplates.updatedAt,
    })
    .from(payTemplates)
    .where(ids ? inArray(payTemplates.id, ids) : undefined)
    .orderBy(asc(payTemplates.sort), asc(payTemplates.code))
    .limit(2000);
  const visible = visibleShops(auth);
  const links = rows.length
    ? await tx
        .select({ templateId: payTemplateShops.templateId, id: shops.id, code: shops.code, name: shops.name })
        .from(payTemplateShops)
        .innerJoin(shops, eq(shops.id, payTemplateShops.shopId))
        .where(
          inArray(
            payTemplateShops.templateId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(shops.code))
    : [];
  return rows.map((r) => {
    const own = links.filter((l) => l.templateId === r.id && (!visible || visible.includes(l.id)));
    return { ...r, updatedAt: r.updatedAt.toISOString(), shopIds: own.map((l) => l.id), shops: own.map(({ templateId: _t, ...s }) => s) };
  });
}

async function templateDetail(tx: Db, auth: Auth, id: number) {
  const [row] = await templateRows(tx, auth, [id]);
  if (!row) throw notFound();
  const items = await tx
    .select({
      businessType: payTemplateItems.businessType,
      payTypeId: payTemplateItems.payTypeId,
      enable: payTemplateItems.enable,
      isOften: payTemplateItems.isOften,
      isMixed: payTemplateItems.isMixed,
      perfRate: payTemplateItems.perfRate,
      classRate: payTemplateItems.classRate,
      feeRate: payTemplateItems.feeRate,
    })
    .from(payTemplateItems)
    .where(eq(payTemplateItems.templateId, id))
    .orderBy(asc(payTemplateItems.businessType), asc(payTemplateItems.payTypeId));
  return { ...row, items };
}

async function lockTemplate(tx: Db, id: number) {
  const [row] = await tx.select({ id: payTemplates.id }).from(payTemplates).where(eq(payTemplates.id, id)).for('update');
  if (!row) throw notFound();
}

/** Every shop of `ids` must exist in the tenant (404) and be one the user may see (403). */
export async function assertShops(tx: Db, auth: Auth, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, unique));
  if (found.length < unique.length) throw notFound();
  const visible = visibleShops(auth);
  if (visible && unique.some((id) => !visible.includes(id))) throw forbidden('shopForbidden');
}

const bumpTemplate = (tx: Db, id: number) =>
  tx
    .update(payTemplates)
    .set({ version: sql`${payTemplates.version} + 1`, updatedAt: new Date() })
    .where(eq(payTemplates.id, id));

export function registerPayRoutes(app: FastifyInstance) {
  // The generic record routes save and updateStatus; the reads first give the tenant its shipped defaults,
  // and a delete first refuses a system pay type.
  registerRecord(app, { ...payTypeDef, def: { ...payTypeRecord, serves: (v) => v === 'save' || v === 'updateStatus' } });
  const T = payTypeRecord.paths;
  route(
    app,
    'GET',
    T.list,
    { summary: 'Pay types: paged list', perm: 'cashier.paytype.view', query: payTypeRecord.listQuery },
    async (ctx) => {
      return listRecords(ctx.tx, payTypeDef, ctx.query);
    },
  );
  route(
    app,
    'GET',
    T.all,
    { summary: 'Pay types: enabled entries for pickers', perm: null, query: payTypeRecord.allQuery },
    async (ctx) => {
      return listAllRecords(ctx.tx, payTypeDef, ctx.query);
    },
  );
  route(
    app,
    'DELETE',
    `${payTypeRecord.basePath}/:id`,
    {
      summary: 'Pay types: delete (409 for a system pay type or one a pay template uses)',
      perm: 'cashier.paytype.edit',
      params: z.object({ id: z.coerce.number().int().positive() }),
      entity: 'paytype',
    },
    ({ tx, params }) => deletePayType(tx, params.id),
  );
  route(
    app,
    'GET',
    P.payClassAll,
    { summary: 'Pay classes (01 现金类, 02 赠送类 ...), enabled, for pickers', perm: null, query: payClassRecord.allQuery },
    async (ctx) => {
      return listAllRecords(ctx.tx, payClassDef, ctx.query);
    },
  );
  const enabledQuery = z.object({ classId: z.coerce.number().int().positive().optional() });
  const voList = z.array(payTypeVo);
  route(
    app,
    'GET',
    P.payTypeVo,
    { summary: 'Every pay type (enabled or not) with its class, by sort and code', perm: 'cashier.paytype.view', response: voList },
    async (ctx) => {
      return payTypeVos(ctx.tx, false);
    },
  );
  route(
    app,
    'GET',
    P.payTypeInfoAll,
    {
      summary: 'The enabled pay types with their class and rates (what the till offers), any signed-in user',
      perm: null,
      query: enabledQuery,
      response: voList,
    },
    async (ctx) => {
      const all = await payTypeVos(ctx.tx, true);
      return ctx.query.classId ? all.filter((p) => p.classId === ctx.query.classId) : all;
    },
  );
  route(
    app,
    'POST',
    P.payTypeSave,
    {
      summary: 'Save a pay type: no id creates, id (+ version) updates the fields sent',
      description:
        'code: two digits, unique (409). A system pay type (kind set: card principal/gift, package, coupon, red envelope) keeps its code (409).',
      perm: 'cashier.paytype.edit',
      body: payTypeRecord.save,
      entity: 'paytype',
    },
    async ({ tx, auth, body, req }) => {
      return saveRecord(tx, payTypeDef, body as Record<string, unknown>, auth, req.body);
    },
  );
  route(
    app,
    'POST',
    P.payTypeStatus,
    { summary: 'Enable (1) or disable (0) one pay type', perm: 'cashier.paytype.edit', body: payTypeStatusBody, entity: 'paytype' },
    async ({ tx, body }) => {
      const [row] = await tx
        .update(payTypes)
        .set({ status: body.status, version: sql`${payTypes.version} + 1`, updatedAt: new Date() })
        .where(eq(payTypes.id, body.id))
        .returning({ id: payTypes.id, status: payTypes.status });
      if (!row) throw notFound();
      return row;
    },
  );

  // ---- pay templates ----
  route(
    app,
    'GET',
    P.templateAll,
    {
      summary: 'Pay templates with their shops; shopid: only the template of that shop',
      perm: 'cashier.paytemplate.view',
      query: payTemplateListQuery,
      response: z.array(payTemplateRow),
    },
    async ({ tx, auth, query }) => {
      const all = await templateRows(tx, auth);
      return query.shopid ? all.filter((t) => t.shopIds.includes(query.shopid as number)) : all;
    },
  );
  route(
    app,
    'GET',
    `${P.templateAll.replace('/list/all', '')}/:id`,
    {
      summary: 'One pay template with its settings per business type and pay type',
      perm: 'cashier.paytemplate.view',
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: payTemplateDetail,
    },
    ({ tx, auth, params }) => templateDetail(tx, auth, params.id),
  );
  route(
    app,
    'POST',
    P.templateSave,
    {
      summary: 'Save a pay template head (code, name, memo, status): no id creates it with every pay type enabled at its own rates',
      perm: 'cashier.paytemplate.edit',
      body: payTemplateSave,
      entity: 'paytemplate',
      response: payTemplateDetail,
    },
    async ({ tx, auth, body }) => {
      const { id, version, ...head } = body;
      if (id) {
        const [row] = await tx
          .update(payTemplates)
          .set({ ...head, version: sql`${payTemplates.version} + 1`, updatedAt: new Date() })
          .where(version ? and(eq(payTemplates.id, id), eq(payTemplates.version, version)) : eq(payTemplates.id, id))
          .returning({ id: payTemplates.id });
        if (!row) {
          await lockTemplate(tx, id);
          throw conflict('staleVersion');
        }
        return templateDetail(tx, auth, id);
      }
      const [created] = await tx
        .insert(payTemplates)
        .values({ ...head, tenantId: auth.tenantId })
        .returning({ id: payTemplates.id });
      const types = await payTypeVos(tx, true);
      const items = businessTypes.flatMap((businessType) =>
        types.map((p) => ({
          tenantId: auth.tenantId,
          templateId: created.id,
          businessType,
          payTypeId: p.id,
          perfRate: p.perfRate,
          feeRate: p.feeRate,
        })),
      );
      if (items.length) await tx.insert(payTemplateItems).values(items);
      return templateDetail(tx, auth, created.id);
    },
  );
  route(
    app,
    'POST',
    P.templateItemsSave,
    {
      summary: "Save a template's settings per business type and pay type (replaces the business types sent, default all six)",
      description: 'A pay type listed twice in one business type is refused (400); an unknown pay type is 404.',
      perm: 'cashier.paytemplate.edit',
      body: payTemplateItemsSave,
      entity: 'paytemplate',
      response: payTemplateDetail,
    },
    async ({ tx, auth, body }) => {
      await lockTemplate(tx, body.templateId);
      const kinds = body.businessTypes ?? [...businessTypes];
      const seen = new Set<string>();
      for (const [i, item] of body.items.entries()) {
        if (!kinds.includes(item.businessType)) throw fieldError(`items.${i}.businessType`, 'validation');
        const key = `${item.businessType}:${item.payTypeId}`;
        if (seen.has(key)) throw fieldError(`items.${i}.payTypeId`, 'payTypeDuplicate', { name: String(item.payTypeId) });
        seen.add(key);
      }
      const typeIds = [...new Set(body.items.map((i) => i.payTypeId))];
      if (typeIds.length) {
        const found = await tx.select({ id: payTypes.id }).from(payTypes).where(inArray(payTypes.id, typeIds));
        if (found.length < typeIds.length) throw notFound();
      }
      await tx
        .delete(payTemplateItems)
        .where(and(eq(payTemplateItems.templateId, body.templateId), inArray(payTemplateItems.businessType, kinds)));
      if (body.items.length)
        await tx.insert(payTemplateItems).values(body.items.map((i) => ({ ...i, tenantId: auth.tenantId, templateId: body.templateId })));
      await bumpTemplate(tx, body.templateId);
      return templateDetail(tx, auth, body.templateId);
    },
  );
  route(
    app,
    'POST',
    P.templateShops,
    {
      summary: 'Assign a pay template to shops (a shop has one template: it leaves its old one)',
      description: 'replace (default true): the shops the user may see that are not listed leave this template.',
      perm: 'cashier.paytemplate.edit',
      body: payTemplateShopsSave,
      entity: 'paytemplate',
      response: payTemplateDetail,
    },
    async ({ tx, auth, body }) => {
      await lockTemplate(tx, body.templateId);
      await assertShops(tx, auth, body.shopIds);
      if (body.replace) {
        const visible = visibleShops(auth);
        await tx
          .delete(payTemplateShops)
          .where(
            and(
              eq(payTemplateShops.templateId, body.templateId),
              visible ? inArray(payTemplateShops.shopId, visible.length ? visible : [0]) : undefined,
            ),
          );
      }
      if (body.shopIds.length)
        await tx
          .insert(payTemplateShops)
          .values([...new Set(body.shopIds)].map((shopId) => ({ tenantId: auth.tenantId, shopId, templateId: body.templateId })))
          .onConflictDoUpdate({ target: [payTemplateShops.tenantId, payTemplateShops.shopId], set: { templateId: body.templateId } });
      await bumpTemplate(tx, body.templateId);
      return templateDetail(tx, auth, body.templateId);
    },
  );
  route(
    app,
    'DELETE',
    `${P.templateAll.replace('/list/all', '')}/:id`,
    {
      summary: 'Delete a pay template (its shops fall back to every enabled pay type at its own rates)',
      perm: 'cashier.paytemplate.edit',
      params: z.object({ id: z.coerce.number().int().positive() }),
      entity: 'paytemplate',
    },
    async ({ tx, params }) => {
      const [row] = await tx.delete(payTemplates).where(eq(payTemplates.id, params.id)).returning({ id: payTemplates.id });
      if (!row) throw notFound();
      return row;
    },
  );
}

/** A system pay type is never deleted; others only while no template uses them (references: 409). */
export async function deletePayType(tx: Db, id: number) {
  const [row] = await tx.select({ kind: payTypes.kind, name: payTypes.name }).from(payTypes).where(eq(payTypes.id, id));
  if (!row) throw notFound();
  if (row.kind) throw conflict('payTypeSystem', { name: row.name });
  return deleteRecord(tx, payTypeDef, id);
}
