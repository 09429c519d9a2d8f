import { z } from 'zod';
import { id, pageAnswer, pageQuery } from './platform.js';

/**
 * The home page (首页, the admin application's landing page): one call answers the figures an owner reads
 * first for a business day and its month — 现金业绩, 耗卡, 客数 and 售卡 per shop — with the bills waiting for
 * the user's approval, the open and expired till bills, and how many products are below their safety stock,
 * within the shops the user may see. The stock warnings themselves are a list of their own.
 */
export const HOME_PATH = '/api-home/dashboard';
/** The landing page: its figures are shown to a user holding the home menu entry's right. */
export const HOME_URL = '/admin';
export const HOME_PERM = 'home.view';
/** 库存预警: the products below their safety stock, a page of their own (the home page gives their count). */
export const LOW_STOCK_PATH = '/api-home/lowstock';
export const LOW_STOCK_URL = '/admin/home/low-stock';

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

/**
 * What an owner reads first, over the settled till bills not revoked (money in cents):
 * - `cash` 现金业绩: the money actually taken, the payments of the cash class (现金类: cash, POS, WeChat, …);
 * - `cardUse` 耗卡: what members' stored-value cards paid (principal and gift);
 * - `visits` 客数: the bills that count as a customer's visit (`isCompute`);
 * - `cardSales` 售卡: the money paid into cards opened and recharged (at the till or in head office), not revoked.
 */
export const homeFigures = z.object({ cash: z.number(), cardUse: z.number(), visits: z.number(), cardSales: z.number() });
export type HomeFigures = z.infer<typeof homeFigures>;
/** The figures in the order the page shows them. */
export const HOME_FIGURES = ['cash', 'cardUse', 'visits', 'cardSales'] as const satisfies readonly (keyof HomeFigures)[];

export const homeAnswer = z.object({
  date: z.string(),
  /** The first day of the date's month: the month's figures run from it to the date. */
  monthFrom: z.string(),
  today: homeFigures,
  month: homeFigures,
  /** Every shop the user sees at work (and a closed one with figures in the month), by code. */
  shops: z.array(
    z.object({
      shopId: z.number(),
      shopName: z.string(),
      /** The shop's top-level region (a sub-region's shops count under its parent). */
      regionName: z.string(),
      today: homeFigures,
      month: homeFigures,
    }),
  ),
  /** The approvals inbox's counts for this user. */
  approvals: z.object({
    total: z.number(),
    byType: z.array(z.object({ docType: z.string(), label: z.tuple([z.string(), z.string()]).readonly(), count: z.number() })),
  }),
  /** Till bills still open (not settled) and expired (not settled by the end of their day, waiting to be voided). */
  bills: z.object({ open: z.number(), expired: z.number() }),
  /** How many products, per location, are below the safety stock set for them there (the list: LOW_STOCK_PATH). */
  lowStock: z.object({ total: z.number() }),
});
export type HomeAnswer = z.infer<typeof homeAnswer>;

export const lowStockQuery = pageQuery.extend({
  /** One shop only (must be one the user sees). */
  shopid: id.optional(),
});

export const lowStockRow = z.object({
  /** The location: a shop, or null for head office's warehouse. */
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  quantity: z.number(),
  safetyStock: z.number(),
  /** safetyStock − quantity: how many are missing; the list runs from the largest. */
  shortfall: z.number(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;
export const lowStockPage = pageAnswer(lowStockRow);
