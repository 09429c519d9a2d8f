import {
  FINANCE_API,
  type PayeeAccountRow,
  payeeAccountFind,
  payeeAccountQuery,
  payeeAccountSave,
  pettyCashQueryBody,
  pettyCashSave,
  type ShopFinanceRow,
  shopFinanceQuery,
  shopFinanceSave,
  shopIdBody,
} from '@headoffice/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { conflict, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { registerImport } from '../../platform/importer.js';
import { containsPattern, keywordMatch, offsetOf, orderBy, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { financeItems, financialAreas, payeeAccounts, shopFinanceProfiles, shopFinanceTypes, shopPettyCash } from './schema.js';

defineMessages({
  payeeAccountTaken: ['「{shop}」的收支项目「{item}」已有收款账户', '"{shop}" already has an account for the item "{item}"'],
});

const shopScope = (auth: Auth, column: PgColumn = shops.id) => inVisibleShops(auth, column);

/** The shop's profile and petty-cash setting, one row per shop (a shop never set shows empty values). */
function shopFinanceRows(tx: Db) {
  return tx
    .select({
      id: shops.id,
      shopId: shops.id,
      shopCode: shops.code,
      shopName: shops.name,
      payee: shopFinanceProfiles.payee,
      bank: shopFinanceProfiles.bank,
      bankno: shopFinanceProfiles.bankno,
      branchBank: shopFinanceProfiles.branchBank,
      corporatePayee: shopFinanceProfiles.corporatePayee,
      corporateBank: shopFinanceProfiles.corporateBank,
      corporateBankno: shopFinanceProfiles.corporateBankno,
      corporateBranchBank: shopFinanceProfiles.corporateBranchBank,
      financialAreaId: shopFinanceProfiles.financialAreaId,
      financialAreaName: financialAreas.name,
      companyTypeId: shopFinanceProfiles.companyTypeId,
      companyTypeName: shopFinanceTypes.name,
      feeRatio: sql<number>`coalesce(${shopFinanceProfiles.feeRatio}, 0)`.mapWith(Number),
      openedOn: sql<string | null>`coalesce(${shopFinanceProfiles.openedOn}, ${shops.openDate})`,
      closedOn: shopFinanceProfiles.closedOn,
      clearOnClose: sql<0 | 1>`coalesce(${shopFinanceProfiles.clearOnClose}, 0)`.mapWith(Number),
      version: shopFinanceProfiles.version,
      float: sql<number>`coalesce(${shopPettyCash.float}, 0)`.mapWith(Number),
      largeNeedsTakings: sql<0 | 1>`coalesce(${shopPettyCash.largeNeedsTakings}, 0)`.mapWith(Number),
      pettyCashVersion: shopPettyCash.version,
    })
    .from(shops)
    .leftJoin(shopFinanceProfiles, eq(shopFinanceProfiles.shopId, shops.id))
    .leftJoin(financialAreas, eq(financialAreas.id, shopFinanceProfiles.financialAreaId))
    .leftJoin(shopFinanceTypes, eq(shopFinanceTypes.id, shopFinanceProfiles.companyTypeId))
    .leftJoin(shopPettyCash, eq(shopPettyCash.shopId, shops.id))
    .$dynamic();
}

const present = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).filter(([k, v]) => !((k === 'version' || k === 'pettyCashVersion') && v === null)),
  ) as unknown as ShopFinanceRow;

async function shopFinanceOf(tx: Db, auth: Auth, shopId: number): Promise<ShopFinanceRow> {
  assertShopVisible(auth, shopId);
  const [row] = await shopFinanceRows(tx).where(and(eq(shops.id, shopId), shopScope(auth)));
  if (!row) throw notFound();
  return present(row);
}

/**
 * Saves a per-shop row (a profile or a petty-cash setting): created on the shop's first save, later
 * updated only at the version read (409 when someone saved in between).
 */
async function upsertByShop(
  tx: Db,
  table: typeof shopFinanceProfiles | typeof shopPettyCash,
  auth: Auth,
  values: Record<string, unknown> & { shopId: number; version?: number },
) {
  await shopFinanceOf(tx, auth, values.shopId);
  const { version, shopId, ...fields } = values;
  const updated = await tx
    .update(table)
    .set({ ...fields, version: sql`${table.version} + 1`, updatedAt: new Date() })
    .where(and(eq(table.shopId, shopId), version === undefined ? undefined : eq(table.version, version)))
    .returning({ id: table.id });
  if (updated.length) return;
  const [existing] = await tx.select({ id: table.id }).from(table).where(eq(table.shopId, shopId));
  if (existing) throw conflict('staleVersion');
  await tx.insert(table).values({ ...fields, shopId, tenantId: auth.tenantId });
}

const shopSortable = { shopCode: shops.code, shopName: shops.name, feeRatio: shopFinanceProfiles.feeRatio, float: shopPettyCash.float };

function shopFinanceWhere(auth: Auth, q: z.output<typeof shopFinanceQuery>) {
  assertShopVisible(auth, q.shopId);
  return and(
    shopScope(auth),
    q.keyword ? keywordMatch(q.keyword, shops.code, shops.name) : undefined,
    q.shopId ? eq(shops.id, q.shopId) : undefined,
    q.financialAreaId ? eq(shopFinanceProfiles.financialAreaId, q.financialAreaId) : undefined,
    q.companyTypeId ? eq(shopFinanceProfiles.companyTypeId, q.companyTypeId) : undefined,
  );
}

async function shopFinancePage(tx: Db, auth: Auth, q: z.output<typeof shopFinanceQuery>) {
  const where = shopFinanceWhere(auth, q);
  const result = await pageOf(
    tx,
    q,
    shopFinanceRows(tx)
      .where(where)
      .orderBy(...orderBy(q.sort, shopSortable, [asc(shops.code)], shops.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () => tx.select({ id: shops.id }).from(shops).leftJoin(shopFinanceProfiles, eq(shopFinanceProfiles.shopId, shops.id)).where(where),
  );
  return { ...result, list: result.list.map(present) };
}

function payeeRows(tx: Db) {
  return tx
    .select({
      id: payeeAccounts.id,
      version: payeeAccounts.version,
      shopId: payeeAccounts.shopId,
      shopName: shops.name,
      itemId: payeeAccounts.itemId,
      itemCode: financeItems.code,
      itemName: financeItems.name,
      payee: payeeAccounts.payee,
      bank: payeeAccounts.bank,
      bankno: payeeAccounts.bankno,
      branchBank: payeeAccounts.branchBank,
      updatedAt: sql<string>`${payeeAccounts.updatedAt}`,
    })
    .from(payeeAccounts)
    .innerJoin(shops, eq(shops.id, payeeAccounts.shopId))
    .innerJoin(financeItems, eq(financeItems.id, payeeAccounts.itemId))
    .$dynamic();
}

async function payeeAccountOf(tx: Db, auth: Auth, id: number): Promise<PayeeAccountRow> {
  const [row] = await payeeRows(tx).where(and(eq(payeeAccounts.id, id), shopScope(auth, payeeAccounts.shopId)));
  if (!row) throw notFound();
  return row;
}

async function assertAccountFree(tx: Db, shopId: number, itemId: number, id?: number) {
  const [taken] = await payeeRows(tx)
    .where(and(eq(payeeAccounts.shopId, shopId), eq(payeeAccounts.itemId, itemId)))
    .limit(1);
  if (taken && taken.id !== id) throw conflict('payeeAccountTaken', { shop: taken.shopName, item: taken.itemName });
}

const payeeSortable = { shopName: shops.code, itemName: financeItems.code, payee: payeeAccounts.payee, updatedAt: payeeAccounts.updatedAt };

/** The import of payee accounts: shop and item named by code or name, one account per shop and item. */
const payeeImport = {
  name: ['收款账户', 'Payee accounts'] as const,
  columns: [
    { key: 'shopId', title: ['门店', 'Shop'] as const, required: true, lookup: { table: shops, scope: (auth: Auth) => shopScope(auth) } },
    { key: 'itemId', title: ['收支项目', 'Item'] as const, required: true, lookup: { table: financeItems } },
    { key: 'payee', title: ['收款人', 'Payee'] as const, required: true, example: '上海恒隆物业有限公司' },
    { key: 'bank', title: ['开户行', 'Bank'] as const, required: true, example: '中国工商银行' },
    { key: 'bankno', title: ['银行账号', 'Account number'] as const, required: true, example: '6222000011112222' },
    { key: 'branchBank', title: ['支行', 'Branch'] as const },
  ],
  schema: payeeAccountSave.omit({ id: true, version: true }),
  check: async (tx: Db, rows: { row: number; value: { shopId: number; itemId: number } }[], _auth: Auth, lang: string) => {
    const problems: { row: number; key: string; message: string }[] = [];
    const seen = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.value.shopId}:${r.value.itemId}`;
      const first = seen.get(key);
      if (first)
        problems.push({
          row: r.row,
          key: 'itemId',
          message: lang === 'en-US' ? `Same shop and item as row ${first}` : `与第 ${first} 行的门店和收支项目相同`,
        });
      else seen.set(key, r.row);
    }
    const pairs = rows.map((r) => sql`(${r.value.shopId}::bigint, ${r.value.itemId}::bigint)`);
    const existing = pairs.length
      ? await tx
          .select({ shopId: payeeAccounts.shopId, itemId: payeeAccounts.itemId })
          .from(payeeAccounts)
          .where(sql`(${payeeAccounts.shopId}, ${payeeAccounts.itemId}) in (${sql.join(pairs, sql`, `)})`)
      : [];
    for (const e of existing) {
      const r = rows.find((x) => x.value.shopId === e.shopId && x.value.itemId === e.itemId);
      if (r)
        problems.push({
          row: r.row,
          key: 'itemId',
          message: lang === 'en-US' ? 'This shop already has an account for the item' : '该门店的此收支项目已有收款账户',
        });
    }
    return problems;
  },
  insert: async (tx: Db, rows: z.output<typeof payeeAccountSave>[], auth: Auth) => {
    if (!rows.length) return 0;
    await tx.insert(payeeAccounts).values(rows.map((r) => ({ ...r, tenantId: auth.tenantId })));
    return rows.length;
  },
};

/** Shop finance profiles (shopext), petty-cash settings (fundshop) and payee accounts (ioaccount). */
export function registerShopSettings(app: FastifyInstance) {
  const profiles = { view: 'finance.shopext.view', edit: 'finance.shopext.edit' };
  route(
    app,
    'GET',
    FINANCE_API.profiles,
    { summary: 'Shops with their finance profile and petty-cash setting, paged', perm: profiles.view, query: shopFinanceQuery },
    ({ tx, auth, query }) => shopFinancePage(tx, auth, query),
  );
  route(
    app,
    'GET',
    FINANCE_API.profilesAll,
    { summary: 'Every shop the user sees with its finance profile (at most 2000)', perm: profiles.view },
    async ({ tx, auth }) => (await shopFinanceRows(tx).where(shopScope(auth)).orderBy(asc(shops.code)).limit(2000)).map(present),
  );
  route(
    app,
    'GET',
    FINANCE_API.profileShow,
    { summary: 'One shop’s finance profile and petty-cash setting', perm: profiles.view, query: shopIdBody.strip() },
    ({ tx, auth, query }) => shopFinanceOf(tx, auth, query.shopId),
  );
  route(
    app,
    'POST',
    FINANCE_API.profileSave,
    {
      summary: 'Save a shop’s finance profile (created on its first save; later at the version read)',
      perm: profiles.edit,
      body: shopFinanceSave,
      entity: 'shopext',
    },
    async ({ tx, auth, body }) => {
      await upsertByShop(tx, shopFinanceProfiles, auth, body);
      return shopFinanceOf(tx, auth, body.shopId);
    },
  );

  // Petty-cash settings sit on the same page and right as the profiles.
  route(
    app,
    'GET',
    FINANCE_API.pettyCash,
    { summary: 'Shops with their petty-cash float, paged', perm: profiles.view, query: shopFinanceQuery },
    ({ tx, auth, query }) => shopFinancePage(tx, auth, query),
  );
  route(
    app,
    'POST',
    FINANCE_API.pettyCashQuery,
    {
      summary: 'Petty-cash settings of the given shops (all the user sees when none are given)',
      perm: profiles.view,
      body: pettyCashQueryBody,
      read: true,
    },
    async ({ tx, auth, body }) => {
      for (const shopId of body.shopIds ?? []) assertShopVisible(auth, shopId);
      return (
        await shopFinanceRows(tx)
          .where(and(shopScope(auth), body.shopIds?.length ? inArray(shops.id, body.shopIds) : undefined))
          .orderBy(asc(shops.code))
          .limit(2000)
      ).map((r) => ({ shopId: r.shopId, shopName: r.shopName, float: r.float, largeNeedsTakings: r.largeNeedsTakings }));
    },
  );
  route(
    app,
    'POST',
    FINANCE_API.pettyCashOne,
    { summary: 'One shop’s petty-cash setting', perm: profiles.view, body: shopIdBody, read: true },
    async ({ tx, auth, body }) => {
      const r = await shopFinanceOf(tx, auth, body.shopId);
      return {
        shopId: r.shopId,
        shopName: r.shopName,
        float: r.float,
        largeNeedsTakings: r.largeNeedsTakings,
        version: r.pettyCashVersion,
      };
    },
  );
  route(
    app,
    'POST',
    FINANCE_API.pettyCashSave,
    {
      summary: 'Save a shop’s petty-cash float and whether large requests must be covered by its takings',
      perm: profiles.edit,
      body: pettyCashSave,
      entity: 'fundshop',
    },
    async ({ tx, auth, body }) => {
      await upsertByShop(tx, shopPettyCash, auth, body);
      return shopFinanceOf(tx, auth, body.shopId);
    },
  );

  const accounts = { view: 'finance.ioaccount.view', edit: 'finance.ioaccount.edit' };
  route(
    app,
    'GET',
    FINANCE_API.payeeAccounts,
    { summary: 'Payee accounts per shop and item, paged', perm: accounts.view, query: payeeAccountQuery },
    async ({ tx, auth, query: q }) => {
      assertShopVisible(auth, q.shopId);
      const where = and(
        shopScope(auth, payeeAccounts.shopId),
        q.shopId ? eq(payeeAccounts.shopId, q.shopId) : undefined,
        q.itemId ? eq(payeeAccounts.itemId, q.itemId) : undefined,
        q.keyword
          ? or(
              sql`${payeeAccounts.payee} ilike ${containsPattern(q.keyword)}`,
              sql`${payeeAccounts.bankno} ilike ${containsPattern(q.keyword)}`,
              sql`${shops.name} ilike ${containsPattern(q.keyword)}`,
            )
          : undefined,
      );
      return pageOf(
        tx,
        q,
        payeeRows(tx)
          .where(where)
          .orderBy(...orderBy(q.sort, payeeSortable, [asc(shops.code), asc(financeItems.code)], payeeAccounts.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        () => tx.select({ id: payeeAccounts.id }).from(payeeAccounts).innerJoin(shops, eq(shops.id, payeeAccounts.shopId)).where(where),
      );
    },
  );
  route(
    app,
    'POST',
    FINANCE_API.payeeAccountFind,
    { summary: 'The account a shop’s expenses of an item are paid to, or null', perm: accounts.view, body: payeeAccountFind, read: true },
    async ({ tx, auth, body }) => {
      assertShopVisible(auth, body.shopId);
      const [row] = await payeeRows(tx).where(
        and(eq(payeeAccounts.shopId, body.shopId), eq(payeeAccounts.itemId, body.itemId), shopScope(auth, payeeAccounts.shopId)),
      );
      return row ?? null;
    },
  );
  route(
    app,
    'POST',
    FINANCE_API.payeeAccountSave,
    {
      summary: 'Create (no id) or update (id, version) a payee account; one per shop and item',
      perm: accounts.edit,
      body: payeeAccountSave,
      entity: 'ioaccount',
    },
    async ({ tx, auth, body }) => {
      const { id, version, ...values } = body;
      assertShopVisible(auth, values.shopId);
      await assertAccountFree(tx, values.shopId, values.itemId, id);
      if (!id) {
        const [created] = await tx
          .insert(payeeAccounts)
          .values({ ...values, tenantId: auth.tenantId })
          .returning({ id: payeeAccounts.id });
        return payeeAccountOf(tx, auth, created.id);
      }
      await payeeAccountOf(tx, auth, id);
      const updated = await tx
        .update(payeeAccounts)
        .set({ ...values, version: sql`${payeeAccounts.version} + 1`, updatedAt: new Date() })
        .where(and(eq(payeeAccounts.id, id), version === undefined ? undefined : eq(payeeAccounts.version, version)))
        .returning({ id: payeeAccounts.id });
      if (!updated.length) throw conflict('staleVersion');
      return payeeAccountOf(tx, auth, id);
    },
  );
  route(
    app,
    'DELETE',
    '/api-finance/ioaccount/:id',
    {
      summary: 'Delete a payee account',
      perm: accounts.edit,
      params: z.object({ id: z.coerce.number().int().positive() }),
      entity: 'ioaccount',
    },
    async ({ tx, auth, params }) => {
      await payeeAccountOf(tx, auth, params.id);
      await tx.delete(payeeAccounts).where(eq(payeeAccounts.id, params.id));
      return { id: params.id };
    },
  );
  registerImport(app, payeeImport as never, {
    templateUrl: '/api-finance/ioaccount/excelTemplate',
    importUrl: FINANCE_API.payeeAccountImport,
    perm: accounts.edit,
    entity: 'ioaccount',
  });
}
