import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { employeeChoices } from '../../platform/bills.js';
import { notFound } from '../../platform/errors.js';
import { employees, shops } from './schema.js';

/**
 * Employees the user may see: head office (every shop) sees all, including head-office staff
 * without a shop; others see the employees of their login and manager shops.
 */
export function employeeScope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? inArray(employees.shopId, visible.length ? visible : [0]) : undefined;
}

/** An employee named by a request: of the tenant (404) and of a shop the user sees (403). */
export async function assertEmployeeVisible(tx: Db, auth: Auth, employeeId: number) {
  const [e] = await tx.select({ shopId: employees.shopId }).from(employees).where(eq(employees.id, employeeId));
  if (!e) throw notFound();
  assertShopVisible(auth, e.shopId);
}

// A bill's employee field lists the working employees of the shops the user sees, named with their
// code and shop (a name alone is ambiguous across a chain); head-office staff have no shop to work in.
employeeChoices.provide(async (tx, auth) =>
  (
    await tx
      .select({ id: employees.id, name: employees.name, eecode: employees.eecode, shopId: employees.shopId, shopName: shops.name })
      .from(employees)
      .innerJoin(shops, eq(shops.id, employees.shopId))
      .where(and(inVisibleShops(auth, employees.shopId), eq(employees.status, 1)))
      .orderBy(asc(employees.shopId), asc(employees.eecode))
      .limit(2000)
  ).map((e) => ({ id: e.id, shopId: e.shopId as number, label: `${e.name} ${e.eecode}（${e.shopName}）` })),
);
