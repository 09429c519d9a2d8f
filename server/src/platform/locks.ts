import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The advisory locks of the server, named once here so that every caller of a lock agrees on it and
 * no two kinds of work share a name by accident. The texts are the lock's identity in PostgreSQL:
 * changing one lets a running server and a new one take the "same" lock side by side.
 */
export const LOCKS = {
  /** A tenant's card dispatches: number ranges checked against other bills one bill at a time. */
  cardDispatch: 'card_dispatch',
  /** A tenant's new card types: the next free code. */
  cardTypeCode: 'card_types_code',
  /** A tenant's new marketing activities: the next free code. */
  activityCode: 'mkt_activities_code',
  /** A member's settles: activity gifts counted (times, cumulative sums) and given one after the other. */
  activityGifts: 'activity_gifts',
  /** A shop's hand tags: the lowest free tag handed to one cashier at a time. */
  billTags: 'service_bill_tags',
  /** A shop's live wheel: every move reads and rewrites the whole queue. */
  wheel: 'wheel_queue',
  /** A platform voucher code (tenant, channel, code): verified by one cashier at a time. */
  voucherCode: 'third_order',
  /** A shop's shift names: a name checked free and saved by one writer at a time. */
  shiftName: 'check_classes_name',
  /** A stylist's bookings of one day: a slot checked free and booked by one writer at a time. */
  bookingDay: 'bookings_employee_day',
} as const;

export type LockName = keyof typeof LOCKS;

/**
 * Waits for the advisory lock `name` × `key` and holds it until the transaction ends (commit or
 * rollback release it). It serialises work that has no row to lock yet — the next free code or tag,
 * a number range no row holds, the first gift of a member — where `select ... for update` would find
 * nothing to wait on.
 *
 * An integer key (an id) takes PostgreSQL's two-key form, `(hashtext(name), key)`, the id folded
 * into int4 (`key % 2147483647`: bigint ids beyond it share a lock with a smaller one, which only
 * makes them wait more). A text key takes the one-key form over `hashtext('name:key')`.
 */
export async function lockFor(tx: Db, name: LockName, key: number | string): Promise<void> {
  const lock = LOCKS[name];
  if (typeof key === 'string') await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${lock}:${key}`}))`);
  else await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}), (${key}::bigint % 2147483647)::int)`);
}
