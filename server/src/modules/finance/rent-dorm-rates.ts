import { billPage, dormRateBatch, dormRateQuery, dormRateRow, dormRateSave } from '@headoffice/contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { conflict } from '../../platform/errors.js';
import { defineLabels } from '../../platform/i18n.js';
import { registerImport } from '../../platform/importer.js';
import { containsPattern, offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { loadShops, shops } from '../org/public.js';
import { dormRates } from './schema.js';

// 宿舍扣款比率 (dormrate): per shop, the share of the dormitory rent deducted from staff pay. Every
// shop the user sees is listed; a shop never set shows 0.

defineLabels({ dorm_rates: ['宿舍扣款比率', 'dormitory deduction rates'], dormrate: ['宿舍扣款比率', 'dormitory deduction rates'] });

const VIEW = 'finance.dormrate.view';
const EDIT = 'finance.dormrate.edit';
const BASE = '/api-finance/dormrate';

const rows = (tx: Db) =>
  tx
    .select({
      id: shops.id,
      shopId: shops.id,
      shopCode: shops.code,
      shopName: shops.name,
      rate: sql<number>`coalesce(${dormRates.rate}, 0)`.mapWith(Number),
      memo: dormRates.memo,
    })
    .from(shops)
    .leftJoin(dormRates, eq(dormRates.shopId, shops.id))
    .$dynamic();

const whereOf = (auth: Auth, q: z.output<typeof dormRateQuery>) => {
  assertShopVisible(auth, q.shopid);
  return and(
    inVisibleShops(auth, shops.id),
    q.shopid ? eq(shops.id, q.shopid) : undefined,
    q.keyword ? or(ilike(shops.code, containsPattern(q.keyword)), ilike(shops.name, containsPattern(q.keyword))) : undefined,
  );
};

/** Sets the rate of shops (created at their first save); `version` guards a single shop's edit. */
async function upsertRates(tx: Db, tenantId: number, shopIds: number[], rate: number, memo?: string | null, version?: number) {
  for (const shopId of shopIds) {
    const [current] = await tx.select().from(dormRates).where(eq(dormRates.shopId, shopId)).for('update');
    if (!current) {
      await tx.insert(dormRates).values({ tenantId, shopId, rate, memo: memo ?? null });
      continue;
    }
    if (version !== undefined && version !== current.version) throw conflict('staleVersion');
    await tx
      .update(dormRates)
      .set({ rate, ...(memo !== undefined ? { memo } : {}), version: current.version + 1, updatedAt: new Date() })
      .where(eq(dormRates.id, current.id));
  }
}

const rateImport = {
  name: ['宿舍扣款比率', 'Dormitory deduction rates'] as const,
  columns: [
    {
      key: 'shopId',
      title: ['门店', 'Shop'] as const,
      required: true,
      lookup: { table: shops, scope: (auth: Auth) => inVisibleShops(auth, shops.id) },
    },
    { key: 'rate', title: ['扣款比率(万分比)', 'Rate (basis points)'] as const, required: true, example: '3000' },
    { key: 'memo', title: ['备注', 'Memo'] as const },
  ],
  schema: z.object({ shopId: z.number().int().positive(), rate: z.coerce.number().int().min(0).max(10_000), memo: z.string().nullish() }),
  insert: async (tx: Db, values: { shopId: number; rate: number; memo?: string | null }[], auth: Auth) => {
    for (const v of values) await upsertRates(tx, auth.tenantId, [v.shopId], v.rate, v.memo ?? null);
    return values.length;
  },
};

const pageAnswer = billPage(dormRateRow);

export function registerDormRates(app: FastifyInstance) {
  route(
    app,
    'GET',
    `${BASE}/list`,
    { summary: 'Shops with their dormitory deduction rate (basis points), paged', perm: VIEW, query: dormRateQuery, response: pageAnswer },
    async ({ tx, auth, query }) => {
      const where = whereOf(auth, query);
      return pageOf(tx, query, rows(tx).where(where).orderBy(asc(shops.code)).limit(query.pageSize).offset(offsetOf(query)), () =>
        tx.select({ id: shops.id }).from(shops).where(where),
      );
    },
  );
  route(
    app,
    'GET',
    `${BASE}/list/all`,
    { summary: 'Every shop the user sees with its dormitory deduction rate (at most 2000)', perm: VIEW, response: z.array(dormRateRow) },
    ({ tx, auth }) => rows(tx).where(inVisibleShops(auth, shops.id)).orderBy(asc(shops.code)).limit(2000),
  );
  route(
    app,
    'POST',
    `${BASE}/save`,
    {
      summary: 'Set one shop’s dormitory deduction rate (basis points)',
      perm: EDIT,
      body: dormRateSave,
      entity: 'dormrate',
      response: dormRateRow,
    },
    async ({ tx, auth, body }) => {
      await loadShops(tx, auth, [body.shopId]);
      await upsertRates(tx, auth.tenantId, [body.shopId], body.rate, body.memo, body.version);
      const [row] = await rows(tx).where(eq(shops.id, body.shopId));
      return row;
    },
  );
  route(
    app,
    'POST',
    `${BASE}/saveRate`,
    {
      summary: 'Set the same dormitory deduction rate for several shops',
      perm: EDIT,
      body: dormRateBatch,
      entity: 'dormrate',
      response: z.object({ count: z.number() }),
    },
    async ({ tx, auth, body }) => {
      const ids = [...new Set(body.shopIds)];
      await loadShops(tx, auth, ids);
      await upsertRates(tx, auth.tenantId, ids, body.rate);
      return { count: ids.length };
    },
  );
  registerImport(app, rateImport as never, {
    templateUrl: `${BASE}/excelTemplate`,
    importUrl: `${BASE}/saveSystem`,
    perm: EDIT,
    entity: 'dormrate',
  });
}
