import type { transferBody } from '@headoffice/contract';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { bulkInsert } from '../../platform/importer.js';
import { defineJob, enqueueAtDayStart } from '../../platform/jobs.js';
import { tenantToday } from '../../platform/numbering.js';
import { inTenant } from '../../platform/tenancy.js';
import { employeeStream, employees, positionLevels } from '../org/public.js';
import { lockEmployees } from './staff-queries.js';
import { checkReferences, levelMismatch } from './staff-writes.js';

export type StreamKind = 'entry' | 'transfer' | 'leave' | 'rejoin';

/** Where an employee sits: shop, department, position, level. */
export interface Placement {
  shopId: number | null;
  branchId: number | null;
  positionId: number | null;
  levelId: number | null;
}

const DIMENSIONS = ['shopId', 'branchId', 'positionId', 'levelId'] as const;
const placementOf = (p: Placement): Placement => ({ shopId: p.shopId, branchId: p.branchId, positionId: p.positionId, levelId: p.levelId });
const samePlacement = (a: Placement, b: Placement) => DIMENSIONS.every((d) => a[d] === b[d]);

export interface StreamEntry {
  employeeId: number;
  kind: StreamKind;
  effectiveDate: string;
  from?: Placement | null;
  to?: Placement | null;
  memo?: string | null;
  /** Applied now (default) or pending until its day. */
  pending?: boolean;
}

/** Writes employee stream rows in bulk (chunks), by the signed-in user. */
export async function writeStream(tx: Db, auth: Pick<Auth, 'tenantId' | 'userId' | 'name'>, entries: StreamEntry[]) {
  const now = new Date();
  const rows = await bulkInsert(
    tx,
    employeeStream,
    entries.map((e) => ({
      tenantId: auth.tenantId,
      employeeId: e.employeeId,
      kind: e.kind,
      effectiveDate: e.effectiveDate,
      fromShopId: e.from?.shopId ?? null,
      fromBranchId: e.from?.branchId ?? null,
      fromPositionId: e.from?.positionId ?? null,
      fromLevelId: e.from?.levelId ?? null,
      toShopId: e.to?.shopId ?? null,
      toBranchId: e.to?.branchId ?? null,
      toPositionId: e.to?.positionId ?? null,
      toLevelId: e.to?.levelId ?? null,
      memo: e.memo ?? null,
      appliedAt: e.pending ? null : now,
      createdBy: auth.userId,
      createdByName: auth.name,
    })),
    { id: employeeStream.id },
  );
  return rows.map((r) => r.id);
}

/** Moves employees to their new placements: one UPDATE per distinct placement. */
async function place(tx: Db, moves: { id: number; to: Placement }[]) {
  const groups = new Map<string, { to: Placement; ids: number[] }>();
  for (const m of moves) {
    const key = JSON.stringify(placementOf(m.to));
    const group = groups.get(key) ?? { to: placementOf(m.to), ids: [] };
    group.ids.push(m.id);
    groups.set(key, group);
  }
  for (const { to, ids } of groups.values()) {
    await tx
      .update(employees)
      .set({ ...to, version: sql`${employees.version} + 1`, updatedAt: new Date() })
      .where(inArray(employees.id, ids));
  }
}

type TransferBody = z.output<typeof transferBody>;

/** An employee moving to another shop from a date. */
export interface ShopMove {
  employeeId: number;
  fromShopId: number | null;
  toShopId: number;
  effectiveDate: string;
}
type TransferListener = (tx: Db, moves: ShopMove[]) => Promise<void>;
const transferListeners: TransferListener[] = [];

/**
 * Another module's part of a transfer to another shop (attendance moves the employee's schedule from
 * the effective date): called in the transfer's transaction when it is saved, whether it applies now
 * or on its day, so that the days a manager plans after it already belong to the new shop.
 */
export function onTransfer(listener: TransferListener) {
  if (!transferListeners.includes(listener)) transferListeners.push(listener);
}

/**
 * Transfers employees to another shop, department, position or level from a date. A date up to
 * today applies now; a later one is stored pending and applied by `applyDueTransfers` on its day.
 * Fields left out stay as they are; null clears (e.g. no department). A new position without a
 * level clears the level (levels belong to positions).
 */
export async function saveTransfer(tx: Db, auth: Auth, body: TransferBody, today: string) {
  const change: Partial<Placement> = {};
  for (const d of DIMENSIONS) if (body[d] !== undefined) change[d] = body[d];
  if (Object.keys(change).length === 0) throw fieldError('shopId', 'transferNothing');
  const level = await checkReferences(tx, auth, change);
  const current = await lockEmployees(tx, auth, body.employeeIds);
  const left = current.find((e) => e.status !== 1);
  if (left) throw conflict('transferLeft', { name: left.name });

  const moves = [];
  for (const e of current) {
    const to: Placement = { ...placementOf(e), ...change };
    if (change.levelId === undefined && to.positionId !== e.positionId) to.levelId = null;
    if (to.levelId && level && level.positionId !== to.positionId) throw await levelMismatch(tx, level, to.positionId);
    if (samePlacement(to, e)) throw conflict('transferNoChange', { name: e.name });
    if (body.effectiveDate < e.entryDate) {
      throw fieldError('effectiveDate', 'dateBeforeEntry', { field: '@effectiveDate', entryDate: e.entryDate });
    }
    moves.push({ id: e.id, from: placementOf(e), to });
  }
  const pending = body.effectiveDate > today;
  if (!pending) await place(tx, moves);
  const shopMoves = moves.flatMap((m) =>
    m.to.shopId !== null && m.to.shopId !== m.from.shopId
      ? [{ employeeId: m.id, fromShopId: m.from.shopId, toShopId: m.to.shopId, effectiveDate: body.effectiveDate }]
      : [],
  );
  if (shopMoves.length) for (const listener of transferListeners) await listener(tx, shopMoves);
  const streamIds = await writeStream(
    tx,
    auth,
    moves.map((m) => ({
      employeeId: m.id,
      kind: 'transfer' as const,
      effectiveDate: body.effectiveDate,
      from: m.from,
      to: m.to,
      memo: body.memo,
      pending,
    })),
  );
  if (pending) await scheduleTransfers(tx, auth.tenantId, body.effectiveDate);
  return { transferred: moves.length, applied: !pending, effectiveDate: body.effectiveDate, streamIds };
}

export const TRANSFER_JOB = 'staff.applyTransfers';

/** Queues the job that applies a tenant's transfers at the start of `day` in the tenant's time zone (one job per day). */
function scheduleTransfers(tx: Db, tenantId: number, day: string) {
  return enqueueAtDayStart(tx, { tenantId, name: TRANSFER_JOB, day });
}

/** Applies the transfers up to the job's day (it runs once that day has begun in the company's time zone), or today if later. */
defineJob(TRANSFER_JOB, async (tx, payload, job) => {
  const today = await tenantToday(tx, job.tenantId);
  const day = String(payload.day ?? today);
  await applyTenant(tx, [day, today].sort()[1]);
});

/**
 * Queues the transfer job of every pending day that has none (transfers saved before jobs existed,
 * or a job an administrator removed). Runs at start; the job itself is what applies transfers.
 */
export async function scheduleDueTransferJobs(db: Db) {
  const days = await db
    .selectDistinct({ tenantId: employeeStream.tenantId, day: employeeStream.effectiveDate })
    .from(employeeStream)
    .where(and(isNull(employeeStream.appliedAt), eq(employeeStream.kind, 'transfer')));
  for (const { tenantId, day } of days) await inTenant(db, tenantId, (tx) => scheduleTransfers(tx, tenantId, day));
}

export interface ApplyOptions {
  /** The business date to apply up to, for every tenant (default: today in each tenant's time zone). */
  today?: string;
  /** Only these tenants (default: every tenant with pending transfers). */
  tenantIds?: number[];
}

/**
 * Applies every pending transfer whose day has come, in every tenant (each in its own tenant
 * transaction). Rows are locked FOR UPDATE SKIP LOCKED, so two server instances running this at
 * the same time never apply a row twice. A dimension the transfer did not change keeps the
 * employee's value at the time it applies. Answers how many were applied.
 */
export async function applyDueTransfers(db: Db, options: ApplyOptions = {}): Promise<number> {
  const withPending = db
    .selectDistinct({ tenantId: employeeStream.tenantId })
    .from(employeeStream)
    .where(and(isNull(employeeStream.appliedAt), eq(employeeStream.kind, 'transfer')));
  const list = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(inArray(tenants.id, withPending), options.tenantIds ? inArray(tenants.id, options.tenantIds) : undefined));
  let applied = 0;
  for (const tenant of list) {
    applied += await inTenant(db, tenant.id, async (tx) => applyTenant(tx, options.today ?? (await tenantToday(tx, tenant.id))));
  }
  return applied;
}

async function applyTenant(tx: Db, today: string): Promise<number> {
  const due = await tx
    .select()
    .from(employeeStream)
    .where(and(eq(employeeStream.kind, 'transfer'), isNull(employeeStream.appliedAt), lte(employeeStream.effectiveDate, today)))
    .orderBy(asc(employeeStream.effectiveDate), asc(employeeStream.id))
    .for('update', { skipLocked: true });
  if (!due.length) return 0;
  const employeeIds = [...new Set(due.map((d) => d.employeeId))];
  const staff = await tx
    .select({ id: employees.id, status: employees.status, ...placementColumns })
    .from(employees)
    .where(inArray(employees.id, employeeIds))
    .for('update');
  const byId = new Map(staff.map((s) => [s.id, s]));
  const levelIds = [...new Set(due.map((d) => d.toLevelId).filter((v): v is number => v !== null))];
  const levelPosition = new Map(
    (levelIds.length
      ? await tx
          .select({ id: positionLevels.id, positionId: positionLevels.positionId })
          .from(positionLevels)
          .where(inArray(positionLevels.id, levelIds))
      : []
    ).map((l) => [l.id, l.positionId]),
  );
  const now = new Date();
  let applied = 0;
  for (const row of due) {
    const employee = byId.get(row.employeeId);
    if (employee?.status !== 1) {
      // Left since (a leave drops pending transfers; this is a safety net): nothing to move.
      await tx.delete(employeeStream).where(eq(employeeStream.id, row.id));
      continue;
    }
    const from = placementOf(employee);
    const intended = {
      shopId: row.toShopId !== row.fromShopId,
      branchId: row.toBranchId !== row.fromBranchId,
      positionId: row.toPositionId !== row.fromPositionId,
      levelId: row.toLevelId !== row.fromLevelId,
    };
    const to: Placement = {
      shopId: intended.shopId ? row.toShopId : from.shopId,
      branchId: intended.branchId ? row.toBranchId : from.branchId,
      positionId: intended.positionId ? row.toPositionId : from.positionId,
      levelId: intended.levelId ? row.toLevelId : from.levelId,
    };
    if (!intended.levelId && to.positionId !== from.positionId) to.levelId = null;
    if (to.levelId !== null && levelPosition.has(to.levelId) && levelPosition.get(to.levelId) !== to.positionId) to.levelId = null;
    await place(tx, [{ id: employee.id, to }]);
    await tx
      .update(employeeStream)
      .set({
        fromShopId: from.shopId,
        fromBranchId: from.branchId,
        fromPositionId: from.positionId,
        fromLevelId: from.levelId,
        toShopId: to.shopId,
        toBranchId: to.branchId,
        toPositionId: to.positionId,
        toLevelId: to.levelId,
        appliedAt: now,
      })
      .where(eq(employeeStream.id, row.id));
    Object.assign(employee, to);
    applied++;
  }
  return applied;
}

const placementColumns = {
  shopId: employees.shopId,
  branchId: employees.branchId,
  positionId: employees.positionId,
  levelId: employees.levelId,
};
