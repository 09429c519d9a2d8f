import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError, conflict } from './errors.js';
import { defineMessages } from './i18n.js';
import { defineJob, enqueue } from './jobs.js';
import { smsCodes, smsOutbox } from './schema.js';

defineMessages({
  smsTooSoon: ['验证码已发送，请 {seconds} 秒后再试', 'A code was just sent; try again in {seconds} s'],
  smsCodeMissing: ['请先获取验证码', 'Ask for a code first'],
  smsCodeExpired: ['验证码已过期，请重新获取', 'The code has expired; ask for a new one'],
  smsCodeWrong: ['验证码错误，还可尝试 {left} 次', 'Wrong code; {left} tries left'],
  smsCodeSpent: ['验证码错误次数过多，请重新获取', 'Too many wrong tries; ask for a new code'],
  smsNotVerified: ['请先验证 {mobile} 收到的短信验证码', 'Verify the code sent to {mobile} first'],
});

/** A code may be asked for again after this, is good this long, and this many wrong tries end it. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_SECONDS = 300;
export const SMS_MAX_TRIES = 5;

/**
 * Where text messages go. `outbox` (default): kept in `sms_outbox`, which an administrator reads in
 * the product (no message leaves the system). `http`: each message is POSTed as JSON
 * `{mobile, text}` to `SMS_HTTP_URL` (with `Authorization: Bearer SMS_HTTP_TOKEN` when set) by a
 * background job after the write that queued it committed; a failed send is tried again.
 */
export type SmsProvider = 'outbox' | 'http';

export function smsProvider(env: NodeJS.ProcessEnv = process.env): SmsProvider {
  return env.SMS_PROVIDER === 'http' && env.SMS_HTTP_URL ? 'http' : 'outbox';
}

/** Queues a text message in the caller's transaction: it exists (and an HTTP provider sends it) only if the write commits. */
export async function queueSms(tx: Db, tenantId: number, mobile: string, text: string): Promise<number> {
  const provider = smsProvider();
  const [row] = await tx
    .insert(smsOutbox)
    .values({
      tenantId,
      mobile,
      text,
      provider,
      state: provider === 'outbox' ? 'sent' : 'queued',
      sentAt: provider === 'outbox' ? sql`now()` : null,
    })
    .returning({ id: smsOutbox.id });
  if (provider === 'http') await enqueue(tx, { tenantId, name: 'sms.send', payload: { id: row.id } });
  return row.id;
}

defineJob('sms.send', async (tx, job) => {
  const id = Number((job.payload as { id: number }).id);
  const [message] = await tx.select().from(smsOutbox).where(eq(smsOutbox.id, id));
  if (!message || message.state === 'sent') return;
  const url = process.env.SMS_HTTP_URL;
  if (!url) throw new Error('SMS_HTTP_URL is not set');
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(process.env.SMS_HTTP_TOKEN ? { authorization: `Bearer ${process.env.SMS_HTTP_TOKEN}` } : {}),
    },
    body: JSON.stringify({ mobile: message.mobile, text: message.text }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) {
    await tx
      .update(smsOutbox)
      .set({ error: `HTTP ${res.status}` })
      .where(eq(smsOutbox.id, id));
    throw new Error(`SMS provider answered ${res.status}`);
  }
  await tx.update(smsOutbox).set({ state: 'sent', sentAt: sql`now()`, error: null }).where(eq(smsOutbox.id, id));
});

const hashOf = (tenantId: number, mobile: string, code: string) =>
  createHash('sha256').update(`${tenantId}:${mobile}:${code}`).digest('hex');

/**
 * Sends a six-digit code to a mobile. Refused (429, with the seconds left) within a minute of the
 * last one; a new code replaces the old one and its tries.
 */
export async function sendCode(tx: Db, tenantId: number, mobile: string, purpose: [string, string] = ['验证码', 'code']) {
  const [last] = await tx
    .select({
      left: sql<number>`ceil(extract(epoch from (${smsCodes.sentAt} + make_interval(secs => ${SMS_RESEND_SECONDS}) - now())))::int`,
    })
    .from(smsCodes)
    .where(eq(smsCodes.mobile, mobile))
    .for('update');
  if (last && last.left > 0) throw new AppError(429, 'smsTooSoon', { seconds: last.left });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values: Record<string, unknown> = {
    codeHash: hashOf(tenantId, mobile, code),
    sentAt: sql`now()`,
    expiresAt: sql`now() + make_interval(secs => ${SMS_CODE_SECONDS})`,
    tries: 0,
    verifiedAt: null,
    usedAt: null,
  };
  await tx
    .insert(smsCodes)
    .values({ tenantId, mobile, ...values } as unknown as typeof smsCodes.$inferInsert)
    .onConflictDoUpdate({ target: [smsCodes.tenantId, smsCodes.mobile], set: values });
  await queueSms(tx, tenantId, mobile, `【${purpose[0]}】您的验证码是 ${code}，5 分钟内有效，请勿告诉他人。`);
  return { resendAfter: SMS_RESEND_SECONDS, validFor: SMS_CODE_SECONDS };
}

/**
 * Checks a code: right → the mobile is verified until the code expires; wrong → one try fewer.
 * A refusal is answered, not thrown, so that the caller commits the counted try and then answers it
 * as an error (a thrown error would roll the count back).
 */
export async function checkCode(tx: Db, tenantId: number, mobile: string, code: string): Promise<{ ok: true } | { error: AppError }> {
  const [row] = await tx
    .select({
      codeHash: smsCodes.codeHash,
      tries: smsCodes.tries,
      expired: sql<boolean>`${smsCodes.expiresAt} <= now()`,
      usedAt: smsCodes.usedAt,
    })
    .from(smsCodes)
    .where(eq(smsCodes.mobile, mobile))
    .for('update');
  if (!row || row.usedAt) return { error: conflict('smsCodeMissing') };
  if (row.expired) return { error: conflict('smsCodeExpired') };
  if (row.tries >= SMS_MAX_TRIES) return { error: conflict('smsCodeSpent') };
  if (row.codeHash !== hashOf(tenantId, mobile, code)) {
    const tries = row.tries + 1;
    await tx.update(smsCodes).set({ tries }).where(eq(smsCodes.mobile, mobile));
    return {
      error: tries >= SMS_MAX_TRIES ? conflict('smsCodeSpent') : new AppError(400, 'smsCodeWrong', { left: SMS_MAX_TRIES - tries }),
    };
  }
  await tx.update(smsCodes).set({ verifiedAt: sql`now()` }).where(eq(smsCodes.mobile, mobile));
  return { ok: true };
}

/**
 * Uses up a verification of `mobile` made within the code's life (an action that needs the code:
 * a card transfer, binding a card again); refused (409) when there is none.
 */
export async function useVerification(tx: Db, mobile: string): Promise<void> {
  const [row] = await tx
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        sql`${smsCodes.verifiedAt} is not null and ${smsCodes.usedAt} is null and ${smsCodes.expiresAt} > now()`,
      ),
    )
    .returning({ mobile: smsCodes.mobile });
  if (!row) throw conflict('smsNotVerified', { mobile });
}
