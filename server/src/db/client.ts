import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteStatements } from './pglite-statements.js';

/**
 * A database handle or a transaction: both run the same queries. Built without the schema: drizzle
 * would make a relational query builder per table for every transaction, and we use the SQL-like API only.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string, for work that needs its own session. */
  url?: string;
  /**
   * Calls `onMessage` with the payload of each NOTIFY on `channel`, and `onLost` once if the
   * listening connection ends. Resolves, once listening, to a function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, which `loadDataDir` starts from (tests skip migrations with it). */
  dump?: () => Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** A PGlite data directory dump (tar) to start from, which skips migrations in tests. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // bigint and numeric come back as strings by default; ids fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = drizzlePg(pool) as unknown as Db;
    const listen = async (channel: string, onMessage: (payload: string) => void, onLost: () => void) => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      client.on('error', () => client.end().catch(() => {}));
      client.on('end', onLost);
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.connect();
      await client.query(`listen "${channel}"`);
      return async () => {
        client.off('end', onLost);
        await client.end();
      };
    };
    return { db, kind: 'postgres', url: options.databaseUrl, listen, close: () => pool.end() };
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(new PgliteStatements(client) as unknown as PGlite) as unknown as Db;
  // One process owns a PGlite database, so its listener is never lost.
  const listen = async (channel: string, onMessage: (payload: string) => void) => {
    const unlisten = await client.listen(channel, onMessage);
    return () => (client.closed ? Promise.resolve() : unlisten());
  };
  return { db, kind: 'pglite', listen, close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
