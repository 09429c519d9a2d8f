import { cardRefundBill, type refundBody, type refundListQuery } from '@headoffice/contract';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { billSetting } from '../../platform/bills.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { yuanAmount } from '../../platform/money.js';
import { nextNumber, tenantToday, tenantZone, withinDays } from '../../platform/numbering.js';
import { pageOf } from '../../platform/paging.js';
import { refuseLocked } from '../../platform/period-locks.js';
import { users } from '../identity/public.js';
import { members } from '../members/public.js';
import { shops } from '../org/public.js';
import { memberAssets } from './assets.js';
import { type Actor, bucketsOf, lockCard, type MovementOwner, postCardBill, revoke } from './card-money.js';
import './messages.js';
import './packages-messages.js';
import { addDayFiguresOf } from '../../platform/day-figures.js';
import { refundFigures } from './day-figures.js';
import { returnToDeposit, takeFromDeposit } from './deposits.js';
import { type LockedLine, lockLines, postPackageBill, revokePackageBill } from './packages.js';
import {
  deposits,
  memberCards,
  memberPackageLines,
  memberPackages,
  packageBalances,
  refundLines,
  refundPackageLines,
  refundProductLines,
  refunds,
} from './schema.js';

type RefundBody = z.output<typeof refundBody>;
type AssetParts = 'packages' | 'products' | 'freePackage' | 'freeProduct';
/** The owner of a refund's card and package bills (it is no bill type of the engine). */
const REFUND_DOC = 'assets.refund';

/** The body as the route parses it; callers that refund cards only may leave the package and product parts out. */
type RefundRequest = Omit<RefundBody, AssetParts> & Partial<Pick<RefundBody, AssetParts>>;
type RefundInput = RefundBody;

/** getMember / getDiffMember: the member found by mobile with the whole chain's assets, or split into this shop's and other shops'. */
export async function refundMember(tx: Db, auth: Auth, mobile: string, shopId?: number) {
  const [m] = await tx.select({ id: members.id, shopId: members.shopId }).from(members).where(eq(members.mobile, mobile));
  if (!m) throw notFound();
  const assets = await memberAssets(tx, m.id);
  if (!shopId) {
    const visible = visibleShops(auth);
    if (visible && !visible.includes(m.shopId)) throw notFound();
    return { ...assets, thisShop: null, otherShops: null };
  }
  const part = (mine: boolean) =>
    assets.cards.map((c) => {
      const buckets = c.buckets.filter((b) => (b.shopId === shopId) === mine);
      return { ...c, buckets, principal: buckets.reduce((s, b) => s + b.principal, 0), gift: buckets.reduce((s, b) => s + b.gift, 0) };
    });
  return { ...assets, thisShop: part(true), otherShops: part(false) };
}

/** The chain's setting that sends every refund through the approval bill (退卡审批): the direct refund is refused then. */
async function approvalRequired(tx: Db) {
  return (await billSetting(tx, cardRefundBill)).requireApproval === true;
}

/**
 * saveRefund: the direct refund of a shop or head office, refused (409) when the chain requires the
 * approval bill; otherwise checked and posted at once by `postRefund`.
 */
export async function saveRefund(tx: Db, auth: Auth, actor: Actor, request: RefundRequest) {
  if (await approvalRequired(tx)) throw conflict('refundNeedsApproval');
  const visible = visibleShops(auth);
  if (visible && !request.shopId) throw forbidden('shopForbidden');
  if (request.shopId && visible && !visible.includes(request.shopId)) throw forbidden('shopForbidden');
  const posted = await postRefund(tx, actor, request);
  return refundDetail(tx, auth, posted.id);
}

/** A refund as posted by another bill: `crossShop` lets a shop's refund take other shops' buckets (the cost borne across shops, isKd). */
export type PostedRefundRequest = RefundRequest & { crossShop?: boolean };

/** A refund as a bill's one list of lines: a card bucket's principal and gift, a package line's count or a deposit's units (`num`). */
export interface RefundLine {
  kind: 'card' | 'package' | 'product';
  cardId?: number | null;
  bucketShopId?: number | null;
  tkje: number;
  tzje: number;
  packageLineId?: number | null;
  depositId?: number | null;
  num: number;
}
/** Such a refund's head: `isKd` lets a shop's refund take other shops' buckets. */
export interface RefundHead {
  memberId: number;
  shopId?: number | null;
  isKd: boolean;
  freeCard: number;
  freePackage: number;
  freeProduct: number;
  autokcard: boolean;
}
const lineNeeds = { card: ['cardId', 'bucketShopId'], package: ['packageLineId', 'num'], product: ['depositId', 'num'] } as const;

/** The refund of a list of lines; each line names what its kind refunds (400 on the line's field). */
export function refundOfLines(head: RefundHead, lines: RefundLine[], memo?: string): PostedRefundRequest {
  lines.forEach((l, i) => {
    for (const field of lineNeeds[l.kind])
      if (!l[field]) throw fieldError(`lines.${i}.${field}`, 'refundLineItem', { line: i + 1, what: `@${l.kind}` });
  });
  const of = (kind: RefundLine['kind']) => lines.filter((l) => l.kind === kind);
  return {
    memid: head.memberId,
    shopId: head.shopId ?? undefined,
    crossShop: head.isKd,
    cards: of('card').map((l) => ({ cardid: l.cardId as number, shopId: l.bucketShopId as number, tkje: l.tkje, tzje: l.tzje })),
    packages: of('package').map((l) => ({ pdid: l.packageLineId as number, tkNum: l.num })),
    products: of('product').map((l) => ({ dbid: l.depositId as number, thNum: l.num })),
    freeCard: head.freeCard,
    freePackage: head.freePackage,
    freeProduct: head.freeProduct,
    autokcard: head.autokcard,
    memo,
  };
}

/** A refund of lines priced as `priceRefund` prices it, with each line's amount: the principal, count × unit price, units × price. */
export async function priceRefundLines(tx: Db, tenantId: number, head: RefundHead, lines: RefundLine[]) {
  const priced = await priceRefund(tx, tenantId, refundOfLines(head, lines));
  const next = { package: priced.packageLines.values(), product: priced.productLines.values() };
  return { ...priced, lineAmounts: lines.map((l) => (l.kind === 'card' ? l.tkje : (next[l.kind].next().value?.amount ?? 0))) };
}

/**
 * What a refund would pay, checked as its posting checks it but writing nothing: card lines refund
 * principal (≤ the bucket) and write off gift (≤ the bucket, never paid), a shop's refund only from
 * its own buckets, the fee 0..Σ principal; package lines give back counts (≤ the count left) at the
 * batch's unit price (a gift line 0); deposited products units (≤ checknum) at their price; each part its fee.
 */
export async function priceRefund(tx: Db, tenantId: number, request: PostedRefundRequest) {
  const input: RefundInput = { packages: [], products: [], freePackage: 0, freeProduct: 0, ...request };
  const own = request.crossShop ? undefined : input.shopId;
  const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, input.memid));
  if (!member) throw notFound();
  if (!input.cards.length && !input.packages.length && !input.products.length) throw fieldError('cards', 'refundNothing');
  const keys = new Set<string>();
  for (const [i, line] of input.cards.entries()) {
    const k = `${line.cardid}:${line.shopId}`;
    if (keys.has(k)) throw new AppError(400, 'refundLineTwice', { line: i + 1 });
    keys.add(k);
    if (line.tkje === 0 && line.tzje === 0) throw new AppError(400, 'refundLineEmpty', { line: i + 1 });
    if (own && line.shopId !== own) throw conflict('refundOtherShop', { line: i + 1 });
  }
  const principalTotal = input.cards.reduce((s, l) => s + l.tkje, 0);
  if (input.freeCard > principalTotal) throw new AppError(400, 'refundFeeTooHigh', { max: yuanAmount(principalTotal) });
  for (const cardId of [...new Set(input.cards.map((l) => l.cardid))].sort((x, y) => x - y)) {
    const card = await lockCard(tx, tenantId, { id: cardId });
    if (card.memberId !== member.id) throw conflict('cardNotMembers', { cardNo: card.cardNo });
    const now = await bucketsOf(tx, cardId);
    for (const line of input.cards.filter((l) => l.cardid === cardId)) {
      const has = (bucket: 'principal' | 'gift') => now.find((b) => b.shopId === line.shopId && b.bucket === bucket)?.amount ?? 0;
      if (line.tkje > has('principal'))
        throw conflict('refundOverPrincipal', { cardNo: card.cardNo, available: yuanAmount(has('principal')) });
      if (line.tzje > has('gift')) throw conflict('refundOverGift', { cardNo: card.cardNo, available: yuanAmount(has('gift')) });
    }
  }
  // A refund is posted today (the company's day): its lines' expiry and its period are of that day.
  const date = await tenantToday(tx, tenantId);
  const packageLines = await refundablePackageLines(tx, member.id, input, own, date);
  const packageTotal = packageLines.reduce((s, l) => s + l.amount, 0);
  if (input.freePackage > packageTotal) throw new AppError(400, 'refundPackageFeeTooHigh', { max: yuanAmount(packageTotal) });
  const productLines = await refundableProducts(tx, member.id, input, own);
  const productTotal = productLines.reduce((s, l) => s + l.amount, 0);
  if (input.freeProduct > productTotal) throw new AppError(400, 'refundProductFeeTooHigh', { max: yuanAmount(productTotal) });
  const cardAmount = principalTotal - input.freeCard;
  const packageAmount = packageTotal - input.freePackage;
  const productAmount = productTotal - input.freeProduct;
  return {
    input,
    memberId: member.id,
    date,
    packageLines,
    productLines,
    giftTotal: input.cards.reduce((s, l) => s + l.tzje, 0),
    cardAmount,
    packageAmount,
    productAmount,
    totalAmount: cardAmount + packageAmount + productAmount,
  };
}

/**
 * Posts a refund (priced by `priceRefund`): 退款 rows per card (one card bill per card), the
 * member's totals move, a card at zero is closed when asked; the package counts and the deposited
 * units given back. Answers the refund's id, number and amounts.
 */
export async function postRefund(tx: Db, actor: Actor, request: PostedRefundRequest) {
  const priced = await priceRefund(tx, actor.tenantId, request);
  const { input, packageLines, productLines } = priced;
  // Refused while today's period is closed for the refunding shop or a bucket's shop.
  const touched = [
    input.shopId,
    ...input.cards.map((l) => l.shopId),
    ...packageLines.map((l) => l.line.shopId),
    ...productLines.map((l) => l.shopId),
  ];
  for (const shopId of [...new Set(touched.filter((s): s is number => !!s))].sort((x, y) => x - y))
    await refuseLocked(tx, ['close'], shopId, priced.date);
  const billNo = await nextNumber(tx, actor.tenantId, 'TK', priced.date);
  const [refund] = await tx
    .insert(refunds)
    .values({
      tenantId: actor.tenantId,
      billNo,
      memberId: priced.memberId,
      shopId: input.shopId ?? null,
      cardAmount: priced.cardAmount,
      cardFee: input.freeCard,
      packageAmount: priced.packageAmount,
      packageFee: input.freePackage,
      productAmount: priced.productAmount,
      productFee: input.freeProduct,
      totalAmount: priced.totalAmount,
      giftWrittenOff: priced.giftTotal,
      memo: input.memo ?? null,
      createdBy: actor.userId,
    })
    .returning({ id: refunds.id });
  await addDayFiguresOf(tx, refundFigures(sql`r.id = ${refund.id}`));
  const owner = { doc: REFUND_DOC, id: refund.id, no: billNo };
  // One card bill per card, cards in id order (locks in one order).
  const byCard = new Map<number, RefundInput['cards']>();
  for (const line of [...input.cards].sort((x, y) => x.cardid - y.cardid))
    byCard.set(line.cardid, [...(byCard.get(line.cardid) ?? []), line]);
  for (const [cardId, lines] of byCard) {
    const card = await lockCard(tx, actor.tenantId, { id: cardId });
    const bill = await postCardBill(tx, actor, {
      kind: 'refund',
      card,
      shopId: input.shopId ?? lines[0].shopId,
      amount: lines.reduce((s, l) => s + l.tkje, 0),
      memo: billNo,
      owner,
      movements: lines.flatMap((l) => [
        { shopId: l.shopId, bucket: 'principal' as const, delta: -l.tkje },
        { shopId: l.shopId, bucket: 'gift' as const, delta: -l.tzje },
      ]),
    });
    const close = input.autokcard && bill.principalAfter === 0 && bill.giftAfter === 0;
    if (close) await tx.update(memberCards).set({ status: 2, updatedAt: sql`now()` }).where(eq(memberCards.id, cardId));
    await tx.insert(refundLines).values(
      lines.map((l) => ({
        tenantId: actor.tenantId,
        refundId: refund.id,
        cardId,
        shopId: l.shopId,
        principal: l.tkje,
        gift: l.tzje,
        cardBillId: bill.billId,
        closedCard: close ? 1 : 0,
      })),
    );
  }
  if (packageLines.length) {
    const bill = await postPackageBill(tx, actor, {
      kind: 'refund',
      memberId: priced.memberId,
      shopId: input.shopId ?? packageLines[0].line.shopId,
      memo: billNo,
      owner,
      movements: packageLines.map((l) => ({ line: l.line, delta: -l.count })),
    });
    await tx.insert(refundPackageLines).values(
      packageLines.map((l) => ({
        tenantId: actor.tenantId,
        refundId: refund.id,
        packageLineId: l.line.id,
        num: l.count,
        unitPrice: l.line.unitPrice,
        amount: l.amount,
        packageBillId: bill.billId,
      })),
    );
  }
  for (const p of productLines)
    await takeFromDeposit(tx, actor, {
      depositId: p.id,
      shopId: input.shopId ?? p.shopId,
      num: p.count,
      kind: 'refund',
      refundId: refund.id,
      memo: billNo,
    });
  if (productLines.length)
    await tx.insert(refundProductLines).values(
      productLines.map((p) => ({
        tenantId: actor.tenantId,
        refundId: refund.id,
        depositId: p.id,
        num: p.count,
        price: p.price,
        amount: p.amount,
      })),
    );
  return { id: refund.id, billNo, ...pickAmounts(priced) };
}

const pickAmounts = (p: Awaited<ReturnType<typeof priceRefund>>) => ({
  cardAmount: p.cardAmount,
  packageAmount: p.packageAmount,
  productAmount: p.productAmount,
  totalAmount: p.totalAmount,
  giftWrittenOff: p.giftTotal,
});

/**
 * Credits a refund to one of the member's active cards as principal at a shop (退为卡金: the money stays
 * in the chain, nothing is paid out); 409 for another member's or a closed card. Answers the card bill.
 */
export async function creditRefund(
  tx: Db,
  actor: Actor,
  input: { cardId: number; memberId: number; shopId: number; amount: number; memo: string; owner: MovementOwner },
) {
  const card = await lockCard(tx, actor.tenantId, { id: input.cardId });
  if (card.memberId !== input.memberId || card.status !== 1) throw conflict('refundTargetCard', { cardNo: card.cardNo });
  return postCardBill(tx, actor, {
    kind: 'refund',
    card,
    shopId: input.shopId,
    amount: input.amount,
    memo: input.memo,
    owner: input.owner,
    movements: [{ shopId: input.shopId, bucket: 'principal', delta: input.amount }],
  });
}

/**
 * Takes back a refund another bill posted (the approval bill's review cancelled): its card bills and
 * package bill reversed exactly, the cards it closed opened again, the deposited units put back; the
 * refund stays on record as revoked. Refused (409) when a card no longer holds what it gave back.
 */
export async function reverseRefund(tx: Db, actor: Actor, refundId: number, memo: string) {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) throw notFound();
  if (refund.revokedAt) throw conflict('billRevoked', { billNo: refund.billNo });
  const owner = { doc: REFUND_DOC, id: refund.id, no: refund.billNo };
  const lines = await tx.select().from(refundLines).where(eq(refundLines.refundId, refund.id)).orderBy(asc(refundLines.cardId));
  for (const cardId of [...new Set(lines.filter((l) => l.closedCard === 1).map((l) => l.cardId))])
    await tx.update(memberCards).set({ status: 1, updatedAt: sql`now()` }).where(eq(memberCards.id, cardId));
  for (const billId of [...new Set(lines.map((l) => l.cardBillId))]) await revoke(tx, actor, { billId, memo }, owner);
  const [pkg] = await tx
    .select({ billId: refundPackageLines.packageBillId })
    .from(refundPackageLines)
    .where(eq(refundPackageLines.refundId, refund.id));
  if (pkg) await revokePackageBill(tx, actor, { billId: pkg.billId, memo }, owner);
  const products = await tx
    .select()
    .from(refundProductLines)
    .where(eq(refundProductLines.refundId, refund.id))
    .orderBy(asc(refundProductLines.depositId));
  for (const p of products) await returnToDeposit(tx, actor, { depositId: p.depositId, num: p.num, refundId: refund.id, memo });
  await addDayFiguresOf(tx, refundFigures(sql`r.id = ${refund.id}`), -1);
  await tx.update(refunds).set({ revokedAt: sql`now()` }).where(eq(refunds.id, refund.id));
}

/** The package lines of a refund, locked: the member's, sold by the refunding shop, each once and within its count left. */
async function refundablePackageLines(tx: Db, memberId: number, input: RefundInput, own: number | undefined, today: string) {
  if (!input.packages.length) return [];
  const ids = input.packages.map((p) => p.pdid);
  if (new Set(ids).size !== ids.length) throw new AppError(400, 'refundLineDuplicate', { what: 'pdid' });
  const lines = await lockLines(tx, ids, today);
  const left = await tx
    .select({ id: packageBalances.packageLineId, remaining: packageBalances.remaining })
    .from(packageBalances)
    .where(inArray(packageBalances.packageLineId, ids));
  return input.packages.map((p) => {
    const line = lines.get(p.pdid) as LockedLine;
    if (line.memberId !== memberId) throw conflict('refundPackageOtherMember');
    if (own && line.shopId !== own) throw conflict('refundPackageOtherShop');
    const available = left.find((l) => l.id === line.id)?.remaining ?? 0;
    if (p.tkNum > available) throw conflict('refundPackageOverCount', { name: line.itemName, available, needed: p.tkNum });
    // A gift line refunds nothing; a bought one its count at the price paid per use.
    return { line, count: p.tkNum, amount: line.isGift ? 0 : p.tkNum * line.unitPrice };
  });
}

/** The deposited products of a refund, locked: the member's, kept by the refunding shop, each once. */
async function refundableProducts(tx: Db, memberId: number, input: RefundInput, own: number | undefined) {
  if (!input.products.length) return [];
  const ids = input.products.map((p) => p.dbid);
  if (new Set(ids).size !== ids.length) throw new AppError(400, 'refundLineDuplicate', { what: 'dbid' });
  const rows = await tx
    .select({ id: deposits.id, memberId: deposits.memberId, shopId: deposits.shopId, price: deposits.price, remaining: deposits.remaining })
    .from(deposits)
    .where(inArray(deposits.id, ids))
    .orderBy(asc(deposits.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound();
  return input.products.map((p) => {
    const d = rows.find((r) => r.id === p.dbid) as (typeof rows)[number];
    if (d.memberId !== memberId) throw conflict('refundDepositOtherMember');
    if (own && d.shopId !== own) throw conflict('refundDepositOtherShop');
    if (p.thNum > d.remaining) throw conflict('depositShort', { available: d.remaining, needed: p.thNum });
    return { id: d.id, shopId: d.shopId, count: p.thNum, price: Number(d.price), amount: p.thNum * Number(d.price) };
  });
}

const refundColumns = {
  id: refunds.id,
  billNo: refunds.billNo,
  memberId: refunds.memberId,
  memberName: members.name,
  mobile: members.mobile,
  shopId: refunds.shopId,
  shopName: shops.name,
  cardJe: refunds.cardAmount,
  freeCard: refunds.cardFee,
  totalJe: refunds.totalAmount,
  giftWrittenOff: refunds.giftWrittenOff,
  packageJe: refunds.packageAmount,
  freePackage: refunds.packageFee,
  productJe: refunds.productAmount,
  freeProduct: refunds.productFee,
  memo: refunds.memo,
  createdAt: refunds.createdAt,
  createdBy: users.name,
  revokedAt: refunds.revokedAt,
};

const shape = <T extends { createdAt: Date | string; revokedAt: Date | string | null }>(r: T) => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  revokedAt: r.revokedAt ? new Date(r.revokedAt).toISOString() : null,
});

/** Refunds the user may see: of their shops (head office's own refunds to unrestricted users only). */
function scope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  if (!visible) return undefined;
  return visible.length ? inArray(refunds.shopId, visible) : sql`false`;
}

/** The shop list (root, shopid given) and the chain list, newest first. */
export async function refundList(tx: Db, auth: Auth, q: z.output<typeof refundListQuery>) {
  const where: SQL[] = [];
  const s = scope(auth);
  if (s) where.push(s);
  if (q.shopid) where.push(eq(refunds.shopId, q.shopid));
  if (q.keyword) where.push(or(eq(refunds.billNo, q.keyword), eq(members.mobile, q.keyword), eq(members.name, q.keyword)) as SQL);
  where.push(...withinDays(refunds.createdAt, await tenantZone(tx, auth.tenantId), q.dateFrom, q.dateTo));
  const filter = where.length ? and(...where) : undefined;
  const page = await pageOf(
    tx,
    q,
    tx
      .select(refundColumns)
      .from(refunds)
      .innerJoin(members, eq(members.id, refunds.memberId))
      .leftJoin(shops, eq(shops.id, refunds.shopId))
      .leftJoin(users, eq(users.id, refunds.createdBy))
      .where(filter)
      .orderBy(desc(refunds.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => tx.select({ id: refunds.id }).from(refunds).innerJoin(members, eq(members.id, refunds.memberId)).where(filter),
  );
  return { ...page, list: page.list.map(shape) };
}

/** One refund with its lines (404 for another tenant's or a shop the user does not see). */
export async function refundDetail(tx: Db, auth: Auth, id: number) {
  const [row] = await tx
    .select(refundColumns)
    .from(refunds)
    .innerJoin(members, eq(members.id, refunds.memberId))
    .leftJoin(shops, eq(shops.id, refunds.shopId))
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(and(eq(refunds.id, id), scope(auth)));
  if (!row) throw notFound();
  const lines = await tx
    .select({
      cardId: refundLines.cardId,
      cardNo: memberCards.cardNo,
      shopId: refundLines.shopId,
      shopName: shops.name,
      tkje: refundLines.principal,
      tzje: refundLines.gift,
      closed: sql<boolean>`${refundLines.closedCard} = 1`,
    })
    .from(refundLines)
    .innerJoin(memberCards, eq(memberCards.id, refundLines.cardId))
    .innerJoin(shops, eq(shops.id, refundLines.shopId))
    .where(eq(refundLines.refundId, id))
    .orderBy(refundLines.id);
  const packageLines = await tx
    .select({
      pdid: refundPackageLines.packageLineId,
      mpname: memberPackages.name,
      servname: memberPackageLines.itemName,
      tkNum: refundPackageLines.num,
      singlePrice: refundPackageLines.unitPrice,
      isGift: sql<boolean>`${memberPackageLines.isGift} = 1`,
      tkje: refundPackageLines.amount,
    })
    .from(refundPackageLines)
    .innerJoin(memberPackageLines, eq(memberPackageLines.id, refundPackageLines.packageLineId))
    .innerJoin(memberPackages, eq(memberPackages.id, memberPackageLines.memberPackageId))
    .where(eq(refundPackageLines.refundId, id))
    .orderBy(refundPackageLines.id);
  const productLines = await tx
    .select({
      dbid: refundProductLines.depositId,
      pcode: deposits.productCode,
      pname: deposits.productName,
      thNum: refundProductLines.num,
      price: refundProductLines.price,
      tkje: refundProductLines.amount,
    })
    .from(refundProductLines)
    .innerJoin(deposits, eq(deposits.id, refundProductLines.depositId))
    .where(eq(refundProductLines.refundId, id))
    .orderBy(refundProductLines.id);
  return { ...shape(row), lines, packageLines, productLines };
}
