import type { ActivityCondition, ActivityRule } from '@headoffice/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { defineProvider } from '../../platform/hooks.js';
import { rowsOf } from '../../platform/ledger.js';
import { lockFor } from '../../platform/locks.js';
import { activities } from './schema.js';

// Marketing activities applied at the till: on the settle of a bill with a member, the running
// activities whose rule the bill meets give their coupons and red envelopes (member coupons of source
// `activity`, linked to the activity and the bill); 撤单 and 撤销活动 take them back. See DECISIONS.md,
// "Marketing activities at the till".

/** What the gifts read of the till's bill and its lines (the till passes them in). */
type Bill = { id: number; billNo: string; shopId: number; memberId: number | null; businessDate: string };
type Line = { kind: string; itemId: number; amount: number };
type Candidate = Awaited<ReturnType<typeof candidatesFor>>[number];
type ItemGift = { kind: 'coupon' | 'redEnvelope'; definitionId: number; count: number };
/** An activity that gives a member these items. */
export type Giving = { activity: Candidate; gifts: ItemGift[] };

/** Where an activity's gift comes from: the activity and, at the till, the bill that met its rule. */
export interface ActivityIssue {
  activityId: number;
  /** The settled bill that gave it; null for a birthday gift (no bill). */
  billId: number | null;
  billNo: string | null;
  /** Set when the activity's gifts are usable only at the issuing shop. */
  usableShopId: number | null;
}

/** Gives a member an activity's coupons or red envelopes (the member assets provide it); answers how many. */
export const activityItemIssuer =
  defineProvider<
    (
      tx: Db,
      actor: { tenantId: number; userId: number | null },
      item: { memberId: number; shopId: number } & ItemGift,
      from: ActivityIssue,
      today?: string,
    ) => Promise<number>
  >('the activity gifts issuer');

const isCard = (kind: string) => kind === 'cardOpen' || kind === 'cardRecharge';

/** The kinds of activity a bill's lines may meet: 2 card lines, 3 a package sold, 4 anything bought. */
function kindsOf(lines: Line[]) {
  const kinds: number[] = [];
  if (lines.some((l) => isCard(l.kind))) kinds.push(2);
  if (lines.some((l) => l.kind === 'package')) kinds.push(3);
  if (lines.some((l) => !isCard(l.kind))) kinds.push(4);
  return kinds;
}

/**
 * Running activities of these kinds on a day (at a shop when given), by priority: the one query of a
 * settle (the bill's shop and business day), or of the birthday job's day.
 */
export function candidatesFor(tx: Db, on: { day: string; kinds: number[]; shopId?: number }) {
  return tx
    .select({
      id: activities.id,
      code: activities.code,
      name: activities.name,
      kind: activities.kind,
      startDate: activities.startDate,
      endDate: activities.endDate,
      shopIds: activities.shopIds,
      useShopType: activities.useShopType,
      priority: activities.priority,
      timesPerMember: activities.timesPerMember,
      combinable: activities.combinable,
      rules: activities.rules,
    })
    .from(activities)
    .where(
      and(
        eq(activities.status, 2),
        lte(activities.startDate, on.day),
        gte(activities.endDate, on.day),
        inArray(activities.kind, on.kinds),
        on.shopId === undefined ? undefined : sql`${activities.shopIds} @> ${JSON.stringify([on.shopId])}::jsonb`,
      ),
    )
    .orderBy(desc(activities.priority), asc(activities.code));
}

/**
 * Does a card line of this bill open the member's first card of its brand (the brand of the card
 * type's card system)? A card type without a brand asks for the member's first card of any kind.
 * Cards the bill opened, and cards whose opening bill was revoked (撤单), are not earlier cards.
 */
async function opensFirstCard(tx: Db, bill: Bill) {
  const result = await tx.execute(sql`
    select exists (
      select 1
      from service_bill_cards sbc
      join member_cards mc on mc.id = sbc.card_id
      join card_types ct on ct.id = mc.card_type_id
      left join card_systems cs on cs.id = ct.card_system_id
      where sbc.bill_id = ${bill.id} and sbc.is_open = 1 and sbc.member_id = ${bill.memberId}
        and not exists (
          select 1
          from member_cards o
          join card_types ot on ot.id = o.card_type_id
          left join card_systems os on os.id = ot.card_system_id
          where o.member_id = ${bill.memberId}
            and (cs.brand_id is null or os.brand_id = cs.brand_id)
            and not exists (select 1 from service_bill_cards mine where mine.bill_id = ${bill.id} and mine.card_id = o.id)
            and not exists (
              select 1 from service_bill_cards r join service_bills rb on rb.id = r.bill_id
              where r.card_id = o.id and r.is_open = 1 and rb.is_hc = 1
            )
        )
    ) as first`);
  return Boolean(rowsOf<{ first: boolean }>(result)[0]?.first);
}

/**
 * The card money the member paid in (开卡 and 充值 at the till) on settled, not revoked bills of the
 * activity's shops within its dates: this bill's included.
 */
async function cardMoneyInPeriod(tx: Db, bill: Bill, a: Candidate) {
  const result = await tx.execute(sql`
    select coalesce(sum(sbc.amount), 0)::bigint as total
    from member_cards mc
    join service_bill_cards sbc on sbc.card_id = mc.id and sbc.member_id = ${bill.memberId}
    join service_bills b on b.id = sbc.bill_id
    where mc.member_id = ${bill.memberId}
      and b.status = 4 and b.is_hc = 0
      and b.business_date between ${a.startDate}::date and ${a.endDate}::date
      and b.shop_id in (select (jsonb_array_elements_text(${JSON.stringify(a.shopIds)}::jsonb))::bigint)`);
  return Number(rowsOf<{ total: number | string }>(result)[0]?.total ?? 0);
}

/** The bills on which the member already got gifts of these activities (bills not revoked), per activity. */
async function timesTaken(tx: Db, memberId: number, activityIds: number[]) {
  if (!activityIds.length) return new Map<number, number>();
  const result = await tx.execute(sql`
    select mc.activity_id, count(distinct mc.issued_bill_id)::int as times
    from member_coupons mc
    join service_bills b on b.id = mc.issued_bill_id
    where mc.member_id = ${memberId} and b.is_hc = 0
      and mc.activity_id in (${sql.join(
        activityIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    group by mc.activity_id`);
  return new Map(rowsOf<{ activity_id: number | string; times: number }>(result).map((r) => [Number(r.activity_id), Number(r.times)]));
}

/** Threshold conditions of one kind are tiers: of those met, only the highest applies. */
const tierOf = (c: ActivityCondition) =>
  c.type === 'spend' ? 'spend' : c.type === 'recharge' ? `recharge:${c.cumulative ? 'cumulative' : 'once'}` : null;

/**
 * The rules of an activity the bill meets (tiers: the highest threshold met of each kind). `ask`
 * holds the checks that need the database, run at most once per bill.
 */
async function rulesMet(tx: Db, bill: Bill, lines: Line[], a: Candidate, ask: { firstCard: () => Promise<boolean> }) {
  const cardLines = lines.filter((l) => isCard(l.kind));
  const cardMoney = cardLines.reduce((s, l) => s + l.amount, 0);
  const spent = lines.filter((l) => !isCard(l.kind)).reduce((s, l) => s + l.amount, 0);
  let periodTotal: number | undefined;
  const met: ActivityRule[] = [];
  for (const rule of a.rules) {
    const c = rule.condition;
    let ok = false;
    if (c.type === 'firstCard') ok = lines.some((l) => l.kind === 'cardOpen') && (await ask.firstCard());
    else if (c.type === 'recharge' && !c.cumulative) ok = cardLines.some((l) => l.amount >= c.amount);
    else if (c.type === 'recharge') {
      if (cardMoney > 0) {
        periodTotal ??= await cardMoneyInPeriod(tx, bill, a);
        ok = periodTotal >= c.amount && periodTotal - cardMoney < c.amount;
      }
    } else if (c.type === 'package') ok = lines.some((l) => l.kind === 'package' && l.itemId === c.packageId);
    else if (c.type === 'spend') ok = lines.some((l) => !isCard(l.kind)) && spent >= c.amount;
    else if (c.type === 'items') ok = lines.some((l) => l.kind === 'service' && c.serviceIds.includes(l.itemId));
    if (ok) met.push(rule);
  }
  const amountOf = (c: ActivityCondition) => ('amount' in c ? c.amount : 0);
  return met.filter((r) => {
    const tier = tierOf(r.condition);
    return !tier || !met.some((o) => tierOf(o.condition) === tier && amountOf(o.condition) > amountOf(r.condition));
  });
}

/** The coupon and red-envelope gifts of rules (the only ones given: DECISIONS.md, "Not applied"). */
export const itemGiftsOf = (rules: ActivityRule[]): ItemGift[] =>
  rules.flatMap((r) =>
    r.gifts.flatMap((g) => (g.type === 'coupon' || g.type === 'redEnvelope' ? [{ kind: g.type, definitionId: g.id, count: g.count }] : [])),
  );

/**
 * Of the activities that would give (by priority, high first, their times per member not reached):
 * the first alone when it is not combinable, otherwise every combinable one.
 */
export const chooseActivities = <T extends { activity: Pick<Candidate, 'combinable'> }>(open: T[]): T[] =>
  !open.length ? [] : open[0].activity.combinable === 0 ? [open[0]] : open.filter((x) => x.activity.combinable === 1);

/**
 * Issues the chosen activities' items to a member at a shop (source `activity`, the activity, the bill
 * when there is one; an activity usable only at the issuing shop stores that shop).
 */
export async function issueGivings(
  tx: Db,
  to: { tenantId: number; userId: number | null; memberId: number; shopId: number; today?: string },
  applied: Giving[],
  bill: { id: number; billNo: string } | null,
) {
  for (const { activity, gifts } of applied)
    for (const gift of gifts)
      await activityItemIssuer.call(
        tx,
        { tenantId: to.tenantId, userId: to.userId },
        { memberId: to.memberId, shopId: to.shopId, ...gift },
        {
          activityId: activity.id,
          billId: bill?.id ?? null,
          billNo: bill?.billNo ?? null,
          usableShopId: activity.useShopType === 2 ? to.shopId : null,
        },
        to.today,
      );
}

/**
 * On the settle of a bill with a member (after its lines, cards and packages are written): the running
 * activities whose rules the bill meets give their coupons and red envelopes to the member. By priority
 * (high first): when the first applicable activity is not combinable it alone applies, otherwise every
 * combinable one does. `timesPerMember` counts the member's bills (not revoked) that got the activity's
 * gifts. A gift whose definition is disabled, ended or a discount coupon is skipped; nothing here fails
 * the settle. Service, product and discount gifts are not given (DECISIONS.md).
 */
export async function grantActivityGifts(tx: Db, auth: Auth, bill: Bill, lines: Line[]) {
  const memberId = bill.memberId;
  if (!memberId) return;
  const kinds = kindsOf(lines);
  if (!kinds.length) return;
  const candidates = await candidatesFor(tx, { day: bill.businessDate, kinds, shopId: bill.shopId });
  if (!candidates.length) return;
  // One member's settles take their activity gifts one after the other (times and cumulative sums).
  await lockFor(tx, 'activityGifts', memberId);
  let firstCard: Promise<boolean> | undefined;
  const ask = { firstCard: () => (firstCard ??= opensFirstCard(tx, bill)) };
  const applicable: Giving[] = [];
  for (const activity of candidates) {
    const gifts = itemGiftsOf(await rulesMet(tx, bill, lines, activity, ask));
    if (gifts.length) applicable.push({ activity, gifts });
  }
  const limited = applicable.filter((x) => x.activity.timesPerMember !== null).map((x) => x.activity.id);
  const taken = await timesTaken(tx, memberId, limited);
  const open = applicable.filter((x) => x.activity.timesPerMember === null || (taken.get(x.activity.id) ?? 0) < x.activity.timesPerMember);
  await issueGivings(tx, { tenantId: auth.tenantId, userId: auth.userId, memberId, shopId: bill.shopId }, chooseActivities(open), bill);
}
