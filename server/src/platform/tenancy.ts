import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export const APP_ROLE = 'headoffice_app';

/**
 * Runs `fn` in one transaction as the non-owner application role with the tenant set, so that
 * row-level security shows this tenant's rows only, even to a query that forgets its filter.
 */
export function inTenant<T>(db: Db, tenantId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${APP_ROLE}, true)`);
    return fn(tx as unknown as Db);
  });
}
