import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { NamingClient, StatementNames } from '../db/statements.js';

export const APP_ROLE = 'headoffice_app';

/**
 * Runs `fn` in one transaction as the non-owner application role with the tenant set, so that
 * row-level security shows this tenant's rows only, even to a query that forgets its filter.
 */
export function inTenant<T>(db: Db, tenantId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`not a tenant id: ${tenantId}`);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return inTenantOnPool(client, tenantId, fn);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${APP_ROLE}, true)`);
    return fn(tx as unknown as Db);
  });
}

/** The statement names of each pool: its connections share them (db/statements.ts). */
const statementNames = new WeakMap<pg.Pool, StatementNames>();

/**
 * On PostgreSQL, `begin` and the tenant's settings travel together (one simple-protocol batch, the
 * id checked to be an integer): a request pays two round trips for its transaction, not three. The
 * statements it sends again and again run prepared, with plans cached per connection (db/statements.ts).
 */
async function inTenantOnPool<T>(pool: pg.Pool, tenantId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  const names = statementNames.get(pool) ?? new StatementNames();
  statementNames.set(pool, names);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`begin; select set_config('app.tenant_id', '${tenantId}', true), set_config('role', '${APP_ROLE}', true)`);
    const result = await fn(drizzle({ client: new NamingClient(client, names) as unknown as pg.PoolClient }) as unknown as Db);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
