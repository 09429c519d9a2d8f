import { z } from 'zod';

/**
 * The home page (首页): one call answers the whole dashboard for a business day — the day's and its
 * month's turnover, customer visits and card sales per shop and region, the bills waiting for the
 * user's approval, the open and expired till bills, and stock below its safety level — within the
 * shops the user may see.
 */
export const HOME_PATH = '/api-home/dashboard';
export const HOME_URL = '/admin/home';
export const HOME_PERM = 'home.view';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'YYYY-MM-DD');

export const homeQuery = z.object({
  /** The business day; today's in the company's time zone when left out. */
  date: isoDate.optional(),
  /** One shop only (must be one the user sees). */
  shopid: z.coerce.number().int().positive().optional(),
});

/** Turnover (cents, settled bills not revoked), visits (settled bills) and card sales (cents: cards opened and recharged, not revoked). */
export const homeFigures = z.object({ turnover: z.number(), visits: z.number(), cardSales: z.number() });
export type HomeFigures = z.infer<typeof homeFigures>;

export const homeAnswer = z.object({
  date: z.string(),
  /** The first day of the date's month: the month's figures run from it to the date. */
  monthFrom: z.string(),
  today: homeFigures,
  month: homeFigures,
  shops: z.array(
    z.object({
      shopId: z.number(),
      shopName: z.string(),
      regionId: z.number(),
      regionName: z.string(),
      today: homeFigures,
      month: homeFigures,
    }),
  ),
  /** Per top-level region (a sub-region's shops count under its parent). */
  regions: z.array(z.object({ regionId: z.number(), regionName: z.string(), today: homeFigures, month: homeFigures })),
  /** The approvals inbox's counts for this user. */
  approvals: z.object({
    total: z.number(),
    byType: z.array(z.object({ docType: z.string(), label: z.tuple([z.string(), z.string()]).readonly(), count: z.number() })),
  }),
  /** Till bills still open (not settled) and expired (not settled by the end of their day, waiting to be voided). */
  bills: z.object({ open: z.number(), expired: z.number() }),
  /** Stock below the safety level set for the product at its location (up to 20, the largest shortfall first). */
  lowStock: z.object({
    total: z.number(),
    items: z.array(
      z.object({
        shopId: z.number().nullable(),
        shopName: z.string().nullable(),
        productId: z.number(),
        productName: z.string(),
        quantity: z.number(),
        safetyStock: z.number(),
      }),
    ),
  }),
});
export type HomeAnswer = z.infer<typeof homeAnswer>;
