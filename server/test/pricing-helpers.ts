import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { cardTypes, positionLevels, products, services, shops } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import type { Answer, TestApp, TestTenant } from './helpers.js';

export const EN = { 'accept-language': 'en-US' };
export const uniq = () => randomBytes(3).toString('hex').toUpperCase();

export function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

export function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

export const ok = <T = any>(res: Answer<T>): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.resp_code).toBe('200');
  return res.body.data;
};

/** The tenant's shops, by code. */
export async function shopsOf(t: TestApp, tenant: TestTenant) {
  const rows = await inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx.select({ id: shops.id, code: shops.code, name: shops.name }).from(shops).orderBy(shops.code),
  );
  return Object.assign(rows, { byCode: (code: string) => rows.find((r) => r.code === code) as (typeof rows)[number] });
}

/** A new service straight in the database (the catalogue's API is another module's). */
export async function newService(t: TestApp, tenant: TestTenant, fields: Partial<typeof services.$inferInsert> = {}) {
  const [row] = await inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx
      .insert(services)
      .values({ tenantId: tenant.tenantId, code: `T${uniq()}`, name: `测试项目${uniq()}`, basePrice: 10_000, line: 'mf', ...fields })
      .returning(),
  );
  return row;
}

export async function newProduct(t: TestApp, tenant: TestTenant, fields: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx
      .insert(products)
      .values({ tenantId: tenant.tenantId, pcode: `P${uniq()}`, name: `测试产品${uniq()}`, unit: '瓶', retailPrice: 5_000, ...fields })
      .returning(),
  );
  return row;
}

/**
 * Card types of `tenant` straight in the database (their admin is the members module's), one per
 * name, with the tenant's next codes; `fields` apply to all (e.g. status 2, kind 2). In creation order.
 */
export async function newCardTypes(
  t: TestApp,
  tenant: TestTenant,
  names: string[],
  fields: Partial<Pick<typeof cardTypes.$inferInsert, 'kind' | 'status' | 'sort'>> = {},
) {
  return inTenant(t.database.db, tenant.tenantId, async (tx) => {
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${cardTypes.code}::int), 0)::int` })
      .from(cardTypes)
      .where(sql`${cardTypes.code} ~ '^[0-9]+$'`);
    return tx
      .insert(cardTypes)
      .values(
        names.map((name, i) => ({
          tenantId: tenant.tenantId,
          code: String(Number(last) + i + 1).padStart(3, '0'),
          name,
          kind: 1,
          sort: (Number(last) + i + 1) * 10,
          ...fields,
        })),
      )
      .returning();
  });
}

export async function levelsOf(t: TestApp, tenant: TestTenant) {
  const rows = await inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx.select({ id: positionLevels.id, name: positionLevels.name }).from(positionLevels),
  );
  return Object.assign(rows, { byName: (name: string) => rows.find((r) => r.name === name) as (typeof rows)[number] });
}

export async function serviceRow(t: TestApp, tenant: TestTenant, id: number) {
  const [row] = await inTenant(t.database.db, tenant.tenantId, (tx) => tx.select().from(services).where(eq(services.id, id)));
  return row;
}

/** Runs `fn` inside the tenant (row-level security on). */
export const db = <T>(t: TestApp, tenant: TestTenant, fn: Parameters<typeof inTenant<T>>[2]) =>
  inTenant(t.database.db, tenant.tenantId, fn);

/** Posts an .xlsx as multipart field `file`. */
export const upload = (t: TestApp, token: string | undefined, url: string, content: Buffer, headers: Record<string, string> = {}) =>
  t.client(token).upload(url, content, { headers });
