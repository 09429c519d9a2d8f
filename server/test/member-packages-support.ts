import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { depositMovements, deposits, memberPackageLines, members, packageBalances } from '../src/db/schema.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { uniq } from './assets-support.js';
import type { TestApp, TestTenant } from './helpers.js';
import { newProduct, newService } from './pricing-helpers.js';

/** Two services and a product of the tenant's catalogue, made for the test. */
export async function makeItems(t: TestApp, tenant: TestTenant) {
  const s1 = await newService(t, tenant, { name: `护理${uniq()}` });
  const s2 = await newService(t, tenant, { name: `洗发${uniq()}` });
  const p1 = await newProduct(t, tenant, { name: `精华${uniq()}` });
  return { s1, s2, p1 };
}

/**
 * Every invariant of packages and deposits for a tenant: every ledger's balances equal their rows, no
 * count below zero, every member's package value = Σ count left × unit price of the lines that are
 * not gifts, and every deposit's count left = total − what left it.
 */
export async function expectPackagesConsistent(t: TestApp, tenant: TestTenant) {
  await inTenant(t.database.db, tenant.tenantId, async (tx) => {
    expect(await balanceMismatches(tx)).toEqual([]);
    expect(await tx.select().from(packageBalances).where(sql`${packageBalances.remaining} < 0`)).toEqual([]);
    const values = await tx.execute(sql`
      select m.id, m.package_value, coalesce(sum(b.remaining * l.unit_price) filter (where l.is_gift = 0), 0) as v
      from ${members} m
      left join ${memberPackageLines} l on l.member_id = m.id and l.tenant_id = m.tenant_id
      left join ${packageBalances} b on b.package_line_id = l.id and b.tenant_id = l.tenant_id
      group by m.id, m.package_value
      having m.package_value <> coalesce(sum(b.remaining * l.unit_price) filter (where l.is_gift = 0), 0)`);
    expect((values as unknown as { rows: unknown[] }).rows).toEqual([]);
    const left = await tx.execute(sql`
      select d.id from ${deposits} d
      left join ${depositMovements} x on x.deposit_id = d.id and x.tenant_id = d.tenant_id
      group by d.id, d.total, d.remaining
      having d.remaining <> d.total - coalesce(sum(x.num), 0)`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
}

export async function packageValueOf(t: TestApp, tenant: TestTenant, memberId: number) {
  const [m] = await inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx.select({ v: members.packageValue }).from(members).where(eq(members.id, memberId)),
  );
  return Number(m.v);
}
