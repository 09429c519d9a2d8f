import { z } from 'zod';
import { instant } from './bills.js';
import { LOCK_KINDS, type LockPeriod } from './locks.js';
import { id, type Label, pageAnswer, pageQuery } from './platform.js';

// The general close (结账, lock kind `close` of LOCK_KINDS): head office closes a month or a day, for the
// whole chain or one shop; every bill type whose definition names `close`, the till and the other writes
// that consult the lock refuse anything dated in it. A close is reopened (反结账) with a reason, under a
// right of its own. One definition read by the server (routes, rights, menu) and the web (page, labels).

const P = '/api-finance/periodclose';

export const PERIOD_CLOSE = {
  label: LOCK_KINDS.close.label,
  page: '/admin/finance/period-close',
  paths: {
    list: `${P}/list`,
    /** What a close stops: the bill types and the other writes under the lock kind `close`. */
    coverage: `${P}/coverage`,
    close: `${P}/close`,
    reopen: `${P}/reopen`,
  },
  perms: { view: 'finance.periodclose.view', close: 'finance.periodclose.close', reopen: 'finance.periodclose.reopen' },
  rights: { close: ['结账', 'Close a period'], reopen: ['反结账', 'Reopen a period'] } satisfies Record<string, Label>,
  periods: { month: ['月结', 'Month'], day: ['日结', 'Day'] } satisfies Record<LockPeriod, Label>,
  /** `period_locks.status`: 1 closed, 0 reopened (the row stays, with who reopened it and why). */
  states: {
    1: { label: ['已结账', 'Closed'], color: 'red' },
    0: { label: ['已反结账', 'Reopened'], color: 'default' },
  } satisfies Record<number, { label: Label; color: string }>,
  /** The scope of a close that names no shop. */
  chain: ['全连锁', 'Whole chain'],
} as const;

const periodKind = z.enum(['month', 'day']);

/**
 * Closes a month (`2026-03`) or a day (`2026-03-31`) of the chain (`shopId` null) or of one shop. The
 * server refuses a period that is not a real month or day of its kind, one that has not begun in the
 * company's calendar, and one already closed (409).
 */
export const periodCloseBody = z.strictObject({
  kind: periodKind,
  period: z.string().trim().min(7).max(10),
  shopId: id.nullable(),
  memo: z.string().trim().max(200).nullish(),
});

/** Reopens a closed period: the reason is kept on the row and in the operation log. */
export const periodReopenBody = z.strictObject({
  id: z.number().int().positive(),
  reason: z.string().trim().min(1).max(200),
});

export const periodCloseQuery = pageQuery.extend({
  /** A shop: the closes that hold it (the chain's and its own); 0: the chain's only. */
  shopid: z.coerce.number().int().min(0).optional(),
  kind: periodKind.optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

export const periodCloseRow = z.object({
  id: z.number(),
  kind: periodKind,
  period: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  status: z.number(),
  /** The note of the close, or the reason of the reopening. */
  memo: z.string().nullable(),
  changedByName: z.string().nullable(),
  updatedAt: instant,
});
export type PeriodCloseRow = z.infer<typeof periodCloseRow>;
export const periodClosePage = pageAnswer(periodCloseRow);

const labelPair = z.tuple([z.string(), z.string()]).readonly();

/** What a close stops: the covered bill types by their labels, and the writes that are no bills. */
export const periodCloseCoverage = z.object({
  bills: z.array(z.object({ docType: z.string(), label: labelPair })),
  writes: z.array(z.object({ key: z.string(), label: labelPair })),
});
