import type { CardBillAnswer, CardBillKind, MoneyBucket } from '@headoffice/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { defineLedger, keyColumn, type Movement } from '../../platform/ledger.js';
import { yuan, yuanAmount } from '../../platform/money.js';
import { dayIn, nextNumber, tenantToday, tenantZone } from '../../platform/numbering.js';
import { coverWriteWithLocks, refuseLocked } from '../../platform/period-locks.js';
import { queueSms } from '../../platform/sms.js';
import { cardSystems, cardTypeSellableAt, cardTypes, members, rechargeGift } from '../members/public.js';
import { shops } from '../org/public.js';
import './messages.js';
import { addDayFiguresOf, withDayFigures } from '../../platform/day-figures.js';
import { cardSaleFigures } from './day-figures.js';
import { cardBalances, cardBills, memberCards } from './schema.js';

/**
 * The card ledger: a balance per card × shop × bucket (principal 本金 | gift 赠送), in cents, and
 * `card_ledger` rows traced to their card bill. Every operation here runs in the caller's
 * transaction, locks the card row first (so one card's operations queue up), posts through the
 * ledger (which refuses a bucket below zero) and moves the holder's totals by the same amounts.
 */
export const cardBook = defineLedger({
  name: 'card',
  balanceTable: 'card_balances',
  ledgerTable: 'card_ledger',
  keys: { cardId: keyColumn.id('card_id'), shopId: keyColumn.id('shop_id'), bucket: keyColumn.text('bucket') },
  amountColumn: 'amount',
  touchColumn: 'updated_at',
  refuse: (s) => conflict('cardBalanceShort', { available: s.available, needed: s.needed }),
});

export type CardKey = { cardId: number; shopId: number; bucket: string };
/** Who acts: the tenant and the signed-in user. */
export interface Actor {
  tenantId: number;
  userId: number;
}

/**
 * The bill a card or package bill is made for when it is not a bill of its own (a till bill, a
 * refund): its document type, id and number. Every caller says it (null: the movement is its own
 * bill), so a movement another bill made is reversed only with that bill, by that bill's revoke.
 */
export interface MovementOwner {
  doc: string;
  id: number;
  no: string;
}

/** The owner's columns of a card or package bill. */
export const ownerValues = (owner: MovementOwner | null) => ({
  ownerDoc: owner?.doc ?? null,
  ownerId: owner?.id ?? null,
  ownerNo: owner?.no ?? null,
});

/**
 * Refuses a reversal of a card or package bill another bill made, unless that bill (`by`) asks: the
 * standalone revoke would leave the owner standing on money or counts given back (409 naming it).
 */
export function checkOwner(
  bill: { billNo: string; ownerDoc: string | null; ownerId: number | null; ownerNo: string | null },
  by?: MovementOwner,
) {
  if (bill.ownerDoc !== null && (bill.ownerDoc !== by?.doc || bill.ownerId !== by?.id))
    throw conflict('billOwned', { billNo: bill.billNo, owner: bill.ownerNo ?? '' });
}

// The close page lists these among the writes a close stops.
coverWriteWithLocks(
  'assets.cardMoney',
  [
    '会员卡资金：开卡、充值、消费、调整、转卡、退款与撤单',
    "Members' card money: opening, recharge, payment, adjustment, transfer, refund and revoke",
  ],
  ['close'],
);
coverWriteWithLocks(
  'assets.packageCounts',
  ['会员套餐次数：售出、消费、退款与撤单', "Members' package counts: sale, use, refund and revoke"],
  ['close'],
);

/**
 * Card money and package counts move on the company's day, so a close holding today for a shop a
 * movement touches refuses it (the one lock mechanism, its message naming the period); a revoke is
 * refused as well while the day of the bill it reverses is closed, as the till's revoke is.
 */
export async function refuseClosed(tx: Db, tenantId: number, shopIds: number[], revoking?: Date) {
  const zone = await tenantZone(tx, tenantId);
  const days = [...new Set([dayIn(zone), ...(revoking ? [dayIn(zone, revoking)] : [])])];
  for (const shopId of [...new Set(shopIds)].sort((a, b) => a - b)) for (const day of days) await refuseLocked(tx, ['close'], shopId, day);
}

/** A card with what its operations need: its type's rules and its card system's cross-shop rules. */
export interface LockedCard {
  id: number;
  cardNo: string;
  memberId: number;
  cardTypeId: number;
  shopId: number;
  status: number;
  expired: boolean;
  kind: number;
  paySplit: 'proportional' | 'principalFirst' | 'giftFirst';
  minRecharge: number;
  notifyBalance: boolean;
  transferable: boolean;
  expiredMayPay: boolean;
  cardTypeName: string;
  otherShop: boolean;
  otherShopMoney: MoneyBucket[];
  otherShopRecharge: boolean;
  memberStatus: number;
  memberMobile: string;
  memberName: string;
}

/** The card, locked for the rest of the transaction (404 when not the tenant's); expired as of the company's today. */
export async function lockCard(tx: Db, tenantId: number, where: { id: number } | { cardNo: string }): Promise<LockedCard> {
  const today = await tenantToday(tx, tenantId);
  const [row] = await tx
    .select({
      id: memberCards.id,
      cardNo: memberCards.cardNo,
      memberId: memberCards.memberId,
      cardTypeId: memberCards.cardTypeId,
      shopId: memberCards.shopId,
      status: memberCards.status,
      expired: sql<boolean>`coalesce(${memberCards.expiresOn} < ${today}::date, false)`,
      kind: cardTypes.kind,
      paySplit: cardTypes.paySplit,
      minRecharge: cardTypes.minRecharge,
      notifyBalance: cardTypes.notifyBalance,
      transferable: cardTypes.transferable,
      expiredMayPay: cardTypes.expiredMayPay,
      cardTypeName: cardTypes.name,
      otherShop: sql<number>`coalesce(${cardSystems.storedOtherShop}, 1)`,
      otherShopMoney: sql<MoneyBucket[]>`coalesce(${cardSystems.storedOtherShopMoney}, '["principal","gift"]'::jsonb)`,
      otherShopRecharge: sql<number>`coalesce(${cardSystems.storedOtherShopRecharge}, 1)`,
      memberStatus: members.status,
      memberMobile: members.mobile,
      memberName: members.name,
    })
    .from(memberCards)
    .innerJoin(cardTypes, eq(cardTypes.id, memberCards.cardTypeId))
    .innerJoin(members, eq(members.id, memberCards.memberId))
    .leftJoin(cardSystems, eq(cardSystems.id, cardTypes.cardSystemId))
    .where('id' in where ? eq(memberCards.id, where.id) : eq(memberCards.cardNo, where.cardNo))
    .for('update', { of: memberCards });
  if (!row) throw notFound();
  return {
    ...row,
    notifyBalance: row.notifyBalance === 1,
    transferable: row.transferable === 1,
    expiredMayPay: row.expiredMayPay === 1,
    otherShop: Number(row.otherShop) === 1,
    otherShopRecharge: Number(row.otherShopRecharge) === 1,
  };
}

export interface Bucket {
  shopId: number;
  bucket: MoneyBucket;
  amount: number;
  createdAt: string;
}

/** A card's buckets, oldest first. */
export async function bucketsOf(tx: Db, cardId: number): Promise<Bucket[]> {
  const rows = await tx
    .select({ shopId: cardBalances.shopId, bucket: cardBalances.bucket, amount: cardBalances.amount, createdAt: cardBalances.createdAt })
    .from(cardBalances)
    .where(eq(cardBalances.cardId, cardId))
    .orderBy(asc(cardBalances.createdAt), asc(cardBalances.shopId), asc(cardBalances.bucket));
  return rows.map((r) => ({ ...r, amount: Number(r.amount), createdAt: String(r.createdAt) }));
}

const sumOf = (buckets: Bucket[], bucket: MoneyBucket) => buckets.filter((b) => b.bucket === bucket).reduce((s, b) => s + b.amount, 0);

export interface BillInput {
  kind: Exclude<CardBillKind, 'revoke'>;
  card: LockedCard;
  /** Where it happens. */
  shopId: number;
  amount: number;
  movements: { shopId: number; bucket: MoneyBucket; delta: number }[];
  memo?: string | null;
  toMemberId?: number;
  owner: MovementOwner | null;
}

const prefixes: Record<BillInput['kind'], string> = {
  open: 'KK',
  recharge: 'CZ',
  consume: 'XF',
  refund: 'TK',
  adjust: 'TZ',
  transfer: 'ZK',
};

/** Moves a member's totals by these amounts (an increment: right under concurrent writes). */
export async function moveMemberTotals(tx: Db, changes: { memberId: number; principal?: number; gift?: number; packageValue?: number }[]) {
  // Members in id order: two transactions moving the same two members never wait on each other in a cycle.
  for (const c of [...changes].sort((a, b) => a.memberId - b.memberId)) {
    if (!c.principal && !c.gift && !c.packageValue) continue;
    await tx
      .update(members)
      .set({
        principal: sql`${members.principal} + ${c.principal ?? 0}`,
        gift: sql`${members.gift} + ${c.gift ?? 0}`,
        packageValue: sql`${members.packageValue} + ${c.packageValue ?? 0}`,
      })
      .where(eq(members.id, c.memberId));
  }
}

/**
 * Writes a card bill and posts its movements: the bill row (card totals before, change, after), the
 * ledger rows (a bucket below zero refuses the whole operation), the holder's totals, and an SMS to
 * the holder when the card type says so. Answers the bill with its exact rows.
 */
export async function postCardBill(tx: Db, actor: Actor, input: BillInput): Promise<CardBillAnswer> {
  const { card } = input;
  const moves = input.movements.filter((m) => m.delta !== 0);
  await refuseClosed(tx, actor.tenantId, [input.shopId, ...moves.map((m) => m.shopId)]);
  const before = await bucketsOf(tx, card.id);
  const principalChange = moves.filter((m) => m.bucket === 'principal').reduce((s, m) => s + m.delta, 0);
  const giftChange = moves.filter((m) => m.bucket === 'gift').reduce((s, m) => s + m.delta, 0);
  const principalBefore = sumOf(before, 'principal');
  const giftBefore = sumOf(before, 'gift');
  const billNo = await nextNumber(tx, actor.tenantId, prefixes[input.kind], await tenantToday(tx, actor.tenantId));
  const [bill] = await tx
    .insert(cardBills)
    .values({
      tenantId: actor.tenantId,
      billNo,
      kind: input.kind,
      cardId: card.id,
      memberId: card.memberId,
      toMemberId: input.toMemberId,
      shopId: input.shopId,
      amount: input.amount,
      principalBefore,
      giftBefore,
      principalChange,
      giftChange,
      principalAfter: principalBefore + principalChange,
      giftAfter: giftBefore + giftChange,
      memo: input.memo ?? null,
      createdBy: actor.userId,
      ...ownerValues(input.owner),
    })
    .returning({ id: cardBills.id });
  await addDayFiguresOf(tx, cardSaleFigures(sql`c.id = ${bill.id}`));
  const movements: Movement<CardKey>[] = moves.map((m) => ({
    cardId: card.id,
    shopId: m.shopId,
    bucket: m.bucket,
    delta: m.delta,
    lineId: null,
  }));
  await cardBook.post(tx, movements, { tenantId: actor.tenantId, docType: `card.${input.kind}`, billId: bill.id, allowNegative: false });
  if (input.kind !== 'transfer') await moveMemberTotals(tx, [{ memberId: card.memberId, principal: principalChange, gift: giftChange }]);
  const rows = await rowsOfBill(tx, `card.${input.kind}`, bill.id);
  if (card.notifyBalance && (principalChange || giftChange || input.kind === 'transfer')) await notifyBalance(tx, actor, card, input.kind);
  return {
    billId: bill.id,
    billNo,
    cardId: card.id,
    cardNo: card.cardNo,
    kind: input.kind,
    principalBefore,
    giftBefore,
    principalChange,
    giftChange,
    principalAfter: principalBefore + principalChange,
    giftAfter: giftBefore + giftChange,
    rows,
  };
}

/** A card bill as its posting answered it: the figures kept on the bill and its ledger rows. */
export async function cardBillAnswerOf(tx: Db, billId: number): Promise<CardBillAnswer> {
  const [bill] = await tx
    .select({
      billId: cardBills.id,
      billNo: cardBills.billNo,
      cardId: cardBills.cardId,
      cardNo: memberCards.cardNo,
      kind: cardBills.kind,
      principalBefore: cardBills.principalBefore,
      giftBefore: cardBills.giftBefore,
      principalChange: cardBills.principalChange,
      giftChange: cardBills.giftChange,
      principalAfter: cardBills.principalAfter,
      giftAfter: cardBills.giftAfter,
    })
    .from(cardBills)
    .innerJoin(memberCards, eq(memberCards.id, cardBills.cardId))
    .where(eq(cardBills.id, billId));
  if (!bill) throw notFound();
  return { ...bill, kind: bill.kind as CardBillKind, rows: await rowsOfBill(tx, `card.${bill.kind}`, bill.billId) };
}

/** A bill's ledger rows in the order they were written. */
async function rowsOfBill(tx: Db, docType: string, billId: number, reversals = false) {
  const result = await tx.execute(sql`
    select shop_id, bucket, delta, balance from card_ledger
    where tenant_id = app_current_tenant() and doc_type = ${docType} and bill_id = ${billId}
      and (reverses_id is not null) = ${reversals}
    order by id`);
  return (result as unknown as { rows: { shop_id: unknown; bucket: MoneyBucket; delta: unknown; balance: unknown }[] }).rows.map((r) => ({
    shopId: Number(r.shop_id),
    bucket: r.bucket,
    amount: Number(r.delta),
    balance: Number(r.balance),
  }));
}

/** Queues the balance SMS to the card's holder (sent after commit). */
async function notifyBalance(tx: Db, actor: Actor, card: LockedCard, kind: CardBillKind) {
  const [holder] = await tx
    .select({ mobile: members.mobile })
    .from(members)
    .innerJoin(memberCards, eq(memberCards.memberId, members.id))
    .where(eq(memberCards.id, card.id));
  const after = await bucketsOf(tx, card.id);
  const words: Record<CardBillKind, string> = {
    open: '开卡',
    recharge: '充值',
    consume: '消费',
    refund: '退款',
    adjust: '余额调整',
    transfer: '转卡',
    revoke: '撤单',
  };
  await queueSms(
    tx,
    actor.tenantId,
    holder.mobile,
    `您的会员卡 ${card.cardNo} 发生${words[kind]}，当前本金 ${yuan(sumOf(after, 'principal'))}，赠送 ${yuan(sumOf(after, 'gift'))}。`,
  );
}

/** Refuses an operation on a member who is not normal (frozen: cannot pay; cancelled: nothing). */
function checkMember(card: { memberStatus: number }, paying: boolean) {
  if (card.memberStatus === 3) throw conflict('cardMemberCancelled');
  if (paying && card.memberStatus === 2) throw conflict('memberFrozen');
}

function checkCardActive(card: LockedCard, paying: boolean) {
  if (card.status !== 1) throw conflict('cardClosed', { cardNo: card.cardNo });
  if (card.kind !== 1) throw conflict('cardNotStoredValue', { cardNo: card.cardNo });
  if (card.expired && (!paying || !card.expiredMayPay)) throw conflict('cardExpired', { cardNo: card.cardNo });
}

async function checkShop(tx: Db, shopId: number) {
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw notFound();
}

/**
 * Opens a stored-value card: the amount paid becomes principal at the opening shop, the gift is the
 * card type's opening gift plus the one gift rule that applies. Refused where the type is not sold.
 */
/** The gift of opening a card of the type with `amount`: its opening gift and the one rule that applies. */
export async function openingGift(tx: Db, type: { id: number; openGift: number }, amount: number) {
  return type.openGift + (await rechargeGift(tx, type.id, 'open', amount));
}

export async function openCard(
  tx: Db,
  actor: Actor,
  input: {
    memberId: number;
    cardTypeId: number;
    shopId: number;
    amount: number;
    cardNo?: string;
    memo?: string;
    owner: MovementOwner | null;
  },
): Promise<CardBillAnswer> {
  const [member] = await tx
    .select({ id: members.id, status: members.status })
    .from(members)
    .where(eq(members.id, input.memberId))
    .for('update');
  if (!member) throw notFound();
  if (member.status === 3) throw conflict('cardMemberCancelled');
  const [type] = await tx.select().from(cardTypes).where(eq(cardTypes.id, input.cardTypeId));
  if (!type) throw notFound();
  await checkShop(tx, input.shopId);
  if (type.kind !== 1) throw conflict('cardTypeNotStoredValue', { name: type.name });
  if (!(await cardTypeSellableAt(tx, type.id, input.shopId))) throw conflict('cardTypeNotSold', { name: type.name });
  if (input.amount < type.openAmount) throw new AppError(400, 'openBelowAmount', { amount: yuanAmount(type.openAmount) });
  const gift = await openingGift(tx, type, input.amount);
  const today = await tenantToday(tx, actor.tenantId);
  const cardNo = input.cardNo ?? (await nextNumber(tx, actor.tenantId, 'HY', today, 5)).replace('-', '');
  const [taken] = await tx.select({ id: memberCards.id }).from(memberCards).where(eq(memberCards.cardNo, cardNo));
  if (taken) throw conflict('cardNoTaken', { cardNo });
  const [card] = await tx
    .insert(memberCards)
    .values({
      tenantId: actor.tenantId,
      cardNo,
      memberId: member.id,
      cardTypeId: type.id,
      shopId: input.shopId,
      openedOn: today,
      expiresOn: type.expireMonths ? sql`(${today}::date + make_interval(months => ${type.expireMonths}))::date` : null,
      serviceDiscount: type.serviceDiscount,
      productDiscount: type.productDiscount,
      electronicNo: cardNo,
      memo: type.memo,
      createdBy: actor.userId,
    })
    .returning({ id: memberCards.id });
  const locked = await lockCard(tx, actor.tenantId, { id: card.id });
  return postCardBill(tx, actor, {
    kind: 'open',
    card: locked,
    shopId: input.shopId,
    amount: input.amount,
    memo: input.memo,
    owner: input.owner,
    movements: [
      { shopId: input.shopId, bucket: 'principal', delta: input.amount },
      { shopId: input.shopId, bucket: 'gift', delta: gift },
    ],
  });
}

/** Recharges a card at a shop: not below the type's lowest recharge, at another shop only if the card system allows it. */
export async function recharge(
  tx: Db,
  actor: Actor,
  input: { cardId: number; shopId: number; amount: number; memo?: string; owner: MovementOwner | null },
) {
  const card = await lockCard(tx, actor.tenantId, { id: input.cardId });
  await checkShop(tx, input.shopId);
  checkMember(card, false);
  checkCardActive(card, false);
  if (input.amount < card.minRecharge) throw new AppError(400, 'rechargeBelowMin', { amount: yuanAmount(card.minRecharge) });
  if (input.shopId !== card.shopId && !card.otherShopRecharge) throw conflict('rechargeOtherShop', { cardNo: card.cardNo });
  const gift = await rechargeGift(tx, card.cardTypeId, 'recharge', input.amount);
  return postCardBill(tx, actor, {
    kind: 'recharge',
    card,
    shopId: input.shopId,
    amount: input.amount,
    memo: input.memo,
    owner: input.owner,
    movements: [
      { shopId: input.shopId, bucket: 'principal', delta: input.amount },
      { shopId: input.shopId, bucket: 'gift', delta: gift },
    ],
  });
}

/**
 * How much of `amount` comes from principal and how much from gift, given what may be used:
 * proportional (gift = round(amount × gift / (principal + gift)), the rest principal, so the last
 * cent goes to principal), principal first, or gift first.
 */
export function splitPayment(split: LockedCard['paySplit'], amount: number, principal: number, gift: number) {
  if (split === 'principalFirst') {
    const p = Math.min(amount, principal);
    return { principal: p, gift: amount - p };
  }
  if (split === 'giftFirst') {
    const g = Math.min(amount, gift);
    return { principal: amount - g, gift: g };
  }
  const total = BigInt(principal + gift);
  const g = total === 0n ? 0 : Number((2n * BigInt(amount) * BigInt(gift) + total) / (2n * total));
  return { principal: amount - g, gift: g };
}

/** Takes `amount` from buckets in the order given. */
function takeFrom(buckets: Bucket[], amount: number) {
  const out: { shopId: number; bucket: MoneyBucket; delta: number }[] = [];
  let left = amount;
  for (const b of buckets) {
    if (!left) break;
    const take = Math.min(left, b.amount);
    if (take > 0) out.push({ shopId: b.shopId, bucket: b.bucket, delta: -take });
    left -= take;
  }
  return out;
}

/**
 * Pays `amount` with a card at a shop: this shop's buckets first, then other shops' (oldest first)
 * for the money the card system lets another shop take; split principal/gift by the card type's
 * rule. Frozen member, closed card and (unless the type allows it) expired card are refused.
 * Answers the exact rows: the till stores the split and never recomputes it.
 */
export async function consume(
  tx: Db,
  actor: Actor,
  input: { cardId: number; shopId: number; amount: number; memo?: string; owner: MovementOwner | null },
) {
  const card = await lockCard(tx, actor.tenantId, { id: input.cardId });
  await checkShop(tx, input.shopId);
  checkMember(card, true);
  checkCardActive(card, true);
  const buckets = (await bucketsOf(tx, card.id)).filter((b) => b.amount > 0);
  const usable = (bucket: MoneyBucket) => [
    ...buckets.filter((b) => b.bucket === bucket && b.shopId === input.shopId),
    ...(card.otherShop && card.otherShopMoney.includes(bucket)
      ? buckets.filter((b) => b.bucket === bucket && b.shopId !== input.shopId)
      : []),
  ];
  const principal = usable('principal');
  const gift = usable('gift');
  const p = principal.reduce((s, b) => s + b.amount, 0);
  const g = gift.reduce((s, b) => s + b.amount, 0);
  if (input.amount > p + g) throw conflict('cardBalanceShort', { available: yuan(p + g), needed: yuan(input.amount) });
  const split = splitPayment(card.paySplit, input.amount, p, g);
  return postCardBill(tx, actor, {
    kind: 'consume',
    card,
    shopId: input.shopId,
    amount: input.amount,
    memo: input.memo,
    owner: input.owner,
    movements: [...takeFrom(principal, split.principal), ...takeFrom(gift, split.gift)],
  });
}

/**
 * Head office's adjustment (updateCardmoney): new principal and gift per shop bucket; the deltas are
 * posted as 调整 rows. Refused when nothing changes; a reason is required.
 */
export async function adjust(
  tx: Db,
  actor: Actor,
  input: { cardId: number; buckets: { shopId: number; principal: number; gift: number }[]; reason: string },
) {
  const card = await lockCard(tx, actor.tenantId, { id: input.cardId });
  checkMember(card, false);
  if (card.status !== 1) throw conflict('cardClosed', { cardNo: card.cardNo });
  const shopIds = [...new Set(input.buckets.map((b) => b.shopId))];
  if (shopIds.length !== input.buckets.length) throw new AppError(400, 'adjustShopTwice');
  for (const shopId of shopIds) await checkShop(tx, shopId);
  const now = await bucketsOf(tx, card.id);
  const current = (shopId: number, bucket: MoneyBucket) => now.find((b) => b.shopId === shopId && b.bucket === bucket)?.amount ?? 0;
  const movements = input.buckets.flatMap((b) => [
    { shopId: b.shopId, bucket: 'principal' as const, delta: b.principal - current(b.shopId, 'principal') },
    { shopId: b.shopId, bucket: 'gift' as const, delta: b.gift - current(b.shopId, 'gift') },
  ]);
  if (movements.every((m) => m.delta === 0)) throw conflict('adjustNothing');
  return postCardBill(tx, actor, {
    kind: 'adjust',
    card,
    shopId: input.buckets[0].shopId,
    amount: 0,
    memo: input.reason,
    movements,
    owner: null,
  });
}

/**
 * Revokes (撤单) a bill: its ledger rows are reversed exactly, under the same bill; refused when a
 * bucket no longer holds what the bill put in (the money was spent since). A bill another bill made
 * is revoked only by that bill (`by`), with the rest of it.
 */
export async function revoke(tx: Db, actor: Actor, input: { billId: number; memo: string }, by?: MovementOwner) {
  const [bill] = await tx.select().from(cardBills).where(eq(cardBills.id, input.billId));
  if (!bill) throw notFound();
  checkOwner(bill, by);
  const card = await lockCard(tx, actor.tenantId, { id: bill.cardId });
  const [again] = await tx.select({ revokedAt: cardBills.revokedAt }).from(cardBills).where(eq(cardBills.id, bill.id));
  if (again.revokedAt) throw conflict('billRevoked', { billNo: bill.billNo });
  // A refund is taken back only with the bill that made it (its owner asks).
  if (!['open', 'recharge', 'consume', 'adjust', ...(by ? ['refund'] : [])].includes(bill.kind))
    throw conflict('billNotRevocable', { billNo: bill.billNo });
  if (card.memberId !== bill.memberId) throw conflict('billCardMoved', { billNo: bill.billNo });
  const docType = `card.${bill.kind}`;
  const reversal = await cardBook.reversalOf(tx, docType, bill.id);
  await refuseClosed(tx, actor.tenantId, [bill.shopId, ...reversal.map((m) => m.shopId)], bill.createdAt);
  await cardBook.post(tx, reversal, { tenantId: actor.tenantId, docType, billId: bill.id, allowNegative: false });
  const sum = (bucket: MoneyBucket) => reversal.filter((m) => m.bucket === bucket).reduce((s, m) => s + m.delta, 0);
  await moveMemberTotals(tx, [{ memberId: card.memberId, principal: sum('principal'), gift: sum('gift') }]);
  await withDayFigures(tx, cardSaleFigures(sql`c.id = ${bill.id}`), () =>
    tx.update(cardBills).set({ revokedAt: sql`now()`, revokedBy: actor.userId, revokeMemo: input.memo }).where(eq(cardBills.id, bill.id)),
  );
  if (card.notifyBalance) await notifyBalance(tx, actor, card, 'revoke');
  return { billId: bill.id, billNo: bill.billNo, rows: await rowsOfBill(tx, docType, bill.id, true) };
}

/**
 * What revoking these card bills would move, bucket by bucket (a revoke's preview, nothing written): each
 * bill's reversal rows with the card's number and the bucket's shop. A bill revoked already moves nothing.
 */
export async function cardBillReversals(tx: Db, billIds: number[]) {
  const out: { cardBillId: number; kind: string; cardNo: string; shopId: number; shopName: string; bucket: MoneyBucket; delta: number }[] =
    [];
  for (const id of billIds) {
    const [bill] = await tx
      .select({ kind: cardBills.kind, revokedAt: cardBills.revokedAt, cardNo: memberCards.cardNo })
      .from(cardBills)
      .innerJoin(memberCards, eq(memberCards.id, cardBills.cardId))
      .where(eq(cardBills.id, id));
    if (!bill || bill.revokedAt) continue;
    const reversal = await cardBook.reversalOf(tx, `card.${bill.kind}`, id);
    if (!reversal.length) continue;
    const names = new Map(
      (
        await tx
          .select({ id: shops.id, name: shops.name })
          .from(shops)
          .where(inArray(shops.id, [...new Set(reversal.map((m) => m.shopId))]))
      ).map((s) => [s.id, s.name]),
    );
    for (const m of reversal)
      out.push({
        cardBillId: id,
        kind: bill.kind,
        cardNo: bill.cardNo,
        shopId: m.shopId,
        shopName: names.get(m.shopId) ?? '',
        bucket: m.bucket as MoneyBucket,
        delta: m.delta,
      });
  }
  return out;
}

/**
 * Moves a card with its buckets and history to another member (转卡): 转卡 rows take each bucket
 * out and put it back under the same bill, both members' totals move, the card's holder changes.
 */
export async function transferCard(tx: Db, actor: Actor, input: { cardId: number; fromMemberId: number; toMemberId: number }) {
  const card = await lockCard(tx, actor.tenantId, { id: input.cardId });
  if (card.memberId !== input.fromMemberId) throw conflict('cardNotMembers', { cardNo: card.cardNo });
  if (input.toMemberId === input.fromMemberId) throw conflict('transferToSelf');
  checkMember(card, true);
  if (card.status !== 1 || card.expired) throw conflict('cardClosed', { cardNo: card.cardNo });
  if (!card.transferable) throw conflict('cardNotTransferable', { name: card.cardTypeName });
  const [target] = await tx.select({ id: members.id, status: members.status }).from(members).where(eq(members.id, input.toMemberId));
  if (!target) throw notFound();
  if (target.status !== 1) throw conflict('transferTargetInactive');
  const buckets = (await bucketsOf(tx, card.id)).filter((b) => b.amount !== 0);
  const answer = await postCardBill(tx, actor, {
    kind: 'transfer',
    card,
    shopId: card.shopId,
    amount: 0,
    toMemberId: target.id,
    owner: null,
    movements: [
      ...buckets.map((b) => ({ shopId: b.shopId, bucket: b.bucket, delta: -b.amount })),
      ...buckets.map((b) => ({ shopId: b.shopId, bucket: b.bucket, delta: b.amount })),
    ],
  });
  const principal = sumOf(buckets, 'principal');
  const gift = sumOf(buckets, 'gift');
  await tx
    .update(memberCards)
    .set({ memberId: target.id, updatedAt: sql`now()`, version: sql`${memberCards.version} + 1` })
    .where(eq(memberCards.id, card.id));
  await moveMemberTotals(tx, [
    { memberId: card.memberId, principal: -principal, gift: -gift },
    { memberId: target.id, principal, gift },
  ]);
  return answer;
}
