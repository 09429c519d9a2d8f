import { z } from 'zod';
import { instant } from './bills.js';
import { date, id, type Label } from './platform.js';

// Closing a shop's day (日结, issue 30): on the daily report page, finance confirms a shop's business day
// and closes it in one step (确认并结账) once every bank reconciliation row of that shop and day with an
// amount is matched. The close is a day lock of the general close (lock kind `close`, a shop × day row of
// the platform's period locks), so every bill type, the till and the card API refuse what lands in it.
// Reopening (重新开账) is its own right and needs a reason, kept on the row and in the operation log.
// docs/DECISIONS.md ("Closing a shop's day").

const P = '/api-finance/dayclose';

export const DAY_CLOSE = {
  label: ['日结', 'Day close'] satisfies Label,
  paths: {
    /** One shop's day: its state and what stands in the way of closing it. */
    state: `${P}/state`,
    /** Every day of a month of one shop, with its state. */
    month: `${P}/month`,
    close: `${P}/close`,
    reopen: `${P}/reopen`,
  },
  perms: { view: 'finance.dayclose.view', close: 'finance.dayclose.close', reopen: 'finance.dayclose.reopen' },
  rights: { close: ['确认并结账', 'Confirm and close the day'], reopen: ['重新开账', 'Reopen the day'] } satisfies Record<string, Label>,
  /** 0 未结 (open, or reopened), 1 已结 (closed). */
  states: {
    0: { label: ['未结', 'Open'], color: 'default' },
    1: { label: ['已结', 'Closed'], color: 'green' },
  } satisfies Record<number, { label: Label; color: string }>,
} as const;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

export const dayCloseQuery = z.object({ shopid: id, day: date });
export const dayCloseMonthQuery = z.object({ shopid: id, month });

/** Confirms the daily report of a shop's day and closes the day (one step). */
export const dayCloseBody = z.strictObject({
  shopId: z.number().int().positive(),
  day: date,
  memo: z.string().trim().max(200).nullish(),
});

/** Reopens a closed day of a shop: the reason is kept on the row and in the operation log. */
export const dayReopenBody = z.strictObject({
  shopId: z.number().int().positive(),
  day: date,
  reason: z.string().trim().min(1).max(200),
});

export const dayCloseState = z.object({
  /** The day lock's row (period locks) once the day was closed, else null. */
  id: z.number().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  day: z.string(),
  /** 1 closed by its own day close, 0 open (never closed, or reopened). */
  status: z.number(),
  /** Who closed it (or reopened it, when status is 0 and it was closed once) and when. */
  changedByName: z.string().nullable(),
  changedAt: instant.nullable(),
  /** The note of the close, or the reason of the reopening. */
  memo: z.string().nullable(),
  /** The bank reconciliation rows of the day with an amount, and how many of them are not matched. */
  reconcileRows: z.number(),
  unmatched: z.number(),
  /** Another close holding the day (a month close, the chain's close of the day): its period, else null. */
  heldBy: z.string().nullable(),
});
export type DayCloseState = z.infer<typeof dayCloseState>;
