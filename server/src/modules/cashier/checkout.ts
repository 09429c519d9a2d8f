import {
  type BillLineKind,
  type billLinesBody,
  billPriceLine,
  memberCouponKindLabels,
  type memberLookupRow,
  type openBillBody,
  priceBill,
  SERVICE_DOC,
  type ServiceBillDetail,
  type settleBody,
  type TillSetup,
  type tillPackageLine,
  voucherChannelLabels,
  voucherChannelPayCodes,
} from '@headoffice/contract';
import { and, asc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible } from '../../platform/auth.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { lockFor } from '../../platform/locks.js';
import { yuan } from '../../platform/money.js';
import { nextNumber, tenantToday } from '../../platform/numbering.js';
import { closedPeriod } from '../../platform/period-locks.js';
import {
  assertMemberVisible,
  consume,
  consumePackages,
  memberCards,
  memberPackageLines,
  memberPackages,
  packageBalances,
  sellPackage,
} from '../assets/public.js';
import { products, servicePackageShops, servicePackages, services } from '../catalog/public.js';
import { type ActivityPrice, activityPrices, grantActivityGifts } from '../marketing/public.js';
import { cardTypeShops, cardTypes, members } from '../members/public.js';
import { employees, shops } from '../org/public.js';
import { priceOf, productShopPrices, resolvePrice, serviceShopPrices } from '../pricing/public.js';
import { getStockConfig, postStock } from '../stock/public.js';
import { billConfigOf } from './billconfig.js';
import { assertNoCardPayment, type CardOpening, cardLine, isCardLine, settleCardLines } from './card-bills.js';
import { allocateWithPackages, cellPerf, equalShares, splitStation } from './checkout-math.js';
import { defaultCardPays, giftMoneyOf, repriceOnSettle } from './checkout-prices.js';
import './checkout-messages.js';
import { addDayFiguresOf } from '../../platform/day-figures.js';
import { type CouponPayment, couponForPayment, spendCoupons } from './coupon-payments.js';
import { tillFigures } from './day-figures.js';
import { ensureCashierDefaults } from './defaults.js';
import { refreshMemberFigures } from './member-bills.js';
import { payRulesFor } from './pay.js';
import { recordKindsOf } from './record-kinds.js';
import { prepaidOrders, serviceBillLines, serviceBillPayments, serviceBillPerf, serviceBillShares, serviceBills } from './schema.js';
import { billDetail } from './service-bills.js';
import { ownedBy, serviceBillStep, serviceBillsExpired } from './service-doc.js';
import { markVoucherUsed, voucherChannelsOf, voucherForPayment, voucherPayRule } from './vouchers.js';
import { wheelOnBillStaff, wheelShopChanged } from './wheel-queue.js';

/** Pay-template business types (1 项目, 2 商品, 3 开卡, 4 充值, 5 购买套餐) of the line kinds. */
const businessTypeOf: Record<BillLineKind, number> = { service: 1, product: 2, package: 5, cardOpen: 3, cardRecharge: 4 };
const statusWords: Record<number, [string, string]> = {
  1: ['未结账', 'open'],
  2: ['已过期', 'expired'],
  3: ['已作废', 'voided'],
  4: ['已结账', 'settled'],
};

/**
 * Open bills of an earlier business day become expired (status 2), which releases their hand tags
 * (the unique index holds tags of open bills only). Run before a tag is handed out and before lists.
 */
export async function expireOpenBills(tx: Db, tenantId: number) {
  const today = await tenantToday(tx, tenantId);
  const expired = await tx
    .update(serviceBills)
    .set({ status: 2, version: sql`${serviceBills.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(serviceBills.status, 1), lt(serviceBills.businessDate, today)))
    .returning({ id: serviceBills.id });
  await serviceBillsExpired(
    tx,
    tenantId,
    expired.map((b) => b.id),
  );
  return today;
}

/** Locks a bill for the rest of the transaction: 404 when not the tenant's or deleted, 403 when of another shop. */
export async function lockBill(tx: Db, auth: Auth, id: number) {
  const [bill] = await tx
    .select()
    .from(serviceBills)
    .where(and(eq(serviceBills.id, id), eq(serviceBills.isDel, 0)))
    .for('update');
  if (!bill) throw notFound();
  assertShopVisible(auth, bill.shopId);
  return bill;
}

type Bill = typeof serviceBills.$inferSelect;

function assertOpen(bill: Bill, version: number | undefined, lang: 'zh' | 'en' = 'zh') {
  if (bill.status === 4) throw conflict('billAlreadySettled', { billNo: bill.billNo });
  if (bill.status !== 1)
    throw conflict('billNotOpen', { billNo: bill.billNo, status: statusWords[bill.status]?.[lang === 'zh' ? 0 : 1] ?? '' });
  if (version !== undefined && version !== bill.version) throw conflict('billStale');
}

/** Hand tags held by the shop's open bills. */
async function heldTags(tx: Db, shopId: number) {
  const rows = await tx
    .select({ tag: serviceBills.handTag })
    .from(serviceBills)
    .where(and(eq(serviceBills.shopId, shopId), eq(serviceBills.status, 1)));
  return rows.map((r) => r.tag).sort((a, b) => a - b);
}

/**
 * 开单: a bill with a hand tag (typed, or the lowest free one of the shop's range), for a member
 * (with the card whose prices apply) or a walk-in.
 */
export async function openBill(tx: Db, auth: Auth, body: z.output<typeof openBillBody>): Promise<ServiceBillDetail> {
  assertShopVisible(auth, body.shopId);
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop) throw notFound();
  const today = await expireOpenBills(tx, auth.tenantId);
  // One shop's tags are handed out one at a time: two cashiers never get the same free number.
  await lockFor(tx, 'billTags', body.shopId);
  const config = await billConfigOf(tx, body.shopId);
  const held = new Set(await heldTags(tx, body.shopId));
  let handTag = body.handTag;
  if (handTag !== undefined) {
    if (held.has(handTag)) throw conflict('handTagTaken', { tag: handTag });
  } else {
    if (!config.isAutoNo) throw fieldError('handTag', 'handTagRequired');
    for (let n = config.noMin; n <= config.noMax && handTag === undefined; n++) if (!held.has(n)) handTag = n;
    if (handTag === undefined) throw conflict('handTagsExhausted', { min: config.noMin, max: config.noMax });
  }
  let member: { id: number; name: string; mobile: string; sex: number | null } | undefined;
  if (body.memberId) {
    [member] = await tx
      .select({ id: members.id, name: members.name, mobile: members.mobile, sex: members.gender })
      .from(members)
      .where(eq(members.id, body.memberId));
    if (!member) throw notFound();
  }
  if (body.cardId) {
    const [card] = await tx
      .select({ memberId: memberCards.memberId, cardNo: memberCards.cardNo })
      .from(memberCards)
      .where(eq(memberCards.id, body.cardId));
    if (!card) throw notFound();
    if (!member || card.memberId !== member.id) throw conflict('billCardNotMembers', { cardNo: card.cardNo });
  }
  const billNo = await nextNumber(tx, auth.tenantId, 'FW', today);
  const [bill] = await tx
    .insert(serviceBills)
    .values({
      tenantId: auth.tenantId,
      billNo,
      shopId: body.shopId,
      handTag,
      businessDate: today,
      memberId: member?.id ?? null,
      cardId: body.cardId ?? null,
      memberName: member?.name ?? null,
      mobile: member?.mobile ?? null,
      sex: member?.sex ?? null,
      openedBy: auth.userId,
    })
    .returning({ id: serviceBills.id });
  await serviceBillStep(tx, auth, bill.id, { action: 'open', fromState: null });
  return billDetail(tx, bill.id);
}

/**
 * A bill opened for a booked customer on arrival (预约到店): the member's or a walk-in's, at the booking's
 * shop, one line per booked service with the booked stylist appointed at station 1, priced as the till prices.
 */
export async function openBookedBill(
  tx: Db,
  auth: Auth,
  o: { shopId: number; memberId: number | null; handTag?: number; serviceIds: number[]; employeeId: number | null },
): Promise<ServiceBillDetail> {
  const opened = await openBill(tx, auth, { shopId: o.shopId, memberId: o.memberId ?? undefined, handTag: o.handTag });
  if (!o.serviceIds.length) return opened;
  const staff = o.employeeId ? [{ employeeId: o.employeeId, station: 1 as const, appointed: true }] : [];
  return saveLines(tx, auth, {
    id: opened.id,
    version: opened.version,
    lines: o.serviceIds.map((itemId) => ({ kind: 'service' as const, itemId, num: 1, additional: 0, staff, staffPurchase: false })),
  });
}

/** The card of a bill with its type and discounts (prices follow it). */
async function billCard(tx: Db, cardId: number | null) {
  if (!cardId) return undefined;
  const [card] = await tx
    .select({
      cardTypeId: memberCards.cardTypeId,
      serviceDiscount: memberCards.serviceDiscount,
      productDiscount: memberCards.productDiscount,
    })
    .from(memberCards)
    .where(eq(memberCards.id, cardId));
  return card;
}

type Resolved = { price: number | null; source: string | null };

/**
 * The price a line gets with the bill's card: its card price (never above the price without it), else
 * the card's discount (basis points, 0 = none) on the price without it, rounded half up to the cent;
 * else the price without it.
 */
function cardPrice(plain: Resolved, resolved: Resolved, discount: number | undefined) {
  const plainPrice = plain.price as number;
  if (resolved.source?.startsWith('card'))
    return { price: Math.min(resolved.price as number, plainPrice), priceSource: resolved.source as string, discount: 0 };
  if (discount && discount > 0 && discount < 10_000) {
    const price = Math.round((plainPrice * discount) / 10_000);
    if (price !== plainPrice) return { price, priceSource: 'card-discount', discount };
  }
  return { price: plainPrice, priceSource: plain.source as string, discount: 0 };
}

/**
 * Replaces the lines of an open bill: each priced now by the shop's price resolution (card price, else
 * level special of the station-1 employee, else the shop's price; the card's discount on a price that
 * is not a card price), with its staff by station. A service with a running activity's price (活动价)
 * below its price without the card costs that whatever pays, the card giving nothing more on it. The
 * amounts are stored as priced.
 */
export async function saveLines(tx: Db, auth: Auth, body: z.output<typeof billLinesBody>): Promise<ServiceBillDetail> {
  const bill = await lockBill(tx, auth, body.id);
  assertOpen(bill, body.version);
  const card = await billCard(tx, bill.cardId);
  const employeeIds = [...new Set(body.lines.flatMap((l) => l.staff.map((s) => s.employeeId)))];
  const staffRows = employeeIds.length
    ? await tx
        .select({ id: employees.id, name: employees.name, levelId: employees.levelId })
        .from(employees)
        .where(inArray(employees.id, employeeIds))
    : [];
  const staffById = new Map(staffRows.map((e) => [e.id, e]));
  const offers = body.lines.some((l) => l.kind === 'service' && l.packageLineId === undefined)
    ? await activityPrices(tx, { shopId: bill.shopId, day: bill.businessDate })
    : new Map<number, ActivityPrice>();
  const priced: (typeof serviceBillLines.$inferInsert)[] = [];
  for (const [i, line] of body.lines.entries()) {
    const byStation = new Map<number, typeof line.staff>();
    for (const [j, s] of line.staff.entries()) {
      const employee = staffById.get(s.employeeId);
      if (!employee) throw fieldError(`lines.${i}.staff.${j}.employeeId`, 'employeeUnknown');
      const same = byStation.get(s.station) ?? [];
      if (same.some((o) => o.employeeId === s.employeeId))
        throw fieldError(`lines.${i}.staff.${j}.employeeId`, 'employeeTwice', { name: employee.name });
      byStation.set(s.station, [...same, s]);
    }
    const staff: { employeeId: number; station: number; appointed: boolean; share: number }[] = [];
    for (const [station, rows] of byStation) {
      const given = rows.filter((r) => r.share !== undefined);
      if (given.length && (given.length !== rows.length || given.reduce((s, r) => s + (r.share ?? 0), 0) !== 10_000))
        throw fieldError(`lines.${i}.staff`, 'shareSum');
      const shares = given.length ? rows.map((r) => r.share as number) : equalShares(rows.length);
      rows.forEach((r, k) => {
        staff.push({ employeeId: r.employeeId, station, appointed: r.appointed, share: shares[k] });
      });
    }
    if (line.kind === 'package') {
      priced.push({ ...(await packageSaleLine(tx, bill, line, i)), tenantId: auth.tenantId, billId: bill.id, lineNo: i + 1, staff });
      continue;
    }
    if (isCardLine(line.kind)) {
      priced.push({ ...(await cardLine(tx, bill, line, i)), tenantId: auth.tenantId, billId: bill.id, lineNo: i + 1, staff });
      continue;
    }
    if (line.packageLineId !== undefined) {
      priced.push({ ...(await packageUseLine(tx, bill, line, i)), tenantId: auth.tenantId, billId: bill.id, lineNo: i + 1, staff });
      continue;
    }
    const levelId = staff.find((s) => s.station === 1) ? staffById.get(staff.find((s) => s.station === 1)?.employeeId ?? 0)?.levelId : null;
    const item =
      line.kind === 'service'
        ? (await tx.select({ code: services.code, name: services.name }).from(services).where(eq(services.id, line.itemId)))[0]
        : (await tx.select({ code: products.pcode, name: products.name }).from(products).where(eq(products.id, line.itemId)))[0];
    if (!item) throw fieldError(`lines.${i}.itemId`, 'itemUnknown');
    const resolved = await priceOf(tx, {
      shopId: bill.shopId,
      kind: line.kind,
      itemId: line.itemId,
      cardTypeId: line.kind === 'service' ? card?.cardTypeId : null,
      levelId: line.kind === 'service' ? levelId : null,
    });
    const listed = resolved && resolvePrice(resolved.facts, { shopId: bill.shopId });
    const plain = resolved && resolvePrice(resolved.facts, { shopId: bill.shopId, levelId: line.kind === 'service' ? levelId : null });
    if (listed?.price == null || plain?.price == null || resolved?.price == null) throw conflict('itemNotSold', { name: item.name });
    const offer = line.kind === 'service' ? offers.get(line.itemId) : undefined;
    const activityPrice = offer && Math.round((listed.price * offer.rate) / 10_000);
    const atActivity = offer !== undefined && activityPrice !== undefined && activityPrice < plain.price;
    const withCard = atActivity
      ? { price: activityPrice, priceSource: 'activity', discount: offer.rate }
      : cardPrice(plain, resolved, card && (line.kind === 'service' ? card.serviceDiscount : card.productDiscount));
    if (line.num * withCard.price + line.additional < 0) throw fieldError(`lines.${i}.additional`, 'lineNegative');
    priced.push({
      tenantId: auth.tenantId,
      billId: bill.id,
      lineNo: i + 1,
      kind: line.kind,
      itemId: line.itemId,
      code: item.code,
      name: item.name,
      num: line.num,
      listPrice: listed.price,
      plainPrice: atActivity ? activityPrice : plain.price,
      ...withCard,
      additional: line.additional,
      listAmount: line.num * listed.price,
      amount: line.num * withCard.price + line.additional,
      staff,
    });
  }
  // 大/小项目 and 内购 are kept on the line as sold, so a later change of the service's mark leaves past days as they were.
  const serviceIds = priced.filter((l) => l.kind === 'service').map((l) => l.itemId);
  const serTypes = serviceIds.length
    ? new Map(
        (await tx.select({ id: services.id, serType: services.serType }).from(services).where(inArray(services.id, serviceIds))).map(
          (s) => [s.id, s.serType],
        ),
      )
    : new Map<number, number>();
  for (const [i, line] of body.lines.entries()) {
    if (line.staffPurchase && line.kind !== 'product') throw fieldError(`lines.${i}.staffPurchase`, 'staffPurchaseProduct');
    priced[i].staffPurchase = line.staffPurchase;
    if (priced[i].kind === 'service') priced[i].serType = serTypes.get(priced[i].itemId) ?? 2;
  }
  await wheelOnBillStaff(tx, auth, bill, priced);
  // Until the payments are known the bill is priced as its card would pay it all (at the shop's prices without a card).
  const rules = await billConfigOf(tx, bill.shopId);
  const totals = priceBill(priced.map(billPriceLine), rules, defaultCardPays(bill, priced), await giftMoneyOf(tx, bill.cardId));
  await tx.delete(serviceBillLines).where(eq(serviceBillLines.billId, bill.id));
  if (priced.length)
    await tx
      .insert(serviceBillLines)
      .values(priced.map((l, i) => ({ ...l, amount: totals.lines[i].amount, roundOff: totals.lines[i].roundOff })));
  await tx
    .update(serviceBills)
    .set({
      listTotal: totals.listTotal,
      amount: totals.amount,
      discountTotal: totals.discountTotal,
      roundOff: totals.roundOff,
      ...recordKindsOf(priced),
      version: sql`${serviceBills.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(serviceBills.id, bill.id));
  await serviceBillStep(tx, auth, bill.id, { action: 'edit', fromState: 'open', quiet: true });
  return billDetail(tx, bill.id);
}

type LineInput = z.output<typeof billLinesBody>['lines'][number];
type PricedLine = Omit<typeof serviceBillLines.$inferInsert, 'tenantId' | 'billId' | 'lineNo' | 'staff'>;

/** 购买套餐: a catalogue package on sale, one per line, for the bill's member, at the package's price. */
async function packageSaleLine(tx: Db, bill: Bill, line: LineInput, i: number): Promise<PricedLine> {
  if (!bill.memberId) throw conflict('packageNeedsMember');
  if (line.num !== 1) throw fieldError(`lines.${i}.num`, 'packageOnePerLine');
  if (line.packageLineId !== undefined) throw fieldError(`lines.${i}.packageLineId`, 'packageLineItem');
  const [pkg] = await tx
    .select({ code: servicePackages.code, name: servicePackages.name, price: servicePackages.price, status: servicePackages.status })
    .from(servicePackages)
    .where(and(eq(servicePackages.id, line.itemId), eq(servicePackages.isDel, 0)));
  if (!pkg) throw fieldError(`lines.${i}.itemId`, 'itemUnknown');
  const [inShop] = await tx
    .select({ id: servicePackageShops.packageId })
    .from(servicePackageShops)
    .where(and(eq(servicePackageShops.packageId, line.itemId), eq(servicePackageShops.shopId, bill.shopId)));
  if (pkg.status !== 1 || !inShop) throw conflict('itemNotSold', { name: pkg.name });
  const amount = pkg.price + line.additional;
  if (amount < 0) throw fieldError(`lines.${i}.additional`, 'lineNegative');
  return {
    kind: 'package',
    itemId: line.itemId,
    code: pkg.code,
    name: pkg.name,
    num: 1,
    listPrice: pkg.price,
    plainPrice: pkg.price,
    price: pkg.price,
    priceSource: 'package',
    additional: line.additional,
    listAmount: pkg.price,
    amount,
  };
}

/**
 * 套餐消费: a service or product line paid with counts of the bill member's package line (the same
 * item); its amount is the value used (count × the line's unit price, a gift line none), paid on
 * settle by the package pay type. The counts are taken on settle.
 */
async function packageUseLine(tx: Db, bill: Bill, line: LineInput, i: number): Promise<PricedLine> {
  const [pl] = await tx
    .select({
      memberId: memberPackageLines.memberId,
      itemType: memberPackageLines.itemType,
      serviceId: memberPackageLines.serviceId,
      productId: memberPackageLines.productId,
      itemCode: memberPackageLines.itemCode,
      itemName: memberPackageLines.itemName,
      unitPrice: memberPackageLines.unitPrice,
      isGift: memberPackageLines.isGift,
    })
    .from(memberPackageLines)
    .where(eq(memberPackageLines.id, line.packageLineId as number));
  if (!pl) throw fieldError(`lines.${i}.packageLineId`, 'packageLineUnknown');
  if (pl.memberId !== bill.memberId) throw conflict('packageLineNotMembers', { name: pl.itemName });
  const sameItem =
    line.kind === 'service' ? pl.itemType === 1 && pl.serviceId === line.itemId : pl.itemType === 2 && pl.productId === line.itemId;
  if (!sameItem) throw fieldError(`lines.${i}.itemId`, 'packageLineItem');
  if (line.additional !== 0) throw fieldError(`lines.${i}.additional`, 'packageLineAdditional');
  const price = pl.isGift ? 0 : Number(pl.unitPrice);
  const listed = await priceOf(tx, { shopId: bill.shopId, kind: line.kind as 'service' | 'product', itemId: line.itemId });
  const listPrice = listed?.price ?? price;
  return {
    kind: line.kind,
    itemId: line.itemId,
    code: pl.itemCode,
    name: pl.itemName,
    num: line.num,
    listPrice,
    plainPrice: price,
    price,
    priceSource: 'package',
    additional: 0,
    listAmount: line.num * listPrice,
    amount: line.num * price,
    packageLineId: line.packageLineId,
  };
}

interface PayEntry {
  rule: Awaited<ReturnType<typeof payRulesFor>>[number];
  amount: number;
  cardId: number | null;
  cardBillId: number | null;
  /** The prepaid order this payment uses (marked used once the payment row exists). */
  prepaidOrderId?: number;
  /** The platform voucher this payment uses (marked used once the payment row exists). */
  voucherId?: number;
  /** The member's coupon or red envelope this payment spends: the lines it may pay, its performance rate. */
  coupon?: CouponPayment;
}

/**
 * 结账: the payments (cash-like pay types of the shop's template, stored-value cards through the
 * card's consumption rules) must add up to the bill; each payment is allocated over the lines by the
 * largest remainder; performance per cell by the template's rates (fee first); the station's staff
 * share a line's performance; products leave the shop's stock. Everything decided here is stored and
 * never recomputed; the request's Idempotency-Key makes a retry answer the first settle.
 */
export async function settleBill(
  tx: Db,
  auth: Auth,
  body: z.output<typeof settleBody>,
  checkKey: () => void = () => undefined,
  opening?: CardOpening,
): Promise<ServiceBillDetail> {
  const locked = await lockBill(tx, auth, body.id);
  checkKey();
  assertOpen(locked, body.version);
  const saved = await tx
    .select()
    .from(serviceBillLines)
    .where(eq(serviceBillLines.billId, locked.id))
    .orderBy(asc(serviceBillLines.lineNo));
  if (!saved.length) throw conflict('billEmpty');
  const period = await closedPeriod(tx, locked.shopId, locked.businessDate);
  if (period) throw new AppError(409, 'periodLocked', { period });
  // The card's prices go with what the card pays: the bill is priced again for these payments.
  const { bill, lines } = await repriceOnSettle(tx, locked, saved, body.payments);
  const paid = body.payments.reduce((s, p) => s + p.amount, 0);
  const packageUse = lines.filter((l) => l.packageLineId !== null);
  const byPackage = packageUse.reduce((s, l) => s + l.amount, 0);
  if (paid !== bill.amount - byPackage)
    throw fieldError('payments', 'paymentsMismatch', { paid: yuan(paid), amount: yuan(bill.amount - byPackage) });
  await ensureCashierDefaults(tx, auth.tenantId);
  const kinds = [...new Set(lines.map((l) => l.kind as BillLineKind))];
  const rulesByType = new Map<number, Awaited<ReturnType<typeof payRulesFor>>>();
  for (const kind of kinds) rulesByType.set(businessTypeOf[kind], await payRulesFor(tx, bill.shopId, businessTypeOf[kind]));
  const firstRules = rulesByType.get(businessTypeOf[kinds[0]]) ?? [];
  /** A pay type must be offered for every business type on the bill. */
  const offered = (find: (r: PayEntry['rule']) => boolean, name: string) => {
    const rule = firstRules.find(find);
    if (!rule || [...rulesByType.values()].some((rules) => !rules.some(find))) throw conflict('payTypeNotOffered', { name });
    return rule;
  };
  const entries: PayEntry[] = [];
  for (const [i, p] of body.payments.entries()) {
    if ([p.payTypeId, p.cardId, p.prepaidOrderId, p.voucherId, p.memberCouponId].filter((v) => v !== undefined).length !== 1)
      throw fieldError(`payments.${i}`, 'paymentTarget');
    if (p.memberCouponId !== undefined) {
      const coupon = await couponForPayment(tx, bill, lines, body.payments, i);
      const kindRule = firstRules.find((r) => r.kind === coupon.kind);
      const [name] = memberCouponKindLabels[coupon.kind];
      if (!kindRule) throw conflict('couponPayTypeMissing', { name });
      entries.push({
        rule: offered((r) => r.kind === coupon.kind, kindRule.name),
        amount: p.amount,
        cardId: null,
        cardBillId: null,
        coupon,
      });
      continue;
    }
    if (p.voucherId !== undefined) {
      const voucher = await voucherForPayment(tx, bill.shopId, body.payments, i);
      // The voucher pays as its channel's pay type (27 美团, 36 抖音).
      const rule = voucherPayRule([...rulesByType.values()].flat(), voucher.channel);
      if (!rule)
        throw conflict('voucherPayTypeMissing', {
          code: voucherChannelPayCodes[voucher.channel],
          channel: voucherChannelLabels[voucher.channel][0],
        });
      entries.push({
        rule: offered((r) => r.payTypeId === rule.payTypeId, rule.name),
        amount: p.amount,
        cardId: null,
        cardBillId: null,
        voucherId: voucher.id,
      });
      continue;
    }
    if (p.prepaidOrderId !== undefined) {
      // The order row is locked: of concurrent settles naming it, one uses it, the others find it used.
      const [order] = await tx.select().from(prepaidOrders).where(eq(prepaidOrders.id, p.prepaidOrderId)).for('update');
      if (!order || order.shopId !== bill.shopId) throw fieldError(`payments.${i}.prepaidOrderId`, 'prepaidOrderUnknown');
      if (order.status !== 1) throw conflict('prepaidOrderNotUnused', { orderNo: order.orderNo });
      if (body.payments.some((o, k) => k !== i && o.prepaidOrderId === p.prepaidOrderId))
        throw fieldError(`payments.${i}.prepaidOrderId`, 'prepaidOrderTwice');
      if (order.amount !== p.amount)
        throw fieldError(`payments.${i}.amount`, 'prepaidOrderAmount', { amount: yuan(order.amount), orderNo: order.orderNo });
      const rule = [...rulesByType.values()].flat().find((r) => r.payTypeId === order.payTypeId);
      if (!rule) throw conflict('payTypeNotOffered', { name: String(order.payTypeId) });
      entries.push({
        rule: offered((r) => r.payTypeId === order.payTypeId, rule.name),
        amount: p.amount,
        cardId: null,
        cardBillId: null,
        prepaidOrderId: order.id,
      });
      continue;
    }
    if (p.cardId !== undefined) {
      assertNoCardPayment(lines);
      const principalRule = firstRules.find((r) => r.kind === 'cardPrincipal');
      const giftRule = firstRules.find((r) => r.kind === 'cardGift');
      if (!principalRule || !giftRule) throw conflict('cardPayTypeMissing');
      const answer = await consume(
        tx,
        { tenantId: auth.tenantId, userId: auth.userId },
        { cardId: p.cardId, shopId: bill.shopId, amount: p.amount, memo: bill.billNo, owner: ownedBy(bill) },
      );
      const principal = -answer.rows.filter((r) => r.bucket === 'principal').reduce((s, r) => s + r.amount, 0);
      const gift = -answer.rows.filter((r) => r.bucket === 'gift').reduce((s, r) => s + r.amount, 0);
      if (principal)
        entries.push({
          rule: offered((r) => r.kind === 'cardPrincipal', principalRule.name),
          amount: principal,
          cardId: p.cardId,
          cardBillId: answer.billId,
        });
      if (gift)
        entries.push({
          rule: offered((r) => r.kind === 'cardGift', giftRule.name),
          amount: gift,
          cardId: p.cardId,
          cardBillId: answer.billId,
        });
      continue;
    }
    const rule =
      firstRules.find((r) => r.payTypeId === p.payTypeId) ?? [...rulesByType.values()].flat().find((r) => r.payTypeId === p.payTypeId);
    if (!rule) throw conflict('payTypeNotOffered', { name: String(p.payTypeId) });
    if (rule.kind) throw conflict('payTypeSystemPay', { name: rule.name });
    entries.push({ rule: offered((r) => r.payTypeId === p.payTypeId, rule.name), amount: p.amount, cardId: null, cardBillId: null });
  }
  // The lines paid with package counts: their counts are taken as one package bill, and the package
  // pay type pays exactly those lines; the money payments are allocated over the other lines.
  let packageBillId: number | null = null;
  if (packageUse.length) {
    const counts = new Map<number, number>();
    for (const l of packageUse) counts.set(l.packageLineId as number, (counts.get(l.packageLineId as number) ?? 0) + l.num);
    const used = await consumePackages(
      tx,
      { tenantId: auth.tenantId, userId: auth.userId },
      { shopId: bill.shopId, items: [...counts].map(([lineId, count]) => ({ lineId, count })), memo: bill.billNo },
      ownedBy(bill),
    );
    packageBillId = used.billId;
    await tx
      .update(serviceBillLines)
      .set({ packageBillId })
      .where(
        inArray(
          serviceBillLines.id,
          packageUse.map((l) => l.id),
        ),
      );
  }
  const moneyEntries = entries.length;
  if (byPackage > 0) {
    const kind = packageUse[0].kind as BillLineKind;
    const rule = rulesByType.get(businessTypeOf[kind])?.find((r) => r.kind === 'package');
    const missing = packageUse.some((l) => !rulesByType.get(businessTypeOf[l.kind as BillLineKind])?.some((r) => r.kind === 'package'));
    if (!rule || missing) throw conflict('packagePayTypeMissing');
    entries.push({ rule, amount: byPackage, cardId: null, cardBillId: null });
  }
  const cells = allocateWithPackages(
    entries.slice(0, moneyEntries).map((e) => e.amount),
    lines.map((l) => ({ amount: l.amount, byPackage: l.packageLineId !== null })),
    entries.slice(0, moneyEntries).map((e) => e.coupon?.only),
  );
  if (!cells) throw conflict('couponsCannotFit');
  const ruleFor = (entry: PayEntry, line: (typeof lines)[number]) =>
    rulesByType.get(businessTypeOf[line.kind as BillLineKind])?.find((r) => r.payTypeId === entry.rule.payTypeId) ?? entry.rule;
  const cellRows = entries.map((entry, i) =>
    lines.map((line, j) => {
      const rule = ruleFor(entry, line);
      return { amount: cells[i][j], ...cellPerf(cells[i][j], entry.coupon?.perfRate ?? rule.perfRate, rule.feeRate) };
    }),
  );
  const payments = !entries.length
    ? []
    : await tx
        .insert(serviceBillPayments)
        .values(
          entries.map((e, i) => ({
            tenantId: auth.tenantId,
            billId: bill.id,
            payTypeId: e.rule.payTypeId,
            payCode: e.rule.code,
            payName: e.rule.name,
            classCode: e.rule.classCode,
            amount: e.amount,
            perf: cellRows[i].reduce((s, c) => s + c.perf, 0),
            fee: cellRows[i].reduce((s, c) => s + c.fee, 0),
            cardId: e.cardId,
            cardBillId: e.cardBillId,
            memberCouponId: e.coupon?.id ?? null,
          })),
        )
        .returning({ id: serviceBillPayments.id });
  await spendCoupons(
    tx,
    bill,
    entries.flatMap((e) => (e.coupon ? [{ id: e.coupon.id, amount: e.amount }] : [])),
  );
  for (const [i, e] of entries.entries())
    if (e.prepaidOrderId)
      await tx
        .update(prepaidOrders)
        .set({
          status: 2,
          billId: bill.id,
          paymentId: payments[i].id,
          usedAt: sql`now()`,
          version: sql`${prepaidOrders.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(prepaidOrders.id, e.prepaidOrderId), eq(prepaidOrders.status, 1)));
  for (const [i, e] of entries.entries()) if (e.voucherId) await markVoucherUsed(tx, e.voucherId, bill.id, payments[i].id);
  if (entries.length)
    await tx.insert(serviceBillShares).values(
      entries.flatMap((_, i) =>
        lines.map((line, j) => ({
          tenantId: auth.tenantId,
          billId: bill.id,
          paymentId: payments[i].id,
          lineId: line.id,
          ...cellRows[i][j],
        })),
      ),
    );
  const perfRows: (typeof serviceBillPerf.$inferInsert)[] = [];
  lines.forEach((line, j) => {
    const linePerf = cellRows.reduce((s, row) => s + row[j].perf, 0);
    for (const station of [1, 2, 3]) {
      const staff = line.staff.filter((s) => s.station === station);
      if (!staff.length) continue;
      const parts = splitStation(
        linePerf,
        staff.map((s) => s.share),
      );
      staff.forEach((s, k) => {
        perfRows.push({
          tenantId: auth.tenantId,
          billId: bill.id,
          lineId: line.id,
          employeeId: s.employeeId,
          station,
          appointed: s.appointed,
          amount: parts[k],
          cause: 'settle',
          businessDate: bill.businessDate,
        });
      });
    }
  });
  if (perfRows.length) await tx.insert(serviceBillPerf).values(perfRows);
  await settleCardLines(tx, auth, bill, lines, opening);
  // 购买套餐: each package line becomes the member's package (its sale bill kept on the line).
  for (const line of lines.filter((l) => l.kind === 'package')) {
    const sold = await sellPackage(
      tx,
      { tenantId: auth.tenantId, userId: auth.userId },
      {
        memberId: bill.memberId as number,
        shopId: bill.shopId,
        packageId: line.itemId,
        cardId: bill.cardId ?? undefined,
        isGift: false,
        memo: bill.billNo,
      },
      ownedBy(bill),
    );
    await tx.update(serviceBillLines).set({ packageBillId: sold.billId }).where(eq(serviceBillLines.id, line.id));
  }
  const productLines = lines.filter((l) => l.kind === 'product');
  if (productLines.length) {
    const config = await getStockConfig(tx);
    const names = new Map(productLines.map((l) => [l.itemId, l.name]));
    await postStock(
      tx,
      productLines.map((l) => ({ shopId: bill.shopId, productId: l.itemId, delta: -l.num, lineId: l.id })),
      {
        tenantId: auth.tenantId,
        docType: SERVICE_DOC,
        billId: bill.id,
        allowNegative: config.allowNegative,
        describe: async (id) => names.get(id) ?? String(id),
      },
    );
  }
  await tx
    .update(serviceBills)
    .set({ status: 4, settledAt: sql`now()`, settledBy: auth.userId, version: sql`${serviceBills.version} + 1`, updatedAt: sql`now()` })
    .where(eq(serviceBills.id, bill.id));
  await addDayFiguresOf(tx, tillFigures(sql`b.id = ${bill.id}`));
  await refreshMemberFigures(tx, bill.memberId);
  // Marketing activities give their coupons and red envelopes to the bill's member (never failing the settle).
  await grantActivityGifts(tx, auth, bill, lines);
  await wheelShopChanged(tx, auth, bill.shopId);
  await serviceBillStep(tx, auth, bill.id, { action: 'settle', fromState: 'open' });
  return billDetail(tx, bill.id);
}

/** The cashier voids an open bill (its hand tag is released). */
export async function voidBill(tx: Db, auth: Auth, body: { id: number; reason: string }) {
  const bill = await lockBill(tx, auth, body.id);
  assertOpen(bill, undefined);
  await tx
    .update(serviceBills)
    .set({
      status: 3,
      cancelledAt: sql`now()`,
      cancelledBy: auth.userId,
      cancelReason: body.reason,
      version: sql`${serviceBills.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(serviceBills.id, bill.id));
  await wheelShopChanged(tx, auth, bill.shopId);
  await serviceBillStep(tx, auth, bill.id, { action: 'void', fromState: 'open', memo: body.reason });
  return billDetail(tx, bill.id);
}

/** What the till needs to work in a shop: hand tags, pay types, the shop's services and products with their prices, its staff. */
export async function tillSetup(tx: Db, auth: Auth, shopId: number): Promise<TillSetup> {
  const [shop] = await tx
    .select({ id: shops.id, name: shops.name, address: shops.address, phone: shops.phone })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop) throw notFound();
  await expireOpenBills(tx, auth.tenantId);
  await ensureCashierDefaults(tx, auth.tenantId);
  const config = await billConfigOf(tx, shopId);
  const rules = await payRulesFor(tx, shopId, 1);
  const serviceRows = await tx
    .select({ id: services.id, code: services.code, name: services.name, price: serviceShopPrices.price })
    .from(serviceShopPrices)
    .innerJoin(services, eq(services.id, serviceShopPrices.serviceId))
    .where(and(eq(serviceShopPrices.shopId, shopId), eq(serviceShopPrices.status, 1), eq(services.status, 1), eq(services.isDel, 0)))
    .orderBy(asc(services.code))
    .limit(500);
  const productRows = await tx
    .select({ id: products.id, code: products.pcode, name: products.name, price: productShopPrices.price })
    .from(productShopPrices)
    .innerJoin(products, eq(products.id, productShopPrices.productId))
    .where(and(eq(productShopPrices.shopId, shopId), eq(productShopPrices.status, 1), eq(products.status, 1), eq(products.isDel, 0)))
    .orderBy(asc(products.pcode))
    .limit(500);
  const staff = await tx
    .select({ id: employees.id, code: employees.eecode, name: employees.name })
    .from(employees)
    .where(and(eq(employees.shopId, shopId), eq(employees.status, 1)))
    .orderBy(asc(employees.eecode))
    .limit(500);
  const packageRows = await tx
    .select({ id: servicePackages.id, code: servicePackages.code, name: servicePackages.name, price: servicePackages.price })
    .from(servicePackages)
    .innerJoin(servicePackageShops, and(eq(servicePackageShops.packageId, servicePackages.id), eq(servicePackageShops.shopId, shopId)))
    .where(and(eq(servicePackages.status, 1), eq(servicePackages.isDel, 0)))
    .orderBy(asc(servicePackages.code))
    .limit(500);
  const cardTypeRows = await tx
    .select({
      id: cardTypes.id,
      code: cardTypes.code,
      name: cardTypes.name,
      openAmount: cardTypes.openAmount,
      minRecharge: cardTypes.minRecharge,
    })
    .from(cardTypes)
    .innerJoin(
      cardTypeShops,
      and(eq(cardTypeShops.cardTypeId, cardTypes.id), eq(cardTypeShops.shopId, shopId), eq(cardTypeShops.status, 1)),
    )
    .where(and(eq(cardTypes.status, 1), eq(cardTypes.kind, 1)))
    .orderBy(asc(cardTypes.code))
    .limit(200);
  return {
    packages: packageRows,
    cardTypes: cardTypeRows,
    shopId,
    shopName: shop.name,
    shopAddress: shop.address,
    shopPhone: shop.phone,
    cardPriceRule: config.cardPriceRule,
    rounding: config.rounding,
    isAutoPrint: config.isAutoPrint,
    isNeedSign: config.isNeedSign,
    handTags: { isAutoNo: config.isAutoNo, noMin: config.noMin, noMax: config.noMax, held: await heldTags(tx, shopId) },
    payTypes: rules.map((r) => ({ payTypeId: r.payTypeId, code: r.code, name: r.name, kind: r.kind, isOften: r.isOften })),
    services: serviceRows,
    products: productRows,
    employees: staff,
    voucherChannels: await voucherChannelsOf(tx, shopId),
  };
}

/** Finds members by mobile (whole or its tail) or card number, as the shop's bill settings allow, with their cards and balances. */
export async function findMembers(tx: Db, shopId: number, q: string): Promise<z.infer<typeof memberLookupRow>[]> {
  const config = await billConfigOf(tx, shopId);
  const conditions = [];
  if (config.isAllowMobile) conditions.push(q.length === 11 ? eq(members.mobile, q) : like(members.mobile, `%${q.replace(/[\\%_]/g, '')}`));
  if (config.isAllowCardno)
    conditions.push(sql`${members.id} in (select member_id from member_cards where card_no = ${q} or physical_no = ${q})`);
  if (!conditions.length) return [];
  const found = await tx
    .select({ memberId: members.id, name: members.name, mobile: members.mobile, sex: members.gender })
    .from(members)
    .where(or(...conditions))
    .orderBy(asc(members.id))
    .limit(20);
  if (!found.length) return [];
  const cards = await cardsOf(
    tx,
    found.map((m) => m.memberId),
  );
  return found.map((m) => ({
    ...m,
    cards: cards.filter((c) => c.memberId === m.memberId).map(({ memberId: _m, ...c }) => c),
  }));
}

/** The cards of these members with what each holds (principal and gift over every shop's bucket). */
export async function cardsOf(tx: Db, memberIds: number[]) {
  const rows = await tx
    .select({
      memberId: memberCards.memberId,
      cardId: memberCards.id,
      cardNo: memberCards.cardNo,
      cardTypeName: cardTypes.name,
      status: memberCards.status,
      principal: sql<number>`coalesce((select sum(amount) from card_balances b where b.card_id = member_cards.id and b.bucket = 'principal'), 0)::bigint`,
      gift: sql<number>`coalesce((select sum(amount) from card_balances b where b.card_id = member_cards.id and b.bucket = 'gift'), 0)::bigint`,
    })
    .from(memberCards)
    .innerJoin(cardTypes, eq(cardTypes.id, memberCards.cardTypeId))
    .where(inArray(memberCards.memberId, memberIds))
    .orderBy(asc(memberCards.id));
  return rows.map((c) => ({ ...c, principal: Number(c.principal), gift: Number(c.gift) }));
}

/** A member's package lines with counts left and not expired, oldest first: what can pay lines at the till. */
export async function tillPackageLines(tx: Db, auth: Auth, memberId: number): Promise<z.infer<typeof tillPackageLine>[]> {
  await assertMemberVisible(tx, auth, memberId);
  const today = await tenantToday(tx, auth.tenantId);
  const rows = await tx
    .select({
      id: memberPackageLines.id,
      packageName: memberPackages.name,
      itemType: memberPackageLines.itemType,
      serviceId: memberPackageLines.serviceId,
      productId: memberPackageLines.productId,
      name: memberPackageLines.itemName,
      remaining: packageBalances.remaining,
      unitPrice: memberPackageLines.unitPrice,
      isGift: memberPackageLines.isGift,
      expiresOn: memberPackageLines.expiresOn,
    })
    .from(memberPackageLines)
    .innerJoin(memberPackages, eq(memberPackages.id, memberPackageLines.memberPackageId))
    .innerJoin(packageBalances, eq(packageBalances.packageLineId, memberPackageLines.id))
    .where(
      and(
        eq(memberPackageLines.memberId, memberId),
        sql`${packageBalances.remaining} > 0`,
        sql`(${memberPackageLines.expiresOn} is null or ${memberPackageLines.expiresOn} >= ${today}::date)`,
      ),
    )
    .orderBy(asc(memberPackageLines.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    packageName: r.packageName,
    kind: r.itemType === 1 ? ('service' as const) : ('product' as const),
    itemId: (r.itemType === 1 ? r.serviceId : r.productId) as number,
    name: r.name,
    remaining: Number(r.remaining),
    unitPrice: Number(r.unitPrice),
    isGift: r.isGift === 1,
    expiresOn: r.expiresOn,
  }));
}
