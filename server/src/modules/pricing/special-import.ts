import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { visibleShops } from '../../platform/auth.js';
import { translate } from '../../platform/i18n.js';
import type { ImportDef, ImportProblem } from '../../platform/importer.js';
import { services } from '../catalog/public.js';
import { positionLevels, shops } from '../org/public.js';
import { loadControls, violationOf } from './common.js';
import { importSpecials } from './specials.js';

/** "128", "128.5", "128.50" (yuan) → cents; undefined when not a valid amount. */
export function yuanToCents(text: string): number | undefined {
  const m = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^¥/, '').replaceAll(',', ''));
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const row = z.object({
  serviceId: z.number().int().positive(),
  shopId: z.number().int().positive().optional(),
  levelId: z.number().int().positive(),
  price: z.string(),
});
type Row = z.infer<typeof row>;

/**
 * specialBatchImport: one level price per row — service (code or name), shop (empty: the chain
 * default), position level, price in yuan. Existing prices of the same service, shop and level are
 * overwritten; every change is logged. Shop prices pass price control. All rows or none.
 */
export const specialImportDef: ImportDef<Row> = {
  name: ['职级特价', 'Level prices'],
  columns: [
    { key: 'serviceId', title: ['服务项目', 'Service'], required: true, lookup: { table: services }, width: 22 },
    {
      key: 'shopId',
      title: ['门店', 'Shop'],
      lookup: {
        table: shops,
        scope: (auth) => {
          const allowed = visibleShops(auth);
          return allowed ? inArray(shops.id, allowed.length ? allowed : [0]) : undefined;
        },
      },
      hint: ['留空表示总部默认价', 'Leave empty for the chain default'],
      width: 22,
    },
    { key: 'levelId', title: ['职级', 'Position level'], required: true, lookup: { table: positionLevels }, width: 16 },
    {
      key: 'price',
      title: ['价格（元）', 'Price (yuan)'],
      required: true,
      example: '168.00',
      hint: ['单位：元，最多两位小数', 'In yuan, at most two decimals'],
    },
  ],
  schema: row,
  maxRows: 5000,
  async check(tx, rows, _auth, lang) {
    const problems: ImportProblem[] = [];
    const seen = new Map<string, number>();
    const controls = await loadControls(
      tx,
      'service',
      rows.map((r) => r.value.serviceId),
    );
    for (const { row: n, value } of rows) {
      const price = yuanToCents(value.price);
      if (price === undefined) {
        problems.push({ row: n, key: 'price', message: translate(lang, 'importBadPrice', { value: value.price }) });
        continue;
      }
      const key = `${value.serviceId}:${value.shopId ?? 0}:${value.levelId}`;
      const first = seen.get(key);
      if (first !== undefined) problems.push({ row: n, key: 'levelId', message: translate(lang, 'importDuplicateSpecial', { first }) });
      else seen.set(key, n);
      if (value.shopId !== undefined) {
        const v = violationOf(controls.get(value.serviceId), price);
        if (v) problems.push({ row: n, key: 'price', message: translate(lang, v.key, v.params) });
      }
    }
    return problems;
  },
  async insert(tx, rows, auth) {
    await importSpecials(
      tx,
      auth,
      rows.map((r) => ({ serviceId: r.serviceId, shopId: r.shopId ?? null, levelId: r.levelId, price: yuanToCents(r.price) as number })),
    );
    return rows.length;
  },
};
