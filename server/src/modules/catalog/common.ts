import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { AppError, conflict, fieldError } from '../../platform/errors.js';
import './messages.js';
import { servicePackageItems, servicePackages } from './schema.js';

/** Names of the packages (not deleted) that hold a service or a product, at most `limit`. */
export async function packagesUsing(tx: Db, kind: 'service' | 'product', id: number, limit = 20): Promise<string[]> {
  const column = kind === 'service' ? servicePackageItems.serviceId : servicePackageItems.productId;
  const rows = await tx
    .selectDistinct({ name: servicePackages.name, code: servicePackages.code })
    .from(servicePackageItems)
    .innerJoin(servicePackages, eq(servicePackages.id, servicePackageItems.packageId))
    .where(and(eq(column, id), eq(servicePackages.isDel, 0)))
    .orderBy(asc(servicePackages.code))
    .limit(limit);
  return rows.map((r) => r.name);
}

/** 409 «不能删除：正被套餐“…”使用» when a package holds the service or product. */
export async function assertNotInPackage(tx: Db, kind: 'service' | 'product', id: number) {
  const [name] = await packagesUsing(tx, kind, id, 1);
  if (name) throw conflict('referencedBy', { entity: '@service_packages', name });
}

/** A 409 on one field, e.g. a product code already used: «产品编码“X”已存在». */
export function duplicateField(path: string, labelKey: string, value: string) {
  const params = { field: `@${labelKey}`, value };
  return new AppError(409, 'duplicate', params, [{ path, key: 'duplicate', params }]);
}

/**
 * Checks that every id of a linked table exists (and is enabled, when `enabledOnly`): one query for
 * all of them. Answers 400 on the first missing one's path.
 */
export async function assertRefs(
  tx: Db,
  table: PgTable & { id: PgColumn; status: PgColumn },
  refs: { path: string; id: number }[],
  labelKey: string,
  options: { enabledOnly?: boolean; extra?: SQL[] } = {},
) {
  if (!refs.length) return;
  const ids = [...new Set(refs.map((r) => r.id))];
  const where = [inArray(table.id, ids), ...(options.extra ?? [])];
  if (options.enabledOnly) where.push(eq(table.status, 1));
  const found = new Set(
    (
      await tx
        .select({ id: table.id })
        .from(table)
        .where(and(...where))
    ).map((r) => r.id as number),
  );
  const missing = refs.find((r) => !found.has(r.id));
  if (missing) throw fieldError(missing.path, 'missingReference', { field: `@${labelKey}` });
}

/** Names of linked records by id (one query). */
export async function namesById(tx: Db, table: PgTable & { id: PgColumn; name: PgColumn }, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return new Map<number, string>();
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, wanted));
  return new Map(rows.map((r) => [r.id as number, r.name as string]));
}

/** Bounded size of the arrays pickers get. */
export const PICK_LIMIT = 2000;
