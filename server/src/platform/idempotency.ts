import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Auth } from './auth.js';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';
import { idempotencyKeys } from './schema.js';

/**
 * Idempotent writes. A route declared `idempotent` takes an `Idempotency-Key` header; the key, a
 * hash of the request and the answer are stored per tenant and user in the request's own
 * transaction, so they exist exactly when the write committed:
 *
 * - the key row is inserted first, before the handler runs. A concurrent request with the same key
 *   waits on that insert (same primary key) until the first commits, then finds the stored answer
 *   and replays it; if the first rolled back, the key is free and the second runs. On PGlite there
 *   is one connection, so such requests run one after the other anyway;
 * - a repeat with the same request answers the stored answer (`Idempotent-Replayed: true`) and does
 *   nothing else; with a different request it answers 422;
 * - a request that fails rolls back, key row included: the key may be sent again.
 *
 * Keys are kept at least `KEEP_HOURS`: older ones are deleted by bounded batches, in a keyed
 * write's transaction now and then (its tenant's), and for every tenant by `purgeExpiredKeys`.
 */

export type IdempotencyMode = 'optional' | 'required';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key answers its stored answer, at least. */
export const KEEP_HOURS = 24;
/** Rows one purge deletes at most. */
const PURGE_BATCH = 500;
/** A tenant's expired keys are looked for at most this often per process (unless the last batch was full). */
const PURGE_EVERY_MS = 60_000;

defineMessages({
  idempotencyKeyRequired: [
    '此操作需要 Idempotency-Key 请求头（每次新的操作使用一个新的值）',
    'This request needs an Idempotency-Key header (a new value for each new operation)',
  ],
  idempotencyKeyInvalid: ['Idempotency-Key 须为 1 至 200 个可打印字符', 'The Idempotency-Key header must be 1 to 200 printable characters'],
  idempotencyKeyReused: [
    '此 Idempotency-Key 已用于另一个不同的请求；新的操作请使用新的 Idempotency-Key',
    'This Idempotency-Key was already used for a different request; use a new key for a new operation',
  ],
  idempotencyKeyBusy: [
    '使用此 Idempotency-Key 的请求正在处理中，请稍后重试',
    'A request with this Idempotency-Key is being processed; please try again in a moment',
  ],
});

/** The header as OpenAPI shows it on an idempotent route. */
export function idempotencyHeaderSchema(mode: IdempotencyMode) {
  const key = z
    .string()
    .min(1)
    .max(200)
    .describe(
      `${mode === 'required' ? 'Required' : 'Optional'}: 1–200 printable characters, a new value per operation. ` +
        `A repeat with the same key and request (within ${KEEP_HOURS} hours at least) does nothing and answers the first answer again, ` +
        'with the header Idempotent-Replayed: true; the same key with another request answers 422; a request with a key ' +
        'that is still being processed waits for it. A failed request stores nothing: its key may be sent again.',
    );
  return z.object({ [IDEMPOTENCY_HEADER]: mode === 'required' ? key : key.optional() });
}

const PRINTABLE = /^[\x20-\x7e]{1,200}$/;

/** The request's key, or undefined when it sent none (400 when the route requires one or it is malformed). */
export function idempotencyKeyOf(req: FastifyRequest, mode: IdempotencyMode): string | undefined {
  const value = req.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) {
    if (mode === 'required') throw badKey('idempotencyKeyRequired');
    return undefined;
  }
  if (typeof value !== 'string' || !PRINTABLE.test(value)) throw badKey('idempotencyKeyInvalid');
  return value;
}

const badKey = (key: string) => new AppError(400, 'validation', {}, [{ path: 'Idempotency-Key', key }]);

/** JSON with every object's keys sorted: equal values give equal text whatever the order they were sent in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What makes two requests the same: method, path, query and body (canonical JSON), hashed. */
export function requestHash(req: FastifyRequest): string {
  const path = req.url.split('?')[0];
  const text = canonicalJson({ method: req.method, path, query: req.query ?? {}, body: req.body ?? null });
  return createHash('sha256').update(text).digest('hex');
}

export interface StoredAnswer {
  status: number;
  answer: unknown;
}

/** A key claimed by this request: `store` records the answer before the transaction commits. */
export interface Claim {
  replay?: undefined;
  store(status: number, answer: unknown): Promise<void>;
}

/**
 * Claims the request's key in its transaction (nothing when it sent none): answers either a claim
 * to store the answer with, or `{ replay }`, the stored answer of the same request made before.
 */
export async function claimKey(
  tx: Db,
  auth: Auth,
  req: FastifyRequest,
  mode: IdempotencyMode,
): Promise<Claim | { replay: StoredAnswer } | undefined> {
  const key = idempotencyKeyOf(req, mode);
  if (key === undefined) return undefined;
  const hash = requestHash(req);
  await purgeTenantKeys(tx, auth.tenantId);
  const where = and(eq(idempotencyKeys.tenantId, auth.tenantId), eq(idempotencyKeys.userId, auth.userId), eq(idempotencyKeys.key, key));
  // Waits while another transaction holds the same key, until it commits (conflict) or rolls back (inserted).
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ tenantId: auth.tenantId, userId: auth.userId, key, requestHash: hash, status: 0, answer: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) {
    return {
      async store(status, answer) {
        await tx
          .update(idempotencyKeys)
          .set({ status, answer: JSON.parse(JSON.stringify(answer)) })
          .where(where);
      },
    };
  }
  const [stored] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(where);
  // Gone again (purged in between) or not answered yet: only a retry can tell.
  if (!stored || stored.status === 0) throw new AppError(409, 'idempotencyKeyBusy');
  if (stored.requestHash !== hash) throw new AppError(422, 'idempotencyKeyReused');
  return { replay: { status: stored.status, answer: stored.answer } };
}

const lastPurge = new Map<number, number>();

/**
 * Deletes a batch of the tenant's expired keys in the request's transaction, at most once a minute
 * per tenant and process (again at once when the batch was full). Rows another transaction is
 * deleting are skipped: a purge never waits.
 */
async function purgeTenantKeys(tx: Db, tenantId: number) {
  const now = Date.now();
  if (now - (lastPurge.get(tenantId) ?? 0) < PURGE_EVERY_MS) return;
  const deleted = await deleteExpired(tx, PURGE_BATCH, sql`tenant_id = ${tenantId} and `);
  lastPurge.set(tenantId, deleted < PURGE_BATCH ? now : 0);
}

async function deleteExpired(db: Db, limit: number, tenant = sql``): Promise<number> {
  const result = await db.execute(sql`
    delete from idempotency_keys where (tenant_id, user_id, key) in (
      select tenant_id, user_id, key from idempotency_keys
      where ${tenant}created_at < now() - ${sql.raw(`interval '${KEEP_HOURS} hours'`)}
      limit ${limit} for update skip locked)`);
  return Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );
}

/**
 * Deletes every tenant's expired keys, by batches (with the database owner's connection, which
 * row-level security does not narrow). Called when the app starts; answers how many went.
 */
export async function purgeExpiredKeys(db: Db, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpired(db, batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** Forgets when each tenant was last purged (tests). */
export function resetPurgeClock() {
  lastPurge.clear();
}
