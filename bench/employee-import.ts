/**
 * Bench of the issue "Users, roles, menus and staff": importing a 5,000-row employee sheet with 3
 * bad rows stores nothing and lists the 3 rows; the corrected sheet imports in under 10 s.
 *
 *   node --import tsx bench/employee-import.ts                  # PGlite in memory
 *   DATABASE_URL=postgres://... node --import tsx bench/employee-import.ts   # PostgreSQL (a throwaway database)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { type Database, openDatabase } from '../server/src/db/client.js';
import { migrate } from '../server/src/db/migrate.js';
import { branches, employeeStream, employees, positionLevels, positions, shops } from '../server/src/db/schema.js';
import { createTenant } from '../server/src/modules/identity/tenants.js';
import { employeeImport } from '../server/src/modules/staff/staff-import.js';
import { type ImportDef, readImportSheet } from '../server/src/platform/importer.js';
import { inTenant } from '../server/src/platform/tenancy.js';
import { seedDemoData } from '../server/src/seed/demo.js';

const ROWS = 5000;
const LIMIT_MS = 10_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = [
  '员工编号',
  '姓名',
  '性别',
  '手机号',
  '出生日期',
  '身份证号',
  '门店',
  '部门',
  '职位',
  '职级',
  '技术等级',
  '入职日期',
  '在线预约',
  '备注',
];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['静', '伟', '婷婷', '强', '雅琪', '浩然', '欣怡', '子轩', '晓燕', '俊杰'];
const ms = (start: number) => Math.round(performance.now() - start);

/** A throwaway PostgreSQL database on DATABASE_URL's server, or PGlite in memory. */
async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void>; label: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({});
    await migrate(database);
    return { database, drop: async () => database.close(), label: 'PGlite (in memory)' };
  }
  const name = `bench_employee_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(database);
  const result = (await database.db.execute(sql`select version()`)) as unknown as { rows: { version: string }[] };
  const [{ version }] = result.rows;
  return {
    database,
    label: `PostgreSQL (${version.split(' ').slice(0, 2).join(' ')})`,
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

interface Placement {
  shop: string;
  position: string;
  level: string;
}

/** Rows of realistic staff spread over the demo shops, positions and their levels. */
function staffRows(prefix: string, places: Placement[]): unknown[][] {
  return Array.from({ length: ROWS }, (_, i) => {
    const place = places[i % places.length];
    return [
      `${prefix}${String(i + 1).padStart(5, '0')}`,
      `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
      i % 3 === 0 ? '男' : '女',
      `15${String(100_000_000 + i * 7919).slice(-9)}`,
      `${1980 + (i % 20)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
      null,
      place.shop,
      '门店事业部',
      place.position,
      place.level,
      i % 4 === 0 ? '中级' : null,
      `2024-${String((i % 12) + 1).padStart(2, '0')}-01`,
      i % 10 === 0 ? '是' : '否',
      null,
    ];
  });
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('员工');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(content: Buffer) {
  const boundary = '----headoffice-bench';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="employees.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function main() {
  const { database, drop, label } = await openBenchDatabase();
  const db = database.db;
  const config = { ...loadConfig({}), dataDir: path.join(os.tmpdir(), `headoffice-bench-${randomBytes(4).toString('hex')}`) };
  const app = await buildApp({ database, config });
  await app.ready();
  const failures: string[] = [];
  try {
    const code = `bench${randomBytes(3).toString('hex')}`;
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const { tenantId } = await createTenant(db, { code, name: '导入压测连锁', adminPassword: password });
    await seedDemoData(db, tenantId);
    const login = await app.inject({ method: 'POST', url: '/api-user/login', payload: { tenant: code, username: 'admin', password } });
    const token = login.json().data.access_token as string;
    const post = async (content: Buffer) => {
      const { body, contentType } = multipart(content);
      const start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api-chain/employee/batchImport',
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      });
      return { res, time: ms(start) };
    };

    // Valid placements: every open demo shop × (position, level of that position).
    const { places, ids } = await inTenant(db, tenantId, async (tx) => {
      const shopRows = await tx.select({ id: shops.id, name: shops.name }).from(shops);
      const levelRows = await tx
        .select({ id: positionLevels.id, level: positionLevels.name, positionId: positions.id, position: positions.name })
        .from(positionLevels)
        .innerJoin(positions, eq(positions.id, positionLevels.positionId));
      const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.name, '门店事业部'));
      const list: (Placement & { shopId: number; positionId: number; levelId: number })[] = [];
      for (const s of shopRows)
        for (const l of levelRows)
          list.push({ shop: s.name, position: l.position, level: l.level, shopId: s.id, positionId: l.positionId, levelId: l.id });
      return { places: list, ids: { branchId: branch.id } };
    });

    const prefix = 'B';
    let start = performance.now();
    const rows = staffRows(prefix, places);
    const bad = rows.map((r) => [...r]);
    bad[999][6] = '不存在的门店'; // Excel row 1001: unknown shop
    bad[2499][0] = bad[0][0]; // Excel row 2501: repeats row 2's code
    bad[3999][11] = '2024-02-30'; // Excel row 4001: no such date
    const badSheet = await workbook(bad);
    const goodSheet = await workbook(rows);
    const generateMs = ms(start);

    start = performance.now();
    await readImportSheet(goodSheet, employeeImport as ImportDef<unknown>, 'zh-CN');
    const parseMs = ms(start);

    const count = () =>
      inTenant(db, tenantId, async (tx) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(employees)
          .where(like(employees.eecode, `${prefix}%`));
        return Number(row.n);
      });

    const rejected = await post(badSheet);
    const errors = rejected.res.json().data?.errors as { row: number; column: string; message: string }[] | undefined;
    const storedAfterBad = await count();
    if (rejected.res.statusCode !== 400) failures.push(`bad sheet answered ${rejected.res.statusCode}, expected 400`);
    if (errors?.length !== 3 || errors.map((e) => e.row).join() !== '1001,2501,4001')
      failures.push(`expected rows 1001, 2501, 4001; got ${JSON.stringify(errors)}`);
    if (storedAfterBad !== 0) failures.push(`${storedAfterBad} employees stored from the bad sheet`);

    const accepted = await post(goodSheet);
    const imported = accepted.res.json().data?.imported;
    const storedAfterGood = await count();
    if (accepted.res.statusCode !== 200 || imported !== ROWS || storedAfterGood !== ROWS)
      failures.push(`corrected sheet: HTTP ${accepted.res.statusCode}, imported ${imported}, stored ${storedAfterGood}`);
    if (accepted.time > LIMIT_MS) failures.push(`corrected sheet took ${accepted.time} ms, over ${LIMIT_MS} ms`);

    // The floor: the same 5,000 rows by raw multi-row INSERT statements (ids resolved beforehand), same chunks.
    const rawInsert = async (withStream: boolean) => {
      const tag = withStream ? 'S' : 'R';
      const t0 = performance.now();
      await inTenant(db, tenantId, async (tx) => {
        for (let i = 0; i < ROWS; i += 1000) {
          const values = rows.slice(i, i + 1000).map((r, j) => {
            const p = places[(i + j) % places.length];
            return sql`(${tenantId}, ${`${tag}${String(r[0]).slice(1)}`}, ${r[1]}, ${r[2] === '男' ? 1 : 2}, ${r[3]}, ${r[4]}, ${p.shopId}, ${ids.branchId}, ${p.positionId}, ${p.levelId}, ${r[11]}, ${r[12] === '是' ? 1 : 0})`;
          });
          const created = (await tx.execute(
            sql`insert into employees (tenant_id, eecode, name, gender, mobile, birthday, shop_id, branch_id, position_id, level_id, entry_date, bookable) values ${sql.join(values, sql`, `)} returning id, entry_date, shop_id, branch_id, position_id, level_id`,
          )) as unknown as { rows: Record<string, unknown>[] };
          if (!withStream) continue;
          const stream = created.rows.map(
            (e) =>
              sql`(${tenantId}, ${e.id}, 'entry', ${e.entry_date}, ${e.shop_id}, ${e.branch_id}, ${e.position_id}, ${e.level_id}, now())`,
          );
          await tx.execute(
            sql`insert into ${employeeStream} (tenant_id, employee_id, kind, effective_date, to_shop_id, to_branch_id, to_position_id, to_level_id, applied_at) values ${sql.join(stream, sql`, `)}`,
          );
        }
      });
      return ms(t0);
    };
    const rawMs = await rawInsert(false);
    const rawStreamMs = await rawInsert(true);

    const line = (name: string, value: string) => console.log(`  ${name.padEnd(44)} ${value}`);
    console.log(`\nEmployee import bench — ${label}, Node ${process.version}, ${os.cpus().length} CPUs`);
    line('sheets generated (2 × 5,000 rows, exceljs)', `${generateMs} ms`);
    line('parse only (read 5,000 rows of xlsx)', `${parseMs} ms`);
    line('bad sheet → HTTP', `${rejected.res.statusCode} in ${rejected.time} ms, ${storedAfterBad} stored`);
    for (const e of errors ?? []) line('', `row ${e.row} · ${e.column} · ${e.message}`);
    line('corrected sheet → HTTP', `${accepted.res.statusCode} in ${accepted.time} ms, imported ${imported} (limit ${LIMIT_MS} ms)`);
    line('raw SQL insert, 5,000 employees', `${rawMs} ms → import / raw = ${(accepted.time / rawMs).toFixed(1)}×`);
    line('raw SQL insert, employees + entry stream', `${rawStreamMs} ms → import / raw = ${(accepted.time / rawStreamMs).toFixed(1)}×`);
    console.log(failures.length ? `\nFAILED:\n  ${failures.join('\n  ')}` : '\nPASS');
  } finally {
    await app.close();
    await drop();
  }
  process.exit(failures.length ? 1 : 0);
}

await main();
