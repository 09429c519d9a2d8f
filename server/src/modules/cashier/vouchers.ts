import {
  type settleBody,
  VOUCHER_PATHS as V,
  type VoucherChannel,
  type VoucherRow,
  voucherChannelPayCodes,
  voucherChannels,
  voucherListPage,
  voucherListQuery,
  voucherRefundBody,
  voucherRow,
  voucherUnusedQuery,
  voucherVerifyBody,
  XXW_PATHS as X,
  xxwListPage,
  xxwListQuery,
  xxwProductNum,
} from '@headoffice/contract';
import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queueForAccounting } from '../../platform/accounting-outbox.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { addDayFiguresOf, withDayFigures } from '../../platform/day-figures.js';
import { registerDocumentType } from '../../platform/documents.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { lockFor } from '../../platform/locks.js';
import { yuan } from '../../platform/money.js';
import { momentIn, tenantToday, tenantZone, withinDays } from '../../platform/numbering.js';
import { containsPattern, countWhere, offsetOf, sumWhere } from '../../platform/paging.js';
import { coverWriteWithLocks, refuseLocked } from '../../platform/period-locks.js';
import { route } from '../../platform/route.js';
import { users } from '../identity/public.js';
import { shops } from '../org/public.js';
import { voucherFigures } from './day-figures.js';
import { withIsoTimes } from './record-rows.js';
import { dyShops, mtKeys, mtShops, serviceBills, thirdOrders, xxwOrders } from './schema.js';
import { type VoucherAdapter, VoucherPlatformError, voucherAdapter } from './voucher-adapter.js';

defineMessages({
  voucherShopNotMapped: [
    '门店「{shop}」未绑定美团门店，不能核销美团券',
    'Shop "{shop}" is not mapped to a Meituan shop; it cannot verify Meituan vouchers',
  ],
  voucherShopNotMappedDouyin: [
    '门店「{shop}」未绑定抖音门店，不能核销抖音券',
    'Shop "{shop}" is not mapped to a Douyin shop; it cannot verify Douyin vouchers',
  ],
  voucherAlreadyVerified: ['券码 {code} 已于 {at} 在「{shop}」核销', 'Voucher {code} was verified at {shop} on {at}'],
  voucherUsedAtPlatform: ['券码 {code} 已在平台使用或过期', 'Voucher {code} is already used or expired at the platform'],
  voucherInvalid: ['券码无效', 'No such voucher'],
  voucherPlatformDown: ['团购平台暂时无法访问，请稍后再试', 'The voucher platform cannot be reached now; try again later'],
  voucherUnknown: ['平台券不存在或不属于本店', 'No such verified voucher in this shop'],
  voucherNotUnused: ['券码 {code} 已使用或已退款', 'Voucher {code} is already used or refunded'],
  voucherTwice: ['同一张券不能支付两次', 'A voucher pays once'],
  voucherAmount: ['券码 {code} 须整张使用：{amount}', 'Voucher {code} is used whole: {amount}'],
  voucherPayTypeMissing: [
    '本店支付模板未启用平台券支付（{code} {channel}）',
    "The shop's pay template does not offer the voucher pay type {code} ({channel})",
  ],
  voucherUsedByBill: [
    '券码 {code} 已用于单据 {billNo}，请先撤单再退款',
    'Voucher {code} paid bill {billNo}; revoke the bill before refunding it',
  ],
  voucherRefunded: ['券码 {code} 已退款', 'Voucher {code} is already refunded'],
});
defineLabels({ third_orders: ['平台券', 'platform vouchers'], xxw_orders: ['骁骁网订单', 'XXW orders'] });
definedEntityLabels.set('thirdorder', ['平台券', 'platform voucher']);

/** The configured platform; replaced only by tests that need a platform which fails. */
let adapter: VoucherAdapter = voucherAdapter();
export function useVoucherAdapter(next: VoucherAdapter) {
  const before = adapter;
  adapter = next;
  return before;
}

async function platformCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof VoucherPlatformError) throw new AppError(502, 'voucherPlatformDown');
    throw e;
  }
}

function rowSelect(tx: Db) {
  return tx
    .select({
      id: thirdOrders.id,
      channel: thirdOrders.channel,
      code: thirdOrders.code,
      productName: thirdOrders.productName,
      amount: thirdOrders.amount,
      shopId: thirdOrders.shopId,
      shopName: shops.name,
      openShopUuid: thirdOrders.openShopUuid,
      status: thirdOrders.status,
      receiptId: thirdOrders.receiptId,
      billId: thirdOrders.billId,
      billNo: serviceBills.billNo,
      verifiedAt: thirdOrders.verifiedAt,
      verifiedByName: users.name,
      usedAt: thirdOrders.usedAt,
      refundReason: thirdOrders.refundReason,
      refundedAt: thirdOrders.refundedAt,
    })
    .from(thirdOrders)
    .innerJoin(shops, eq(shops.id, thirdOrders.shopId))
    .leftJoin(serviceBills, eq(serviceBills.id, thirdOrders.billId))
    .leftJoin(users, eq(users.id, thirdOrders.verifiedBy))
    .$dynamic();
}
type Raw = Awaited<ReturnType<ReturnType<typeof rowSelect>['execute']>>[number];
const toRow = (r: Raw): VoucherRow => withIsoTimes(r, ['verifiedAt', 'usedAt', 'refundedAt']);
async function voucherOut(tx: Db, id: number) {
  const [r] = await rowSelect(tx).where(eq(thirdOrders.id, id));
  return toRow(r);
}

/** The verified-voucher list (`chain/orderList`): a page within the user's shops, with the amounts by status over every match. */
export async function listVouchers(tx: Db, auth: Auth, q: z.output<typeof voucherListQuery>) {
  const where = and(
    inVisibleShops(auth, thirdOrders.shopId),
    q.shopid ? eq(thirdOrders.shopId, q.shopid) : undefined,
    q.status ? eq(thirdOrders.status, q.status) : undefined,
    ...withinDays(thirdOrders.verifiedAt, await tenantZone(tx, auth.tenantId), q.dateFrom, q.dateTo),
    q.keyword
      ? or(
          ilike(thirdOrders.code, containsPattern(q.keyword)),
          ilike(thirdOrders.productName, containsPattern(q.keyword)),
          sql`${thirdOrders.billId} in (select id from service_bills where bill_no ilike ${containsPattern(q.keyword)})`,
        )
      : undefined,
  );
  const rows = await rowSelect(tx).where(where).orderBy(desc(thirdOrders.id)).limit(q.pageSize).offset(offsetOf(q));
  // A refunded voucher (status 4) counts in no total: its count and amount come apart.
  const countOf = (statuses: number[]) => countWhere(thirdOrders.status, statuses);
  const sumOf = (statuses: number[]) => sumWhere(thirdOrders.amount, thirdOrders.status, statuses);
  const [s] = await tx
    .select({
      count: countOf([1, 2]),
      amount: sumOf([1, 2]),
      verified: sumOf([1]),
      used: sumOf([2]),
      refundedCount: countOf([4]),
      refunded: sumOf([4]),
    })
    .from(thirdOrders)
    .where(where);
  return {
    list: rows.map(toRow),
    total: s.count + s.refundedCount,
    page: q.page,
    pageSize: q.pageSize,
    sums: {
      count: s.count,
      amount: s.amount,
      verified: s.verified,
      used: s.used,
      apart: { refunded: { count: s.refundedCount, amount: s.refunded } },
    },
  };
}

/** The shop's shop at a platform (Meituan `openShopUuid` with its account, Douyin `poiId`), when it is mapped. */
async function platformShopOf(tx: Db, channel: VoucherChannel, shopId: number) {
  if (channel === 'douyin') {
    const [dy] = await tx.select({ platformShopId: dyShops.poiId }).from(dyShops).where(eq(dyShops.shopId, shopId));
    return dy ? { platformShopId: dy.platformShopId, account: null } : undefined;
  }
  const [mt] = await tx
    .select({ platformShopId: mtShops.openShopUuid, account: mtKeys.account })
    .from(mtShops)
    .leftJoin(mtKeys, eq(mtKeys.id, mtShops.mtKeyId))
    .where(eq(mtShops.shopId, shopId));
  return mt;
}

/** The voucher platforms a shop is mapped to, in the channels' order (what the till's 核销 offers). */
export async function voucherChannelsOf(tx: Db, shopId: number): Promise<VoucherChannel[]> {
  const [mt] = await tx.select({ id: mtShops.id }).from(mtShops).where(eq(mtShops.shopId, shopId));
  const [dy] = await tx.select({ id: dyShops.id }).from(dyShops).where(eq(dyShops.shopId, shopId));
  return voucherChannels.filter((c) => (c === 'meituan' ? mt : dy));
}

/** The channel's voucher pay type among a bill's pay rules (kind `voucher` with the channel's code). */
export function voucherPayRule<R extends { kind: string | null; code: string }>(rules: R[], channel: VoucherChannel) {
  return rules.find((r) => r.kind === 'voucher' && r.code === voucherChannelPayCodes[channel]);
}

coverWriteWithLocks('cashier.voucher', ['平台券：核销与退款', 'Platform vouchers: verification and refund'], ['close']);

/**
 * A verified voucher is money the platform owes the shop, taken outside any bill type: a document type of
 * its own for the accounting outbox only. The verification is pushed on its day, its refund reversed; the
 * writer queues them with the head it holds (the voucher's code is the voucher's number).
 */
export const voucherDoc = registerDocumentType({
  docType: 'cashier.voucher',
  label: ['团购券核销', 'Voucher verification'],
  table: thirdOrders,
  states: {},
  initial: 'verified',
  editable: [],
  transitions: [],
  link: () => '/admin/cashier/thirdorder',
  dateField: 'businessDate',
  accounting: { push: ['verify'], reverse: ['refund'], amount: 'amount' },
});

const queueVoucher = (
  tx: Db,
  auth: Auth,
  action: 'verify' | 'refund',
  v: { id: number; code: string; shopId: number; amount: number },
  day: string,
) =>
  queueForAccounting(
    tx,
    auth.tenantId,
    voucherDoc,
    { id: v.id, billNo: v.code, shopId: v.shopId, businessDate: day, amount: v.amount },
    action,
  );

/**
 * 核销: the shop's mapping to the channel's platform (Meituan or Douyin), then the voucher is looked up and consumed at the platform and kept
 * as verified. One code at a time per tenant and channel (an advisory lock), and one live row per code
 * (the partial unique index): of two cashiers verifying the same code, one verifies it, the other is
 * told it already was (409). A refusal of the platform is answered and nothing is kept.
 */
export async function verifyVoucher(tx: Db, auth: Auth, body: z.output<typeof voucherVerifyBody>): Promise<VoucherRow> {
  assertShopVisible(auth, body.shopId);
  const [shop] = await tx.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop) throw notFound();
  const mapping = await platformShopOf(tx, body.channel, body.shopId);
  if (!mapping) throw conflict(body.channel === 'douyin' ? 'voucherShopNotMappedDouyin' : 'voucherShopNotMapped', { shop: shop.name });
  // Before the platform is asked: a voucher verified today for a closed shop's day would be money the close does not hold.
  const today = await tenantToday(tx, auth.tenantId);
  await refuseLocked(tx, ['close'], body.shopId, today);
  const code = body.code.toUpperCase();
  await lockFor(tx, 'voucherCode', `${auth.tenantId}:${body.channel}:${code}`);
  const [live] = await tx
    .select({ shopName: shops.name, verifiedAt: thirdOrders.verifiedAt })
    .from(thirdOrders)
    .innerJoin(shops, eq(shops.id, thirdOrders.shopId))
    .where(and(eq(thirdOrders.channel, body.channel), eq(thirdOrders.code, code), ne(thirdOrders.status, 4)));
  if (live)
    throw conflict('voucherAlreadyVerified', {
      code,
      shop: live.shopName,
      at: momentIn(await tenantZone(tx, auth.tenantId), new Date(live.verifiedAt)),
    });
  const [{ earlier }] = await tx
    .select({ earlier: sql<number>`count(*)::int`.mapWith(Number) })
    .from(thirdOrders)
    .where(and(eq(thirdOrders.channel, body.channel), eq(thirdOrders.code, code)));
  const request = {
    channel: body.channel,
    platformShopId: mapping.platformShopId,
    code,
    account: mapping.account,
    // Stable for this verification of this code: a retry is the same request to the platform.
    requestId: `${auth.tenantId}-${body.channel}-${code}-${earlier + 1}`,
  };
  const found = await platformCall(() => adapter.lookup(request));
  if (!found.ok) {
    if (found.reason === 'used') throw conflict('voucherUsedAtPlatform', { code });
    throw fieldError('code', 'voucherInvalid');
  }
  const { receiptId } = await platformCall(() => adapter.consume(request));
  const [row] = await tx
    .insert(thirdOrders)
    .values({
      tenantId: auth.tenantId,
      channel: body.channel,
      code,
      productName: found.productName,
      dealId: found.dealId,
      amount: found.amount,
      shopId: body.shopId,
      openShopUuid: mapping.platformShopId,
      receiptId,
      verifiedBy: auth.userId,
    })
    .returning({ id: thirdOrders.id });
  await addDayFiguresOf(tx, voucherFigures(sql`v.id = ${row.id}`));
  await queueVoucher(tx, auth, 'verify', { id: row.id, code, shopId: body.shopId, amount: found.amount }, today);
  return voucherOut(tx, row.id);
}

/** Locks a voucher the user may see (another tenant's or another shop's: 404). */
async function lockVoucher(tx: Db, auth: Auth, id: number) {
  const [row] = await tx.select().from(thirdOrders).where(eq(thirdOrders.id, id)).for('update');
  const visible = visibleShops(auth);
  if (!row || (visible && !visible.includes(row.shopId))) throw notFound();
  return row;
}

/**
 * 退款 (`mt/tkbill`, Meituan's name, for every channel: the row knows its platform): revokes the
 * verification at the platform and marks the voucher refunded.
 * Refused while a settled bill that is not revoked uses it (revoke the bill first), and once refunded.
 */
export async function refundVoucher(tx: Db, auth: Auth, body: z.output<typeof voucherRefundBody>): Promise<VoucherRow> {
  const voucher = await lockVoucher(tx, auth, body.id);
  if (voucher.status === 4) throw conflict('voucherRefunded', { code: voucher.code });
  if (voucher.status === 2) {
    const [bill] = await tx
      .select({ billNo: serviceBills.billNo })
      .from(serviceBills)
      .where(eq(serviceBills.id, voucher.billId as number));
    throw conflict('voucherUsedByBill', { code: voucher.code, billNo: bill?.billNo ?? '' });
  }
  const today = await tenantToday(tx, auth.tenantId);
  await refuseLocked(tx, ['close'], voucher.shopId, today);
  await platformCall(() =>
    adapter.revoke({
      channel: voucher.channel,
      platformShopId: voucher.openShopUuid,
      code: voucher.code,
      requestId: `${auth.tenantId}-${voucher.channel}-${voucher.code}-revoke-${voucher.id}`,
      receiptId: voucher.receiptId ?? '',
    }),
  );
  await withDayFigures(tx, voucherFigures(sql`v.id = ${voucher.id}`), () =>
    tx
      .update(thirdOrders)
      .set({
        status: 4,
        refundReason: body.reason,
        refundedAt: sql`now()`,
        refundedBy: auth.userId,
        version: sql`${thirdOrders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(thirdOrders.id, voucher.id)),
  );
  await queueVoucher(tx, auth, 'refund', voucher, today);
  return voucherOut(tx, voucher.id);
}

type Payments = z.output<typeof settleBody>['payments'];

/**
 * A settle's payment by voucher: the voucher row is locked (of concurrent settles naming it, one uses
 * it); it must be of the bill's shop, verified and not used, named once, and used whole.
 */
export async function voucherForPayment(tx: Db, shopId: number, payments: Payments, i: number) {
  const p = payments[i];
  const [voucher] = await tx
    .select()
    .from(thirdOrders)
    .where(eq(thirdOrders.id, p.voucherId as number))
    .for('update');
  if (!voucher || voucher.shopId !== shopId) throw fieldError(`payments.${i}.voucherId`, 'voucherUnknown');
  if (payments.some((o, k) => k !== i && o.voucherId === p.voucherId)) throw fieldError(`payments.${i}.voucherId`, 'voucherTwice');
  if (voucher.status !== 1) throw conflict('voucherNotUnused', { code: voucher.code });
  if (voucher.amount !== p.amount)
    throw fieldError(`payments.${i}.amount`, 'voucherAmount', { code: voucher.code, amount: yuan(voucher.amount) });
  return voucher;
}

/** The vouchers of a settled bill are used by it (the payment that took each). */
export async function markVoucherUsed(tx: Db, voucherId: number, billId: number, paymentId: number) {
  await tx
    .update(thirdOrders)
    .set({ status: 2, billId, paymentId, usedAt: sql`now()`, version: sql`${thirdOrders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(thirdOrders.id, voucherId), eq(thirdOrders.status, 1)));
}

/** 撤单: the bill's vouchers are verified and unused again (usable by another bill, or refundable). */
export async function releaseVouchers(tx: Db, billId: number) {
  await tx
    .update(thirdOrders)
    .set({ status: 1, billId: null, paymentId: null, usedAt: null, version: sql`${thirdOrders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(thirdOrders.billId, billId), eq(thirdOrders.status, 2)));
}

// ---- XXW (骁骁网) orders ----

function xxwWhere(auth: Auth, zone: string, kind: 'voucher' | 'product', q: z.output<typeof xxwListQuery>) {
  return and(
    eq(xxwOrders.kind, kind),
    inVisibleShops(auth, xxwOrders.shopId),
    q.shopid ? eq(xxwOrders.shopId, q.shopid) : undefined,
    ...withinDays(xxwOrders.happenedAt, zone, q.dateFrom, q.dateTo),
    q.keyword
      ? or(
          ilike(xxwOrders.orderNo, containsPattern(q.keyword)),
          ilike(xxwOrders.code, containsPattern(q.keyword)),
          ilike(xxwOrders.itemName, containsPattern(q.keyword)),
          ilike(xxwOrders.customerName, containsPattern(q.keyword)),
          ilike(xxwOrders.mobile, containsPattern(q.keyword)),
        )
      : undefined,
  );
}

/** The orders, items and amount of the orders the filters select: a refunded order (status 2) counts in no total, it is summed apart. */
async function xxwTotals(tx: Db, where: SQL | undefined) {
  const totalsOf = (status: number) => ({
    orders: countWhere(xxwOrders.status, [status]),
    num: sumWhere(xxwOrders.num, xxwOrders.status, [status]),
    amount: sumWhere(xxwOrders.amount, xxwOrders.status, [status]),
  });
  const [s] = await tx
    .select({ counted: totalsOf(1), refunded: totalsOf(2) })
    .from(xxwOrders)
    .where(where);
  return { ...s.counted, apart: { refunded: s.refunded } };
}

async function listXxw(tx: Db, auth: Auth, kind: 'voucher' | 'product', q: z.output<typeof xxwListQuery>) {
  const where = xxwWhere(auth, await tenantZone(tx, auth.tenantId), kind, q);
  const rows = await tx
    .select({
      id: xxwOrders.id,
      kind: xxwOrders.kind,
      orderNo: xxwOrders.orderNo,
      code: xxwOrders.code,
      itemName: xxwOrders.itemName,
      num: xxwOrders.num,
      amount: xxwOrders.amount,
      shopId: xxwOrders.shopId,
      shopName: shops.name,
      happenedAt: xxwOrders.happenedAt,
      customerName: xxwOrders.customerName,
      mobile: xxwOrders.mobile,
      status: xxwOrders.status,
      refBillNo: xxwOrders.refBillNo,
    })
    .from(xxwOrders)
    .innerJoin(shops, eq(shops.id, xxwOrders.shopId))
    .where(where)
    .orderBy(desc(xxwOrders.happenedAt), desc(xxwOrders.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const sums = await xxwTotals(tx, where);
  return {
    list: rows.map((r) => withIsoTimes(r, ['happenedAt'])),
    total: sums.orders + sums.apart.refunded.orders,
    page: q.page,
    pageSize: q.pageSize,
    sums,
  };
}

export function registerVoucherRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    V.list,
    {
      summary:
        '平台券: verified Meituan and Douyin vouchers (thirdorder; the seed shows "(not shown)/chain/orderList"), with the amounts by status',
      perm: 'cashier.thirdorder.view',
      query: voucherListQuery,
      response: voucherListPage,
    },
    ({ tx, auth, query }) => listVouchers(tx, auth, query),
  );
  route(
    app,
    'POST',
    V.verify,
    {
      summary: '核销: verify a Meituan or Douyin voucher at the till in a shop mapped to that platform (409 unmapped; once per code: 409)',
      perm: 'till.checkout.edit',
      body: voucherVerifyBody,
      entity: 'thirdorder',
      verb: 'create',
      moves: { what: ['money'], locks: ['close'], on: 'today, the verifying shop' },
      idempotent: 'optional',
      response: voucherRow,
    },
    ({ tx, auth, body }) => verifyVoucher(tx, auth, body),
  );
  route(
    app,
    'GET',
    V.unused,
    {
      summary: "The shop's verified vouchers no bill uses yet (the till pays with them)",
      perm: 'till.checkout.view',
      query: voucherUnusedQuery,
      response: z.array(voucherRow),
    },
    async ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopid);
      const rows = await rowSelect(tx)
        .where(and(eq(thirdOrders.shopId, query.shopid), eq(thirdOrders.status, 1)))
        .orderBy(asc(thirdOrders.id))
        .limit(200);
      return rows.map(toRow);
    },
  );
  route(
    app,
    'POST',
    V.refund,
    {
      summary: '退款: revoke a verified voucher (Meituan or Douyin) at its platform (409 while a settled, not revoked bill uses it)',
      perm: 'cashier.thirdorder.refund',
      body: voucherRefundBody,
      entity: 'thirdorder',
      verb: 'update',
      moves: { what: ['money'], locks: ['close'], on: "today, the voucher's shop" },
      idempotent: 'optional',
      response: voucherRow,
    },
    ({ tx, auth, body }) => refundVoucher(tx, auth, body),
  );
  route(
    app,
    'GET',
    X.vouchers,
    {
      summary: '骁骁网: the mall vouchers verified in shops, as its adapter recorded them',
      perm: 'cashier.thirdorder.view',
      query: xxwListQuery,
      response: xxwListPage,
    },
    ({ tx, auth, query }) => listXxw(tx, auth, 'voucher', query),
  );
  route(
    app,
    'GET',
    X.products,
    {
      summary: '骁骁网: take-home products bought online and picked up in shops',
      perm: 'cashier.thirdorder.view',
      query: xxwListQuery,
      response: xxwListPage,
    },
    ({ tx, auth, query }) => listXxw(tx, auth, 'product', query),
  );
  route(
    app,
    'GET',
    X.productNum,
    {
      summary: '骁骁网: how many pick-up orders, items and how much money the filters select',
      perm: 'cashier.thirdorder.view',
      query: xxwListQuery,
      response: xxwProductNum,
    },
    async ({ tx, auth, query }) => xxwTotals(tx, xxwWhere(auth, await tenantZone(tx, auth.tenantId), 'product', query)),
  );
}
