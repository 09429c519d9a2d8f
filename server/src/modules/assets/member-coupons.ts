import {
  type MemberCouponKind,
  type MemberCouponRow,
  memberCouponIssueBody,
  memberCouponKindLabels,
  memberCouponListQuery,
  memberCouponRow,
  memberCouponStateLabels,
  memberCouponWithdrawBody,
  memberCouponPaths as P,
} from '@headoffice/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { addDays, nextNumber, tenantToday } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { type ActivityIssue, activities, activityItemIssuer, coupons, redEnvelopes } from '../marketing/public.js';
import { members } from '../members/public.js';
import { shops } from '../org/public.js';
import { assertMemberVisible, assertShop } from './assets.js';
import type { Actor } from './card-money.js';
import { memberCoupons } from './schema.js';

defineMessages({
  couponDefinitionDisabled: ['「{name}」已停用，不能发放', '"{name}" is disabled and cannot be issued'],
  couponDiscountNotIssued: [
    '折扣券「{name}」暂不能发放给会员：只有代金券有面值',
    'Discount coupon "{name}" cannot be issued yet: only amount-off coupons have a face value',
  ],
  couponDefinitionEnded: ['「{name}」的有效期已于 {date} 结束', 'The validity of "{name}" ended on {date}'],
  couponMemberCancelled: ['会员已注销，不能发放', 'The member is cancelled; nothing can be issued'],
  couponGiftUsed: [
    '单据 {billNo} 赠送的{kind} {code} 已在单据 {usedBillNo} 使用，不能收回',
    'The {kindEn} {code} given by bill {billNo} was used on bill {usedBillNo} and cannot be taken back',
  ],
  couponNotUnused: ['只能收回未使用且未过期的券：该券{state}', 'Only an unused, unexpired item can be withdrawn: this one is {stateEn}'],
});

/** Dates as the database returns them for `date` columns, `YYYY-MM-DD`. */
type Definition = {
  name: string;
  status: number;
  faceValue: number;
  discount: boolean;
  manyTimes: number;
  timeType: number;
  startDate: string | null;
  endDate: string | null;
  validDays: number | null;
};

/** A coupon or red envelope definition, or undefined when the tenant has none of that id. */
async function findDefinition(tx: Db, kind: 'coupon' | 'redEnvelope', id: number): Promise<Definition | undefined> {
  if (kind === 'coupon') {
    const [c] = await tx.select().from(coupons).where(eq(coupons.id, id));
    return c && { ...c, faceValue: c.couponType === 1 ? c.value : 0, discount: c.couponType === 2, manyTimes: 0 };
  }
  const [r] = await tx.select().from(redEnvelopes).where(eq(redEnvelopes.id, id));
  return r && { ...r, faceValue: r.money, discount: false };
}

async function definitionOf(tx: Db, kind: 'coupon' | 'redEnvelope', id: number): Promise<Definition> {
  const def = await findDefinition(tx, kind, id);
  if (!def) throw notFound();
  return def;
}

/** Why a definition cannot be issued today (disabled, a discount coupon, its fixed dates over), or null. */
function issueRefusal(def: Definition, today: string) {
  if (def.status !== 1) return conflict('couponDefinitionDisabled', { name: def.name });
  if (def.discount) return conflict('couponDiscountNotIssued', { name: def.name });
  const validity = validityOf(def, today);
  if (validity.validTo < today) return conflict('couponDefinitionEnded', { name: def.name, date: validity.validTo });
  return null;
}

/**
 * Issues an activity's gift to a member: `count` items of the definition at the issuing shop (the
 * bill's, or the member's home shop for a birthday gift), valid from `today`. A definition that is
 * missing, disabled, a discount coupon or past its fixed dates is skipped (answers 0): a gift never
 * fails the settle or the birthday job. The caller has checked the member and shop.
 */
async function issueActivityItems(
  tx: Db,
  actor: Pick<Actor, 'tenantId'> & { userId: number | null },
  item: { memberId: number; shopId: number; kind: 'coupon' | 'redEnvelope'; definitionId: number; count: number },
  from: ActivityIssue,
  day?: string,
): Promise<number> {
  const today = day ?? (await tenantToday(tx, actor.tenantId));
  const def = await findDefinition(tx, item.kind, item.definitionId);
  if (!def || issueRefusal(def, today)) return 0;
  await insertItems(tx, actor, { ...item, memo: undefined }, def, today, {
    source: 'activity',
    activityId: from.activityId,
    issuedBillId: from.billId,
    issuedBillNo: from.billNo,
    usableShopId: from.usableShopId,
  });
  return item.count;
}

/** The validity an item issued today gets: the definition's fixed dates, or today and N − 1 days after. */
function validityOf(d: Definition, today: string) {
  if (d.timeType === 1 && d.startDate && d.endDate) return { validFrom: d.startDate, validTo: d.endDate };
  return { validFrom: today, validTo: addDays(today, (d.validDays ?? 1) - 1) };
}

/**
 * Issues `count` items of a definition to a member by hand (activities issue through
 * `issueActivityItems`). Refused (409) for a disabled definition, a discount coupon (no face value:
 * see DECISIONS), a validity already over and a cancelled member.
 */
export async function issueMemberCoupons(
  tx: Db,
  auth: Auth,
  actor: Actor,
  input: z.output<typeof memberCouponIssueBody>,
): Promise<MemberCouponRow[]> {
  await assertMemberVisible(tx, auth, input.memberId);
  assertShop(auth, input.shopId);
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId));
  if (!shop) throw notFound();
  const def = await definitionOf(tx, input.kind, input.definitionId);
  const [member] = await tx.select({ status: members.status }).from(members).where(eq(members.id, input.memberId));
  if (member.status === 3) throw conflict('couponMemberCancelled');
  const today = await tenantToday(tx, auth.tenantId);
  const refusal = issueRefusal(def, today);
  if (refusal) throw refusal;
  const ids = await insertItems(tx, actor, input, def, today, { source: 'manual' });
  return rowsWhere(tx, today, inArray(memberCoupons.id, ids));
}

/** Inserts `count` items of a definition, each with its own code from the tenant's series. */
async function insertItems(
  tx: Db,
  actor: Pick<Actor, 'tenantId'> & { userId: number | null },
  input: { memberId: number; shopId: number; kind: 'coupon' | 'redEnvelope'; definitionId: number; count: number; memo?: string },
  def: Definition,
  today: string,
  origin: Pick<typeof memberCoupons.$inferInsert, 'source' | 'activityId' | 'issuedBillId' | 'issuedBillNo' | 'usableShopId'>,
) {
  const validity = validityOf(def, today);
  const ids: number[] = [];
  for (let i = 0; i < input.count; i++) {
    const code = await nextNumber(tx, actor.tenantId, input.kind === 'coupon' ? 'YHQ' : 'HB', today);
    const [row] = await tx
      .insert(memberCoupons)
      .values({
        tenantId: actor.tenantId,
        memberId: input.memberId,
        kind: input.kind,
        couponId: input.kind === 'coupon' ? input.definitionId : null,
        redEnvelopeId: input.kind === 'redEnvelope' ? input.definitionId : null,
        code,
        faceValue: def.faceValue,
        remaining: def.faceValue,
        manyTimes: def.manyTimes,
        ...validity,
        ...origin,
        shopId: input.shopId,
        memo: input.memo ?? null,
        createdBy: actor.userId,
      })
      .returning({ id: memberCoupons.id });
    ids.push(row.id);
  }
  return ids;
}

/** The items a till bill's settle gave (activity gifts), oldest first. */
export async function itemsIssuedBy(tx: Db, billId: number): Promise<MemberCouponRow[]> {
  const issued = eq(memberCoupons.issuedBillId, billId);
  const [first] = await tx.select({ tenantId: memberCoupons.tenantId }).from(memberCoupons).where(issued).limit(1);
  return first ? rowsWhere(tx, await tenantToday(tx, first.tenantId), issued) : [];
}

/**
 * Takes back every item a bill issued, in the caller's transaction: unused ones (expired included)
 * become withdrawn with `reason`; withdrawn ones stay. Refused (409, nothing changed) when one was
 * used, or a red envelope spent in part (the till records a use on it), naming the item and the bill
 * that used it. Answers how many items the bill issued and how many were withdrawn now.
 */
export async function withdrawIssuedBy(tx: Db, bill: { id: number; billNo: string }, reason: string) {
  const items = await tx
    .select({
      id: memberCoupons.id,
      kind: memberCoupons.kind,
      code: memberCoupons.code,
      state: memberCoupons.state,
      faceValue: memberCoupons.faceValue,
      remaining: memberCoupons.remaining,
      usedBillNo: memberCoupons.usedBillNo,
    })
    .from(memberCoupons)
    .where(eq(memberCoupons.issuedBillId, bill.id))
    .orderBy(asc(memberCoupons.id))
    .for('update');
  // A red envelope spent in part stays unused with less left.
  const used = items.find((i) => i.state === 'used' || Number(i.remaining) < Number(i.faceValue));
  if (used) {
    const [zh, en] = memberCouponKindLabels[used.kind as MemberCouponKind];
    throw conflict('couponGiftUsed', {
      kind: zh,
      kindEn: en.toLowerCase(),
      code: used.code,
      billNo: bill.billNo,
      usedBillNo: used.usedBillNo ?? '-',
    });
  }
  const unused = items.filter((i) => i.state === 'unused').map((i) => i.id);
  if (unused.length)
    await tx
      .update(memberCoupons)
      .set({ state: 'withdrawn', withdrawReason: reason, updatedAt: sql`now()` })
      .where(inArray(memberCoupons.id, unused));
  return { issued: items.length, withdrawn: unused.length };
}

/** Withdraws (收回) an unused, unexpired item; a used, withdrawn or expired one is refused (409). */
export async function withdrawMemberCoupon(tx: Db, auth: Auth, input: z.output<typeof memberCouponWithdrawBody>): Promise<MemberCouponRow> {
  const [item] = await tx
    .select({ memberId: memberCoupons.memberId, shopId: memberCoupons.shopId })
    .from(memberCoupons)
    .where(eq(memberCoupons.id, input.id));
  if (!item) throw notFound();
  await assertMemberVisible(tx, auth, item.memberId);
  assertShop(auth, item.shopId);
  const today = await tenantToday(tx, auth.tenantId);
  const [done] = await tx
    .update(memberCoupons)
    .set({ state: 'withdrawn', withdrawReason: input.reason, updatedAt: sql`now()` })
    .where(and(eq(memberCoupons.id, input.id), eq(memberCoupons.state, 'unused'), sql`${memberCoupons.validTo} >= ${today}::date`))
    .returning({ id: memberCoupons.id });
  const [now] = await rowsWhere(tx, today, eq(memberCoupons.id, input.id));
  if (!done) {
    const [zh, en] = memberCouponStateLabels[now.state];
    throw conflict('couponNotUnused', { state: zh, stateEn: en.toLowerCase() });
  }
  return now;
}

/** A member's coupons and red envelopes, oldest first. */
export async function memberCouponsOf(tx: Db, auth: Auth, memberId: number): Promise<MemberCouponRow[]> {
  await assertMemberVisible(tx, auth, memberId);
  return rowsWhere(tx, await tenantToday(tx, auth.tenantId), eq(memberCoupons.memberId, memberId));
}

/** What the member can pay with at the till today: unused, valid today, something left. */
export async function usableMemberCoupons(tx: Db, auth: Auth, memberId: number): Promise<MemberCouponRow[]> {
  await assertMemberVisible(tx, auth, memberId);
  const today = await tenantToday(tx, auth.tenantId);
  return rowsWhere(
    tx,
    today,
    and(
      eq(memberCoupons.memberId, memberId),
      eq(memberCoupons.state, 'unused'),
      sql`${memberCoupons.validFrom} <= ${today}::date and ${memberCoupons.validTo} >= ${today}::date and ${memberCoupons.remaining} > 0`,
    ),
  );
}

/** The items matching `where`, an unused one past its last day shown as expired as of `today` (the company's). */
async function rowsWhere(tx: Db, today: string, where: SQL | undefined): Promise<MemberCouponRow[]> {
  const rows = await tx
    .select({
      id: memberCoupons.id,
      memberId: memberCoupons.memberId,
      kind: memberCoupons.kind,
      definitionId: sql<number>`coalesce(${memberCoupons.couponId}, ${memberCoupons.redEnvelopeId})`,
      definitionCode: sql<string>`coalesce(${coupons.code}, ${redEnvelopes.code})`,
      definitionName: sql<string>`coalesce(${coupons.name}, ${redEnvelopes.name})`,
      code: memberCoupons.code,
      faceValue: memberCoupons.faceValue,
      remaining: memberCoupons.remaining,
      manyTimes: memberCoupons.manyTimes,
      validFrom: memberCoupons.validFrom,
      validTo: memberCoupons.validTo,
      state: sql<string>`case when ${memberCoupons.state} = 'unused' and ${memberCoupons.validTo} < ${today}::date then 'expired' else ${memberCoupons.state} end`,
      source: memberCoupons.source,
      shopId: memberCoupons.shopId,
      shopName: shops.name,
      activityId: memberCoupons.activityId,
      activityName: activities.name,
      issuedBillId: memberCoupons.issuedBillId,
      issuedBillNo: memberCoupons.issuedBillNo,
      usableShopId: memberCoupons.usableShopId,
      usedBillNo: memberCoupons.usedBillNo,
      usedAt: memberCoupons.usedAt,
      withdrawReason: memberCoupons.withdrawReason,
      memo: memberCoupons.memo,
      createdAt: memberCoupons.createdAt,
    })
    .from(memberCoupons)
    .innerJoin(shops, eq(shops.id, memberCoupons.shopId))
    .leftJoin(coupons, eq(coupons.id, memberCoupons.couponId))
    .leftJoin(redEnvelopes, eq(redEnvelopes.id, memberCoupons.redEnvelopeId))
    .leftJoin(activities, eq(activities.id, memberCoupons.activityId))
    .where(where)
    .orderBy(asc(memberCoupons.id));
  return rows.map(
    (r) =>
      ({
        ...r,
        definitionId: Number(r.definitionId),
        faceValue: Number(r.faceValue),
        remaining: Number(r.remaining),
        manyTimes: r.manyTimes === 1,
        usedAt: r.usedAt ? new Date(r.usedAt).toISOString() : null,
        createdAt: new Date(r.createdAt).toISOString(),
      }) as MemberCouponRow,
  );
}

definedEntityLabels.set('membercoupon', ['会员优惠券/红包', 'member coupon or red envelope']);

/** Routes: a member's coupons and red envelopes, issue by hand, withdraw. */
export async function memberCouponRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    P.list,
    {
      summary: "A member's coupons and red envelopes: face value, validity, state (unused, used, expired, withdrawn), issuing shop",
      description: 'Not in the seed (the member page lists them, as memberinfo does).',
      perm: 'assets.coupon.view',
      query: memberCouponListQuery,
      response: z.array(memberCouponRow),
    },
    ({ tx, auth, query }) => memberCouponsOf(tx, auth, query.memid),
  );
  route(
    app,
    'POST',
    P.issue,
    {
      summary: 'Issue coupons or red envelopes of a definition to a member by hand (count items, each its own code)',
      description:
        'Not in the seed. Face value from the definition (amount-off coupons and red envelopes; a discount coupon is refused 409), validity its fixed dates or N days from today. A disabled definition, an ended validity or a cancelled member: 409. Idempotency-Key.',
      perm: 'assets.coupon.issue',
      body: memberCouponIssueBody,
      entity: 'membercoupon',
      verb: 'create',
      idempotent: 'optional',
      response: z.array(memberCouponRow),
    },
    ({ tx, auth, body }) => issueMemberCoupons(tx, auth, { tenantId: auth.tenantId, userId: auth.userId }, body),
  );
  route(
    app,
    'POST',
    P.withdraw,
    {
      summary: 'Withdraw (收回) an unused, unexpired coupon or red envelope, with a reason',
      description: 'Not in the seed. A used, withdrawn or expired item: 409.',
      perm: 'assets.coupon.withdraw',
      body: memberCouponWithdrawBody,
      entity: 'membercoupon',
      verb: 'update',
      idempotent: 'optional',
      response: memberCouponRow,
    },
    ({ tx, auth, body }) => withdrawMemberCoupon(tx, auth, body),
  );
}

/**
 * 撤单: takes back every coupon and red envelope the bill's settle gave (unused ones withdrawn with
 * "撤单 <billNo>"); 409 and nothing changed when one was used.
 */
export async function revokeActivityGifts(tx: Db, bill: { id: number; billNo: string }) {
  return withdrawIssuedBy(tx, bill, `撤单 ${bill.billNo}`);
}

/**
 * 撤销活动 (on a card bill, without revoking it): takes back the bill's coupons and red envelopes as
 * 撤单 does, with the reason "撤销活动 <billNo> <memo>"; answers how many it issued and withdrew now.
 */
export async function takeBackActivityGifts(tx: Db, bill: { id: number; billNo: string }, memo: string) {
  return withdrawIssuedBy(tx, bill, `撤销活动 ${bill.billNo} ${memo}`);
}

activityItemIssuer.provide(issueActivityItems);
