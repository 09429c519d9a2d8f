import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { menus, products, shops, stockBalances } from '../src/db/schema.js';
import { stockMenus } from '../src/modules/stock/menus.js';
import { seedDefaultReasons } from '../src/modules/stock/reasons.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import type { MenuDef } from '../src/platform/menus.js';
import { inTenant } from '../src/platform/tenancy.js';
import type { TestApp, TestTenant } from './helpers.js';
import { expect400, expectOk, expectStatus } from './helpers.js';

export { expect400, expectOk, expectStatus };

export const EN = { 'accept-language': 'en-US' };
export const uniq = () => randomBytes(3).toString('hex').toUpperCase();

/**
 * Makes sure the tenant has menu rows carrying the stock permission keys, so that
 * createLimitedUser can grant them (a no-op once identity's catalogue holds the stock menus).
 */
export async function ensureStockMenus(t: TestApp, tenant: TestTenant) {
  const perms: { key: string; perm: string; name: string }[] = [];
  const walk = (defs: MenuDef[]) => {
    for (const d of defs) {
      if (d.perm) perms.push({ key: d.key, perm: d.perm, name: d.name });
      for (const a of d.actions ?? []) perms.push({ key: a.key, perm: a.perm, name: a.name });
      if (d.children) walk(d.children);
    }
  };
  walk(stockMenus);
  await inTenant(t.database.db, tenant.tenantId, async (tx) => {
    const have = await tx
      .select({ permKey: menus.permKey })
      .from(menus)
      .where(
        inArray(
          menus.permKey,
          perms.map((p) => p.perm),
        ),
      );
    const missing = perms.filter((p) => !have.some((h) => h.permKey === p.perm));
    if (missing.length)
      await tx
        .insert(menus)
        .values(
          missing.map((p, i) => ({
            tenantId: tenant.tenantId,
            appId: 'admin',
            key: `test.${p.key}`,
            type: 'action',
            name: p.name,
            permKey: p.perm,
            sort: i,
          })),
        )
        .onConflictDoNothing();
  });
}

export interface TestProduct {
  id: number;
  pcode: string;
  name: string;
  purchasePrice: number;
}

/** Products inserted straight into the catalogue table (independent of the catalogue routes). */
export async function makeProducts(t: TestApp, tenant: TestTenant, n: number, price = 1250): Promise<TestProduct[]> {
  return inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx
      .insert(products)
      .values(
        Array.from({ length: n }, (_, i) => {
          const code = uniq();
          return {
            tenantId: tenant.tenantId,
            pcode: `P${code}${i}`,
            name: `测试产品${code}-${i}`,
            unit: '瓶',
            purchasePrice: price + i * 100,
            barcode: `69${code}${i}`,
          };
        }),
      )
      .returning({ id: products.id, pcode: products.pcode, name: products.name, purchasePrice: products.purchasePrice }),
  );
}

export async function shopIds(t: TestApp, tenant: TestTenant): Promise<number[]> {
  const rows = await inTenant(t.database.db, tenant.tenantId, (tx) => tx.select({ id: shops.id }).from(shops).orderBy(shops.id));
  return rows.map((r) => r.id);
}

export async function ensureReasons(t: TestApp, tenant: TestTenant) {
  await inTenant(t.database.db, tenant.tenantId, (tx) => seedDefaultReasons(tx, tenant.tenantId));
  const res = await tenant.admin.get('/api-stock/dictinout/list/all');
  expect(res.status).toBe(200);
  const rows = res.body.data as { id: number; code: string; name: string; direction: number; kind: string }[];
  const byName = (name: string) => {
    const r = rows.find((x) => x.name === name);
    if (!r) throw new Error(`no reason ${name}`);
    return r.id;
  };
  return {
    rows,
    purchase: byName('采购入库'),
    returnIn: byName('退货入库'),
    transferIn: byName('调拨入库'),
    orderIn: byName('订货入库'),
    use: byName('领用出库'),
    transferOut: byName('调拨出库'),
    loss: byName('报损'),
    orderOut: byName('订货出库'),
  };
}

/** Every balance equals the sum of its ledger rows, and every ledger row's running balance is right. */
export async function expectLedgerConsistent(t: TestApp, tenants: TestTenant[]) {
  for (const tenant of tenants) {
    const problems = await inTenant(t.database.db, tenant.tenantId, (tx) => balanceMismatches(tx));
    expect(problems, `ledger of tenant ${tenant.code}`).toEqual([]);
  }
}

/** The stored balance (0 when there is none). */
export async function balanceOf(t: TestApp, tenant: TestTenant, shopId: number | null, productId: number): Promise<number> {
  const rows = await inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx
      .select({ shopId: stockBalances.shopId, quantity: stockBalances.quantity })
      .from(stockBalances)
      .where(eq(stockBalances.productId, productId)),
  );
  return rows.find((r) => r.shopId === shopId)?.quantity ?? 0;
}
