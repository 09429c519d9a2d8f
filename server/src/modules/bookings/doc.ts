import { bookingBill } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { billChanged } from '../../platform/documents.js';
import { posBillsMoved, registerPosDocument } from '../../platform/pos-documents.js';
import { bookings } from './schema.js';

export type Booking = typeof bookings.$inferSelect;

/**
 * A booking as a point-of-sale document: its steps are this module's own (book, move, cancel, arrive),
 * and each writes the bill log and emits `bill.changed` to the booking's shop, so the calendar follows.
 */
export const bookingDoc = registerPosDocument({
  def: bookingBill,
  table: bookings,
  dateField: 'yyday',
  viewPerms: ['bookings.booking.view', 'bookings.calendar.view'],
});

/**
 * Who a change made outside the staff's routes is by (the customer online, the clock): no user, a name
 * for the log and the live event, no right and no shop of its own.
 */
export const actorOf = (tenantId: number, name: string): Auth => ({
  userId: 0,
  tenantId,
  appId: 'public',
  tokenVersion: 0,
  jti: '',
  exp: 0,
  username: '',
  name,
  isSuper: false,
  permissions: new Set(),
  loginShops: [],
  managerShops: [],
});

/** The log's names of the sources of a change made outside the staff's routes. */
const SOURCE_NAMES: Record<number, string> = { 1: '顾客', 4: '后端' };

/**
 * A step taken outside the staff's routes (the clock, the customer): the new state and revision, the log
 * row naming its source, and `bill.changed` to the booking's shop as a staff step sends it (the calendar follows).
 */
export async function moveBooking(
  tx: Db,
  tenantId: number,
  b: Booking,
  step: { to: number; action: string; source: number },
  set: Partial<Booking> = {},
) {
  await tx
    .update(bookings)
    .set({ ...set, status: step.to, version: b.version + 1, updatedAt: new Date() })
    .where(eq(bookings.id, b.id));
  await posBillsMoved(tx, bookingDoc, tenantId, [b.id], {
    action: step.action,
    fromState: String(b.status),
    toState: String(step.to),
    change: { field: 'ctype', from: null, to: step.source },
  });
  await billChanged(
    tx,
    bookingDoc,
    { id: b.id, state: String(step.to), version: b.version + 1, shopId: b.shopId, billNo: b.billNo },
    actorOf(tenantId, SOURCE_NAMES[step.source] ?? ''),
    step.action,
  );
}
