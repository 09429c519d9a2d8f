import type {
  MemberSpendingRow,
  MemberSummaryRow,
  MemberTypeCounts,
  MemberTypesAnswer,
  memberSpendingQuery,
  memberSummaryQuery,
  memberTypesQuery,
} from '@headoffice/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { rowsOf } from '../../platform/ledger.js';
import { addDays } from '../../platform/numbering.js';
import { offsetOf, orderBy, type Page, pageOf } from '../../platform/paging.js';
import { memberSpendingBills } from '../cashier/public.js';
import { memberKeyword, memberScope, members } from '../members/public.js';
import { shops } from '../org/public.js';

const n = (v: unknown) => Number(v ?? 0);
/** Spending per visit, rounded half-up (0 without a visit), as the member's 客单价 is. */
const perVisit = (money: number, visits: number) => (visits > 0 ? Math.floor((2 * money + visits) / (2 * visits)) : 0);

/** The last day of a `YYYY-MM` month. */
const monthEnd = (month: string) => addDays(`${addDays(`${month}-01`, 31).slice(0, 7)}-01`, -1);
/** `YYYY-MM` of `month` moved by `by` months. */
function monthPlus(month: string, by: number) {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The members a user's filters reach: their shops' (home shop), one shop, a keyword. */
function memberWhere(auth: Auth, q: { shopid?: number; keyword?: string }): SQL[] {
  const keyword = q.keyword?.trim();
  return [
    eq(members.tenantId, auth.tenantId),
    memberScope(auth),
    q.shopid ? eq(members.shopId, q.shopid) : undefined,
    keyword ? memberKeyword(keyword) : undefined,
  ].filter((w): w is SQL => w !== undefined);
}

/**
 * 会员统计: members by type per home shop (DOMAIN-DETAIL §10, `memberTypeCounts`), the types read from the
 * members' cards and packages as they are today; and the members registered in each of the twelve months
 * to the end of the days. What a member holds is kept on the member (`holdsStoredCard`, `qualificationUntil`,
 * `packageUntil`: the database's triggers on the cards and packages, migration 0075), so both counts read one
 * index of the members (`members_tenant_shop_types`) and nothing else; "not expired" is today's comparison here.
 */
/** `today`: the company's, read before (the reader may not read the tenant's settings). */
export async function memberTypes(tx: Db, auth: Auth, q: z.output<typeof memberTypesQuery>, today: string): Promise<MemberTypesAnswer> {
  const dateTo = q.dateTo ?? (q.dateFrom && q.dateFrom > today ? q.dateFrom : today);
  const dateFrom = q.dateFrom ?? `${dateTo.slice(0, 7)}-01`;
  const where = and(...memberWhere(auth, q), sql`${members.status} <> 3`, lte(members.registeredOn, dateTo));
  const qual = sql`${members.qualificationUntil} >= ${today}::date`;
  const pack = sql`${members.packageUntil} >= ${today}::date`;
  const counts = tx
    .select({
      shopId: members.shopId,
      newMembers: sql`count(*) filter (where ${members.registeredOn} >= ${dateFrom}::date)`.as('new_members'),
      potential: sql`count(*) filter (where not ${members.holdsStoredCard} and ${qual} is not true and ${pack} is not true)`.as(
        'potential',
      ),
      storedValue: sql`count(*) filter (where ${members.holdsStoredCard})`.as('stored_value'),
      qualification: sql`count(*) filter (where ${qual})`.as('qualification'),
      package: sql`count(*) filter (where ${pack})`.as('package'),
      total: sql`count(*)`.as('total'),
    })
    .from(members)
    .where(where)
    .groupBy(members.shopId)
    .as('counts');
  const rows = await tx
    .select({
      shopId: counts.shopId,
      shopName: shops.name,
      newMembers: counts.newMembers,
      potential: counts.potential,
      storedValue: counts.storedValue,
      qualification: counts.qualification,
      package: counts.package,
      total: counts.total,
    })
    .from(counts)
    .innerJoin(shops, and(eq(shops.tenantId, auth.tenantId), eq(shops.id, counts.shopId)))
    .orderBy(asc(shops.code), asc(counts.shopId));
  const shopRows = rows.map((r) => ({
    shopId: n(r.shopId),
    shopName: String(r.shopName),
    newMembers: n(r.newMembers),
    potential: n(r.potential),
    storedValue: n(r.storedValue),
    qualification: n(r.qualification),
    package: n(r.package),
    total: n(r.total),
  }));
  const total: MemberTypeCounts = { newMembers: 0, potential: 0, storedValue: 0, qualification: 0, package: 0, total: 0 };
  for (const r of shopRows) for (const k of Object.keys(total) as (keyof MemberTypeCounts)[]) total[k] += r[k];

  // Growth: the members registered in each of the twelve months to dateTo's (the recent members only, from the
  // index by registration day); those before the first are the rest of the total.
  const last = dateTo.slice(0, 7);
  const first = monthPlus(last, -11);
  const perMonth = rowsOf<{ month: string; count: unknown }>(
    await tx.execute(sql`
      select to_char(${members.registeredOn}, 'YYYY-MM') as month, count(*) as count
      from ${members} where ${where} and ${members.registeredOn} >= ${`${first}-01`}::date group by 1`),
  );
  let running = total.total - perMonth.reduce((sum, r) => sum + n(r.count), 0);
  const months = Array.from({ length: 12 }, (_, i) => monthPlus(first, i)).map((month) => {
    const added = n(perMonth.find((r) => r.month === month)?.count);
    running += added;
    return { month, newMembers: added, total: running };
  });
  return { dateFrom, dateTo, total, shops: shopRows, growth: months };
}

const memberColumns = {
  memberId: members.id,
  code: members.code,
  name: members.name,
  nickname: members.nickname,
  mobile: members.mobile,
  gender: members.gender,
  shopId: members.shopId,
  shopName: shops.name,
};
const shopOfMember = and(eq(shops.tenantId, members.tenantId), eq(shops.id, members.shopId));

const summarySortable = {
  code: members.code,
  registeredOn: members.registeredOn,
  balance: members.balance,
  packageValue: members.packageValue,
  spent: members.spent,
  visits: members.visits,
  perVisit: members.perVisit,
  lastVisitAt: members.lastVisitAt,
};

/**
 * 会员数据汇总 (statisticsListForChain): members with their stored value, package value and spending, as
 * the figures kept on the member hold them (the cards' ledger and the member's bills, each kept in its
 * write's transaction); most spending first unless sorted otherwise.
 */
export async function memberSummary(tx: Db, auth: Auth, q: z.output<typeof memberSummaryQuery>): Promise<Page<MemberSummaryRow>> {
  const where = and(
    ...memberWhere(auth, q),
    q.minMoney !== undefined ? gte(members.balance, q.minMoney) : undefined,
    q.maxMoney !== undefined ? lte(members.balance, q.maxMoney) : undefined,
  );
  const order = orderBy(q.sort, summarySortable, [desc(members.spent)], members.id);
  const page = await pageOf(
    tx,
    q,
    tx
      .select({
        ...memberColumns,
        registeredOn: members.registeredOn,
        principal: members.principal,
        gift: members.gift,
        balance: sql<number>`${members.balance}`.mapWith(Number),
        packageValue: members.packageValue,
        spent: members.spent,
        visits: members.visits,
        perVisit: members.perVisit,
        lastVisitAt: members.lastVisitAt,
      })
      .from(members)
      .innerJoin(shops, shopOfMember)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () => tx.select({ id: members.id }).from(members).where(where).$dynamic(),
  );
  return { ...page, list: page.list.map((r) => ({ ...r, lastVisitAt: r.lastVisitAt ? r.lastVisitAt.toISOString() : null })) };
}

type SpendingQuery = z.output<typeof memberSpendingQuery>;

/** The month's days and its year's to the month's end. */
function spendingDays(q: SpendingQuery) {
  return { yearFrom: `${q.yearMonth.slice(0, 4)}-01-01`, monthFrom: `${q.yearMonth}-01`, monthTo: monthEnd(q.yearMonth) };
}

/** The members' figures of the month and of the year to it, from their bills (as the member's own figures count them), by business day. */
function spendingFigures(tx: Db, q: SpendingQuery, billsOf: SQL | undefined) {
  const { yearFrom, monthFrom, monthTo } = spendingDays(q);
  const bills = memberSpendingBills(
    tx,
    and(sql`service_bills.business_date >= ${yearFrom}::date`, sql`service_bills.business_date <= ${monthTo}::date`, billsOf),
  );
  const inMonth = sql`${bills.businessDate} >= ${monthFrom}::date`;
  return tx
    .select({
      memberId: sql<number>`${bills.memberId}`.as('figure_member_id'),
      cmMoney: sql<number>`coalesce(sum(${bills.amount}) filter (where ${inMonth}), 0)::bigint`.as('cm_money'),
      cmNum: sql<number>`count(*) filter (where ${inMonth} and ${bills.isCompute} = 1)::int`.as('cm_num'),
      servTotal: sql<number>`coalesce(sum(${bills.amount}), 0)::bigint`.as('serv_total'),
      servNum: sql<number>`count(*) filter (where ${bills.isCompute} = 1)::int`.as('serv_num'),
    })
    .from(bills)
    .groupBy(bills.memberId)
    .as('figures');
}

const spendingRow = (r: Record<string, unknown>): MemberSpendingRow => {
  const [cmMoney, cmNum, servTotal, servNum] = [r.cmMoney, r.cmNum, r.servTotal, r.servNum].map(n);
  return {
    memberId: n(r.memberId),
    code: String(r.code),
    name: String(r.name),
    nickname: (r.nickname as string | null) ?? null,
    mobile: String(r.mobile),
    gender: n(r.gender),
    shopId: n(r.shopId),
    shopName: String(r.shopName),
    cmMoney,
    cmNum,
    cmUnivalent: perVisit(cmMoney, cmNum),
    servTotal,
    servNum,
    univalent: perVisit(servTotal, servNum),
  };
};

/**
 * 会员消费分析 (statisticsYmListForChain): each member's spending and visits in the month and in its year to
 * the month's end, over their settled, not revoked bills at any shop (the member's figures are the chain's),
 * by business day. Without a minimum every member of the user's shops is listed by number, their page's
 * figures read from their own bills; with one, the period's bills are summed per member first and the list
 * runs from the month's largest spending.
 */
export async function memberSpending(tx: Db, auth: Auth, q: SpendingQuery): Promise<Page<MemberSpendingRow>> {
  const where = and(...memberWhere(auth, q));
  const minimums = [q.minservTotal, q.mincmMoney, q.minservNum, q.mincmNum].some((m) => m !== undefined && m > 0);
  if (!minimums) {
    const page = await pageOf(
      tx,
      q,
      tx
        .select(memberColumns)
        .from(members)
        .innerJoin(shops, shopOfMember)
        .where(where)
        .orderBy(asc(members.code), asc(members.id))
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      () => tx.select({ id: members.id }).from(members).where(where).$dynamic(),
    );
    const ids = page.list.map((m) => m.memberId);
    const figures = ids.length
      ? await tx
          .select()
          .from(spendingFigures(tx, q, inArray(sql`service_bills.member_id`, ids)))
          .then((rows) => new Map(rows.map((f) => [n(f.memberId), f])))
      : new Map();
    return { ...page, list: page.list.map((m) => spendingRow({ ...m, ...(figures.get(m.memberId) ?? {}) })) };
  }
  // Only the bills of the members the filters reach (the home shop, the keyword, the user's shops).
  const scoped = tx.select({ id: members.id }).from(members).where(where);
  const figures = spendingFigures(tx, q, sql`service_bills.member_id in ${scoped}`);
  const enough = and(
    q.minservTotal ? gte(figures.servTotal, q.minservTotal) : undefined,
    q.mincmMoney ? gte(figures.cmMoney, q.mincmMoney) : undefined,
    q.minservNum ? gte(figures.servNum, q.minservNum) : undefined,
    q.mincmNum ? gte(figures.cmNum, q.mincmNum) : undefined,
  );
  const rows = await tx
    .select({
      ...memberColumns,
      cmMoney: figures.cmMoney,
      cmNum: figures.cmNum,
      servTotal: figures.servTotal,
      servNum: figures.servNum,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(figures)
    .innerJoin(members, and(eq(members.tenantId, auth.tenantId), eq(members.id, figures.memberId)))
    .innerJoin(shops, shopOfMember)
    .where(and(where, enough))
    .orderBy(desc(figures.cmMoney), desc(figures.servTotal), asc(members.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const total = rows.length
    ? n(rows[0].total)
    : q.page > 1
      ? n(
          (
            await tx
              .select({ total: sql<number>`count(*)`.mapWith(Number) })
              .from(figures)
              .innerJoin(members, and(eq(members.tenantId, auth.tenantId), eq(members.id, figures.memberId)))
              .where(and(where, enough))
          )[0]?.total,
        )
      : 0;
  return { list: rows.map(spendingRow), total, page: q.page, pageSize: q.pageSize };
}
