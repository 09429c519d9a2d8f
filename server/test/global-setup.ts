import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

/**
 * With TEST_DATABASE_URL, the run gets a throwaway database on that server (migrated once); every
 * test file makes its own tenants in it. Without it, each worker opens an in-memory PGlite started
 * from one migrated database dumped here (and kept for the next run), which the files it runs share
 * the same way (starting from the dump is ten times faster than creating and migrating a database).
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('pgliteTemplate', await migratedDump());
    return;
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

/**
 * The migrated PGlite database as a tarball, kept between runs under node_modules/.cache: creating and
 * migrating it takes a while, and a run of one test file would pay it every time. Its name carries
 * what it is made of (the migrations, the code that applies them, PGlite's version) and the month,
 * since migrating makes the audit log partitions of the months around it.
 */
async function migratedDump(): Promise<string> {
  const root = path.resolve(import.meta.dirname, '..');
  const hash = createHash('sha256');
  const migrations = path.join(root, 'drizzle');
  for (const name of fs
    .readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(name).update(fs.readFileSync(path.join(migrations, name)));
  hash.update(fs.readFileSync(path.join(migrations, 'meta/_journal.json')));
  hash.update(fs.readFileSync(path.join(root, 'src/db/migrate.ts')));
  hash.update(fs.readFileSync(path.resolve(root, '../node_modules/@electric-sql/pglite/package.json')));
  hash.update(new Date().toISOString().slice(0, 7));
  const dir = path.resolve(root, '../node_modules/.cache/headoffice-test');
  const file = path.join(dir, `migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  const template = await openDatabase({});
  await migrate(template);
  const dump = await template.dump?.();
  await template.close();
  if (!dump) throw new Error('PGlite gave no dump');
  fs.mkdirSync(dir, { recursive: true });
  // Older dumps go; written aside and renamed, so that a run started at the same moment never reads half a file.
  for (const old of fs.readdirSync(dir)) if (old.startsWith('migrated-')) fs.rmSync(path.join(dir, old), { force: true });
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    pgliteTemplate: string;
  }
}
