import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { defineJob, enqueue } from '../../platform/jobs.js';
import { rowsOf } from '../../platform/ledger.js';
import { addDays, dayStartSql, tenantZoneSql } from '../../platform/numbering.js';
import { inTenant } from '../../platform/tenancy.js';
import { sendShopSms } from '../messaging/public.js';
import { shops } from '../org/public.js';
import { configOf } from './config.js';
import { keptDeposit } from './deposits.js';
import { type Booking, moveBooking } from './doc.js';
import { clockOf, minutesOf } from './rules.js';
import { bookings } from './schema.js';

/**
 * The bookings' clock: jobs that move a booking when its time has come, by no user (the log names the
 * back end, 后端). Each job carries the moment it was queued for; a booking moved or settings changed
 * since then find it early or late, and it queues itself again for the moment that holds now, so that
 * no job needs to read the clock (tests run the runner at a moved time).
 */
const NO_SHOW = 'bookings.noShow';
const CLOSE = 'bookings.close';
const REMIND = 'bookings.remind';

type Slot = { id: number; yyday: string; startMin: number; hjtimes: number };

/** The instant `minutes` after the start of the company's day `day`, as an ISO string. */
export async function instantOf(tx: Db, tenantId: number, day: string, minutes: number) {
  const [row] = rowsOf<{ at: number }>(
    await tx.execute(
      sql`select extract(epoch from (${dayStartSql(tenantZoneSql(tenantId), day)} + make_interval(mins => ${minutes})))::float8 as at`,
    ),
  );
  return new Date(Number(row.at) * 1000).toISOString();
}

async function queue(tx: Db, tenantId: number, name: string, id: number, at: string) {
  await enqueue(tx, { tenantId, name, payload: { id, at }, runAt: new Date(at), singletonKey: `${id}@${at}` });
}

const noShowAt = async (tx: Db, tenantId: number, b: Slot) =>
  instantOf(tx, tenantId, b.yyday, b.startMin + b.hjtimes + (await configOf(tx)).noShowGrace);

/** The day before the slot at the settings' reminder time; null when reminders are off. */
async function remindAt(tx: Db, tenantId: number, b: Slot) {
  const config = await configOf(tx);
  return config.remind ? instantOf(tx, tenantId, addDays(b.yyday, -1), minutesOf(config.remindTime)) : null;
}

/** Queues the clock's jobs of a booked (预约中) slot: its no-show and its reminder. Called on booking and on every move. */
export async function scheduleBooked(tx: Db, tenantId: number, b: Slot) {
  await queue(tx, tenantId, NO_SHOW, b.id, await noShowAt(tx, tenantId, b));
  const remind = await remindAt(tx, tenantId, b);
  if (remind && Date.parse(remind) > Date.now()) await queue(tx, tenantId, REMIND, b.id, remind);
}

/** Queues the closing of a booking awaiting its deposit (待支付) `payTimeout` minutes after `from`. */
export async function scheduleClose(tx: Db, tenantId: number, id: number, from: Date) {
  const at = new Date(from.getTime() + (await configOf(tx)).payTimeout * 60_000).toISOString();
  await queue(tx, tenantId, CLOSE, id, at);
}

type Found = { b: Booking; at: string };
type Due = (tx: Db, tenantId: number, b: Booking) => Promise<string | null>;

/**
 * The booking of a job, locked, when it is still in `status` and the job's moment is the one that holds
 * now; a moment that moved is queued again (and this job does nothing).
 */
async function dueBooking(
  tx: Db,
  tenantId: number,
  name: string,
  payload: Record<string, unknown>,
  status: number,
  due: Due,
): Promise<Found | null> {
  const [b] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.id, Number(payload.id)))
    .for('update');
  if (!b || b.status !== status) return null;
  const at = await due(tx, tenantId, b);
  if (at === null) return null;
  if (at !== payload.at) {
    await queue(tx, tenantId, name, b.id, at);
    return null;
  }
  return { b, at };
}

/** 预约中 past its slot and the grace: 未到店 (the deposit is kept). */
defineJob(NO_SHOW, async (tx, payload, job) => {
  const found = await dueBooking(tx, job.tenantId, NO_SHOW, payload, 3, noShowAt);
  if (found) await moveBooking(tx, job.tenantId, found.b, { to: -3, action: 'noShow', source: 4 }, keptDeposit(found.b));
});

/** 待支付 past the payment timeout: 交易关闭. */
defineJob(CLOSE, async (tx, payload, job) => {
  const found = await dueBooking(tx, job.tenantId, CLOSE, payload, 1, async (t, _tenant, b) =>
    new Date(b.createdAt.getTime() + (await configOf(t)).payTimeout * 60_000).toISOString(),
  );
  if (found) await moveBooking(tx, job.tenantId, found.b, { to: -4, action: 'close', source: 4 });
});

/** The day before a booked slot: one text to the customer from the shop's allowance. */
defineJob(REMIND, async (tx, payload, job) => {
  const found = await dueBooking(tx, job.tenantId, REMIND, payload, 3, remindAt);
  if (!found || found.b.remindedAt) return;
  const { b } = found;
  const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, b.shopId));
  const sent = await sendShopSms(tx, job.tenantId, {
    shopId: b.shopId,
    mobile: b.custmobile,
    memberId: b.memid,
    text: `${b.custname}您好，您预约了${shop?.name ?? ''}明天 ${clockOf(b.startMin)} 的${b.sersnames || '服务'}，期待您的光临。`,
    kind: 'bookingReminder',
    docType: 'bookings.remind',
    billId: b.id,
  });
  if (sent) await tx.update(bookings).set({ remindedAt: new Date() }).where(eq(bookings.id, b.id));
});

/**
 * At start: the clock's jobs of open bookings that have none (bookings made before the clock existed):
 * 预约中 without its no-show job, 待支付 without its closing. The jobs' own keys make it idempotent.
 */
export async function scheduleMissingClocks(db: Db, onlyTenant?: number) {
  const rows = rowsOf<{ tenant_id: number | string; id: number | string }>(
    await db.execute(sql`
      select b.tenant_id, b.id from bookings b
      where b.status in (1, 3) ${onlyTenant ? sql`and b.tenant_id = ${onlyTenant}` : sql``} and not exists (
        select 1 from jobs j
        where j.tenant_id = b.tenant_id and j.name = case b.status when 3 then ${NO_SHOW} else ${CLOSE} end
          and j.payload->>'id' = b.id::text)
      order by b.tenant_id, b.id`),
  );
  const byTenant = new Map<number, number[]>();
  for (const r of rows) byTenant.set(Number(r.tenant_id), [...(byTenant.get(Number(r.tenant_id)) ?? []), Number(r.id)]);
  for (const [tenantId, ids] of byTenant)
    await inTenant(db, tenantId, async (tx) => {
      const open = await tx.select().from(bookings).where(inArray(bookings.id, ids));
      for (const b of open)
        if (b.status === 3) await scheduleBooked(tx, tenantId, b);
        else if (b.status === 1) await scheduleClose(tx, tenantId, b.id, b.createdAt);
    });
}
