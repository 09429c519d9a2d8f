import { type smsBirthdayBody, smsParts, type smsReturnBody, smsSignature } from '@headoffice/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { defineJob, enqueue } from '../../platform/jobs.js';
import { rowsOf } from '../../platform/ledger.js';
import { addDays, dayStartSql, tenantToday, tenantZoneSql } from '../../platform/numbering.js';
import { inTenant } from '../../platform/tenancy.js';
import { serviceBillLines, serviceBills } from '../cashier/public.js';
import { services } from '../catalog/public.js';
import { members } from '../members/public.js';
import { shops } from '../org/public.js';
import { postSms, smsBook } from './allowance.js';
import { smsAutoSent, smsBirthdaySettings, smsMessages, smsReturnRules } from './schema.js';
import { deliverQueued } from './tasks.js';
import { runWxReturnVisits } from './wechat.js';

defineMessages({
  smsBirthdayTooLong: [
    '生日短信（含签名）须在 54 字以内，现为 {length} 字',
    'A birthday text (with the signature) is at most 54 characters; this one is {length}',
  ],
});

export const DAILY_JOB = 'messaging.daily';
/** The daily messages go out at this hour of the company's day (§8.1: birthdays at 09:00). */
const SEND_HOUR = 9;

async function signatureOf(tx: Db, tenantId: number) {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return smsSignature(row?.name ?? '');
}

/** Queues the daily messages' job of `day` (default today) at SEND_HOUR on the company's clock; one per tenant and day. */
export async function scheduleDailySms(tx: Db, tenantId: number, day?: string) {
  const on = day ?? (await tenantToday(tx, tenantId));
  const [at] = rowsOf<{ at: number }>(
    await tx.execute(
      sql`select extract(epoch from (${dayStartSql(tenantZoneSql(tenantId), on)} + make_interval(hours => ${SEND_HOUR})))::float8 as at`,
    ),
  );
  await enqueue(tx, { tenantId, name: DAILY_JOB, payload: { day: on }, runAt: new Date(Number(at.at) * 1000), singletonKey: on });
}

// ---- settings ----

const returnRow = (r: typeof smsReturnRules.$inferSelect) => ({
  id: r.id,
  version: r.version,
  scontent: r.content,
  serviceTypeIds: r.serviceTypeIds,
  afterDay: r.afterDays,
  status: r.status,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listReturnRules(tx: Db) {
  return (await tx.select().from(smsReturnRules).orderBy(smsReturnRules.id)).map(returnRow);
}

export async function saveReturnRule(tx: Db, auth: Auth, body: z.output<typeof smsReturnBody>) {
  const text = `${body.scontent}${await signatureOf(tx, auth.tenantId)}`;
  if (smsParts(text) === null) throw fieldError('scontent', 'smsTooLong', { length: [...text].length, max: 185 });
  const values = {
    content: body.scontent,
    serviceTypeIds: [...new Set(body.serviceTypeIds)],
    afterDays: body.afterDay,
    status: body.status,
  };
  let row: typeof smsReturnRules.$inferSelect | undefined;
  if (body.id) {
    const [old] = await tx.select().from(smsReturnRules).where(eq(smsReturnRules.id, body.id)).for('update');
    if (!old) throw notFound();
    if (body.version !== undefined && body.version !== old.version) throw conflict('staleVersion');
    [row] = await tx
      .update(smsReturnRules)
      .set({ ...values, version: sql`${smsReturnRules.version} + 1`, updatedAt: sql`now()` })
      .where(eq(smsReturnRules.id, body.id))
      .returning();
  } else {
    [row] = await tx
      .insert(smsReturnRules)
      .values({ tenantId: auth.tenantId, ...values, createdBy: auth.userId, createdByName: auth.name })
      .returning();
  }
  await scheduleDailySms(tx, auth.tenantId);
  return returnRow(row as typeof smsReturnRules.$inferSelect);
}

export async function listBirthdaySettings(tx: Db, auth: Auth, shopId?: number) {
  if (shopId) assertShopVisible(auth, shopId);
  const rows = await tx
    .select({ s: smsBirthdaySettings, shopName: shops.name })
    .from(smsBirthdaySettings)
    .leftJoin(shops, eq(shops.id, smsBirthdaySettings.shopId))
    .where(and(inVisibleShops(auth, smsBirthdaySettings.shopId), shopId ? eq(smsBirthdaySettings.shopId, shopId) : undefined))
    .orderBy(smsBirthdaySettings.shopId);
  return rows.map(({ s, shopName }) => ({
    shopId: s.shopId,
    shopName,
    autosend: s.autoSend,
    autoMessage: s.content,
    updatedAt: s.updatedAt.toISOString(),
  }));
}

export async function saveBirthdaySetting(tx: Db, auth: Auth, body: z.output<typeof smsBirthdayBody>) {
  assertShopVisible(auth, body.shopid);
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopid));
  if (!shop) throw notFound();
  const text = `${body.autoMessage}${await signatureOf(tx, auth.tenantId)}`;
  if (smsParts(text) !== 1) throw fieldError('autoMessage', 'smsBirthdayTooLong', { length: [...text].length });
  const values = { autoSend: body.autosend, content: body.autoMessage };
  await tx
    .insert(smsBirthdaySettings)
    .values({ tenantId: auth.tenantId, shopId: body.shopid, ...values })
    .onConflictDoUpdate({
      target: [smsBirthdaySettings.tenantId, smsBirthdaySettings.shopId],
      set: { ...values, version: sql`${smsBirthdaySettings.version} + 1`, updatedAt: sql`now()` },
    });
  if (body.autosend) await scheduleDailySms(tx, auth.tenantId);
  return (await listBirthdaySettings(tx, auth, body.shopid))[0];
}

// ---- the daily job ----

interface Occasion {
  occasion: string;
  key: number;
  memberId: number;
  mobile: string;
  shopId: number;
  text: string;
  kind: 'birthday' | 'returnVisit';
}

/**
 * Queues the texts of occasions not sent yet, each from its shop's allowance: the occasion's row is
 * written first (its key refuses a second), then the text and its parts. A shop without enough left
 * skips the rest of its texts that day (they are not marked, and not sent).
 */
async function queueOccasions(tx: Db, tenantId: number, occasions: Occasion[]) {
  const short = new Set<number>();
  let queued = 0;
  for (const o of occasions) {
    if (short.has(o.shopId)) continue;
    const parts = smsParts(o.text);
    if (parts === null) continue;
    await smsBook.lock(tx, tenantId, [{ shopId: o.shopId }]);
    const [left] = await smsBook.balances(tx, [{ shopId: o.shopId }]);
    if (left < parts) {
      short.add(o.shopId);
      continue;
    }
    const [first] = await tx
      .insert(smsAutoSent)
      .values({ tenantId, occasion: o.occasion, memberId: o.memberId, key: o.key })
      .onConflictDoNothing()
      .returning({ memberId: smsAutoSent.memberId });
    if (!first) continue;
    const [message] = await tx
      .insert(smsMessages)
      .values({ tenantId, shopId: o.shopId, kind: o.kind, memberId: o.memberId, mobile: o.mobile, text: o.text, parts, state: 'queued' })
      .returning({ id: smsMessages.id });
    await tx
      .update(smsAutoSent)
      .set({ messageId: message.id })
      .where(and(eq(smsAutoSent.occasion, o.occasion), eq(smsAutoSent.memberId, o.memberId), eq(smsAutoSent.key, o.key)));
    await postSms(tx, tenantId, 'messaging.auto', message.id, [{ shopId: o.shopId, delta: -parts, lineId: null }]);
    queued++;
  }
  return queued;
}

/**
 * One text another module sends for a shop (a booking's reminder): signed with the company's name,
 * its parts taken from the shop's allowance in the caller's transaction, then handed to the SMS adapter.
 * False when the shop has not enough left (nothing is taken or sent).
 */
export async function sendShopSms(
  tx: Db,
  tenantId: number,
  o: { shopId: number; mobile: string; memberId: number | null; text: string; kind: string; docType: string; billId: number },
): Promise<boolean> {
  const text = `${o.text}${await signatureOf(tx, tenantId)}`;
  const parts = smsParts(text);
  if (parts === null) return false;
  await smsBook.lock(tx, tenantId, [{ shopId: o.shopId }]);
  const [left] = await smsBook.balances(tx, [{ shopId: o.shopId }]);
  if (left < parts) return false;
  const [message] = await tx
    .insert(smsMessages)
    .values({ tenantId, shopId: o.shopId, kind: o.kind, memberId: o.memberId, mobile: o.mobile, text, parts, state: 'queued' })
    .returning({ id: smsMessages.id });
  await postSms(tx, tenantId, o.docType, o.billId, [{ shopId: o.shopId, delta: -parts, lineId: null }]);
  await deliverQueued(tx, tenantId, eq(smsMessages.id, message.id));
  return true;
}

/** The birthdays (month × 100 + day) of a day: 28 Feb of a year without 29 Feb also honours 29 Feb. */
function birthdaysOn(day: string): number[] {
  const [, month, date] = day.split('-').map(Number);
  const md = month * 100 + date;
  return md === 228 && addDays(day, 1).endsWith('-03-01') ? [228, 229] : [md];
}

async function birthdayOccasions(tx: Db, day: string, signature: string): Promise<Occasion[]> {
  const settings = await tx.select().from(smsBirthdaySettings).where(eq(smsBirthdaySettings.autoSend, 1));
  if (!settings.length) return [];
  const born = await tx
    .select({ id: members.id, mobile: members.mobile, shopId: members.shopId })
    .from(members)
    .where(
      and(
        inArray(members.birthdayDay, birthdaysOn(day)),
        eq(members.status, 1),
        inArray(
          members.shopId,
          settings.map((s) => s.shopId),
        ),
      ),
    )
    .orderBy(members.id);
  const year = Number(day.slice(0, 4));
  return born.map((m) => ({
    occasion: 'birthday',
    key: year,
    memberId: m.id,
    mobile: m.mobile,
    shopId: m.shopId,
    text: `${settings.find((s) => s.shopId === m.shopId)?.content ?? ''}${signature}`,
    kind: 'birthday' as const,
  }));
}

async function returnVisitOccasions(tx: Db, day: string, signature: string): Promise<Occasion[]> {
  const rules = await tx.select().from(smsReturnRules).where(eq(smsReturnRules.status, 1));
  const out: Occasion[] = [];
  for (const rule of rules) {
    if (!rule.serviceTypeIds.length) continue;
    const bills = await tx
      .selectDistinct({ billId: serviceBills.id, memberId: members.id, mobile: members.mobile, shopId: serviceBills.shopId })
      .from(serviceBills)
      .innerJoin(serviceBillLines, and(eq(serviceBillLines.billId, serviceBills.id), eq(serviceBillLines.kind, 'service')))
      .innerJoin(services, eq(services.id, serviceBillLines.itemId))
      .innerJoin(members, eq(members.id, serviceBills.memberId))
      .where(
        and(
          eq(serviceBills.businessDate, addDays(day, -rule.afterDays)),
          eq(serviceBills.status, 4),
          eq(serviceBills.isHc, 0),
          isNotNull(serviceBills.memberId),
          eq(members.status, 1),
          inArray(services.serviceTypeId, rule.serviceTypeIds),
        ),
      )
      .orderBy(serviceBills.id);
    for (const b of bills)
      out.push({
        occasion: `returnVisit:${rule.id}`,
        key: b.billId,
        memberId: b.memberId,
        mobile: b.mobile,
        shopId: b.shopId,
        text: `${rule.content}${signature}`,
        kind: 'returnVisit',
      });
  }
  return out;
}

/**
 * The job of a day: queues the day's birthday and return-visit texts (once per member and occasion),
 * sends them, sends the WeChat return visits, and queues the next day's run. A day run late still sends that day's texts.
 */
export async function runDailySms(tx: Db, tenantId: number, day: string) {
  const signature = await signatureOf(tx, tenantId);
  const queued = await queueOccasions(tx, tenantId, [
    ...(await birthdayOccasions(tx, day, signature)),
    ...(await returnVisitOccasions(tx, day, signature)),
  ]);
  while ((await deliverQueued(tx, tenantId, inArray(smsMessages.kind, ['birthday', 'returnVisit']))) > 0);
  await runWxReturnVisits(tx, tenantId, day);
  await scheduleDailySms(tx, tenantId, addDays(day, 1));
  return queued;
}

defineJob(DAILY_JOB, async (tx, payload, job) => {
  await runDailySms(tx, job.tenantId, String(payload.day));
});

/** At start: queues today's daily messages of every tenant with automatic messages and no such job waiting. */
export async function scheduleDailySmsJobs(db: Db) {
  const rows = await db.execute(sql`
    select distinct tenant_id from (
      select tenant_id from sms_birthday_settings where auto_send = 1
      union select tenant_id from sms_return_rules where status = 1
      union select tenant_id from wx_return_tasks) t
    where not exists (select 1 from jobs j where j.tenant_id = t.tenant_id and j.name = ${DAILY_JOB} and j.state in ('queued', 'running'))`);
  for (const { tenant_id } of rowsOf<{ tenant_id: number | string }>(rows)) {
    const tenantId = Number(tenant_id);
    await inTenant(db, tenantId, (tx) => scheduleDailySms(tx, tenantId));
  }
}
