import {
  FUNDS_API,
  fundDayLockQuery,
  fundDayLockSave,
  fundLocksForFundQuery,
  type LockKind,
  type LockPeriod,
  MONTH_LOCK_TYPES,
  monthLockQuery,
  monthLockSave,
} from '@headoffice/contract';
import { and, asc, desc, eq, gte, inArray, isNull, like, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, can } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { rowsOf } from '../../platform/ledger.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { periodLocks } from '../../platform/schema.js';

// The seed's routes of two kinds of the platform's period locks (platform/period-locks.ts): days
// locked for petty-cash requests (fundlock: lock kind `fundRequestDay`) and month locks (monthlock:
// type 1 `fund`, type 2 `reserveDeclaration`). The refusing is the documents engine's; a bill type
// names the kinds that cover it in its definition. Unlocking is its own right; every change is in
// the operation log (audit trigger of period_locks).

definedEntityLabels.set('fundlock', ['备用金锁定日', 'petty-cash lock day']);
definedEntityLabels.set('monthlock', ['月锁', 'month lock']);

export const lockPerms = {
  day: { view: 'finance.fundlock.view', edit: 'finance.fundlock.edit', unlock: 'finance.fundlock.unlock' },
  month: { view: 'finance.monthlock.view', edit: 'finance.monthlock.edit', unlock: 'finance.monthlock.unlock' },
} as const;

/** Tenant-wide locks of one kind (finance locks name no shop). */
const ofKind = (lock: LockKind | LockKind[], ...more: (SQL | undefined)[]) =>
  and(isNull(periodLocks.shopId), Array.isArray(lock) ? inArray(periodLocks.lock, lock) : eq(periodLocks.lock, lock), ...more);
const monthKinds = Object.values(MONTH_LOCK_TYPES);
/** The seed's month lock type of a lock kind (1 fund, 2 reserve declaration). */
const monthType = sql<number>`case ${periodLocks.lock} when 'fund' then 1 else 2 end`.mapWith(Number);

/** A period of one lock kind, of the chain (`shopId` null) or of one shop. */
export interface LockedPeriodKey {
  lock: LockKind;
  kind: LockPeriod;
  period: string;
  shopId: number | null;
}

/**
 * Locks a period of one kind (status 1) or unlocks it again (status 0); the row keeps who did it and the
 * memo. With `change`, only a period not in that state already: answers the row's id, none when it was
 * (of two concurrent closes of one period, one answers none).
 */
export async function saveLock(
  tx: Db,
  auth: Auth,
  key: LockedPeriodKey,
  status: number,
  memo?: string | null,
  { change = false } = {},
): Promise<number | undefined> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into period_locks (tenant_id, shop_id, lock, kind, period, status, memo, created_by, changed_by, changed_by_name)
      values (${auth.tenantId}, ${key.shopId}, ${key.lock}, ${key.kind}, ${key.period}, ${status}, ${memo ?? null}, ${auth.userId}, ${auth.userId}, ${auth.name})
      on conflict (tenant_id, coalesce(shop_id, 0), lock, kind, period) do update
        set status = excluded.status, memo = excluded.memo, changed_by = excluded.changed_by,
          changed_by_name = excluded.changed_by_name, updated_at = now()
        ${change ? sql`where period_locks.status <> excluded.status` : sql``}
      returning id`),
  );
  return row ? Number(row.id) : undefined;
}

/** Locking needs the edit right; unlocking (status 0) its own. */
function assertMayLock(auth: Auth, perms: { edit: string; unlock: string }, status: number) {
  if (!can(auth, status === 1 ? perms.edit : perms.unlock)) throw forbidden();
}

const dayRows = (tx: Db) =>
  tx
    .select({
      id: periodLocks.id,
      day: periodLocks.period,
      status: periodLocks.status,
      memo: periodLocks.memo,
      changedByName: periodLocks.changedByName,
      updatedAt: periodLocks.updatedAt,
    })
    .from(periodLocks);

async function saveDayLock(tx: Db, auth: Auth, body: z.output<typeof fundDayLockSave>) {
  assertMayLock(auth, lockPerms.day, body.status);
  await saveLock(tx, auth, { lock: 'fundRequestDay', kind: 'day', period: body.day, shopId: null }, body.status, body.memo);
  const [row] = await dayRows(tx).where(ofKind('fundRequestDay', eq(periodLocks.period, body.day)));
  return row;
}

const monthRows = (tx: Db) =>
  tx
    .select({
      id: periodLocks.id,
      yearmonth: periodLocks.period,
      type: monthType,
      status: periodLocks.status,
      memo: periodLocks.memo,
      changedByName: periodLocks.changedByName,
      updatedAt: periodLocks.updatedAt,
    })
    .from(periodLocks);

async function saveMonthLock(tx: Db, auth: Auth, body: z.output<typeof monthLockSave>) {
  assertMayLock(auth, lockPerms.month, body.status);
  const lock = MONTH_LOCK_TYPES[body.type];
  await saveLock(tx, auth, { lock, kind: 'month', period: body.yearmonth, shopId: null }, body.status, body.memo);
  const [row] = await monthRows(tx).where(ofKind(lock, eq(periodLocks.kind, 'month'), eq(periodLocks.period, body.yearmonth)));
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
      const where = ofKind(
        'fundRequestDay',
        query.dateFrom ? gte(periodLocks.period, query.dateFrom) : undefined,
        query.dateTo ? lte(periodLocks.period, query.dateTo) : undefined,
        query.status !== undefined ? eq(periodLocks.status, query.status) : undefined,
      );
      return pageOf(
        tx,
        query,
        dayRows(tx).where(where).orderBy(desc(periodLocks.period)).limit(query.pageSize).offset(offsetOf(query)),
        () => tx.select({ id: periodLocks.id }).from(periodLocks).where(where),
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
          .select({ day: periodLocks.period })
          .from(periodLocks)
          .where(
            ofKind(
              'fundRequestDay',
              eq(periodLocks.status, 1),
              gte(periodLocks.period, query.dateFrom),
              lte(periodLocks.period, query.dateTo),
            ),
          )
          .orderBy(asc(periodLocks.period))
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
      const type = query.type as keyof typeof MONTH_LOCK_TYPES | undefined;
      const where = ofKind(
        type ? MONTH_LOCK_TYPES[type] : monthKinds,
        eq(periodLocks.kind, 'month'),
        query.year ? like(periodLocks.period, `${query.year}-%`) : undefined,
      );
      return pageOf(
        tx,
        query,
        monthRows(tx).where(where).orderBy(desc(periodLocks.period), asc(monthType)).limit(query.pageSize).offset(offsetOf(query)),
        () => tx.select({ id: periodLocks.id }).from(periodLocks).where(where),
      );
    },
  );
  route(app, 'GET', FUNDS_API.monthLocksAll, { summary: 'Every locked month (at most 600)', perm: lockPerms.month.view }, async ({ tx }) =>
    monthRows(tx)
      .where(ofKind(monthKinds, eq(periodLocks.kind, 'month'), eq(periodLocks.status, 1)))
      .orderBy(desc(periodLocks.period))
      .limit(600),
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
