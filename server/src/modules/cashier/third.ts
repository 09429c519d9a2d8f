import {
  dyPoi,
  dyShop,
  dyShopSave,
  mtKey,
  mtKeyPage,
  mtKeySave,
  mtShop,
  mtShopSave,
  CASHIER_PATHS as P,
  thirdPageQuery,
} from '@headoffice/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { keywordMatch } from '../../platform/paging.js';
import { assertUnreferenced } from '../../platform/references.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { assertShops } from './pay.js';
import { dyShops, mtKeys, mtShops } from './schema.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** A secret as answered: never in full, only its last four characters. */
export const maskSecret = (secret: string | null) => (secret ? `****${secret.length > 8 ? secret.slice(-4) : ''}` : null);

const keyOut = (r: typeof mtKeys.$inferSelect) => ({
  id: r.id,
  account: r.account,
  secretMasked: maskSecret(r.secret),
  expiresDate: r.expiresDate,
  remainRefreshCount: r.remainRefreshCount,
  accountName: r.accountName,
  tel: r.tel,
  memo: r.memo,
  updatedAt: r.updatedAt.toISOString(),
});

/** Only the mappings of shops the user may see. */
function scoped(auth: Auth, column: typeof mtShops.shopId | typeof dyShops.shopId): SQL | undefined {
  const visible = visibleShops(auth);
  if (!visible) return undefined;
  return visible.length ? inArray(column, visible) : eq(column, 0);
}

async function ownMapping(tx: Db, auth: Auth, table: typeof mtShops | typeof dyShops, id: number) {
  const [row] = await tx.select({ shopId: table.shopId }).from(table).where(eq(table.id, id));
  const visible = visibleShops(auth);
  if (!row || (visible && !visible.includes(row.shopId))) throw notFound();
}

/**
 * The Douyin adapter: which POIs the platform knows for the tenant. Only the local sandbox exists
 * (by default and in tests): one POI per shop, `SBX-<shop code>`.
 */
async function douyinPois(tx: Db, auth: Auth) {
  const visible = visibleShops(auth);
  const rows = await tx
    .select({ code: shops.code, name: shops.name, address: shops.address })
    .from(shops)
    .where(visible ? inArray(shops.id, visible.length ? visible : [0]) : undefined)
    .orderBy(asc(shops.code))
    .limit(2000);
  return rows.map((s) => ({ poiId: `SBX-${s.code}`, poiName: `${s.name}（抖音）`, address: s.address }));
}

/** Meituan accounts and shop mappings (`mtkeys`, `mtshops`), Douyin POI mappings (`dyshops`). */
export function registerThirdRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    P.mtKeysPage,
    {
      summary: 'Meituan accounts, paged (secrets masked)',
      perm: 'cashier.third.view',
      query: thirdPageQuery,
      response: mtKeyPage,
    },
    async ({ tx, query }) => {
      const where = query.keyword ? keywordMatch(query.keyword, mtKeys.account, mtKeys.accountName) : undefined;
      const rows = await tx
        .select()
        .from(mtKeys)
        .where(where)
        .orderBy(desc(mtKeys.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [{ total }] = await tx.select({ total: count() }).from(mtKeys).where(where);
      return { list: rows.map(keyOut), total, page: query.page, pageSize: query.pageSize };
    },
  );
  route(
    app,
    'POST',
    P.mtKeys,
    {
      summary: 'Save a Meituan account: no id creates (secret required); on update an absent secret is kept',
      description: 'The secret is stored as given and answered masked (****abcd). The account is unique (409).',
      perm: 'cashier.third.edit',
      body: mtKeySave,
      entity: 'mtkeys',
      response: mtKey,
    },
    async ({ tx, auth, body }) => {
      const { id, ...values } = body;
      if (id) {
        const [row] = await tx
          .update(mtKeys)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(mtKeys.id, id))
          .returning();
        if (!row) throw notFound();
        return keyOut(row);
      }
      if (!values.secret) throw fieldError('secret', 'mtSecretRequired');
      const [row] = await tx
        .insert(mtKeys)
        .values({ ...values, tenantId: auth.tenantId })
        .returning();
      return keyOut(row);
    },
  );
  route(
    app,
    'DELETE',
    '/api-third/mtkeys/:id',
    {
      summary: 'Delete a Meituan account (409 while a shop mapping uses it)',
      perm: 'cashier.third.edit',
      params: idParams,
      entity: 'mtkeys',
    },
    async ({ tx, params }) => {
      const [row] = await tx.select({ id: mtKeys.id }).from(mtKeys).where(eq(mtKeys.id, params.id));
      if (!row) throw notFound();
      await assertUnreferenced(tx, mtKeys, params.id);
      await tx.delete(mtKeys).where(eq(mtKeys.id, params.id));
      return row;
    },
  );

  const mtShopSelect = (tx: Db) =>
    tx
      .select({
        id: mtShops.id,
        shopId: mtShops.shopId,
        shopCode: shops.code,
        shopName: shops.name,
        openShopUuid: mtShops.openShopUuid,
        mtKeyId: mtShops.mtKeyId,
        account: mtKeys.account,
        updatedAt: mtShops.updatedAt,
      })
      .from(mtShops)
      .innerJoin(shops, eq(shops.id, mtShops.shopId))
      .leftJoin(mtKeys, eq(mtKeys.id, mtShops.mtKeyId));
  const mtShopOut = (r: Awaited<ReturnType<ReturnType<typeof mtShopSelect>['execute']>>[number]) => ({
    ...r,
    updatedAt: r.updatedAt.toISOString(),
  });
  route(
    app,
    'GET',
    P.mtShopsAll,
    {
      summary: 'Meituan shop mappings (openShopUuid ↔ shop) of the shops the user sees',
      perm: 'cashier.third.view',
      response: z.array(mtShop),
    },
    async ({ tx, auth }) =>
      (await mtShopSelect(tx).where(scoped(auth, mtShops.shopId)).orderBy(asc(shops.code)).limit(5000)).map(mtShopOut),
  );
  route(
    app,
    'POST',
    P.mtShopSave,
    {
      summary: 'Map a shop to its Meituan shop (openShopUuid); a shop and a Meituan shop are mapped once (409)',
      perm: 'cashier.third.edit',
      body: mtShopSave,
      entity: 'mtshops',
      response: mtShop,
    },
    async ({ tx, auth, body }) => {
      await assertShops(tx, auth, [body.shopid]);
      if (body.mtKeyId) {
        const [key] = await tx.select({ id: mtKeys.id }).from(mtKeys).where(eq(mtKeys.id, body.mtKeyId));
        if (!key) throw fieldError('mtKeyId', 'notFound');
      }
      const values = { shopId: body.shopid, openShopUuid: body.openShopUuid, mtKeyId: body.mtKeyId ?? null };
      let id = body.id;
      if (id) {
        await ownMapping(tx, auth, mtShops, id);
        await tx
          .update(mtShops)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(mtShops.id, id));
      } else {
        const [row] = await tx
          .insert(mtShops)
          .values({ ...values, tenantId: auth.tenantId })
          .returning({ id: mtShops.id });
        id = row.id;
      }
      const [out] = await mtShopSelect(tx).where(eq(mtShops.id, id));
      return mtShopOut(out);
    },
  );
  route(
    app,
    'DELETE',
    '/api-third/mtshops/:id',
    { summary: 'Remove a Meituan shop mapping', perm: 'cashier.third.edit', params: idParams, entity: 'mtshops' },
    async ({ tx, auth, params }) => {
      await ownMapping(tx, auth, mtShops, params.id);
      await tx.delete(mtShops).where(eq(mtShops.id, params.id));
      return { id: params.id };
    },
  );

  const dyShopSelect = (tx: Db) =>
    tx
      .select({
        id: dyShops.id,
        shopId: dyShops.shopId,
        shopCode: shops.code,
        shopName: shops.name,
        poiId: dyShops.poiId,
        poiName: dyShops.poiName,
        address: dyShops.address,
        updatedAt: dyShops.updatedAt,
      })
      .from(dyShops)
      .innerJoin(shops, eq(shops.id, dyShops.shopId));
  const dyOut = (r: Awaited<ReturnType<ReturnType<typeof dyShopSelect>['execute']>>[number]) => ({
    ...r,
    updatedAt: r.updatedAt.toISOString(),
  });
  route(
    app,
    'GET',
    P.dyShops,
    { summary: 'Douyin POI mappings (poiId ↔ shop) of the shops the user sees', perm: 'cashier.third.view', response: z.array(dyShop) },
    async ({ tx, auth }) => (await dyShopSelect(tx).where(scoped(auth, dyShops.shopId)).orderBy(asc(shops.code)).limit(5000)).map(dyOut),
  );
  route(
    app,
    'GET',
    P.dyPois,
    {
      summary: 'The POIs Douyin knows for the chain (local sandbox: one per shop), each with whether it is mapped',
      perm: 'cashier.third.view',
      response: z.array(dyPoi),
    },
    async ({ tx, auth }) => {
      const mapped = new Set((await tx.select({ poiId: dyShops.poiId }).from(dyShops)).map((r) => r.poiId));
      return (await douyinPois(tx, auth)).map((p) => ({ ...p, mapped: mapped.has(p.poiId) }));
    },
  );
  route(
    app,
    'POST',
    P.dyShops,
    {
      summary: 'Map a shop to a Douyin POI; a shop and a POI are mapped once (409)',
      perm: 'cashier.third.edit',
      body: dyShopSave,
      entity: 'dyshops',
      response: dyShop,
    },
    async ({ tx, auth, body }) => {
      await assertShops(tx, auth, [body.shopid]);
      const values = { shopId: body.shopid, poiId: body.poiId, poiName: body.poiName, address: body.address ?? null };
      let id = body.id;
      if (id) {
        await ownMapping(tx, auth, dyShops, id);
        await tx
          .update(dyShops)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(dyShops.id, id));
      } else {
        const [row] = await tx
          .insert(dyShops)
          .values({ ...values, tenantId: auth.tenantId })
          .returning({ id: dyShops.id });
        id = row.id;
      }
      const [out] = await dyShopSelect(tx).where(and(eq(dyShops.id, id)));
      return dyOut(out);
    },
  );
  route(
    app,
    'DELETE',
    '/api-third/dyshops/:id',
    { summary: 'Remove a Douyin POI mapping', perm: 'cashier.third.edit', params: idParams, entity: 'dyshops' },
    async ({ tx, auth, params }) => {
      await ownMapping(tx, auth, dyShops, params.id);
      await tx.delete(dyShops).where(eq(dyShops.id, params.id));
      return { id: params.id };
    },
  );
}
