import {
  type batchOpenBody,
  type billCardRow,
  type billLinesBody,
  cardLineKinds,
  type linkPhysicalBody,
  type revokeMktBody,
} from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { yuan } from '../../platform/money.js';
import { nextNumber, tenantToday } from '../../platform/numbering.js';
import { refuseLocked } from '../../platform/period-locks.js';
import {
  bucketsOf,
  lockCard,
  memberCards,
  openCard,
  postCardBill,
  recharge,
  revoke as revokeCardBill,
  takeBackActivityGifts,
} from '../assets/public.js';
import { cardDispatches, cardDispatchLines } from '../cards/public.js';
import { applicableRule, cardTypeSellableAt, cardTypes, giftOf, members, nextMemberCodes } from '../members/public.js';
import { employees, shops } from '../org/public.js';
import { equalShares } from './checkout-math.js';
import { recordKindsOf } from './record-kinds.js';
import { serviceBillCards, serviceBillLines, serviceBills } from './schema.js';
import { ownedBy } from './service-doc.js';

defineMessages({
  batchKeyRequired: ['批量开卡须带 Idempotency-Key', 'Batch card opening needs an Idempotency-Key header'],
  cardLineNeedsMember: ['开卡或充值须先选择会员', 'Opening or recharging a card needs a member on the bill'],
  cardLineAmount: ['请输入充值金额', 'Enter the amount paid into the card'],
  cardLineOnePerLine: ['每行只能开一张卡', 'One card per line'],
  cardLineNoPackage: ['开卡或充值不能用套餐次数支付', 'A card line cannot be paid with package counts'],
  cardTypeUnknown: ['卡类型不存在', 'No such card type'],
  cardNotStoredValueType: ['「{name}」不是储值卡', '"{name}" is not a stored-value card type'],
  cardLineCardUnknown: ['会员卡不存在或不属于该会员', "No such card of this bill's member"],
  cardBillPaidByCard: ['开卡或充值不能用会员卡支付', 'A card cannot be opened or recharged with card money'],
  batchPaysMismatch: ['支付合计 {paid} 与开卡金额 {amount} 不符', 'Payments total {paid}, the cards come to {amount}'],
  billCardUnknown: ['该充值单中没有卡号 {cardNo}', 'This card bill has no card {cardNo}'],
  physicalOnlyOpened: ['卡号 {cardNo} 不是该单新开的卡', 'Card {cardNo} was not opened by this bill'],
  physicalAlreadyLinked: ['卡号 {cardNo} 已关联实体卡 {physicalNo}', 'Card {cardNo} is already linked to physical card {physicalNo}'],
  physicalNotDispatched: [
    '实体卡号 {physicalNo} 不在分拨给本店的卡段中',
    'Physical card {physicalNo} is not in a range dispatched to this shop',
  ],
  cardOpenStillHolds: [
    '卡号 {cardNo} 撤销开卡后仍有余额 {amount}，请先撤销其后的充值',
    'Card {cardNo} still holds {amount} once its opening is reversed; revoke its later recharges first',
  ],
  mktNoGift: ['卡号 {cardNo} 在该单没有活动赠送', 'Card {cardNo} got no activity gift on this bill'],
  mktGiftTaken: ['卡号 {cardNo} 的活动赠送已撤销', 'The activity gift of card {cardNo} was already taken back'],
  mktGiftSpent: [
    '活动赠送已被使用，不能撤销：本店赠送余额 {available}，需撤回 {needed}',
    'The activity gift was spent: the gift balance here is {available}, {needed} would be taken back',
  ],
  cardBillRevoked: ['单据 {billNo} 已撤单', 'Bill {billNo} is revoked'],
});

export const isCardLine = (kind: string): kind is 'cardOpen' | 'cardRecharge' => (cardLineKinds as readonly string[]).includes(kind);

type Bill = typeof serviceBills.$inferSelect;
type LineInput = z.output<typeof billLinesBody>['lines'][number];

/**
 * A card line of an open bill (开卡: a stored-value card type sold in the shop; 充值: a card of the
 * bill's member), priced at the money paid into the card. The card moves on settle.
 */
export async function cardLine(tx: Db, bill: Bill, line: LineInput, i: number) {
  if (!bill.memberId) throw conflict('cardLineNeedsMember');
  if (line.amount === undefined) throw fieldError(`lines.${i}.amount`, 'cardLineAmount');
  if (line.num !== 1) throw fieldError(`lines.${i}.num`, 'cardLineOnePerLine');
  if (line.packageLineId !== undefined) throw fieldError(`lines.${i}.packageLineId`, 'cardLineNoPackage');
  let code: string;
  let name: string;
  if (line.kind === 'cardOpen') {
    const type = await sellableType(tx, line.itemId, bill.shopId, `lines.${i}.itemId`);
    code = type.code;
    name = type.name;
  } else {
    const [card] = await tx
      .select({ cardNo: memberCards.cardNo, memberId: memberCards.memberId, typeName: cardTypes.name })
      .from(memberCards)
      .innerJoin(cardTypes, eq(cardTypes.id, memberCards.cardTypeId))
      .where(eq(memberCards.id, line.itemId));
    if (!card || card.memberId !== bill.memberId) throw fieldError(`lines.${i}.itemId`, 'cardLineCardUnknown');
    code = card.cardNo;
    name = card.typeName;
  }
  const amount = line.amount + line.additional;
  if (amount < 0) throw fieldError(`lines.${i}.additional`, 'lineNegative');
  return {
    kind: line.kind,
    itemId: line.itemId,
    code,
    name,
    num: 1,
    listPrice: line.amount,
    plainPrice: line.amount,
    price: line.amount,
    priceSource: 'card',
    additional: line.additional,
    listAmount: line.amount,
    amount,
  };
}

/** A stored-value card type sold in the shop (400 when unknown, 409 when not stored-value or not sold there). */
async function sellableType(tx: Db, cardTypeId: number, shopId: number, path: string) {
  const [type] = await tx
    .select({ id: cardTypes.id, code: cardTypes.code, name: cardTypes.name, kind: cardTypes.kind })
    .from(cardTypes)
    .where(eq(cardTypes.id, cardTypeId));
  if (!type) throw fieldError(path, 'cardTypeUnknown');
  if (type.kind !== 1) throw conflict('cardNotStoredValueType', { name: type.name });
  if (!(await cardTypeSellableAt(tx, type.id, shopId))) throw conflict('itemNotSold', { name: type.name });
  return type;
}

/** Refuses a card payment on a bill that opens or recharges a card (money into a card is never card money). */
export function assertNoCardPayment(lines: { kind: string }[]) {
  if (lines.some((l) => isCardLine(l.kind))) throw conflict('cardBillPaidByCard');
}

/**
 * Placeholder members holding the cards of a batch bill (批量开卡): named 批量开卡 at the bill's
 * shop, the member number standing in for the mobile until the card is handed to a customer.
 */
async function placeholderMembers(tx: Db, auth: Auth, shopId: number, count: number) {
  const codes = await nextMemberCodes(tx, auth.tenantId, count);
  const registeredOn = await tenantToday(tx, auth.tenantId);
  const rows = await tx
    .insert(members)
    .values(codes.map((code) => ({ tenantId: auth.tenantId, code, name: '批量开卡', mobile: code, shopId, registeredOn })))
    .returning({ id: members.id });
  return rows.map((r) => r.id);
}

/** What head office types when it opens one card for a member: the card's number and a note. */
export interface CardOpening {
  cardNo?: string;
  memo?: string;
}

/**
 * On settle, each card line moves money through the assets module exactly as the member page does:
 * `openCard` (principal = the money, gift = the type's opening gift + the one rule that applies) or
 * `recharge` (gift by the rule). A batch line (no bill member, `num` cards) opens its cards for
 * placeholder members. The card bills are kept per card with the rule's part of the gift.
 */
export async function settleCardLines(
  tx: Db,
  auth: Auth,
  bill: Bill,
  lines: (typeof serviceBillLines.$inferSelect)[],
  opening: CardOpening = {},
) {
  const actor = { tenantId: auth.tenantId, userId: auth.userId };
  for (const line of lines.filter((l) => isCardLine(l.kind))) {
    const perCard = line.amount / line.num;
    if (line.kind === 'cardOpen') {
      const holders = bill.memberId ? [bill.memberId] : await placeholderMembers(tx, auth, bill.shopId, line.num);
      const rule = await applicableRule(tx, line.itemId, 'open', perCard);
      for (const memberId of holders) {
        const answer = await openCard(tx, actor, {
          memberId,
          cardTypeId: line.itemId,
          shopId: bill.shopId,
          amount: perCard,
          cardNo: opening.cardNo,
          memo: opening.memo ? `${bill.billNo} ${opening.memo}` : bill.billNo,
          owner: ownedBy(bill),
        });
        await tx.insert(serviceBillCards).values({
          tenantId: auth.tenantId,
          billId: bill.id,
          lineId: line.id,
          cardId: answer.cardId,
          memberId,
          isOpen: 1,
          amount: perCard,
          gift: answer.giftChange,
          activityGift: rule ? giftOf(rule, perCard) : 0,
          cardBillId: answer.billId,
        });
      }
    } else {
      const answer = await recharge(tx, actor, {
        cardId: line.itemId,
        shopId: bill.shopId,
        amount: line.amount,
        memo: bill.billNo,
        owner: ownedBy(bill),
      });
      await tx.insert(serviceBillCards).values({
        tenantId: auth.tenantId,
        billId: bill.id,
        lineId: line.id,
        cardId: line.itemId,
        memberId: bill.memberId as number,
        isOpen: 0,
        amount: line.amount,
        gift: answer.giftChange,
        activityGift: answer.giftChange,
        cardBillId: answer.billId,
      });
    }
  }
}

/**
 * 撤单 of a card bill: for every card, a gift taken back by 撤销活动 is given back first, then the
 * card bill is reversed (refused by the ledger when the money was spent since). A card the bill
 * opened is then closed (status 2: it can no longer pay or be recharged), which must leave nothing on
 * it (409 while later recharges hold money: revoke those first); a placeholder member of a batch
 * (批量开卡) left without an open card is cancelled (注销). A recharged card stays open.
 */
export async function revokeCardLines(tx: Db, auth: Auth, bill: { id: number; billNo: string }, memo: string) {
  const actor = { tenantId: auth.tenantId, userId: auth.userId };
  const rows = await tx.select().from(serviceBillCards).where(eq(serviceBillCards.billId, bill.id)).orderBy(asc(serviceBillCards.id));
  for (const r of rows) {
    if (r.giftBackBillId) await revokeCardBill(tx, actor, { billId: r.giftBackBillId, memo }, ownedBy(bill));
    await revokeCardBill(tx, actor, { billId: r.cardBillId, memo }, ownedBy(bill));
  }
  const opened = rows.filter((r) => r.isOpen === 1);
  for (const r of opened) {
    const left = (await bucketsOf(tx, r.cardId)).reduce((s, b) => s + b.amount, 0);
    if (left !== 0) {
      const [card] = await tx.select({ cardNo: memberCards.cardNo }).from(memberCards).where(eq(memberCards.id, r.cardId));
      throw conflict('cardOpenStillHolds', { cardNo: card.cardNo, amount: yuan(left) });
    }
    await tx
      .update(memberCards)
      .set({ status: 2, version: sql`${memberCards.version} + 1`, updatedAt: sql`now()` })
      .where(eq(memberCards.id, r.cardId));
  }
  const memberIds = [...new Set(opened.map((r) => r.memberId))];
  if (memberIds.length)
    await tx
      .update(members)
      .set({ status: 3, version: sql`${members.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          inArray(members.id, memberIds),
          eq(members.name, '批量开卡'),
          eq(members.mobile, members.code),
          sql`not exists (select 1 from member_cards c where c.tenant_id = ${members.tenantId} and c.member_id = ${members.id} and c.status = 1)`,
        ),
      );
}

/** The cards a bill opened or recharged. */
export async function billCards(tx: Db, billId: number): Promise<z.infer<typeof billCardRow>[]> {
  const rows = await tx
    .select({
      lineId: serviceBillCards.lineId,
      cardId: serviceBillCards.cardId,
      cardNo: memberCards.cardNo,
      physicalNo: memberCards.physicalNo,
      memberId: serviceBillCards.memberId,
      memberName: members.name,
      isOpen: serviceBillCards.isOpen,
      amount: serviceBillCards.amount,
      gift: serviceBillCards.gift,
      activityGift: serviceBillCards.activityGift,
      cardBillId: serviceBillCards.cardBillId,
      giftBackAt: serviceBillCards.giftBackAt,
      giftBackMemo: serviceBillCards.giftBackMemo,
    })
    .from(serviceBillCards)
    .innerJoin(memberCards, eq(memberCards.id, serviceBillCards.cardId))
    .innerJoin(members, eq(members.id, serviceBillCards.memberId))
    .where(eq(serviceBillCards.billId, billId))
    .orderBy(asc(serviceBillCards.id));
  return rows.map((r) => ({ ...r, giftBackAt: r.giftBackAt?.toISOString() ?? null }));
}

/**
 * A card bill opening cards, as the till sells them: an open bill of the shop with one `cardOpen` line
 * of `cardnum` cards at `money` each and no hand tag (0, released by the settle that follows in the
 * same transaction); the caller settles it through the till's settle (the same payments, allocation,
 * performance and card opening). 批量开卡 has no member (placeholders hold the cards); head office's
 * 开卡 opens one card for a member it sees.
 */
export async function openCardBill(
  tx: Db,
  auth: Auth,
  body: Omit<z.output<typeof batchOpenBody>, 'cashUuid'> & { memberId?: number },
  check: () => void | Promise<void> = () => undefined,
) {
  assertShopVisible(auth, body.shopId);
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop) throw notFound();
  await check();
  const [member] = body.memberId
    ? await tx.select({ id: members.id, name: members.name }).from(members).where(eq(members.id, body.memberId))
    : [];
  if (body.memberId && !member) throw notFound();
  const type = await sellableType(tx, body.cardTypeId, body.shopId, 'cardTypeId');
  const total = body.money * body.cardnum;
  const paid = body.pays.reduce((s, p) => s + p.amount, 0);
  if (paid !== total) throw fieldError('pays', 'batchPaysMismatch', { paid: yuan(paid), amount: yuan(total) });
  const staff = await stationStaff(tx, body.yjs);
  const today = await tenantToday(tx, auth.tenantId);
  const [bill] = await tx
    .insert(serviceBills)
    .values({
      tenantId: auth.tenantId,
      billNo: await nextNumber(tx, auth.tenantId, 'FW', today),
      shopId: body.shopId,
      memberId: member?.id ?? null,
      memberName: member?.name ?? null,
      handTag: 0,
      businessDate: today,
      isCompute: 0,
      listTotal: total,
      amount: total,
      ...recordKindsOf([{ kind: 'cardOpen' }]),
      openedBy: auth.userId,
    })
    .returning();
  await tx.insert(serviceBillLines).values({
    tenantId: auth.tenantId,
    billId: bill.id,
    lineNo: 1,
    kind: 'cardOpen',
    itemId: type.id,
    code: type.code,
    name: type.name,
    num: body.cardnum,
    listPrice: body.money,
    plainPrice: body.money,
    price: body.money,
    priceSource: 'card',
    listAmount: total,
    amount: total,
    staff,
  });
  return bill;
}

/** The staff of a line by station with their shares (equal when not given), as the till stores them. */
async function stationStaff(tx: Db, rows: z.output<typeof batchOpenBody>['yjs']) {
  const byStation = new Map<number, typeof rows>();
  for (const [j, s] of rows.entries()) {
    const [employee] = await tx.select({ name: employees.name }).from(employees).where(eq(employees.id, s.employeeId));
    if (!employee) throw fieldError(`yjs.${j}.employeeId`, 'employeeUnknown');
    const same = byStation.get(s.station) ?? [];
    if (same.some((o) => o.employeeId === s.employeeId)) throw fieldError(`yjs.${j}.employeeId`, 'employeeTwice', { name: employee.name });
    byStation.set(s.station, [...same, s]);
  }
  const staff: { employeeId: number; station: number; appointed: boolean; share: number }[] = [];
  for (const [station, list] of byStation) {
    const given = list.filter((r) => r.share !== undefined);
    if (given.length && (given.length !== list.length || given.reduce((s, r) => s + (r.share ?? 0), 0) !== 10_000))
      throw fieldError('yjs', 'shareSum');
    const shares = given.length ? list.map((r) => r.share as number) : equalShares(list.length);
    list.forEach((r, k) => {
      staff.push({ employeeId: r.employeeId, station, appointed: r.appointed, share: shares[k] });
    });
  }
  return staff;
}

/**
 * Links a card a bill opened to a physical card number (unique in the tenant; 409 when another card
 * has it) from a range dispatched to the bill's shop by an audited dispatch bill.
 */
export async function linkPhysical(tx: Db, body: z.output<typeof linkPhysicalBody>, assertVisible: (id: number) => Promise<void>) {
  const [bill] = await tx
    .select({
      tenantId: serviceBills.tenantId,
      id: serviceBills.id,
      shopId: serviceBills.shopId,
      isHc: serviceBills.isHc,
      billNo: serviceBills.billNo,
    })
    .from(serviceBills)
    .where(and(eq(serviceBills.billNo, body.billcode), eq(serviceBills.isDel, 0)));
  if (!bill) throw notFound();
  await assertVisible(bill.id);
  const [row] = await tx
    .select({ cardId: serviceBillCards.cardId, isOpen: serviceBillCards.isOpen })
    .from(serviceBillCards)
    .innerJoin(memberCards, eq(memberCards.id, serviceBillCards.cardId))
    .where(and(eq(serviceBillCards.billId, bill.id), eq(memberCards.cardNo, body.cardno)));
  if (!row) throw fieldError('cardno', 'billCardUnknown', { cardNo: body.cardno });
  if (bill.isHc) throw conflict('cardBillRevoked', { billNo: bill.billNo });
  if (!row.isOpen) throw conflict('physicalOnlyOpened', { cardNo: body.cardno });
  const card = await lockCard(tx, bill.tenantId, { id: row.cardId });
  const [current] = await tx.select({ physicalNo: memberCards.physicalNo }).from(memberCards).where(eq(memberCards.id, card.id));
  if (current.physicalNo === body.cardcmcode) return { cardno: card.cardNo, cardcmcode: body.cardcmcode };
  if (current.physicalNo) throw conflict('physicalAlreadyLinked', { cardNo: card.cardNo, physicalNo: current.physicalNo });
  const no = body.cardcmcode;
  const [range] = await tx
    .select({ id: cardDispatchLines.id })
    .from(cardDispatchLines)
    .innerJoin(cardDispatches, eq(cardDispatches.id, cardDispatchLines.dispatchId))
    .where(
      and(
        eq(cardDispatches.state, 'audited'),
        eq(cardDispatchLines.shopId, bill.shopId),
        sql`length(${cardDispatchLines.startNo}) = ${no.length}`,
        lte(sql`${cardDispatchLines.startNo} collate "C"`, no),
        gte(sql`${cardDispatchLines.endNo} collate "C"`, no),
      ),
    )
    .limit(1);
  if (!range) throw conflict('physicalNotDispatched', { physicalNo: no });
  const [taken] = await tx
    .select({ cardNo: memberCards.cardNo })
    .from(memberCards)
    .where(and(eq(memberCards.physicalNo, no), ne(memberCards.id, card.id)));
  if (taken) throw conflict('cardNoTaken', { cardNo: no });
  await tx
    .update(memberCards)
    .set({ physicalNo: no, updatedAt: sql`now()`, version: sql`${memberCards.version} + 1` })
    .where(eq(memberCards.id, card.id));
  return { cardno: card.cardNo, cardcmcode: no };
}

/**
 * 撤销活动: takes back, without revoking the bill, the gift rule's part of one card's gift as an
 * adjustment card bill (the gift bucket of the bill's shop) and the coupons and red envelopes the
 * bill's activities gave (withdrawn); refused with the balance when that gift was spent (never below
 * 0), when one of the coupons was used, when there is nothing (left) to take back, when the bill is
 * revoked or its period locked.
 */
export async function revokeMktGift(tx: Db, auth: Auth, body: z.output<typeof revokeMktBody>, bill: Bill) {
  if (bill.isHc) throw conflict('cardBillRevoked', { billNo: bill.billNo });
  await refuseLocked(tx, ['close'], bill.shopId, bill.businessDate);
  const [row] = await tx
    .select()
    .from(serviceBillCards)
    .innerJoin(memberCards, eq(memberCards.id, serviceBillCards.cardId))
    .where(and(eq(serviceBillCards.billId, bill.id), eq(memberCards.cardNo, body.cardno)))
    .for('update', { of: serviceBillCards });
  if (!row) throw fieldError('cardno', 'billCardUnknown', { cardNo: body.cardno });
  const entry = row.service_bill_cards;
  // The bill's coupons and red envelopes first (409 while one was used), then the card's gift money.
  const items = await takeBackActivityGifts(tx, bill, body.hcMemo);
  if (entry.activityGift <= 0 && !items.issued) throw conflict('mktNoGift', { cardNo: body.cardno });
  const cardGift = entry.activityGift > 0 && !entry.giftBackBillId;
  if (!cardGift && !items.withdrawn) throw conflict('mktGiftTaken', { cardNo: body.cardno });
  if (cardGift) await takeBackCardGift(tx, auth, body, bill, entry);
  await tx
    .update(serviceBills)
    .set({ version: sql`${serviceBills.version} + 1`, updatedAt: sql`now()` })
    .where(eq(serviceBills.id, bill.id));
}

/** The gift rule's part of one card's gift leaves the gift bucket of the bill's shop (409 when spent). */
async function takeBackCardGift(
  tx: Db,
  auth: Auth,
  body: z.output<typeof revokeMktBody>,
  bill: Bill,
  entry: typeof serviceBillCards.$inferSelect,
) {
  const card = await lockCard(tx, auth.tenantId, { id: entry.cardId });
  const here = (await bucketsOf(tx, card.id)).find((b) => b.shopId === bill.shopId && b.bucket === 'gift')?.amount ?? 0;
  if (here < entry.activityGift) throw conflict('mktGiftSpent', { available: yuan(here), needed: yuan(entry.activityGift) });
  const answer = await postCardBill(
    tx,
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      kind: 'adjust',
      card,
      shopId: bill.shopId,
      amount: 0,
      memo: `${bill.billNo} 撤销活动 ${body.hcMemo}`,
      owner: ownedBy(bill),
      movements: [{ shopId: bill.shopId, bucket: 'gift', delta: -entry.activityGift }],
    },
  );
  await tx
    .update(serviceBillCards)
    .set({ giftBackBillId: answer.billId, giftBackAt: sql`now()`, giftBackBy: auth.userId, giftBackMemo: body.hcMemo })
    .where(eq(serviceBillCards.id, entry.id));
}
