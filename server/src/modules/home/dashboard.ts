import type { HomeAnswer, HomeFigures, homeQuery } from '@headoffice/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { type DocumentType, inboxCounts } from '../../platform/documents.js';
import { addDays, dayIn, tenantZone } from '../../platform/numbering.js';
import { cardBills } from '../assets/public.js';
import { serviceBills } from '../cashier/public.js';
import { products, stockProducts } from '../catalog/public.js';
import { regions, shops } from '../org/public.js';
import { stockBalances } from '../stock/public.js';

const LOW_STOCK_ITEMS = 20;

const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
/** The start of a business day in the company's time zone, as a point in time. */
const dayStartIn = (zone: string) => (d: string) => sql`(${d}::date::timestamp at time zone ${zone})`;

/**
 * The home page's figures, each aggregated in SQL: settled bills by (status, business_date) and card
 * bills by time over the month to the date, per shop; shops with their top-level region; the open and
 * expired bills; stock rows below their safety level; the approvals inbox's counts.
 */
export async function dashboard(tx: Db, auth: Auth, q: z.output<typeof homeQuery>, docs: Iterable<DocumentType>): Promise<HomeAnswer> {
  const zone = await tenantZone(tx, auth.tenantId);
  const dayStart = dayStartIn(zone);
  const companyToday = dayIn(zone);
  const date = q.date ?? companyToday;
  const monthFrom = `${date.slice(0, 8)}01`;
  const tenant = auth.tenantId;
  const shopOnly = (column: Parameters<typeof inVisibleShops>[1]) =>
    and(inVisibleShops(auth, column), q.shopid ? eq(column, q.shopid) : undefined);

  // Settled, not revoked till bills: turnover (bill amount) and visits (bills), the day's and the month's.
  const today = sql`${serviceBills.businessDate} = ${date}::date`;
  const settled = tx.$with('settled').as(
    tx
      .select({
        shopId: serviceBills.shopId,
        dayTurnover: int(sql`sum(${serviceBills.amount}) filter (where ${today})`).as('day_turnover'),
        dayVisits: int(sql`count(*) filter (where ${today})`).as('day_visits'),
        monthTurnover: int(sql`sum(${serviceBills.amount})`).as('month_turnover'),
        monthVisits: int(sql`count(*)`).as('month_visits'),
      })
      .from(serviceBills)
      .where(
        and(
          eq(serviceBills.tenantId, tenant),
          eq(serviceBills.status, 4),
          gte(serviceBills.businessDate, monthFrom),
          lte(serviceBills.businessDate, date),
          eq(serviceBills.isHc, 0),
          eq(serviceBills.isDel, 0),
          shopOnly(serviceBills.shopId),
        ),
      )
      .groupBy(serviceBills.shopId),
  );
  // Cards opened and recharged (money paid in), not revoked, by the time they were made.
  const cardToday = sql`${cardBills.createdAt} >= ${dayStart(date)}`;
  const cards = tx.$with('cards').as(
    tx
      .select({
        shopId: cardBills.shopId,
        dayCards: int(sql`sum(${cardBills.amount}) filter (where ${cardToday})`).as('day_cards'),
        monthCards: int(sql`sum(${cardBills.amount})`).as('month_cards'),
      })
      .from(cardBills)
      .where(
        and(
          eq(cardBills.tenantId, tenant),
          inArray(cardBills.kind, ['open', 'recharge']),
          isNull(cardBills.revokedAt),
          gte(cardBills.createdAt, dayStart(monthFrom)),
          lt(cardBills.createdAt, dayStart(addDays(date, 1))),
          shopOnly(cardBills.shopId),
        ),
      )
      .groupBy(cardBills.shopId),
  );
  const parent = alias(regions, 'parent_region');
  const shopRows = await tx
    .with(settled, cards)
    .select({
      shopId: shops.id,
      shopName: shops.name,
      regionId: sql<number>`coalesce(${parent.id}, ${regions.id})`.mapWith(Number),
      regionName: sql<string>`coalesce(${parent.name}, ${regions.name})`,
      dayTurnover: sql<number>`coalesce(${settled.dayTurnover}, 0)`.mapWith(Number),
      dayVisits: sql<number>`coalesce(${settled.dayVisits}, 0)`.mapWith(Number),
      monthTurnover: sql<number>`coalesce(${settled.monthTurnover}, 0)`.mapWith(Number),
      monthVisits: sql<number>`coalesce(${settled.monthVisits}, 0)`.mapWith(Number),
      dayCards: sql<number>`coalesce(${cards.dayCards}, 0)`.mapWith(Number),
      monthCards: sql<number>`coalesce(${cards.monthCards}, 0)`.mapWith(Number),
    })
    .from(shops)
    .innerJoin(regions, and(eq(regions.tenantId, shops.tenantId), eq(regions.id, shops.regionId)))
    .leftJoin(parent, and(eq(parent.tenantId, regions.tenantId), eq(parent.id, regions.parentId)))
    .leftJoin(settled, eq(settled.shopId, shops.id))
    .leftJoin(cards, eq(cards.shopId, shops.id))
    .where(
      and(
        eq(shops.tenantId, tenant),
        shopOnly(shops.id),
        // Shops at work, and a closed shop that still has figures this month.
        or(eq(shops.status, 1), sql`${settled.shopId} is not null`, sql`${cards.shopId} is not null`),
      ),
    )
    .orderBy(asc(shops.code));

  const zero = (): HomeFigures => ({ turnover: 0, visits: 0, cardSales: 0 });
  const add = (to: HomeFigures, f: HomeFigures) => {
    to.turnover += f.turnover;
    to.visits += f.visits;
    to.cardSales += f.cardSales;
  };
  const shopFigures = shopRows.map((r) => ({
    shopId: r.shopId,
    shopName: r.shopName,
    regionId: r.regionId,
    regionName: r.regionName,
    today: { turnover: r.dayTurnover, visits: r.dayVisits, cardSales: r.dayCards },
    month: { turnover: r.monthTurnover, visits: r.monthVisits, cardSales: r.monthCards },
  }));
  // Regions and totals: sums over the shops' rows (one per shop, already aggregated in SQL).
  const byRegion = new Map<number, HomeAnswer['regions'][number]>();
  const total = { today: zero(), month: zero() };
  for (const s of shopFigures) {
    let region = byRegion.get(s.regionId);
    if (!region) {
      region = { regionId: s.regionId, regionName: s.regionName, today: zero(), month: zero() };
      byRegion.set(s.regionId, region);
    }
    add(region.today, s.today);
    add(region.month, s.month);
    add(total.today, s.today);
    add(total.month, s.month);
  }

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

  // Stock below the safety level kept per location and product (catalog's stock_products); a shop
  // user sees their shops' rows only (not head office's warehouse, shop null).
  const visible = visibleShops(auth);
  const quantity = sql<number>`coalesce(${stockBalances.quantity}, 0)`.mapWith(Number);
  const lowRows = await tx
    .select({
      shopId: stockProducts.shopId,
      shopName: shops.name,
      productId: stockProducts.productId,
      productName: products.name,
      quantity,
      safetyStock: stockProducts.safetyStock,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(stockProducts)
    .innerJoin(products, and(eq(products.tenantId, stockProducts.tenantId), eq(products.id, stockProducts.productId)))
    .leftJoin(shops, and(eq(shops.tenantId, stockProducts.tenantId), eq(shops.id, stockProducts.shopId)))
    .leftJoin(
      stockBalances,
      and(
        eq(stockBalances.tenantId, stockProducts.tenantId),
        sql`coalesce(${stockBalances.shopId}, 0) = coalesce(${stockProducts.shopId}, 0)`,
        eq(stockBalances.productId, stockProducts.productId),
      ),
    )
    .where(
      and(
        eq(stockProducts.tenantId, tenant),
        eq(stockProducts.status, 1),
        sql`${stockProducts.safetyStock} > 0`,
        sql`coalesce(${stockBalances.quantity}, 0) < ${stockProducts.safetyStock}`,
        visible ? shopOnly(stockProducts.shopId) : q.shopid ? eq(stockProducts.shopId, q.shopid) : undefined,
      ),
    )
    .orderBy(desc(sql`${stockProducts.safetyStock} - coalesce(${stockBalances.quantity}, 0)`), asc(stockProducts.id))
    .limit(LOW_STOCK_ITEMS);

  return {
    date,
    monthFrom,
    today: total.today,
    month: total.month,
    shops: shopFigures,
    regions: [...byRegion.values()].sort((a, b) => b.month.turnover - a.month.turnover || a.regionId - b.regionId),
    approvals: await inboxCounts(tx, auth, docs),
    bills: { open: bills?.open ?? 0, expired: bills?.expired ?? 0 },
    lowStock: {
      total: lowRows[0]?.total ?? 0,
      items: lowRows.map(({ total: _total, ...r }) => r),
    },
  };
}
