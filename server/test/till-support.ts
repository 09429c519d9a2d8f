import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { employees, productShopPrices, serviceShopPrices, stockBalances } from '../src/db/schema.js';
import { serviceBills } from '../src/modules/cashier/schema.js';
import { postStock } from '../src/modules/stock/ledger.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { key, makeCardType, makeMember, ok, openCardFor, shopIds } from './assets-support.js';
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
  const card = ok(await openCardFor(a, { memberId: member.id, cardTypeId: type.id, shopId, amount: principal }));
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
    // Coupons and red envelopes: what live bills spent and what is left add up to the face value.
    const coupons = await tx.execute(sql`
      select c.code, c.state, c.many_times, c.face_value::bigint as face, c.remaining::bigint as remaining,
             count(p.id)::int as uses, coalesce(sum(p.amount), 0)::bigint as spent
      from member_coupons c
      left join service_bill_payments p on p.member_coupon_id = c.id
        and exists (select 1 from service_bills b where b.id = p.bill_id and b.is_hc = 0)
      group by c.tenant_id, c.id`);
    for (const c of (coupons as unknown as { rows: Record<string, string | number>[] }).rows) {
      const [face, remaining, spent, uses] = [c.face, c.remaining, c.spent, c.uses].map(Number);
      if (Number(c.many_times) === 1) expect({ code: c.code, sum: remaining + spent }).toEqual({ code: c.code, sum: face });
      else {
        expect({ code: c.code, uses: uses <= 1 }).toEqual({ code: c.code, uses: true });
        if (c.state === 'used') expect({ code: c.code, uses, remaining }).toEqual({ code: c.code, uses: 1, remaining: 0 });
        if (c.state === 'unused') expect({ code: c.code, uses, remaining }).toEqual({ code: c.code, uses: 0, remaining: face });
      }
    }
  });
}
