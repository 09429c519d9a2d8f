import {
  budgetAllQuery,
  budgetQuery,
  budgetRow,
  budgetSave,
  EXPENSE_API,
  ioBillQuery,
  shopIoBillQuery,
  shopLimitRow,
  shopLimitsQuery,
} from '@headoffice/contract';
import { and, asc, desc, eq, gte, lte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { registerImport } from '../../platform/importer.js';
import { yuan } from '../../platform/money.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { loadShop, shops } from '../org/public.js';
import { expenseBudgets, expenseLimits, financeItems, shopIoBills } from './schema.js';

// Expense control (DOMAIN-DETAIL §9.3): every shop's monthly spending limits, yearly budgets by quarter,
// the shops' own income and expense bills.

defineMessages({
  budgetQuartersSum: [
    '四个季度合计 {quarters} 与全年预算 {year} 不一致',
    'The quarters come to {quarters}, not the year’s budget of {year}',
  ],
  budgetTaken: ['该门店的这个收支项目在 {year} 年已有预算', 'The shop already has a budget for this item in {year}'],
});

definedEntityLabels.set('iolimitys', ['支出预算', 'expense budget']);

const VIEW = 'finance.fundbill.view';
/** Budgets are set by whoever may turn requests into spending limits. */
const BUDGET_EDIT = 'finance.fundbill.limit';

function budgetRows(tx: Db) {
  return tx
    .select({
      id: expenseBudgets.id,
      version: expenseBudgets.version,
      shopId: expenseBudgets.shopId,
      shopName: shops.name,
      itemId: expenseBudgets.itemId,
      itemName: financeItems.name,
      year: expenseBudgets.year,
      yearAmount: expenseBudgets.yearAmount,
      q1: expenseBudgets.q1,
      q2: expenseBudgets.q2,
      q3: expenseBudgets.q3,
      q4: expenseBudgets.q4,
      memo: expenseBudgets.memo,
    })
    .from(expenseBudgets)
    .innerJoin(shops, eq(shops.id, expenseBudgets.shopId))
    .innerJoin(financeItems, eq(financeItems.id, expenseBudgets.itemId))
    .$dynamic();
}

async function budgetForUpdate(tx: Db, auth: Auth, id: number) {
  const [current] = await tx
    .select({ id: expenseBudgets.id, version: expenseBudgets.version, shopId: expenseBudgets.shopId })
    .from(expenseBudgets)
    .where(and(eq(expenseBudgets.id, id), inVisibleShops(auth, expenseBudgets.shopId)))
    .for('update');
  if (!current) throw notFound();
  return current;
}

async function saveBudget(tx: Db, auth: Auth, body: z.output<typeof budgetSave>) {
  // The budget changed is found first: another shop's or tenant's answers 404 before any field is judged.
  const current = body.id ? await budgetForUpdate(tx, auth, body.id) : undefined;
  await loadShop(tx, auth, body.shopId);
  const [item] = await tx.select({ id: financeItems.id }).from(financeItems).where(eq(financeItems.id, body.itemId));
  if (!item) throw fieldError('itemId', 'missingReference', { field: '@itemId' });
  const quarters = body.q1 + body.q2 + body.q3 + body.q4;
  if (quarters !== body.yearAmount)
    throw fieldError('yearAmount', 'budgetQuartersSum', { quarters: yuan(quarters), year: yuan(body.yearAmount) });
  const [taken] = await tx
    .select({ id: expenseBudgets.id })
    .from(expenseBudgets)
    .where(
      and(
        eq(expenseBudgets.shopId, body.shopId),
        eq(expenseBudgets.itemId, body.itemId),
        eq(expenseBudgets.year, body.year),
        body.id ? ne(expenseBudgets.id, body.id) : undefined,
      ),
    );
  if (taken) throw conflict('budgetTaken', { year: body.year });
  const values = {
    shopId: body.shopId,
    itemId: body.itemId,
    year: body.year,
    yearAmount: body.yearAmount,
    q1: body.q1,
    q2: body.q2,
    q3: body.q3,
    q4: body.q4,
    memo: body.memo ?? null,
  };
  if (!current) {
    const [created] = await tx
      .insert(expenseBudgets)
      .values({ ...values, tenantId: auth.tenantId })
      .returning({ id: expenseBudgets.id });
    return created.id;
  }
  if (body.version !== undefined && body.version !== current.version) throw conflict('staleVersion');
  await tx
    .update(expenseBudgets)
    .set({ ...values, version: current.version + 1, updatedAt: new Date() })
    .where(eq(expenseBudgets.id, current.id));
  return current.id;
}

const yuanCell = (label: string) =>
  z.coerce
    .number()
    .refine((v) => v >= 0 && v <= 10_000_000, `${label}须为 0 到 1000 万元`)
    .transform((v) => Math.round(v * 100));

/** The import of budgets (iolimitys saveSystem): a row per shop × item × year, in yuan; the quarters add up to the year. */
const budgetImport = {
  name: ['支出预算', 'Expense budgets'] as const,
  columns: [
    {
      key: 'shopId',
      title: ['门店', 'Shop'] as const,
      required: true,
      lookup: { table: shops, scope: (auth: Auth) => inVisibleShops(auth, shops.id) },
    },
    { key: 'itemId', title: ['收支项目', 'Item'] as const, required: true, lookup: { table: financeItems } },
    { key: 'year', title: ['年度', 'Year'] as const, type: 'int' as const, required: true, example: '2026' },
    { key: 'yearAmount', title: ['全年预算(元)', 'Year (yuan)'] as const, required: true, example: '12000.00' },
    { key: 'q1', title: ['一季度(元)', 'Q1 (yuan)'] as const, required: true, example: '3000.00' },
    { key: 'q2', title: ['二季度(元)', 'Q2 (yuan)'] as const, required: true, example: '3000.00' },
    { key: 'q3', title: ['三季度(元)', 'Q3 (yuan)'] as const, required: true, example: '3000.00' },
    { key: 'q4', title: ['四季度(元)', 'Q4 (yuan)'] as const, required: true, example: '3000.00' },
    { key: 'memo', title: ['备注', 'Memo'] as const },
  ],
  schema: z
    .object({
      shopId: z.number().int().positive(),
      itemId: z.number().int().positive(),
      year: z.coerce.number().int().min(2000).max(2100),
      yearAmount: yuanCell('全年预算'),
      q1: yuanCell('一季度'),
      q2: yuanCell('二季度'),
      q3: yuanCell('三季度'),
      q4: yuanCell('四季度'),
      memo: z.string().max(500).nullish(),
    })
    .refine((v) => v.q1 + v.q2 + v.q3 + v.q4 === v.yearAmount, { path: ['yearAmount'], message: '四个季度合计与全年预算不一致' }),
  // Each row saved as the save route would (a budget already set for the shop, item and year refuses the whole sheet).
  insert: async (tx: Db, rows: z.output<typeof budgetSave>[], auth: Auth) => {
    for (const row of rows) await saveBudget(tx, auth, row);
    return rows.length;
  },
};

function ioBillRows(tx: Db) {
  return tx
    .select({
      id: shopIoBills.id,
      billNo: shopIoBills.billNo,
      shopId: shopIoBills.shopId,
      shopName: shops.name,
      billDate: shopIoBills.billDate,
      type: shopIoBills.type,
      itemId: shopIoBills.itemId,
      itemName: financeItems.name,
      total: shopIoBills.total,
      details: shopIoBills.details,
      isHc: shopIoBills.isHc,
      memo: shopIoBills.memo,
      createdByName: shopIoBills.createdByName,
    })
    .from(shopIoBills)
    .innerJoin(shops, eq(shops.id, shopIoBills.shopId))
    .leftJoin(financeItems, eq(financeItems.id, shopIoBills.itemId))
    .$dynamic();
}

async function ioBillPage(tx: Db, auth: Auth, q: z.output<typeof ioBillQuery>) {
  assertShopVisible(auth, q.shopId);
  const where = and(
    inVisibleShops(auth, shopIoBills.shopId),
    q.shopId ? eq(shopIoBills.shopId, q.shopId) : undefined,
    q.type ? eq(shopIoBills.type, q.type) : undefined,
    q.dateFrom ? gte(shopIoBills.billDate, q.dateFrom) : undefined,
    q.dateTo ? lte(shopIoBills.billDate, q.dateTo) : undefined,
  );
  return pageOf(
    tx,
    q,
    ioBillRows(tx).where(where).orderBy(desc(shopIoBills.billDate), desc(shopIoBills.id)).limit(q.pageSize).offset(offsetOf(q)),
    () => tx.select({ id: shopIoBills.id }).from(shopIoBills).where(where),
  );
}

export function registerExpenseControl(app: FastifyInstance) {
  registerImport(app, budgetImport as never, {
    templateUrl: '/api-finance/iolimitys/excelTemplate',
    importUrl: '/api-finance/iolimitys/saveSystem',
    perm: BUDGET_EDIT,
    entity: 'iolimitys',
  });
  route(
    app,
    'GET',
    EXPENSE_API.allShopLimits,
    {
      summary: 'The spending limits of a month for every shop the user sees, by item',
      perm: VIEW,
      query: shopLimitsQuery,
      response: z.array(shopLimitRow),
    },
    ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopId);
      return tx
        .select({
          shopId: expenseLimits.shopId,
          shopName: shops.name,
          itemId: expenseLimits.itemId,
          itemName: financeItems.name,
          month: expenseLimits.month,
          amount: expenseLimits.amount,
        })
        .from(expenseLimits)
        .innerJoin(shops, eq(shops.id, expenseLimits.shopId))
        .innerJoin(financeItems, eq(financeItems.id, expenseLimits.itemId))
        .where(
          and(
            eq(expenseLimits.month, query.month),
            inVisibleShops(auth, expenseLimits.shopId),
            query.shopId ? eq(expenseLimits.shopId, query.shopId) : undefined,
            query.itemId ? eq(expenseLimits.itemId, query.itemId) : undefined,
          ),
        )
        .orderBy(asc(shops.code), asc(financeItems.code))
        .limit(5000);
    },
  );
  route(
    app,
    'GET',
    EXPENSE_API.budgets,
    { summary: 'Yearly budgets by quarter of the shops the user sees, paged', perm: VIEW, query: budgetQuery },
    async ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopId);
      const where = and(
        inVisibleShops(auth, expenseBudgets.shopId),
        query.year ? eq(expenseBudgets.year, query.year) : undefined,
        query.shopId ? eq(expenseBudgets.shopId, query.shopId) : undefined,
        query.itemId ? eq(expenseBudgets.itemId, query.itemId) : undefined,
      );
      return pageOf(
        tx,
        query,
        budgetRows(tx)
          .where(where)
          .orderBy(desc(expenseBudgets.year), asc(shops.code), asc(financeItems.code))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        () => tx.select({ id: expenseBudgets.id }).from(expenseBudgets).where(where),
      );
    },
  );
  route(
    app,
    'GET',
    EXPENSE_API.budgetsAll,
    {
      summary: 'Every budget of a year (at most 2000), optionally of one shop',
      perm: VIEW,
      query: budgetAllQuery,
      response: z.array(budgetRow),
    },
    ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopId);
      return budgetRows(tx)
        .where(
          and(
            inVisibleShops(auth, expenseBudgets.shopId),
            eq(expenseBudgets.year, query.year),
            query.shopId ? eq(expenseBudgets.shopId, query.shopId) : undefined,
          ),
        )
        .orderBy(asc(shops.code), asc(financeItems.code))
        .limit(2000);
    },
  );
  route(
    app,
    'POST',
    EXPENSE_API.budgetSave,
    {
      summary: 'Save a yearly budget by quarter (the quarters add up to the year; one per shop, item and year)',
      perm: BUDGET_EDIT,
      body: budgetSave,
      entity: 'iolimitys',
      response: budgetRow,
    },
    async ({ tx, auth, body }) => {
      const id = await saveBudget(tx, auth, body);
      const [row] = await budgetRows(tx).where(eq(expenseBudgets.id, id));
      return row;
    },
  );
  route(
    app,
    'GET',
    EXPENSE_API.shopIoBills,
    { summary: "One shop's income and expense bills made at the till, newest first, paged", perm: VIEW, query: shopIoBillQuery },
    ({ tx, auth, query }) => ioBillPage(tx, auth, query),
  );
  route(
    app,
    'GET',
    EXPENSE_API.chainIoBills,
    { summary: 'The income and expense bills of every shop the user sees, newest first, paged', perm: VIEW, query: ioBillQuery },
    ({ tx, auth, query }) => ioBillPage(tx, auth, query),
  );
}
