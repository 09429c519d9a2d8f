import path from 'node:path';
import type { Config } from '../config.js';
import { type Database, openDatabase } from './client.js';
import { lockDataDir } from './lock.js';
import { migrate } from './migrate.js';

/** Opens the configured database (PostgreSQL, or PGlite in DATA_DIR under a lock) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database & { release(): void }> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
    await migrate(database);
    return { ...database, release };
  } catch (error) {
    release();
    throw error;
  }
}
