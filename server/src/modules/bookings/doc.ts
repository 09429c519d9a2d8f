import { bookingBill } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

/** A step taken outside the staff's routes (the clock, the customer): the new state and revision, the log row naming its source. */
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
}
