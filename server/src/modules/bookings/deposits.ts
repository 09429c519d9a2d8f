import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { paymentAdapter } from '../../platform/payments.js';
import { instantOf, scheduleBooked } from './clock.js';
import { configOf } from './config.js';
import { type Booking, bookingDoc, moveBooking } from './doc.js';
import { bookings } from './schema.js';

/**
 * Booking deposits (定金, `surety`): paid online through the platform's payment adapter while the booking
 * awaits it (待支付), refunded when the shop cancels or the customer cancels in time (`canceltime`), kept
 * on a no-show or a late cancel. Its state lives on the booking, so it is counted once, with the booking.
 */

/** The deposit's columns once kept: only a paid one is. */
export const keptDeposit = (b: Booking): Partial<Booking> => (b.suretyState === 0 ? { suretyState: 2 } : {});

/** The deposit's columns once given back through the adapter (a paid one only); a refused refund is 409. */
export async function refundedDeposit(b: Booking): Promise<Partial<Booking>> {
  if (b.suretyState !== 0 || !b.extorderid) return {};
  const refunded = await paymentAdapter().refund({ tradeNo: b.extorderid, amount: b.payje });
  if (!refunded.ok) throw conflict('depositRefundFailed', { reason: refunded.reason });
  return { suretyState: 1, refundNo: refunded.tradeNo, tkDate: new Date() };
}

async function lockBooking(tx: Db, id: number, states: number[], action: string) {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!b) throw notFound();
  if (!states.includes(b.status))
    throw conflict('transitionNotAllowed', { state: `@${bookingDoc.docType}:${b.status}`, action: `@${bookingDoc.docType}!${action}` });
  return b;
}

/** The customer pays the deposit of a booking awaiting it (待支付 → 预约中). */
export async function payDeposit(tx: Db, tenantId: number, id: number, payType: 1 | 2) {
  const b = await lockBooking(tx, id, [1], 'pay');
  const paid = await paymentAdapter().pay({ orderNo: b.billNo, amount: b.payje, payType, subject: `预约定金 ${b.billNo}` });
  if (!paid.ok) throw conflict('depositNotPaid', { reason: paid.reason });
  await moveBooking(tx, tenantId, b, { to: 3, action: 'pay', source: 1 }, { suretyState: 0, extorderid: paid.tradeNo });
  await scheduleBooked(tx, tenantId, b);
}

/**
 * The customer cancels (顾客取消, −1) a booking awaiting its deposit or booked: a paid deposit comes
 * back when at least `canceltime` minutes are left before the slot, and is kept after that.
 */
export async function customerCancel(tx: Db, tenantId: number, id: number, now = new Date()) {
  const b = await lockBooking(tx, id, [1, 3], 'customerCancel');
  const { canceltime } = await configOf(tx);
  const inTime = now.getTime() <= Date.parse(await instantOf(tx, tenantId, b.yyday, b.startMin)) - canceltime * 60_000;
  await moveBooking(tx, tenantId, b, { to: -1, action: 'customerCancel', source: 1 }, inTime ? await refundedDeposit(b) : keptDeposit(b));
  return { refunded: inTime && b.suretyState === 0 };
}
