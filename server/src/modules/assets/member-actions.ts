import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, can } from '../../platform/auth.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { yuan } from '../../platform/money.js';
import { tenantToday } from '../../platform/numbering.js';
import { useVerification } from '../../platform/sms.js';
import { firstCardOpener, members } from '../members/public.js';
import { type Actor, lockCard, openCard, transferCard } from './card-money.js';
import { movePackagesWithCard } from './packages.js';
import './messages.js';
import { cardBindingLogs, deposits, memberCards, memberCoupons, memberPackageLines, packageBalances } from './schema.js';

/** queryMemberByMobile: the member a card would go to, never the giver's own number. */
export async function memberByMobile(tx: Db, mobile: string, giverId: number) {
  const [giver] = await tx.select({ mobile: members.mobile }).from(members).where(eq(members.id, giverId));
  if (!giver) throw notFound();
  if (giver.mobile === mobile) throw conflict('ownMobile');
  const [m] = await tx
    .select({ memid: members.id, memcode: members.code, memname: members.name, mobile: members.mobile, status: members.status })
    .from(members)
    .where(eq(members.mobile, mobile));
  if (!m) throw notFound();
  if (m.status !== 1) throw conflict('transferTargetInactive');
  return { memid: m.memid, memcode: m.memcode, memname: m.memname, mobile: m.mobile };
}

/** checkCardInfo: whether a card may be transferred (its type allows it, the card is active). */
export async function checkCardTransferable(tx: Db, tenantId: number, cardNo: string) {
  const card = await lockCard(tx, tenantId, { cardNo });
  if (card.status !== 1 || card.expired) throw conflict('cardClosed', { cardNo });
  if (!card.transferable) throw conflict('cardNotTransferable', { name: card.cardTypeName });
  return { cardId: card.id, cardno: card.cardNo, memid: card.memberId, cardTypeName: card.cardTypeName };
}

/**
 * changeCardInfo: moves the card (buckets, history) from `omemid` to `memid`, only after the code
 * sent to the receiver's mobile was verified within its life (the verification is used up).
 */
export async function changeCard(tx: Db, actor: Actor, input: { cardno: string; omemid: number; memid: number }) {
  const card = await lockCard(tx, actor.tenantId, { cardNo: input.cardno });
  const [target] = await tx.select({ mobile: members.mobile }).from(members).where(eq(members.id, input.memid));
  if (!target) throw notFound();
  await useVerification(tx, target.mobile);
  const answer = await transferCard(tx, actor, { cardId: card.id, fromMemberId: input.omemid, toMemberId: input.memid });
  await movePackagesWithCard(tx, card.id, input.omemid, input.memid);
  return answer;
}

/** What a member still holds, as the cancel refusal lists it. */
async function remainingAssets(tx: Db, memberId: number, lang: Lang) {
  const [m] = await tx
    .select({ tenantId: members.tenantId, principal: members.principal, gift: members.gift, points: members.points })
    .from(members)
    .where(eq(members.id, memberId));
  const today = await tenantToday(tx, m.tenantId);
  const en = lang === 'en-US';
  const items: string[] = [];
  if (Number(m.principal)) items.push(`${en ? 'card principal' : '卡内本金'} ${yuan(Number(m.principal))}`);
  if (Number(m.gift)) items.push(`${en ? 'gift money' : '赠送金'} ${yuan(Number(m.gift))}`);
  // Counts left on packages not expired (a gift package's counts too), and products left at a shop.
  const [left] = await tx
    .select({
      count: sql<string>`coalesce(sum(${packageBalances.remaining}), 0)`,
      value: sql<string>`coalesce(sum(${packageBalances.remaining} * ${memberPackageLines.unitPrice}) filter (where ${memberPackageLines.isGift} = 0), 0)`,
    })
    .from(memberPackageLines)
    .innerJoin(packageBalances, eq(packageBalances.packageLineId, memberPackageLines.id))
    .where(and(eq(memberPackageLines.memberId, memberId), sql`coalesce(${memberPackageLines.expiresOn} >= ${today}::date, true)`));
  if (Number(left.count))
    items.push(
      en
        ? `packages ${Number(left.count)} uses (${yuan(Number(left.value))})`
        : `套餐 ${Number(left.count)} 次（${yuan(Number(left.value))}）`,
    );
  const [kept] = await tx
    .select({ count: sql<string>`coalesce(sum(${deposits.remaining}), 0)` })
    .from(deposits)
    .where(eq(deposits.memberId, memberId));
  if (Number(kept.count)) items.push(`${en ? 'deposited products' : '寄存产品'} ${Number(kept.count)}`);
  // Coupons and red envelopes still usable (unused, not expired).
  const [held] = await tx
    .select({ count: sql<string>`count(*)` })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.state, 'unused'), sql`${memberCoupons.validTo} >= ${today}::date`));
  if (Number(held.count)) items.push(`${en ? 'coupons and red envelopes' : '优惠券/红包'} ${Number(held.count)}`);
  if (Number(m.points)) items.push(`${en ? 'points' : '积分'} ${m.points}`);
  return items.join(en ? ', ' : '、');
}

/** cancellMember: 注销, refused while any asset remains (the message lists them). */
export async function cancelMember(tx: Db, memberId: number, lang: Lang) {
  const [m] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId)).for('update');
  if (!m) throw notFound();
  if (m.status === 3) throw conflict('cardMemberCancelled');
  const items = await remainingAssets(tx, memberId, lang);
  if (items) throw conflict('memberHasAssets', { items });
  await tx
    .update(members)
    .set({ status: 3, updatedAt: sql`now()`, version: sql`${members.version} + 1` })
    .where(eq(members.id, memberId));
  return { memid: memberId, status: 3 };
}

/** restoreMember: undoes a cancellation. */
export async function restoreMember(tx: Db, memberId: number) {
  const [m] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId)).for('update');
  if (!m) throw notFound();
  if (m.status !== 3) throw conflict('memberNotCancelled');
  await tx
    .update(members)
    .set({ status: 1, updatedAt: sql`now()`, version: sql`${members.version} + 1` })
    .where(eq(members.id, memberId));
  return { memid: memberId, status: 1 };
}

/** findRelevance: the member's cards with their electronic number and the physical card linked to it. */
export async function relevance(tx: Db, memberId: number) {
  const [m] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!m) throw notFound();
  return tx
    .select({
      cardId: memberCards.id,
      cardno: memberCards.cardNo,
      dcardno: memberCards.electronicNo,
      scardno: memberCards.physicalNo,
      status: memberCards.status,
    })
    .from(memberCards)
    .where(eq(memberCards.memberId, memberId))
    .orderBy(memberCards.id);
}

/** findRelieveRelevance: past unbindings and bindings of a member's cards, newest first. */
export async function relieveLog(tx: Db, memberId: number) {
  return tx
    .select({
      id: cardBindingLogs.id,
      cardId: cardBindingLogs.cardId,
      action: cardBindingLogs.action,
      scardno: cardBindingLogs.physicalNo,
      type: cardBindingLogs.type,
      reason: cardBindingLogs.reason,
      createdAt: sql<string>`${cardBindingLogs.createdAt}::text`,
    })
    .from(cardBindingLogs)
    .where(eq(cardBindingLogs.memberId, memberId))
    .orderBy(desc(cardBindingLogs.id));
}

/** sureRelieve: unlinks the physical card from the electronic one. */
export async function unbind(tx: Db, actor: Actor, input: { cardno: string; type: string; reason: string }) {
  const card = await lockCard(tx, actor.tenantId, { cardNo: input.cardno });
  const [row] = await tx.select({ physicalNo: memberCards.physicalNo }).from(memberCards).where(eq(memberCards.id, card.id));
  if (!row.physicalNo) throw conflict('cardNotBound', { cardNo: card.cardNo });
  await tx.update(memberCards).set({ physicalNo: null, updatedAt: sql`now()` }).where(eq(memberCards.id, card.id));
  await tx.insert(cardBindingLogs).values({
    tenantId: actor.tenantId,
    cardId: card.id,
    memberId: card.memberId,
    action: 'unbind',
    physicalNo: row.physicalNo,
    type: input.type,
    reason: input.reason,
    createdBy: actor.userId,
  });
  return { cardno: card.cardNo, scardno: null };
}

/**
 * recoverRelieve: links a physical card again (the last one unlinked, or the one given), after the
 * holder verified the SMS code sent to their mobile.
 */
export async function rebind(tx: Db, actor: Actor, input: { cardno: string; scardno?: string; reason: string }) {
  const card = await lockCard(tx, actor.tenantId, { cardNo: input.cardno });
  const [row] = await tx.select({ physicalNo: memberCards.physicalNo }).from(memberCards).where(eq(memberCards.id, card.id));
  if (row.physicalNo) throw conflict('cardAlreadyBound', { cardNo: card.cardNo });
  const [last] = await tx
    .select({ physicalNo: cardBindingLogs.physicalNo })
    .from(cardBindingLogs)
    .where(and(eq(cardBindingLogs.cardId, card.id), eq(cardBindingLogs.action, 'unbind')))
    .orderBy(desc(cardBindingLogs.id))
    .limit(1);
  const physicalNo = input.scardno ?? last?.physicalNo;
  if (!physicalNo) throw conflict('cardNoPhysical', { cardNo: card.cardNo });
  const [used] = await tx
    .select({ id: memberCards.id })
    .from(memberCards)
    .where(and(eq(memberCards.physicalNo, physicalNo), ne(memberCards.id, card.id)));
  if (used) throw conflict('cardNoTaken', { cardNo: physicalNo });
  await useVerification(tx, card.memberMobile);
  await tx.update(memberCards).set({ physicalNo, updatedAt: sql`now()` }).where(eq(memberCards.id, card.id));
  await tx.insert(cardBindingLogs).values({
    tenantId: actor.tenantId,
    cardId: card.id,
    memberId: card.memberId,
    action: 'bind',
    physicalNo,
    reason: input.reason,
    createdBy: actor.userId,
  });
  return { cardno: card.cardNo, scardno: physicalNo };
}

/**
 * saveMemberCard's first card: opened with a new member (not with a change of one), at the member's
 * home shop, by a user who may open cards; the gift as any opening. A member who has a card already
 * gets more at the till or by the open-card action, not here.
 */
async function openFirstCard(
  tx: Db,
  auth: Auth,
  memberId: number,
  member: { id?: number; shopId: number },
  card: { cardTypeId: number; amount: number; cardNo?: string },
) {
  if (!can(auth, 'assets.card.open')) throw forbidden('forbidden');
  if (member.id) throw new AppError(400, 'firstCardOnCreate');
  const [held] = await tx.select({ id: memberCards.id }).from(memberCards).where(eq(memberCards.memberId, memberId)).limit(1);
  if (held) throw conflict('firstCardHeld');
  return openCard(tx, { tenantId: auth.tenantId, userId: auth.userId }, { memberId, shopId: member.shopId, ...card, owner: null });
}

firstCardOpener.provide(openFirstCard);
