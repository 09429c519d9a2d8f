import {
  FUNDS_API,
  fundBill,
  fundDayLockQuery,
  fundDayLockSave,
  fundLocksForFundQuery,
  monthLockQuery,
  monthLockSave,
} from '@headoffice/contract';
import { and, asc, desc, eq, gte, like, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, can } from '../../platform/auth.js';
import { type GuardTarget, registerGuard } from '../../platform/documents.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { fundDayLocks, monthLocks } from './schema.js';

// Locks that really lock (DOMAIN-DETAIL §9.1, §9.2): a day locked for petty-cash requests (fundlock)
// refuses requests dated on it; a locked month (monthlock: 1 fund lock, 2 reserve declaration lock)
// refuses every save, transition and after-approval change of the bill types it covers dated in it.
// Both are guards of the documents engine. Unlocking is its own right; every change is in the
// operation log (audit triggers of the two tables).

defineMessages({
  fundDayLocked: [
    '{day} 已锁定备用金申请日期，不能申请或修改该日的申请',
    '{day} is locked: no petty-cash request may be made or changed for that day',
  ],
  monthLockedFund: [
    '{month} 已资金锁定，不能新增、修改或审核该月的单据',
    '{month} is closed by the fund lock: its bills cannot be made, changed or approved',
  ],
  monthLockedReserve: [
    '{month} 已预留申报锁定，不能新增、修改或审核该月的单据',
    '{month} is closed by the reserve declaration lock: its bills cannot be made, changed or approved',
  ],
});

definedEntityLabels.set('fundlock', ['备用金锁定日', 'petty-cash lock day']);
definedEntityLabels.set('monthlock', ['月锁', 'month lock']);

export const lockPerms = {
  day: { view: 'finance.fundlock.view', edit: 'finance.fundlock.edit', unlock: 'finance.fundlock.unlock' },
  month: { view: 'finance.monthlock.view', edit: 'finance.monthlock.edit', unlock: 'finance.monthlock.unlock' },
} as const;

export type MonthLockKind = 1 | 2;

/** The bill types each kind of month lock closes, by kind; every covered type, in `monthLockedTypes`. */
export const monthLockCoverage: Record<MonthLockKind, string[]> = { 1: [], 2: [] };
const monthLockedTypes: string[] = [];

/** Puts a bill type under a kind of month lock (a reserve bill: `closeWithMonthLock(2, reserveBill.docType)`). */
export function closeWithMonthLock(kind: MonthLockKind, docType: string) {
  monthLockCoverage[kind].push(docType);
  monthLockedTypes.push(docType);
}

closeWithMonthLock(1, fundBill.docType);

const dateOf = (target: GuardTarget) => {
  const field = target.doc.dateField;
  const value = field ? target.bill[field] : undefined;
  return typeof value === 'string' ? value : undefined;
};

registerGuard({
  name: 'monthLock',
  docTypes: monthLockedTypes,
  check: async (tx, _auth, target) => {
    const date = dateOf(target);
    if (!date) return;
    const kinds = (Object.entries(monthLockCoverage) as [string, string[]][])
      .filter(([, types]) => types.includes(target.doc.docType))
      .map(([kind]) => Number(kind));
    for (const kind of kinds) {
      const [lock] = await tx
        .select({ id: monthLocks.id })
        .from(monthLocks)
        .where(and(eq(monthLocks.yearmonth, date.slice(0, 7)), eq(monthLocks.type, kind), eq(monthLocks.status, 1)));
      if (lock) throw new AppError(409, kind === 1 ? 'monthLockedFund' : 'monthLockedReserve', { month: date.slice(0, 7) });
    }
  },
});

registerGuard({
  name: 'fundDayLock',
  docTypes: [fundBill.docType],
  check: async (tx, _auth, target) => {
    const day = dateOf(target);
    if (target.operation !== 'save' || !day) return;
    const [lock] = await tx
      .select({ id: fundDayLocks.id })
      .from(fundDayLocks)
      .where(and(eq(fundDayLocks.day, day), eq(fundDayLocks.status, 1)));
    if (lock) throw new AppError(409, 'fundDayLocked', { day });
  },
});

/** Locking needs the edit right; unlocking (status 0) its own. */
function assertMayLock(auth: Auth, perms: { edit: string; unlock: string }, status: number) {
  if (!can(auth, status === 1 ? perms.edit : perms.unlock)) throw forbidden();
}

const dayRows = (tx: Db) =>
  tx
    .select({
      id: fundDayLocks.id,
      day: fundDayLocks.day,
      status: fundDayLocks.status,
      memo: fundDayLocks.memo,
      changedByName: fundDayLocks.changedByName,
      updatedAt: fundDayLocks.updatedAt,
    })
    .from(fundDayLocks);

async function saveDayLock(tx: Db, auth: Auth, body: z.output<typeof fundDayLockSave>) {
  assertMayLock(auth, lockPerms.day, body.status);
  const values = { status: body.status, memo: body.memo ?? null, changedBy: auth.userId, changedByName: auth.name, updatedAt: new Date() };
  await tx
    .insert(fundDayLocks)
    .values({ tenantId: auth.tenantId, day: body.day, ...values })
    .onConflictDoUpdate({ target: [fundDayLocks.tenantId, fundDayLocks.day], set: values });
  const [row] = await dayRows(tx).where(eq(fundDayLocks.day, body.day));
  return row;
}

const monthRows = (tx: Db) =>
  tx
    .select({
      id: monthLocks.id,
      yearmonth: monthLocks.yearmonth,
      type: monthLocks.type,
      status: monthLocks.status,
      memo: monthLocks.memo,
      changedByName: monthLocks.changedByName,
      updatedAt: monthLocks.updatedAt,
    })
    .from(monthLocks);

async function saveMonthLock(tx: Db, auth: Auth, body: z.output<typeof monthLockSave>) {
  assertMayLock(auth, lockPerms.month, body.status);
  const values = { status: body.status, memo: body.memo ?? null, changedBy: auth.userId, changedByName: auth.name, updatedAt: new Date() };
  await tx
    .insert(monthLocks)
    .values({ tenantId: auth.tenantId, yearmonth: body.yearmonth, type: body.type, ...values })
    .onConflictDoUpdate({ target: [monthLocks.tenantId, monthLocks.yearmonth, monthLocks.type], set: values });
  const [row] = await monthRows(tx).where(and(eq(monthLocks.yearmonth, body.yearmonth), eq(monthLocks.type, body.type)));
  return row;
}

export function registerFundLocks(app: FastifyInstance) {
  route(
    app,
    'GET',
    FUNDS_API.dayLocks,
    {
      summary: 'Days locked (and unlocked again) for petty-cash requests, newest first, paged',
      perm: lockPerms.day.view,
      query: fundDayLockQuery,
    },
    async ({ tx, query }) => {
      const where = and(
        query.dateFrom ? gte(fundDayLocks.day, query.dateFrom) : undefined,
        query.dateTo ? lte(fundDayLocks.day, query.dateTo) : undefined,
        query.status !== undefined ? eq(fundDayLocks.status, query.status) : undefined,
      );
      return pageOf(tx, query, dayRows(tx).where(where).orderBy(desc(fundDayLocks.day)).limit(query.pageSize).offset(offsetOf(query)), () =>
        tx.select({ id: fundDayLocks.id }).from(fundDayLocks).where(where),
      );
    },
  );
  route(
    app,
    'GET',
    FUNDS_API.dayLocksForFund,
    {
      summary: 'The locked days between two dates: a petty-cash request may not be dated on them',
      perm: 'finance.fundbill.view',
      query: fundLocksForFundQuery,
    },
    async ({ tx, query }) =>
      (
        await tx
          .select({ day: fundDayLocks.day })
          .from(fundDayLocks)
          .where(and(eq(fundDayLocks.status, 1), gte(fundDayLocks.day, query.dateFrom), lte(fundDayLocks.day, query.dateTo)))
          .orderBy(asc(fundDayLocks.day))
          .limit(400)
      ).map((r) => r.day),
  );
  route(
    app,
    'POST',
    FUNDS_API.dayLockSave,
    {
      summary: 'Lock (status 1) or unlock (status 0, its own right) a day for petty-cash requests',
      perm: lockPerms.day.view,
      body: fundDayLockSave,
      entity: 'fundlock',
    },
    ({ tx, auth, body }) => saveDayLock(tx, auth, body),
  );
  route(
    app,
    'GET',
    FUNDS_API.monthLocks,
    { summary: 'Month locks (1 fund, 2 reserve declaration), newest first, paged', perm: lockPerms.month.view, query: monthLockQuery },
    async ({ tx, query }) => {
      const where = and(
        query.year ? like(monthLocks.yearmonth, `${query.year}-%`) : undefined,
        query.type ? eq(monthLocks.type, query.type) : undefined,
      );
      return pageOf(
        tx,
        query,
        monthRows(tx).where(where).orderBy(desc(monthLocks.yearmonth), asc(monthLocks.type)).limit(query.pageSize).offset(offsetOf(query)),
        () => tx.select({ id: monthLocks.id }).from(monthLocks).where(where),
      );
    },
  );
  route(app, 'GET', FUNDS_API.monthLocksAll, { summary: 'Every locked month (at most 600)', perm: lockPerms.month.view }, async ({ tx }) =>
    monthRows(tx).where(eq(monthLocks.status, 1)).orderBy(desc(monthLocks.yearmonth)).limit(600),
  );
  route(
    app,
    'POST',
    FUNDS_API.monthLockSave,
    {
      summary: 'Lock (status 1) or unlock (status 0, its own right) a month for one kind of bills',
      perm: lockPerms.month.view,
      body: monthLockSave,
      entity: 'monthlock',
    },
    ({ tx, auth, body }) => saveMonthLock(tx, auth, body),
  );
}
