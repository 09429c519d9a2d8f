import { type stockReasonKind, stockReasonRecord } from '@headoffice/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { serveRecord } from '../../platform/records.js';
import { stockReasons } from './schema.js';

/** In/out reasons (contract `stockReasonRecord`): what a reason means is read by the bills (`systemReason`). */
export const reasonDef = serveRecord(stockReasonRecord, { table: stockReasons });

/** Every tenant's starting reasons: [code, name, direction, kind]. */
export const defaultReasons: [string, string, 1 | 2, z.infer<typeof stockReasonKind>][] = [
  ['RK01', '采购入库', 1, 'purchase'],
  ['RK02', '调拨入库', 1, 'transfer'],
  ['RK03', '退货入库', 1, 'return'],
  ['RK04', '盘盈', 1, 'count'],
  ['RK05', '订货入库', 1, 'order'],
  ['CK01', '领用出库', 2, 'use'],
  ['CK02', '调拨出库', 2, 'transfer'],
  ['CK03', '报损', 2, 'loss'],
  ['CK04', '盘亏', 2, 'count'],
  ['CK05', '订货出库', 2, 'order'],
  ['CK06', '退货出库', 2, 'return'],
];

/** Inserts the default reasons that the tenant does not have yet (by code). */
export async function seedDefaultReasons(tx: Db, tenantId: number) {
  await tx
    .insert(stockReasons)
    .values(defaultReasons.map(([code, name, direction, kind], i) => ({ tenantId, code, name, direction, kind, sort: (i + 1) * 10 })))
    .onConflictDoNothing();
}

/**
 * The reason the system puts on the bills it makes (transfer entries, order outs and entries): the
 * tenant's first enabled reason of that direction and kind, created from the defaults when missing.
 */
export async function systemReason(tx: Db, tenantId: number, direction: 1 | 2, kind: 'transfer' | 'order'): Promise<number> {
  const find = async () => {
    const [row] = await tx
      .select({ id: stockReasons.id })
      .from(stockReasons)
      .where(and(eq(stockReasons.direction, direction), eq(stockReasons.kind, kind), eq(stockReasons.status, 1)))
      .orderBy(asc(stockReasons.sort), asc(stockReasons.id))
      .limit(1);
    return row?.id;
  };
  const found = await find();
  if (found) return found;
  const [code, name] = defaultReasons.find(([, , d, k]) => d === direction && k === kind) as (typeof defaultReasons)[number];
  const values = { tenantId, name, direction, kind, sort: 999 };
  const [created] = await tx
    .insert(stockReasons)
    .values({ ...values, code })
    .onConflictDoNothing()
    .returning({ id: stockReasons.id });
  if (created) return created.id;
  // The default's code is taken (the tenant disabled or reused it): add one under a free code.
  const [again] = await tx
    .insert(stockReasons)
    .values({ ...values, code: `${code}-${Date.now().toString(36).toUpperCase()}` })
    .returning({ id: stockReasons.id });
  return again.id;
}
