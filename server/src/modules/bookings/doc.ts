import { bookingBill } from '@headoffice/contract';
import { registerPosDocument } from '../../platform/pos-documents.js';
import { bookings } from './schema.js';

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
