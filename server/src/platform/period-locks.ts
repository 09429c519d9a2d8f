import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { BillGuard, GuardTarget } from './documents.js';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';
import { periodLocks } from './schema.js';

defineMessages({
  periodLocked: [
    '{period} 已结账，不能新增、修改或审核该期间的单据',
    'The period {period} is closed: its bills cannot be made, changed or approved',
  ],
});

/** The closed period (`2026-03` or `2026-03-31`) that holds a business date of a shop (null: head office), if any. */
export async function closedPeriod(tx: Db, shopId: number | null, date: string): Promise<string | undefined> {
  const [lock] = await tx
    .select({ period: periodLocks.period })
    .from(periodLocks)
    .where(
      and(
        shopId === null ? isNull(periodLocks.shopId) : or(isNull(periodLocks.shopId), eq(periodLocks.shopId, shopId)),
        or(
          and(eq(periodLocks.kind, 'month'), eq(periodLocks.period, date.slice(0, 7))),
          and(eq(periodLocks.kind, 'day'), eq(periodLocks.period, date)),
        ),
      ),
    )
    .orderBy(sql`${periodLocks.kind} = 'day'`)
    .limit(1);
  return lock?.period;
}

async function checkPeriod(tx: Db, target: GuardTarget) {
  const field = target.doc.dateField;
  const date = field ? target.bill[field] : undefined;
  if (typeof date !== 'string') return;
  const period = await closedPeriod(tx, target.bill.shopId, date);
  if (period) throw new AppError(409, 'periodLocked', { period });
}

/** The period lock over the named bill types: a bill dated in a closed month or day is not saved, moved or changed. */
export const periodLock = (docTypes: readonly string[]): BillGuard => ({
  name: 'periodLock',
  docTypes,
  check: (tx, _auth, target) => checkPeriod(tx, target),
});
