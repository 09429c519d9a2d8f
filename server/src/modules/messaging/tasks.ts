import {
  SMS_NAME_CHARS,
  SMS_PERM,
  SMS_TASK_TOPIC,
  type SmsAudienceFilter,
  smsParts,
  smsSalutation,
  smsSignature,
  type smsTaskBody,
  type smsTaskQuery,
} from '@headoffice/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { emit } from '../../platform/events.js';
import { defineMessages } from '../../platform/i18n.js';
import { defineJob, enqueue } from '../../platform/jobs.js';
import { dayIn, tenantZone } from '../../platform/numbering.js';
import { pageOf } from '../../platform/paging.js';
import { countSmsAudience, type SmsAudience, smsAudienceAfter } from '../members/public.js';
import { shops } from '../org/public.js';
import { postSms, smsBook } from './allowance.js';
import { smsMessages, smsTasks } from './schema.js';
import { smsAdapter } from './sms-adapter.js';

defineMessages({
  smsTooLong: [
    '短信（含签名与称呼）共 {length} 字，超过 {max} 字无法发送',
    'The text (with signature and salutation) is {length} characters; more than {max} cannot be sent',
  ],
  smsNoRecipients: ['没有符合条件的收信人', 'No recipient matches'],
  smsAudienceBoth: ['手机号与会员条件只能填写其一', 'Give either mobiles or member conditions, not both'],
  smsSendTimeNeeded: ['定时发送须填写发送时间，且晚于现在', 'A timed send needs a send time after now'],
  smsTaskNotPending: ['只能修改、取消待发送的群发任务', 'Only a pending campaign can be changed or cancelled'],
  smsTaskNotCancelled: ['只能恢复已取消的群发任务', 'Only a cancelled campaign can be resumed'],
  smsTaskChanged: ['群发任务已被他人修改，请刷新后重试', 'Someone else changed the campaign; reload and try again'],
});

/** Members queued and texts delivered per run of a campaign's job: each run is its own short transaction. */
export const SMS_BATCH = 500;

type TaskBody = z.output<typeof smsTaskBody>;
type Task = typeof smsTasks.$inferSelect;

/** A text's variables filled: {name} at most SMS_NAME_CHARS characters, {shop}, {date} as MM-DD. */
function fill(content: string, v: { name: string; shop: string; date: string }) {
  return content
    .replaceAll('{name}', [...v.name].slice(0, SMS_NAME_CHARS).join(''))
    .replaceAll('{shop}', v.shop)
    .replaceAll('{date}', v.date.slice(5));
}

/** The text one recipient gets: salutation (addcw, members only), filled content, signature. */
function textFor(task: Pick<Task, 'content' | 'salutation'>, v: { name: string | null; shop: string; date: string; signature: string }) {
  const salute = task.salutation && v.name ? smsSalutation(v.name) : '';
  return `${salute}${fill(task.content, { ...v, name: v.name ?? '' })}${v.signature}`;
}

/** The longest text a recipient may get (a name of SMS_NAME_CHARS characters): what the campaign reserves. */
function longestText(task: Pick<Task, 'content' | 'salutation'>, shop: string, signature: string) {
  return textFor(task, { name: '某'.repeat(SMS_NAME_CHARS), shop, date: '2000-12-31', signature });
}

async function signatureOf(tx: Db, tenantId: number) {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return smsSignature(row?.name ?? '');
}

async function shopNameOf(tx: Db, shopId: number) {
  const [row] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  if (!row) throw notFound();
  return row.name;
}

const isEmptyFilter = (f: SmsAudienceFilter | undefined) => !f || Object.values(f).every((v) => v === undefined);

/** The audience a user may reach with a filter: their shops' members only. */
async function audienceOf(tx: Db, tenantId: number, filter: SmsAudienceFilter, shopsSeen: number[] | null): Promise<SmsAudience> {
  return { filter, shops: shopsSeen ?? undefined, zone: await tenantZone(tx, tenantId) };
}

/** Recipients, parts per recipient and cost of a campaign body; refuses a text too long to send. */
async function measure(tx: Db, auth: Auth, body: TaskBody) {
  const shop = await shopNameOf(tx, body.shopid);
  const signature = await signatureOf(tx, auth.tenantId);
  const salutation = body.addcw && !body.mobiles ? 1 : 0;
  const longest = longestText({ content: body.content, salutation }, shop, signature);
  const parts = smsParts(longest);
  if (parts === null) throw fieldError('content', 'smsTooLong', { length: [...longest].length, max: 185 });
  const shopsSeen = visibleShops(auth) ?? null;
  const recipients = body.mobiles
    ? new Set(body.mobiles).size
    : await countSmsAudience(tx, await audienceOf(tx, auth.tenantId, body.filter ?? {}, shopsSeen));
  const [remaining] = await smsBook.balances(tx, [{ shopId: body.shopid }]);
  return {
    preview: { recipients, parts, cost: recipients * parts, remaining, allMembers: !body.mobiles && isEmptyFilter(body.filter) },
    salutation,
    shopsSeen,
  };
}

function sendTimeOf(body: TaskBody): Date | null {
  if (body.sendtype === 1) return null;
  const at = body.sendtime ? new Date(body.sendtime) : null;
  if (!at || at.getTime() <= Date.now()) throw fieldError('sendtime', 'smsSendTimeNeeded');
  return at;
}

async function schedule(tx: Db, task: Task) {
  await enqueue(tx, {
    tenantId: task.tenantId,
    name: 'messaging.task',
    payload: { taskId: task.id, sendAt: task.sendAt?.toISOString() ?? null },
    runAt: task.sendAt ?? undefined,
  });
}

/** Reserves a campaign's cost on its shop (refused past the shop's count). */
const reserve = (tx: Db, task: Task) =>
  postSms(tx, task.tenantId, 'messaging.send', task.id, [{ shopId: task.shopId, delta: -task.recipients * task.parts, lineId: null }]);

/** Returns what a campaign reserved and did not spend yet. */
async function release(tx: Db, task: Task) {
  const back = await smsBook.reversalOf(tx, 'messaging.send', task.id);
  if (back.length)
    await smsBook.post(tx, back, { tenantId: task.tenantId, docType: 'messaging.send', billId: task.id, allowNegative: true });
}

/**
 * Saves a campaign: with `confirm: false` only measures it (the cost to confirm); otherwise queues it,
 * reserving recipients × parts on the shop, or changes a pending one (its reservation made again).
 */
export async function saveTask(tx: Db, auth: Auth, body: TaskBody) {
  assertShopVisible(auth, body.shopid);
  if (body.mobiles && body.filter) throw fieldError('filter', 'smsAudienceBoth');
  const { preview, salutation, shopsSeen } = await measure(tx, auth, body);
  if (!body.confirm) return { preview, task: null };
  if (!preview.recipients) throw fieldError(body.mobiles ? 'mobiles' : 'filter', 'smsNoRecipients');
  const sendAt = sendTimeOf(body);
  const values = {
    shopId: body.shopid,
    content: body.content,
    salutation,
    sendType: body.sendtype,
    sendAt,
    mobiles: body.mobiles ? [...new Set(body.mobiles)] : null,
    filter: body.mobiles ? null : { ...(body.filter ?? {}), shops: shopsSeen },
    recipients: preview.recipients,
    parts: preview.parts,
  };
  let task: Task;
  if (body.id) {
    const old = await lockTask(tx, auth, body.id);
    if (old.state !== 'pending' || old.queued > 0) throw conflict('smsTaskNotPending');
    if (body.version !== undefined && body.version !== old.version) throw conflict('smsTaskChanged');
    await release(tx, old);
    [task] = await tx
      .update(smsTasks)
      .set({ ...values, version: sql`${smsTasks.version} + 1`, updatedAt: sql`now()` })
      .where(eq(smsTasks.id, old.id))
      .returning();
  } else {
    [task] = await tx
      .insert(smsTasks)
      .values({ tenantId: auth.tenantId, ...values, state: 'pending', createdBy: auth.userId, createdByName: auth.name })
      .returning();
  }
  await reserve(tx, task);
  await schedule(tx, task);
  return { preview, task: (await taskRows(tx, auth, [task.id]))[0] };
}

/** The campaign, locked, in a shop the user sees (404 otherwise: another tenant's is not there). */
async function lockTask(tx: Db, auth: Auth, id: number) {
  const [task] = await tx
    .select()
    .from(smsTasks)
    .where(and(eq(smsTasks.id, id), inVisibleShops(auth, smsTasks.shopId)))
    .for('update');
  if (!task) throw notFound();
  return task;
}

/** Cancels a pending campaign (its reservation returns) or resumes a cancelled one (reserved again). */
export async function toggleTask(tx: Db, auth: Auth, id: number, action: 'cancel' | 'resume') {
  const task = await lockTask(tx, auth, id);
  if (action === 'cancel') {
    if (task.state !== 'pending' || task.queued > 0) throw conflict('smsTaskNotPending');
    await release(tx, task);
    await tx
      .update(smsTasks)
      .set({ state: 'cancelled', version: sql`${smsTasks.version} + 1`, updatedAt: sql`now()` })
      .where(eq(smsTasks.id, id));
  } else {
    if (task.state !== 'cancelled') throw conflict('smsTaskNotCancelled');
    const sendAt = task.sendAt && task.sendAt.getTime() > Date.now() ? task.sendAt : null;
    const [resumed] = await tx
      .update(smsTasks)
      .set({ state: 'pending', sendAt, sendType: sendAt ? 2 : 1, version: sql`${smsTasks.version} + 1`, updatedAt: sql`now()` })
      .where(eq(smsTasks.id, id))
      .returning();
    await reserve(tx, resumed);
    await schedule(tx, resumed);
  }
  return (await taskRows(tx, auth, [id]))[0];
}

/** Deletes a campaign that never sent: pending (its reservation returns) or cancelled. */
export async function deleteTask(tx: Db, auth: Auth, id: number) {
  const task = await lockTask(tx, auth, id);
  if (task.queued > 0 || task.state === 'sending' || task.state === 'sent') throw conflict('smsTaskNotPending');
  if (task.state === 'pending') await release(tx, task);
  await tx.delete(smsTasks).where(eq(smsTasks.id, id));
}

const taskSelect = {
  task: smsTasks,
  shopName: shops.name,
  sent: sql<number>`(select count(*) from ${smsMessages} m where m.tenant_id = ${smsTasks.tenantId} and m.task_id = ${smsTasks.id} and m.state = 'sent')::int`,
  failed: sql<number>`(select count(*) from ${smsMessages} m where m.tenant_id = ${smsTasks.tenantId} and m.task_id = ${smsTasks.id} and m.state = 'failed')::int`,
};

function toRow(r: { task: Task; shopName: string | null; sent: number; failed: number }) {
  const t = r.task;
  return {
    id: t.id,
    version: t.version,
    shopId: t.shopId,
    shopName: r.shopName,
    content: t.content,
    addcw: t.salutation,
    sendtype: t.sendType,
    sendtime: t.sendAt?.toISOString() ?? null,
    mobiles: t.mobiles,
    filter: t.filter,
    recipients: t.recipients,
    parts: t.parts,
    cost: t.recipients * t.parts,
    state: t.state,
    queued: t.queued,
    sent: Number(r.sent),
    failed: Number(r.failed),
    createdByName: t.createdByName,
    createdAt: t.createdAt.toISOString(),
  };
}

async function taskRows(tx: Db, auth: Auth, ids: number[]) {
  const rows = await tx
    .select(taskSelect)
    .from(smsTasks)
    .leftJoin(shops, eq(shops.id, smsTasks.shopId))
    .where(and(inArray(smsTasks.id, ids), inVisibleShops(auth, smsTasks.shopId)));
  return rows.map(toRow);
}

export async function listTasks(tx: Db, auth: Auth, q: z.output<typeof smsTaskQuery>) {
  if (q.shopid) assertShopVisible(auth, q.shopid);
  const where = and(
    inVisibleShops(auth, smsTasks.shopId),
    q.shopid ? eq(smsTasks.shopId, q.shopid) : undefined,
    q.state ? eq(smsTasks.state, q.state) : undefined,
  );
  const page = await pageOf(
    tx,
    q,
    tx
      .select(taskSelect)
      .from(smsTasks)
      .leftJoin(shops, eq(shops.id, smsTasks.shopId))
      .where(where)
      .orderBy(desc(smsTasks.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => tx.select({ id: smsTasks.id }).from(smsTasks).where(where),
  );
  return { ...page, list: page.list.map(toRow) };
}

/**
 * A failed delivery: the text is marked failed and its parts return to its shop, once (the state
 * changes from queued or sent to failed in one statement, so a second report finds nothing to change).
 */
export async function failDelivery(tx: Db, tenantId: number, messageId: number, error: string) {
  const [failed] = await tx
    .update(smsMessages)
    .set({ state: 'failed', error })
    .where(and(eq(smsMessages.id, messageId), inArray(smsMessages.state, ['queued', 'sent'])))
    .returning();
  if (!failed) return false;
  await postSms(tx, tenantId, 'messaging.refund', failed.id, [{ shopId: failed.shopId, delta: failed.parts, lineId: null }]);
  return true;
}

/** Sends up to SMS_BATCH queued texts of a campaign (or of a shop's automatic messages) through the adapter. */
export async function deliverQueued(tx: Db, tenantId: number, where: SQL) {
  const queued = await tx
    .select()
    .from(smsMessages)
    .where(and(where, eq(smsMessages.state, 'queued')))
    .orderBy(smsMessages.id)
    .limit(SMS_BATCH)
    .for('update', { skipLocked: true });
  const adapter = smsAdapter();
  for (const message of queued) {
    const outcome = await adapter.send({ mobile: message.mobile, text: message.text });
    if (outcome.ok) await tx.update(smsMessages).set({ state: 'sent', sentAt: sql`now()` }).where(eq(smsMessages.id, message.id));
    else await failDelivery(tx, tenantId, message.id, outcome.error);
  }
  return queued.length;
}

/**
 * One run of a campaign: queues the next SMS_BATCH recipients (members after the cursor, or the typed
 * numbers), sends the queued texts, and asks for another run while anything is left; at the end, what
 * the reservation held beyond the texts' parts returns to the shop. A changed or cancelled campaign's
 * earlier run does nothing.
 */
defineJob('messaging.task', async (tx, payload, job) => {
  const [task] = await tx
    .select()
    .from(smsTasks)
    .where(eq(smsTasks.id, Number(payload.taskId)))
    .for('update');
  if (!task || (task.state !== 'pending' && task.state !== 'sending')) return;
  if ((task.sendAt?.toISOString() ?? null) !== (payload.sendAt ?? null)) return;
  const shop = await shopNameOf(tx, task.shopId);
  const signature = await signatureOf(tx, job.tenantId);
  const date = dayIn(await tenantZone(tx, job.tenantId));
  const left = task.recipients - task.queued;
  let batch: { memberId: number | null; mobile: string; name: string | null; id: number }[] = [];
  if (left > 0) {
    if (task.mobiles) {
      batch = task.mobiles.slice(task.queued, task.queued + Math.min(left, SMS_BATCH)).map((mobile, i) => ({
        memberId: null,
        mobile,
        name: null,
        id: task.queued + i + 1,
      }));
    } else {
      const { shops: seen, ...filter } = (task.filter ?? {}) as SmsAudienceFilter & { shops?: number[] | null };
      const audience: SmsAudience = { filter, shops: seen ?? undefined, zone: await tenantZone(tx, job.tenantId) };
      const found = await smsAudienceAfter(tx, audience, task.cursor, Math.min(left, SMS_BATCH));
      batch = found.map((m) => ({ memberId: m.id, mobile: m.mobile, name: m.name, id: m.id }));
    }
  }
  if (batch.length) {
    await tx.insert(smsMessages).values(
      batch.map((r) => {
        const text = textFor(task, { name: r.name, shop, date, signature });
        return {
          tenantId: job.tenantId,
          shopId: task.shopId,
          kind: 'task',
          taskId: task.id,
          memberId: r.memberId,
          mobile: r.mobile,
          text,
          parts: smsParts(text) ?? task.parts,
          state: 'queued' as const,
        };
      }),
    );
  }
  const queued = task.queued + batch.length;
  const audienceDone = batch.length === 0 || queued >= task.recipients || (!task.mobiles && batch.length < Math.min(left, SMS_BATCH));
  const delivered = await deliverQueued(tx, job.tenantId, eq(smsMessages.taskId, task.id));
  const finished = audienceDone && delivered < SMS_BATCH;
  const state = finished ? 'sent' : 'sending';
  await tx
    .update(smsTasks)
    .set({
      queued,
      cursor: batch.length && !task.mobiles ? batch[batch.length - 1].id : task.cursor,
      state,
      updatedAt: sql`now()`,
    })
    .where(eq(smsTasks.id, task.id));
  // Only a change of state: a large campaign's batches would otherwise send an event each.
  if (state !== task.state)
    await emit(tx, job, { topic: SMS_TASK_TOPIC, payload: { id: task.id, state }, shopId: task.shopId, perm: SMS_PERM.view });
  if (finished) {
    // The reservation took every recipient at the longest text; what the texts queued did not take returns.
    const [{ spent }] = await tx
      .select({ spent: sql<number>`coalesce(sum(${smsMessages.parts}), 0)::int` })
      .from(smsMessages)
      .where(eq(smsMessages.taskId, task.id));
    const unused = task.recipients * task.parts - Number(spent);
    if (unused > 0) await postSms(tx, job.tenantId, 'messaging.release', task.id, [{ shopId: task.shopId, delta: unused, lineId: null }]);
  } else {
    await enqueue(tx, { tenantId: job.tenantId, name: 'messaging.task', payload });
  }
});
