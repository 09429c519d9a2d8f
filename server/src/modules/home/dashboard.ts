import type { HomeAnswer, HomeFigures, homeQuery, LowStockRow, lowStockQuery } from '@headoffice/contract';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { TILL_MONEY_KINDS } from '../../platform/day-figures.js';
import { type DocumentType, inboxCounts } from '../../platform/documents.js';
import { dayIn, tenantZone } from '../../platform/numbering.js';
import { offsetOf, type Page, pageOf } from '../../platform/paging.js';
import { dayFigures } from '../../platform/schema.js';
import { payClasses, payTypes, serviceBills } from '../cashier/public.js';
import { products, stockProducts } from '../catalog/public.js';
import { regions, shops } from '../org/public.js';
import { stockBalances } from '../stock/public.js';

/** The pay class of the money actually taken (现金类: cash, POS, WeChat, UnionPay…), as the till's payments keep it. */
const CASH_CLASS = '01';

const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
const orZero = (expr: SQL) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

/**
 * The home page's figures, each aggregated in SQL over the month to the date, per shop: the settled, not
 * revoked till bills by business date (visits) and their payments (cash takings, card consumption), the
 * cards sold (card sales), all read from the daily figures; the open and expired bills; how many stock rows are below
 * their safety level; the approvals inbox's counts.
 */
export async function dashboard(tx: Db, auth: Auth, q: z.output<typeof homeQuery>, docs: Iterable<DocumentType>): Promise<HomeAnswer> {
  const zone = await tenantZone(tx, auth.tenantId);
  const companyToday = dayIn(zone);
  const date = q.date ?? companyToday;
  const monthFrom = `${date.slice(0, 8)}01`;
  const tenant = auth.tenantId;
  const shopOnly = (column: Parameters<typeof inVisibleShops>[1]) =>
    and(inVisibleShops(auth, column), q.shopid ? eq(column, q.shopid) : undefined);

  // The month's till figures (a revoked bill counts nowhere): its bills and visits, cash taken, paid by card.
  const figures = and(
    eq(dayFigures.tenantId, tenant),
    gte(dayFigures.day, monthFrom),
    lte(dayFigures.day, date),
    shopOnly(dayFigures.shopId),
  );
  const onDate = sql`${dayFigures.day} = ${date}::date`;
  const visits = tx.$with('visits').as(
    tx
      .select({
        shopId: dayFigures.shopId,
        day: int(sql`sum(${dayFigures.count}) filter (where ${onDate} and ${dayFigures.kind} = 'visit')`).as('day_visits'),
        month: int(sql`sum(${dayFigures.count}) filter (where ${dayFigures.kind} = 'visit')`).as('month_visits'),
      })
      .from(dayFigures)
      .where(and(figures, inArray(dayFigures.kind, ['bill', 'visit']), eq(dayFigures.payTypeId, 0)))
      .groupBy(dayFigures.shopId)
      .having(sql`sum(${dayFigures.count}) filter (where ${dayFigures.kind} = 'bill') > 0`),
  );
  const cashPaid = sql`${payClasses.code} = ${CASH_CLASS}`;
  const cardPaid = sql`${dayFigures.kind} = 'cardUse'`;
  const paid = tx.$with('paid').as(
    tx
      .select({
        shopId: dayFigures.shopId,
        dayCash: int(sql`sum(${dayFigures.amount}) filter (where ${onDate} and ${cashPaid})`).as('day_cash'),
        monthCash: int(sql`sum(${dayFigures.amount}) filter (where ${cashPaid})`).as('month_cash'),
        dayCard: int(sql`sum(${dayFigures.amount}) filter (where ${onDate} and ${cardPaid})`).as('day_card'),
        monthCard: int(sql`sum(${dayFigures.amount}) filter (where ${cardPaid})`).as('month_card'),
      })
      .from(dayFigures)
      .innerJoin(payTypes, and(eq(payTypes.tenantId, dayFigures.tenantId), eq(payTypes.id, dayFigures.payTypeId)))
      .innerJoin(payClasses, and(eq(payClasses.tenantId, payTypes.tenantId), eq(payClasses.id, payTypes.classId)))
      .where(and(figures, inArray(dayFigures.kind, TILL_MONEY_KINDS)))
      .groupBy(dayFigures.shopId)
      .having(sql`sum(${dayFigures.count}) > 0`),
  );
  // Cards opened and recharged (money paid in), at the till on its bills' day by every pay type, in head
  // office with no pay type on the day made: the kind `cardSale` of the daily figures.
  const cards = tx.$with('cards').as(
    tx
      .select({
        shopId: dayFigures.shopId,
        day: int(sql`sum(${dayFigures.amount}) filter (where ${onDate})`).as('day_cards'),
        month: int(sql`sum(${dayFigures.amount})`).as('month_cards'),
      })
      .from(dayFigures)
      .where(and(figures, eq(dayFigures.kind, 'cardSale')))
      .groupBy(dayFigures.shopId)
      .having(sql`sum(${dayFigures.count}) > 0`),
  );
  const parent = alias(regions, 'parent_region');
  const shopRows = await tx
    .with(visits, paid, cards)
    .select({
      shopId: shops.id,
      shopName: shops.name,
      regionName: sql<string>`coalesce(${parent.name}, ${regions.name})`,
      dayCash: orZero(sql`${paid.dayCash}`),
      monthCash: orZero(sql`${paid.monthCash}`),
      dayCard: orZero(sql`${paid.dayCard}`),
      monthCard: orZero(sql`${paid.monthCard}`),
      dayVisits: orZero(sql`${visits.day}`),
      monthVisits: orZero(sql`${visits.month}`),
      dayCards: orZero(sql`${cards.day}`),
      monthCards: orZero(sql`${cards.month}`),
    })
    .from(shops)
    .innerJoin(regions, and(eq(regions.tenantId, shops.tenantId), eq(regions.id, shops.regionId)))
    .leftJoin(parent, and(eq(parent.tenantId, regions.tenantId), eq(parent.id, regions.parentId)))
    .leftJoin(visits, eq(visits.shopId, shops.id))
    .leftJoin(paid, eq(paid.shopId, shops.id))
    .leftJoin(cards, eq(cards.shopId, shops.id))
    .where(
      and(
        eq(shops.tenantId, tenant),
        shopOnly(shops.id),
        // Shops at work, and a closed shop that still has figures this month.
        or(eq(shops.status, 1), sql`${visits.shopId} is not null`, sql`${paid.shopId} is not null`, sql`${cards.shopId} is not null`),
      ),
    )
    .orderBy(asc(shops.code));

  const shopFigures = shopRows.map((r) => ({
    shopId: r.shopId,
    shopName: r.shopName,
    regionName: r.regionName,
    today: { cash: r.dayCash, cardUse: r.dayCard, visits: r.dayVisits, cardSales: r.dayCards },
    month: { cash: r.monthCash, cardUse: r.monthCard, visits: r.monthVisits, cardSales: r.monthCards },
  }));
  // The totals: sums over the shops' rows (one per shop, already aggregated in SQL).
  const sum = (period: 'today' | 'month'): HomeFigures => ({
    cash: shopFigures.reduce((s, x) => s + x[period].cash, 0),
    cardUse: shopFigures.reduce((s, x) => s + x[period].cardUse, 0),
    visits: shopFigures.reduce((s, x) => s + x[period].visits, 0),
    cardSales: shopFigures.reduce((s, x) => s + x[period].cardSales, 0),
  });

  // Till bills not settled: open today, and expired (status 2, or still open from an earlier day: the
  // till expires those when it is next used, the dashboard need not wait for it).
  const stale = sql`${serviceBills.businessDate} < ${companyToday}::date`;
  const [bills] = await tx
    .select({
      open: int(sql`count(*) filter (where ${serviceBills.status} = 1 and not ${stale})`),
      expired: int(sql`count(*) filter (where ${serviceBills.status} = 2 or ${stale})`),
    })
    .from(serviceBills)
    .where(
      and(
        eq(serviceBills.tenantId, tenant),
        inArray(serviceBills.status, [1, 2]),
        eq(serviceBills.isDel, 0),
        shopOnly(serviceBills.shopId),
      ),
    );

  const [low] = await tx
    .select({ total: int(sql`count(*)`) })
    .from(stockProducts)
    .leftJoin(stockBalances, balanceOf)
    .where(lowStockWhere(auth, q.shopid));

  return {
    date,
    monthFrom,
    today: sum('today'),
    month: sum('month'),
    shops: shopFigures,
    approvals: await inboxCounts(tx, auth, docs),
    bills: { open: bills?.open ?? 0, expired: bills?.expired ?? 0 },
    lowStock: { total: low?.total ?? 0 },
  };
}

/** A stock row's balance at its location (none kept yet: nothing in stock). */
const balanceOf = and(
  eq(stockBalances.tenantId, stockProducts.tenantId),
  sql`coalesce(${stockBalances.shopId}, 0) = coalesce(${stockProducts.shopId}, 0)`,
  eq(stockBalances.productId, stockProducts.productId),
);
const quantity = sql<number>`coalesce(${stockBalances.quantity}, 0)`.mapWith(Number);
const shortfall = sql<number>`${stockProducts.safetyStock} - coalesce(${stockBalances.quantity}, 0)`.mapWith(Number);

/**
 * Stock below the safety level kept per location and product (catalog's stock_products), of products kept
 * there (status 1) with a level set; a shop user sees their shops' rows only, never head office's warehouse
 * (shop null).
 */
function lowStockWhere(auth: Auth, shopid: number | undefined) {
  return and(
    eq(stockProducts.tenantId, auth.tenantId),
    eq(stockProducts.status, 1),
    sql`${stockProducts.safetyStock} > 0`,
    sql`coalesce(${stockBalances.quantity}, 0) < ${stockProducts.safetyStock}`,
    visibleShops(auth) ? inVisibleShops(auth, stockProducts.shopId) : undefined,
    shopid ? eq(stockProducts.shopId, shopid) : undefined,
  );
}

/** 库存预警: the stock rows below their safety level, the largest shortfall first. */
export async function lowStock(tx: Db, auth: Auth, q: z.output<typeof lowStockQuery>): Promise<Page<LowStockRow>> {
  const where = lowStockWhere(auth, q.shopid);
  const rows = tx
    .select({
      shopId: stockProducts.shopId,
      shopName: shops.name,
      productId: stockProducts.productId,
      productCode: products.pcode,
      productName: products.name,
      quantity,
      safetyStock: stockProducts.safetyStock,
      shortfall,
    })
    .from(stockProducts)
    .innerJoin(products, and(eq(products.tenantId, stockProducts.tenantId), eq(products.id, stockProducts.productId)))
    .leftJoin(shops, and(eq(shops.tenantId, stockProducts.tenantId), eq(shops.id, stockProducts.shopId)))
    .leftJoin(stockBalances, balanceOf)
    .where(where)
    .orderBy(desc(shortfall), asc(stockProducts.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return pageOf(tx, q, rows, () => tx.select({ id: stockProducts.id }).from(stockProducts).leftJoin(stockBalances, balanceOf).where(where));
}
