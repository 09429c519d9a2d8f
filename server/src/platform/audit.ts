import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { Auth } from './auth.js';
import { auditLog } from './schema.js';

const SECRET_KEYS = /password|secret|token/i;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : redact(v)]));
  }
  return value;
}

function idOf(...candidates: unknown[]): number | null {
  for (const c of candidates) {
    const id = (c as { id?: unknown } | null | undefined)?.id;
    if (typeof id === 'number') return id;
  }
  return null;
}

/**
 * One row per successful write: who, when, which call, which record, and what was sent.
 * Answers, in the same round trip, whether the transaction changed what some user may do (flagged by
 * the triggers of migration 0007), so that the access cache can forget it.
 */
export async function writeAudit(
  tx: Db,
  auth: Auth,
  req: FastifyRequest,
  entity: string,
  input: { query: unknown; params: unknown; body: unknown },
  result: unknown,
): Promise<{ accessChanged: boolean }> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      tenantId: auth.tenantId,
      userId: auth.userId,
      username: auth.username,
      action: `${req.method} ${req.routeOptions.url}`,
      entity,
      entityId: idOf(result, input.params, input.body),
      detail: redact({ params: input.params, query: input.query, body: input.body }) as object,
      requestId: req.id,
    })
    .returning({ accessChanged: sql<boolean>`current_setting('headoffice.auth_changed', true) = '1'` });
  return { accessChanged: row?.accessChanged === true };
}
