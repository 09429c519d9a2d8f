import { inArray, type SQL } from 'drizzle-orm';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { employees } from './schema.js';

/**
 * Employees the user may see: head office (every shop) sees all, including head-office staff
 * without a shop; others see the employees of their login and manager shops.
 */
export function employeeScope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? inArray(employees.shopId, visible.length ? visible : [0]) : undefined;
}
