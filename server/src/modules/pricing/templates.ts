import type { PriceKind, PriceLine } from '@headoffice/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, fieldError } from '../../platform/errors.js';
import { keywordMatch, offsetOf, orderBy, pageOf } from '../../platform/paging.js';
import { loadShops, shops } from '../org/public.js';
import {
  assertSellable,
  assertUnique,
  assertWithinControl,
  type ItemRef,
  itemColumns,
  loadItems,
  priceColumns,
  problems,
  refNotFound,
} from './common.js';
import { priceTemplateItems, priceTemplateShops, priceTemplates } from './schema.js';

/**
 * Price templates, one mechanism for services and products (`kind`): a named set of item prices
 * applied to many shops. Applying writes the shops' prices (status sold, linked to the template);
 * a shop is on at most one template per kind; a stopped template releases its shops and cannot be
 * applied. System templates (isSystem) are the head-office defaults: one per service line (mf, mr)
 * and one for products.
 */

const codePrefix = (kind: PriceKind) => (kind === 'service' ? 'FWMB' : 'CPMB');
const systemCode = (kind: PriceKind, line: PriceLine | null) => (kind === 'service' ? `SYS-${(line ?? 'mf').toUpperCase()}` : 'SYS-CP');
const systemName = (kind: PriceKind, line: PriceLine | null) =>
  kind === 'product' ? '总部产品默认价格' : line === 'mr' ? '总部美容默认价格' : '总部美发默认价格';

const templateColumns = {
  id: priceTemplates.id,
  kind: priceTemplates.kind,
  code: priceTemplates.code,
  name: priceTemplates.name,
  line: priceTemplates.line,
  isSystem: priceTemplates.isSystem,
  status: priceTemplates.status,
  memo: priceTemplates.memo,
  itemCount: sql<number>`(select count(*)::int from ${priceTemplateItems} i where i.template_id = ${priceTemplates.id})`,
  shopCount: sql<number>`(select count(*)::int from ${priceTemplateShops} s where s.template_id = ${priceTemplates.id})`,
  version: priceTemplates.version,
  createdAt: priceTemplates.createdAt,
  updatedAt: priceTemplates.updatedAt,
};

type Template = typeof priceTemplates.$inferSelect;

export async function findTemplate(tx: Db, kind: PriceKind, id: number): Promise<Template> {
  const [row] = await tx
    .select()
    .from(priceTemplates)
    .where(and(eq(priceTemplates.id, id), eq(priceTemplates.kind, kind)));
  if (!row) throw refNotFound('template', id);
  return row;
}

/** One template; with `auth`, only the shops that user sees among those it applies to. */
export async function templateDetail(tx: Db, kind: PriceKind, id: number, auth?: Auth) {
  const c = itemColumns(kind);
  const [head] = await tx
    .select(templateColumns)
    .from(priceTemplates)
    .where(and(eq(priceTemplates.id, id), eq(priceTemplates.kind, kind)));
  if (!head) throw refNotFound('template', id);
  const items = await tx
    .select({
      itemId: priceTemplateItems.itemId,
      code: sql<string>`${c.code}`,
      name: sql<string>`${c.name}`,
      basePrice: sql<number>`${c.base}`,
      price: priceTemplateItems.price,
    })
    .from(priceTemplateItems)
    .innerJoin(c.table, eq(c.id, priceTemplateItems.itemId))
    .where(eq(priceTemplateItems.templateId, id))
    .orderBy(asc(c.code));
  const visible = auth && visibleShops(auth);
  const shopRows = await tx
    .select({ shopId: shops.id, code: shops.code, name: shops.name })
    .from(priceTemplateShops)
    .innerJoin(shops, eq(shops.id, priceTemplateShops.shopId))
    .where(
      and(eq(priceTemplateShops.templateId, id), visible ? inArray(priceTemplateShops.shopId, visible.length ? visible : [0]) : undefined),
    )
    .orderBy(asc(shops.code));
  return { ...head, items, shops: shopRows };
}

export async function listTemplates(
  tx: Db,
  kind: PriceKind,
  q: { page: number; pageSize: number; sort?: string; keyword?: string; status?: number; line?: string; isSystem?: number },
) {
  const where = and(
    eq(priceTemplates.kind, kind),
    q.keyword ? keywordMatch(q.keyword, priceTemplates.code, priceTemplates.name) : undefined,
    q.status !== undefined ? eq(priceTemplates.status, q.status) : undefined,
    q.line ? eq(priceTemplates.line, q.line) : undefined,
    q.isSystem !== undefined ? eq(priceTemplates.isSystem, q.isSystem === 1) : undefined,
  );
  const sortable = {
    code: priceTemplates.code,
    name: priceTemplates.name,
    status: priceTemplates.status,
    createdAt: priceTemplates.createdAt,
    updatedAt: priceTemplates.updatedAt,
  };
  return pageOf(
    tx,
    q,
    tx
      .select(templateColumns)
      .from(priceTemplates)
      .where(where)
      .orderBy(...orderBy(q.sort, sortable, [sql`${priceTemplates.isSystem} desc`, asc(priceTemplates.code)], priceTemplates.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () => tx.select({ id: priceTemplates.id }).from(priceTemplates).where(where),
  );
}

/** list/all: templates in force, for pickers. */
export function allTemplates(tx: Db, kind: PriceKind) {
  return tx
    .select(templateColumns)
    .from(priceTemplates)
    .where(and(eq(priceTemplates.kind, kind), eq(priceTemplates.status, 1)))
    .orderBy(sql`${priceTemplates.isSystem} desc`, asc(priceTemplates.code), asc(priceTemplates.id))
    .limit(500);
}

/** The next free code: FWMB0001 (services), CPMB0001 (products). */
export async function nextTemplateCode(tx: Db, kind: PriceKind) {
  const prefix = codePrefix(kind);
  const pattern = `^${prefix}(\\d+)$`;
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max((substring(${priceTemplates.code} from ${pattern}))::bigint), 0)` })
    .from(priceTemplates)
    .where(eq(priceTemplates.kind, kind));
  return `${prefix}${String(Number(row.max) + 1).padStart(4, '0')}`;
}

async function assertCodeFree(tx: Db, kind: PriceKind, code: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: priceTemplates.id })
    .from(priceTemplates)
    .where(and(eq(priceTemplates.kind, kind), eq(priceTemplates.code, code), exceptId ? ne(priceTemplates.id, exceptId) : undefined));
  if (row) {
    const params = { field: '@code', value: code };
    throw new AppError(409, 'duplicate', params, [{ path: 'code', key: 'duplicate', params }]);
  }
}

/** Checks a template's items: known (404), once each, sellable, of the template's line, within price control. */
async function checkItems(tx: Db, kind: PriceKind, line: string | null, items: { itemId: number; price: number }[]) {
  assertUnique(
    items,
    (i) => i.itemId,
    (i) => `items.${i}.itemId`,
    (i) => String(i.itemId),
  );
  const refs = await loadItems(
    tx,
    kind,
    items.map((i) => i.itemId),
  );
  assertSellable(kind, refs.values());
  if (kind === 'service' && line) {
    const wrong = items.findIndex((i) => (refs.get(i.itemId) as ItemRef).line !== line);
    if (wrong >= 0) {
      throw problems([
        {
          path: `items.${wrong}.itemId`,
          key: 'templateWrongLine',
          params: { item: (refs.get(items[wrong].itemId) as ItemRef).name, line: `@pricing.line.${line}` },
        },
      ]);
    }
  }
  await assertWithinControl(
    tx,
    kind,
    items.map((i, n) => ({ itemId: i.itemId, price: i.price, path: `items.${n}.price` })),
  );
}

async function replaceItems(tx: Db, auth: Auth, templateId: number, items: { itemId: number; price: number }[]) {
  await tx.delete(priceTemplateItems).where(eq(priceTemplateItems.templateId, templateId));
  for (let i = 0; i < items.length; i += 5000) {
    await tx
      .insert(priceTemplateItems)
      .values(items.slice(i, i + 5000).map((it) => ({ tenantId: auth.tenantId, templateId, itemId: it.itemId, price: it.price })));
  }
}

/**
 * Writes the template's prices into its shops (all of them, or `onlyShops`): one statement. Rows of
 * items no longer in the template stop pointing at it.
 */
async function applyToShops(tx: Db, kind: PriceKind, templateId: number, onlyShops?: number[]) {
  const p = priceColumns(kind);
  const itemColumn = sql.raw(kind === 'service' ? 'service_id' : 'product_id');
  const shopFilter = onlyShops ? (onlyShops.length ? sql`and ts.shop_id in ${onlyShops}` : sql`and false`) : sql``;
  await tx.execute(sql`
    insert into ${p.table} (tenant_id, shop_id, ${itemColumn}, price, status, template_id)
    select ti.tenant_id, ts.shop_id, ti.item_id, ti.price, 1, ti.template_id
    from ${priceTemplateItems} ti join ${priceTemplateShops} ts on ts.template_id = ti.template_id
    where ti.template_id = ${templateId} ${shopFilter}
    on conflict (tenant_id, shop_id, ${itemColumn}) do update
      set price = excluded.price, status = 1, template_id = excluded.template_id,
          version = ${p.table}.version + 1, updated_at = now()`);
  await tx.execute(sql`
    update ${p.table} set template_id = null, updated_at = now()
    where template_id = ${templateId}
      and shop_id in (select ts.shop_id from ${priceTemplateShops} ts where ts.template_id = ${templateId})
      and ${itemColumn} not in (select ti.item_id from ${priceTemplateItems} ti where ti.template_id = ${templateId})`);
}

/** Takes shops off a template: the link goes, their prices stay (no longer marked as the template's). */
async function releaseShops(tx: Db, kind: PriceKind, templateId: number, shopIds: number[]) {
  if (!shopIds.length) return;
  const p = priceColumns(kind);
  await tx
    .delete(priceTemplateShops)
    .where(and(eq(priceTemplateShops.templateId, templateId), inArray(priceTemplateShops.shopId, shopIds)));
  await tx
    .update(p.table)
    .set({ templateId: null, updatedAt: new Date() })
    .where(and(inArray(p.table.shopId, shopIds), eq(p.table.templateId, templateId)));
}

async function templateShopIds(tx: Db, templateId: number) {
  const rows = await tx
    .select({ shopId: priceTemplateShops.shopId })
    .from(priceTemplateShops)
    .where(eq(priceTemplateShops.templateId, templateId));
  return rows.map((r) => r.shopId);
}

async function bump(tx: Db, id: number, set: Partial<Template> = {}) {
  await tx
    .update(priceTemplates)
    .set({ ...set, version: sql`${priceTemplates.version} + 1`, updatedAt: new Date() })
    .where(eq(priceTemplates.id, id));
}

/** newCode: creates a template (code generated when absent). */
export async function newTemplate(
  tx: Db,
  auth: Auth,
  kind: PriceKind,
  body: { code?: string; name: string; line?: PriceLine | null; memo?: string | null },
) {
  const code = body.code ?? (await nextTemplateCode(tx, kind));
  await assertCodeFree(tx, kind, code);
  const [row] = await tx
    .insert(priceTemplates)
    .values({
      tenantId: auth.tenantId,
      kind,
      code,
      name: body.name,
      line: kind === 'service' ? (body.line ?? null) : null,
      memo: body.memo ?? null,
    })
    .returning({ id: priceTemplates.id });
  return templateDetail(tx, kind, row.id);
}

/**
 * saveShopPrice: the template's prices become exactly `items` (no templateId: a new template); the
 * shops on the template (if in force) get them at once, all or nothing.
 */
export async function saveTemplatePrices(
  tx: Db,
  auth: Auth,
  kind: PriceKind,
  body: {
    templateId?: number;
    version?: number;
    code?: string;
    name?: string;
    line?: PriceLine | null;
    memo?: string | null;
    items: { itemId: number; price: number }[];
  },
) {
  let template: Template;
  if (body.templateId === undefined) {
    if (!body.name) throw fieldError('name', 'templateNameRequired');
    const created = await newTemplate(tx, auth, kind, { code: body.code, name: body.name, line: body.line, memo: body.memo });
    template = await findTemplate(tx, kind, created.id);
  } else {
    template = await findTemplate(tx, kind, body.templateId);
    if (body.version !== undefined && body.version !== template.version) throw conflict('staleVersion');
    if (body.code !== undefined && body.code !== template.code) await assertCodeFree(tx, kind, body.code, template.id);
    const set: Partial<Template> = {};
    if (body.code !== undefined) set.code = body.code;
    if (body.name !== undefined) set.name = body.name;
    if (body.line !== undefined && kind === 'service' && !template.isSystem) set.line = body.line;
    if (body.memo !== undefined) set.memo = body.memo;
    await bump(tx, template.id, set);
    template = { ...template, ...set };
  }
  await checkItems(tx, kind, template.line, body.items);
  await replaceItems(tx, auth, template.id, body.items);
  if (template.status === 1) await applyToShops(tx, kind, template.id);
  return templateDetail(tx, kind, template.id);
}

/**
 * saveShop: the template's shops become `shopIds` (among the shops the user may see); each shop gets
 * the template's prices. 409 when the template is stopped or a shop is on another template.
 */
export async function saveTemplateShops(tx: Db, auth: Auth, kind: PriceKind, body: { templateId: number; shopIds: number[] }) {
  const template = await findTemplate(tx, kind, body.templateId);
  if (template.status !== 1) throw conflict('templateStopped', { name: template.name });
  const shopIds = [...new Set(body.shopIds)];
  await loadShops(tx, auth, shopIds);
  if (shopIds.length) {
    // Serialises concurrent assignments of the same shops (a shop is on one template per kind).
    await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, shopIds)).for('update');
    const [taken] = await tx
      .select({ shop: shops.name, template: priceTemplates.name })
      .from(priceTemplateShops)
      .innerJoin(priceTemplates, eq(priceTemplates.id, priceTemplateShops.templateId))
      .innerJoin(shops, eq(shops.id, priceTemplateShops.shopId))
      .where(and(inArray(priceTemplateShops.shopId, shopIds), eq(priceTemplates.kind, kind), ne(priceTemplates.id, template.id)))
      .orderBy(asc(shops.code))
      .limit(1);
    if (taken) throw conflict('templateShopTaken', taken);
    const priced = await tx
      .select({ itemId: priceTemplateItems.itemId, price: priceTemplateItems.price })
      .from(priceTemplateItems)
      .where(eq(priceTemplateItems.templateId, template.id));
    await assertWithinControl(
      tx,
      kind,
      priced.map((i) => ({ itemId: i.itemId, price: i.price, path: 'templateId' })),
    );
  }
  const current = await templateShopIds(tx, template.id);
  const allowed = visibleShops(auth);
  const removed = current.filter((id) => !shopIds.includes(id) && (!allowed || allowed.includes(id)));
  await releaseShops(tx, kind, template.id, removed);
  const added = shopIds.filter((id) => !current.includes(id));
  if (added.length) {
    await tx.insert(priceTemplateShops).values(added.map((shopId) => ({ tenantId: auth.tenantId, templateId: template.id, shopId })));
  }
  await applyToShops(tx, kind, template.id, shopIds);
  await bump(tx, template.id);
  return templateDetail(tx, kind, template.id);
}

/** stopPrice: status 0 stops the template and releases its shops (their prices stay); 1 puts it back in force. */
export async function stopTemplate(tx: Db, kind: PriceKind, body: { id: number; status: number }) {
  const template = await findTemplate(tx, kind, body.id);
  if (body.status === 0) await releaseShops(tx, kind, template.id, await templateShopIds(tx, template.id));
  await bump(tx, template.id, { status: body.status });
  return templateDetail(tx, kind, template.id);
}

/** copyShopPrice: a new template (in force, not a system one) with the same prices, without shops. */
export async function copyTemplate(tx: Db, auth: Auth, kind: PriceKind, body: { templateId: number; code: string; name: string }) {
  const source = await findTemplate(tx, kind, body.templateId);
  await assertCodeFree(tx, kind, body.code);
  const [row] = await tx
    .insert(priceTemplates)
    .values({ tenantId: auth.tenantId, kind, code: body.code, name: body.name, line: source.line, memo: source.memo })
    .returning({ id: priceTemplates.id });
  await tx.execute(sql`
    insert into ${priceTemplateItems} (tenant_id, template_id, item_id, price)
    select tenant_id, ${row.id}, item_id, price from ${priceTemplateItems} where template_id = ${source.id}`);
  return templateDetail(tx, kind, row.id);
}

/** saveSystemMf / saveSystemMr / saveSystem: creates or updates the head-office default template of a line (or of products). */
export async function saveSystemTemplate(
  tx: Db,
  auth: Auth,
  kind: PriceKind,
  line: PriceLine | null,
  body: { name?: string; memo?: string | null; items: { itemId: number; price: number }[] },
) {
  const [existing] = await tx
    .select()
    .from(priceTemplates)
    .where(
      and(
        eq(priceTemplates.kind, kind),
        eq(priceTemplates.isSystem, true),
        line ? eq(priceTemplates.line, line) : sql`${priceTemplates.line} is null`,
      ),
    )
    .limit(1);
  let id: number;
  if (existing) {
    id = existing.id;
    const set: Partial<Template> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.memo !== undefined) set.memo = body.memo;
    await bump(tx, id, set);
  } else {
    const code = systemCode(kind, line);
    await assertCodeFree(tx, kind, code);
    const [row] = await tx
      .insert(priceTemplates)
      .values({
        tenantId: auth.tenantId,
        kind,
        code,
        name: body.name ?? systemName(kind, line),
        line,
        isSystem: true,
        memo: body.memo ?? null,
      })
      .returning({ id: priceTemplates.id });
    id = row.id;
  }
  await checkItems(tx, kind, line, body.items);
  await replaceItems(tx, auth, id, body.items);
  if ((existing?.status ?? 1) === 1) await applyToShops(tx, kind, id);
  return templateDetail(tx, kind, id);
}

/** unableSelectShopList: shops already on another template of this kind (the picker greys them out). */
export async function unableShops(tx: Db, auth: Auth, kind: PriceKind, templateId?: number) {
  const allowed = visibleShops(auth);
  if (allowed && !allowed.length) return [];
  const where: (SQL | undefined)[] = [
    eq(priceTemplates.kind, kind),
    templateId ? ne(priceTemplates.id, templateId) : undefined,
    allowed ? inArray(priceTemplateShops.shopId, allowed) : undefined,
  ];
  return tx
    .select({
      shopId: shops.id,
      shopCode: shops.code,
      shopName: shops.name,
      templateId: priceTemplates.id,
      templateCode: priceTemplates.code,
      templateName: priceTemplates.name,
    })
    .from(priceTemplateShops)
    .innerJoin(priceTemplates, eq(priceTemplates.id, priceTemplateShops.templateId))
    .innerJoin(shops, eq(shops.id, priceTemplateShops.shopId))
    .where(and(...where))
    .orderBy(asc(shops.code));
}
