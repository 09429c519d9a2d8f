import { DAY_CLOSE, dayCloseBody, dayCloseMonthQuery, dayCloseQuery, dayCloseState, dayReopenBody } from '@headoffice/contract';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { tenantToday } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { periodLocks } from '../../platform/schema.js';
import { loadShop } from '../org/public.js';
import { saveLock } from './fund-locks.js';
import { getFd, monthDays } from './reconcile.js';

// Closing a shop's day (日结): confirming its daily report and closing the day are one step, allowed once
// every bank reconciliation row of the shop and day with an amount is matched. The close is the general
// close's day lock of the shop (lock kind `close`, platform/period-locks.ts), written with the locks' own
// `saveLock`; every bill type, the till and the card API consult that lock. Reopening needs its own right
// and a reason. docs/DECISIONS.md ("Closing a shop's day").

definedEntityLabels.set('dayclose', DAY_CLOSE.label);

defineMessages({
  dayCloseNotBegun: ['{day} 尚未结束营业（今天是 {today}），不能结账', '{day} has not begun (today is {today}): it cannot be closed'],
  dayCloseUnmatched: [
    '{shop} {day} 还有 {count} 笔银行对账未完成，请先完成对账再确认并结账',
    '{shop} {day} still has {count} bank reconciliation rows not matched: match them before closing the day',
  ],
  dayAlreadyClosed: ['{shop} {day} 已结账', '{day} of {shop} is already closed'],
  dayNotClosed: ['{shop} {day} 未结账，不需要重新开账', '{day} of {shop} is not closed: there is nothing to reopen'],
});

const ofShopDays = (shopId: number) => and(eq(periodLocks.lock, 'close'), eq(periodLocks.kind, 'day'), eq(periodLocks.shopId, shopId));

/** The bank reconciliation rows with an amount of a shop's days of a month: per day, how many and how many unmatched. */
async function reconcileByDay(tx: Db, auth: Auth, shopId: number, month: string) {
  const out = new Map<string, { rows: number; unmatched: number }>();
  for (const r of await getFd(tx, auth, { shopid: shopId, month })) {
    if (r.amount === 0 && r.status === 0) continue;
    const day = out.get(r.day) ?? { rows: 0, unmatched: 0 };
    day.rows += 1;
    if (r.status === 0) day.unmatched += 1;
    out.set(r.day, day);
  }
  return out;
}

/** The states of a shop's days (`days` of one month): its own day locks, the other closes holding them, the reconciliation. */
async function statesOf(tx: Db, auth: Auth, shopId: number, month: string, days: string[]): Promise<z.input<typeof dayCloseState>[]> {
  const shop = await loadShop(tx, auth, shopId);
  const reconcile = await reconcileByDay(tx, auth, shop.id, month);
  const locks = await tx
    .select({
      id: periodLocks.id,
      shopId: periodLocks.shopId,
      kind: periodLocks.kind,
      period: periodLocks.period,
      status: periodLocks.status,
      memo: periodLocks.memo,
      changedByName: periodLocks.changedByName,
      updatedAt: periodLocks.updatedAt,
    })
    .from(periodLocks)
    .where(
      and(
        eq(periodLocks.lock, 'close'),
        or(isNull(periodLocks.shopId), eq(periodLocks.shopId, shop.id)),
        or(eq(periodLocks.period, month), like(periodLocks.period, `${month}-%`)),
      ),
    );
  const own = new Map(locks.filter((l) => l.shopId === shop.id && l.kind === 'day').map((l) => [l.period, l]));
  const holding = locks.filter((l) => l.status === 1 && !(l.shopId === shop.id && l.kind === 'day'));
  return days.map((day) => {
    const lock = own.get(day);
    const held = holding.find((l) => l.period === month || l.period === day);
    const r = reconcile.get(day);
    return {
      id: lock?.id ?? null,
      shopId: shop.id,
      shopName: shop.name,
      day,
      status: lock?.status ?? 0,
      changedByName: lock?.changedByName ?? null,
      changedAt: lock?.updatedAt ?? null,
      memo: lock?.memo ?? null,
      reconcileRows: r?.rows ?? 0,
      unmatched: r?.unmatched ?? 0,
      heldBy: held?.period ?? null,
    };
  });
}

const stateOf = async (tx: Db, auth: Auth, shopId: number, day: string) => (await statesOf(tx, auth, shopId, day.slice(0, 7), [day]))[0];

/** Every day of a month up to today (the days that can have been closed). */
async function daysOf(tx: Db, auth: Auth, month: string) {
  const [first, last] = monthDays(month);
  const today = await tenantToday(tx, auth.tenantId);
  const days: string[] = [];
  for (let d = Number(first.slice(8)); d <= Number(last.slice(8)); d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    if (day <= today) days.push(day);
  }
  return days;
}

async function closeDay(tx: Db, auth: Auth, body: z.output<typeof dayCloseBody>) {
  const state = await stateOf(tx, auth, body.shopId, body.day);
  const today = await tenantToday(tx, auth.tenantId);
  if (body.day > today) throw fieldError('day', 'dayCloseNotBegun', { day: body.day, today });
  const names = { shop: state.shopName, day: body.day };
  if (state.unmatched) throw conflict('dayCloseUnmatched', { ...names, count: state.unmatched });
  const key = { lock: 'close' as const, kind: 'day' as const, period: body.day, shopId: body.shopId };
  if ((await saveLock(tx, auth, key, 1, body.memo, { change: true })) === undefined) throw conflict('dayAlreadyClosed', names);
  return stateOf(tx, auth, body.shopId, body.day);
}

async function reopenDay(tx: Db, auth: Auth, body: z.output<typeof dayReopenBody>) {
  const state = await stateOf(tx, auth, body.shopId, body.day);
  const names = { shop: state.shopName, day: body.day };
  const [lock] = await tx
    .select({ id: periodLocks.id })
    .from(periodLocks)
    .where(and(ofShopDays(body.shopId), eq(periodLocks.period, body.day), eq(periodLocks.status, 1)))
    .for('update');
  const key = { lock: 'close' as const, kind: 'day' as const, period: body.day, shopId: body.shopId };
  if (!lock || (await saveLock(tx, auth, key, 0, body.reason, { change: true })) === undefined) throw conflict('dayNotClosed', names);
  return stateOf(tx, auth, body.shopId, body.day);
}

export function registerDayClose(app: FastifyInstance) {
  const P = DAY_CLOSE.perms;
  route(
    app,
    'GET',
    DAY_CLOSE.paths.state,
    {
      summary: "A shop's business day: closed or not, by whom and when, and its bank reconciliation rows still unmatched",
      perm: P.view,
      query: dayCloseQuery,
      response: dayCloseState,
    },
    ({ tx, auth, query }) => stateOf(tx, auth, query.shopid, query.day),
  );
  route(
    app,
    'GET',
    DAY_CLOSE.paths.month,
    {
      summary: 'Every day of a month of a shop up to today, with its state (closed or not) and its unmatched reconciliation rows',
      perm: P.view,
      query: dayCloseMonthQuery,
      response: z.array(dayCloseState),
    },
    async ({ tx, auth, query }) => statesOf(tx, auth, query.shopid, query.month, await daysOf(tx, auth, query.month)),
  );
  route(
    app,
    'POST',
    DAY_CLOSE.paths.close,
    {
      summary:
        "Confirm a shop's daily report and close its day (its reconciliation rows all matched): covered writes dated in it are refused",
      perm: P.close,
      body: dayCloseBody,
      response: dayCloseState,
      entity: 'dayclose',
      verb: 'create',
    },
    ({ tx, auth, body }) => closeDay(tx, auth, body),
  );
  route(
    app,
    'POST',
    DAY_CLOSE.paths.reopen,
    {
      summary: "Reopen a shop's closed day, with its reason (its own right)",
      perm: P.reopen,
      body: dayReopenBody,
      response: dayCloseState,
      entity: 'dayclose',
      verb: 'revoke',
    },
    ({ tx, auth, body }) => reopenDay(tx, auth, body),
  );
}
