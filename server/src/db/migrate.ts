import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.js';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
const MIGRATION_LOCK = 7216354;

/**
 * Months of audit log partitions made ahead of the current one at every start (migration 0015): a
 * write of a month without its partition still lands, in audit_log_default, and moves at the next start.
 */
export const AUDIT_MONTHS_AHEAD = 2;

/** Applies pending migrations, makes the coming months' audit log partitions, then re-applies tenant policies and grants to every table. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // Several instances may start at once: one migrates while the others wait on the lock.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const db = drizzle(client);
      await migratePg(db, { migrationsFolder });
      await db.execute(sql`select audit_log_add_months(now(), ${AUDIT_MONTHS_AHEAD})`);
      await db.execute(sql`select app_apply_rls(), app_apply_reader_grants()`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      await client.end();
    }
    return;
  }
  await migratePglite(database.db as never, { migrationsFolder });
  await database.db.execute(sql`select audit_log_add_months(now(), ${AUDIT_MONTHS_AHEAD})`);
  await database.db.execute(sql`select app_apply_rls(), app_apply_reader_grants()`);
}
