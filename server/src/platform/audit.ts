import type { AuditVerb } from '@headoffice/contract';
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

/** The record's name as the request or its answer tells it: a bill's number, else its name. */
function targetOf(...candidates: unknown[]): string | null {
  for (const c of candidates) {
    const o = c as Record<string, unknown> | null | undefined;
    const name = o?.billNo ?? o?.name ?? o?.username;
    if (typeof name === 'string' && name) return name;
  }
  return null;
}

export interface AuditInput {
  query: unknown;
  params: unknown;
  body: unknown;
}

/** How a route names what its write does: a verb, or a choice by the request. */
export type VerbSpec = AuditVerb | ((input: AuditInput) => AuditVerb);

const TRANSITIONS: Record<string, AuditVerb> = {
  audit: 'audit',
  reject: 'reject',
  revoke: 'revoke',
  submit: 'submit',
  receive: 'receive',
  rerun: 'rerun',
  logout: 'signout',
  relogin: 'signin',
  'app-login': 'signin',
};

/** The verb of a bill transition performed by its name (the inbox's): its own verb, else a change. */
export const transitionVerb = (action: string): AuditVerb => TRANSITIONS[action] ?? 'update';

/** Paths that create a record when no id is sent (the seed's save calls); any other write without an id changes records. */
const CREATING =
  /^(save|saveOrUpdate|saveBill|saveMac|saveRegion|saveShop|saveServiceGroup|saveDuo|saveSystem|savePositionRole|add\w*|new\w*)$/;

/**
 * The verb of a write, read from the seed's path unless the route declares it: DELETE and `…delete…`
 * delete; `…status…` with status 1/0 enables/disables; `…Import` imports; `copy…` copies; a
 * transition its name; a save (or the resource's own path) creates without an id and changes with
 * one; any other write changes.
 */
export function verbOf(method: string, url: string, input: AuditInput, declared?: VerbSpec): AuditVerb {
  if (typeof declared === 'function') return declared(input);
  if (declared) return declared;
  const body = (input.body ?? {}) as Record<string, unknown>;
  const segments = url.split('/').filter((s) => s && !s.startsWith(':') && !s.startsWith('{'));
  const last = segments.at(-1) ?? '';
  const transition = TRANSITIONS[last.replace(/Bill$/, '')];
  if (transition) return transition;
  if (method === 'DELETE' || /delete/i.test(last)) return 'delete';
  if (/import/i.test(last)) return 'import';
  if (/^copy/i.test(last)) return 'copy';
  if (/status/i.test(last) && (body.status === 1 || body.status === 0)) return body.status === 1 ? 'enable' : 'disable';
  const creating = segments.length === 2 || CREATING.test(last);
  return creating && idOf(body, input.params) === null ? 'create' : 'update';
}

/** Write routes by entity, as registered: a test holds each entity to a label in the contract. */
export const auditedEntities = new Set<string>();

/** Labels of entities whose definition names them (a bill type's label), beside the contract's list. */
export const definedEntityLabels = new Map<string, readonly [string, string]>();

/** The audit entity of each registered bill type, by document type (the inbox logs the bill's own). */
export const billEntities = new Map<string, string>();

/**
 * One row per successful write: who, when, which call, which record, what was done to it and what
 * was sent. The records the write touched come from the audit triggers (migration 0013), which
 * collect them in a transaction setting: this insert reads them, so the log costs no extra round trip.
 * Answers, in the same round trip, whether the transaction changed what some user may do (flagged by
 * the triggers of migration 0007), so that the access cache can forget it.
 */
export async function writeAudit(
  tx: Db,
  auth: Auth,
  req: FastifyRequest,
  entity: string,
  verb: AuditVerb,
  input: AuditInput,
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
      verb,
      target: targetOf(result, input.body),
      changes: sql`nullif(current_setting('headoffice.audit_changes', true), '')::jsonb`,
    })
    .returning({ accessChanged: sql<boolean>`current_setting('headoffice.auth_changed', true) = '1'` });
  return { accessChanged: row?.accessChanged === true };
}
