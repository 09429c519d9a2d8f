import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { employees, productShopPrices, serviceShopPrices, stockBalances } from '../src/db/schema.js';
import { serviceBills } from '../src/modules/cashier/schema.js';
import { postStock } from '../src/modules/stock/ledger.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { key, makeCardType, makeMember, ok, shopIds } from './assets-support.js';
import type { TestApp, TestTenant } from './helpers.js';
import { newProduct, newService } from './pricing-helpers.js';

export { key, ok, shopIds };

const uniq = () => randomBytes(3).toString('hex').toUpperCase();

/** A service and a product listed in a shop at the given prices, the product with stock there, and two employees. */
export async function tillFixture(
  t: TestApp,
  a: TestTenant,
  shopId: number,
  o: { servicePrice?: number; productPrice?: number; stock?: number } = {},
) {
  const service = await newService(t, a);
  const product = await newProduct(t, a, { usage: 1 });
  const staff = await inTenant(t.database.db, a.tenantId, async (tx) => {
    await tx.insert(serviceShopPrices).values({ tenantId: a.tenantId, shopId, serviceId: service.id, price: o.servicePrice ?? 10_000 });
    await tx.insert(productShopPrices).values({ tenantId: a.tenantId, shopId, productId: product.id, price: o.productPrice ?? 5_000 });
    if (o.stock !== 0)
      await postStock(tx, [{ shopId, productId: product.id, delta: o.stock ?? 100, lineId: null }], {
        tenantId: a.tenantId,
        docType: 'test.seed',
        billId: 0,
        allowNegative: false,
        describe: async () => product.name,
      });
    return tx
      .insert(employees)
      .values(
        ['设计师', '助理'].map((name) => ({
          tenantId: a.tenantId,
          eecode: `E${uniq()}`,
          name: `${name}${uniq()}`,
          entryDate: '2024-01-01',
          shopId,
        })),
      )
      .returning({ id: employees.id, name: employees.name });
  });
  return { service, product, staff };
}

/** A member with a stored-value card of `principal` at the shop (card type: 85% on services, proportional split). */
export async function memberWithCard(t: TestApp, a: TestTenant, shopId: number, principal: number) {
  const type = await makeCardType(t, a, { shops: [shopId] });
  const member = await makeMember(t, a, shopId);
  const card = ok(
    await a.admin.post('/api-member/membercard/open', { memberId: member.id, cardTypeId: type.id, shopId, amount: principal }, key()),
  );
  return { member, cardId: card.cardId as number, cardNo: card.cardNo as string };
}

export async function stockAt(t: TestApp, a: TestTenant, shopId: number, productId: number) {
  const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx.select().from(stockBalances).where(eq(stockBalances.productId, productId)),
  );
  return rows.find((r) => r.shopId === shopId)?.quantity ?? 0;
}

/** Every ledger consistent; no stock or card bucket below zero; every bill's current performance ≥ 0. */
export async function expectTillConsistent(t: TestApp, a: TestTenant) {
  await inTenant(t.database.db, a.tenantId, async (tx) => {
    expect(await balanceMismatches(tx)).toEqual([]);
    const negative = await tx.execute(
      sql`select 1 from card_balances where amount < 0 union all select 1 from stock_balances where quantity < 0`,
    );
    expect((negative as unknown as { rows: unknown[] }).rows).toEqual([]);
    // A revoked bill's performance adds up to zero.
    const revoked = await tx
      .select({
        id: serviceBills.id,
        perf: sql<number>`coalesce((select sum(amount) from service_bill_perf p where p.bill_id = service_bills.id), 0)::int`,
      })
      .from(serviceBills)
      .where(eq(serviceBills.isHc, 1));
    for (const r of revoked) expect(Number(r.perf)).toBe(0);
  });
}
