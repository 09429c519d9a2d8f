import { z } from 'zod';
import { code, date, id, memo, name, pageQuery, status } from './platform.js';

/** The shape every organisation dictionary shares (branch, position, service type...). */
export const dictionaryFields = {
  code,
  name,
  sort: z.number().int().min(0).max(99999).default(0),
  status: status.default(1),
  memo,
};

/** The open shops of the chain, for pickers (answered with `shopPick` rows). */
export const shopListPath = '/api-chain/shop/list/all';
/** A select of any shop of the chain by name (not only the ones the user works in). */
export const anyShopOptions = { url: shopListPath, value: 'id', label: 'name' } as const;

/** An open shop in a picker (`/shop/list/all`). */
export const shopPick = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  regionId: z.number(),
  brandId: z.number(),
  status: z.number(),
});
export type ShopPick = z.output<typeof shopPick>;

/** A region of the region tree: shop counts (`tree/all`) or its shops (`shopTree`) when asked for. */
export interface RegionTreeNode {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  sort: number;
  status: number;
  shopCount?: number;
  shops?: { id: number; code: string; name: string; status: number }[];
  children: RegionTreeNode[];
}
export const regionTreeNode: z.ZodType<RegionTreeNode> = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  parentId: z.number().nullable(),
  sort: z.number(),
  status: z.number(),
  shopCount: z.number().optional(),
  shops: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), status: z.number() })).optional(),
  get children() {
    return z.array(regionTreeNode);
  },
});

export const dictionaryListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

export const shopType = z.union([z.literal(1), z.literal(2)]); // 1 direct, 2 franchise
export const shopSave = z.strictObject({
  id: id.optional(),
  code,
  name,
  shortName: z.string().trim().max(32).nullish(),
  brandId: id,
  regionId: id,
  type: shopType.default(1),
  provinceCode: z.string().regex(/^\d{2}$/),
  cityCode: z.string().regex(/^\d{4}$/),
  areaCode: z.string().regex(/^\d{6}$/),
  address: z.string().trim().max(200).nullish(),
  phone: z.string().trim().max(32).nullish(),
  openDate: date.nullish(),
  openTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .default('09:00'),
  closeTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .default('21:00'),
  stations: z.number().int().min(0).max(999).default(0),
  status: status.default(1),
  memo,
  images: z.array(z.string().max(300)).max(12).default([]),
  version: z.number().int().optional(),
});
export type ShopSave = z.input<typeof shopSave>;

export const shopListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  regionId: id.optional(),
  brandId: id.optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
});
