import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

/**
 * With TEST_DATABASE_URL, the run gets a throwaway database on that server (migrated once); every
 * test file makes its own tenants in it. Without it, each worker opens an in-memory PGlite started
 * from one migrated database dumped here, which the files it runs share the same way (starting from
 * the dump is ten times faster than creating and migrating a database).
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const template = await openDatabase({});
    await migrate(template);
    const dump = await template.dump?.();
    await template.close();
    if (!dump) return;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'headoffice-test-db-')), 'migrated.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const name = `headoffice_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database);
  await database.close();
  project.provide('testDatabaseUrl', url.toString());
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    pgliteTemplate: string;
  }
}
