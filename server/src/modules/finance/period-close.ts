import {
  type LockPeriod,
  PERIOD_CLOSE,
  periodCloseBody,
  periodCloseCoverage,
  periodClosePage,
  periodCloseQuery,
  periodCloseRow,
  periodReopenBody,
} from '@headoffice/contract';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { documentType } from '../../platform/documents.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { tenantToday } from '../../platform/numbering.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { lockCoverage, lockedWrites } from '../../platform/period-locks.js';
import { route } from '../../platform/route.js';
import { periodLocks } from '../../platform/schema.js';
import { loadShop, shops } from '../org/public.js';
import { saveLock } from './fund-locks.js';

// The general close (结账): the rows of lock kind `close` in the platform's period locks, written with
// the month and day locks' own `saveLock`. Head office closes a month or a day of the chain or of one of
// its shops; a user limited to shops closes and reopens only those shops' periods (the chain's are
// head office's). Reopening needs its own right and a reason, kept on the row and in the operation log.

definedEntityLabels.set('periodclose', PERIOD_CLOSE.label);

defineLabels({ close_chain: ['全连锁', 'the whole chain'], close_month: ['月份', 'month'], close_day: ['日期', 'day'] });
defineMessages({
  closePeriodInvalid: ['{period} 不是有效的{kind}', '{period} is not a valid {kind}'],
  closePeriodNotBegun: ['{period} 尚未开始（今天是 {today}），不能结账', '{period} has not begun (today is {today}): it cannot be closed'],
  periodAlreadyClosed: ['{scope} {period} 已结账', '{period} of {scope} is already closed'],
  periodNotClosed: ['{scope} {period} 未结账，不需要反结账', '{period} of {scope} is not closed: there is nothing to reopen'],
});

const P = PERIOD_CLOSE.perms;
const isClose = eq(periodLocks.lock, 'close');

const rows = (tx: Db) =>
  tx
    .select({
      id: periodLocks.id,
      kind: periodLocks.kind,
      period: periodLocks.period,
      shopId: periodLocks.shopId,
      shopName: shops.name,
      status: periodLocks.status,
      memo: periodLocks.memo,
      changedByName: periodLocks.changedByName,
      updatedAt: periodLocks.updatedAt,
    })
    .from(periodLocks)
    .leftJoin(shops, eq(shops.id, periodLocks.shopId));

/** The closes a user sees: the chain's (they hold every shop) and those of the user's shops. */
function inSight(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? or(isNull(periodLocks.shopId), visible.length ? inArray(periodLocks.shopId, visible) : undefined) : undefined;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A month `YYYY-MM`, or a day `YYYY-MM-DD` of the calendar (no 2026-02-30). */
function validPeriod(kind: LockPeriod, period: string) {
  if (kind === 'month') return MONTH.test(period);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(period) ? new Date(`${period}T00:00:00Z`) : undefined;
  return !!day && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === period;
}

/** Whose period it is, as the messages name it: the chain, or the shop. */
const scopeOf = async (tx: Db, auth: Auth, shopId: number | null) =>
  shopId === null ? '@close_chain' : (await loadShop(tx, auth, shopId)).name;

async function rowOf(tx: Db, id: number) {
  const [row] = await rows(tx).where(eq(periodLocks.id, id));
  return row;
}

async function closePeriod(tx: Db, auth: Auth, body: z.output<typeof periodCloseBody>) {
  const { kind, period, shopId } = body;
  assertShopVisible(auth, shopId);
  const scope = await scopeOf(tx, auth, shopId);
  if (!validPeriod(kind, period)) throw fieldError('period', 'closePeriodInvalid', { period, kind: `@close_${kind}` });
  const today = await tenantToday(tx, auth.tenantId);
  if ((kind === 'month' ? `${period}-01` : period) > today) throw fieldError('period', 'closePeriodNotBegun', { period, today });
  const id = await saveLock(tx, auth, { lock: 'close', kind, period, shopId }, 1, body.memo, { change: true });
  if (id === undefined) throw conflict('periodAlreadyClosed', { period, scope });
  return rowOf(tx, id);
}

async function reopenPeriod(tx: Db, auth: Auth, body: z.output<typeof periodReopenBody>) {
  const [lock] = await tx
    .select({ kind: periodLocks.kind, period: periodLocks.period, shopId: periodLocks.shopId, status: periodLocks.status })
    .from(periodLocks)
    .where(and(isClose, eq(periodLocks.id, body.id), inSight(auth)));
  if (!lock) throw notFound();
  assertShopVisible(auth, lock.shopId);
  const scope = await scopeOf(tx, auth, lock.shopId);
  const id = lock.status === 1 ? await saveLock(tx, auth, { lock: 'close', ...lock }, 0, body.reason, { change: true }) : undefined;
  if (id === undefined) throw conflict('periodNotClosed', { period: lock.period, scope });
  return rowOf(tx, id);
}

export function registerPeriodClose(app: FastifyInstance) {
  route(
    app,
    'GET',
    PERIOD_CLOSE.paths.list,
    {
      summary: 'The closed (and reopened) months and days of the chain and its shops, latest period first, paged',
      perm: P.view,
      query: periodCloseQuery,
      response: periodClosePage,
    },
    async ({ tx, auth, query }) => {
      if (query.shopid) assertShopVisible(auth, query.shopid);
      const where = and(
        isClose,
        inSight(auth),
        query.shopid === 0 ? isNull(periodLocks.shopId) : undefined,
        query.shopid ? or(isNull(periodLocks.shopId), eq(periodLocks.shopId, query.shopid)) : undefined,
        query.kind ? eq(periodLocks.kind, query.kind) : undefined,
        query.status !== undefined ? eq(periodLocks.status, query.status) : undefined,
      );
      return pageOf(
        tx,
        query,
        rows(tx)
          .where(where)
          .orderBy(desc(periodLocks.period), sql`${periodLocks.shopId} nulls first`, asc(periodLocks.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        () => tx.select({ id: periodLocks.id }).from(periodLocks).where(where),
      );
    },
  );
  route(
    app,
    'GET',
    PERIOD_CLOSE.paths.coverage,
    {
      summary: 'What a close stops: the bill types the lock kind `close` covers and the writes that are no bills',
      perm: P.view,
      response: periodCloseCoverage,
      db: false,
    },
    async () => ({
      bills: lockCoverage().flatMap(([kind, docType]) => {
        const label = kind === 'close' ? documentType(docType)?.label : undefined;
        return label ? [{ docType, label }] : [];
      }),
      writes: lockedWrites('close'),
    }),
  );
  route(
    app,
    'POST',
    PERIOD_CLOSE.paths.close,
    {
      summary: 'Close a month or a day of the chain (shopId null) or of one shop: covered bills and writes dated in it are refused',
      perm: P.close,
      body: periodCloseBody,
      response: periodCloseRow,
      entity: 'periodclose',
      verb: 'create',
    },
    ({ tx, auth, body }) => closePeriod(tx, auth, body),
  );
  route(
    app,
    'POST',
    PERIOD_CLOSE.paths.reopen,
    {
      summary: 'Reopen a closed period, with its reason (its own right)',
      perm: P.reopen,
      body: periodReopenBody,
      response: periodCloseRow,
      entity: 'periodclose',
      verb: 'revoke',
    },
    ({ tx, auth, body }) => reopenPeriod(tx, auth, body),
  );
}
