import { CARD_RECORD_PATHS, PACKAGE_RECORD_PATHS, TILL_PATHS } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { servicePackageItems, servicePackageShops, servicePackages } from '../src/db/schema.js';
import { periodLocks } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

/**
 * The till's bills are not bill types of the bill engine (their life is the checkout's: open, settled,
 * revoked, voided, expired), so the engine's conformance suite does not reach them. This suite holds
 * each kind head office keeps — service bills, package bills, card bills (充值单) — to the same
 * promises: listed, detailed and exported by its own paths and no other kind's, hidden from other
 * tenants and from a user limited to another shop, refused without a session or the right, bad input
 * named, a closed period refused naming it, a revoke done once under concurrent calls and never
 * again, and every ledger consistent after.
 */
interface Kind {
  name: string;
  paths: { list: string; pageAll: string; perf: string; detail: (id: number) => string; revoke: string; revise: string };
  perm: string;
  /** Settles a bill of this kind at the shop; answers its id and business date. */
  make: () => Promise<{ id: number; businessDate: string }>;
}

const P = '/api-cashier';
const t = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const [s1, s2] = await shopIds(t, a);
const fx = await tillFixture(t, a, s1, { servicePrice: 8_800 });
const staff = [{ employeeId: fx.staff[0].id, station: 1, appointed: true }];
const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
const cashId = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
const cardType = await makeCardType(t, a, { shops: [s1] });
const [pkg] = await inTenant(t.database.db, a.tenantId, async (tx) => {
  const rows = await tx
    .insert(servicePackages)
    .values({ tenantId: a.tenantId, code: `TC${Date.now() % 100000}`, name: '护理五次卡', price: 20_000 })
    .returning({ id: servicePackages.id });
  await tx
    .insert(servicePackageItems)
    .values({ tenantId: a.tenantId, packageId: rows[0].id, serviceId: fx.service.id, quantity: 5, amount: 20_000, sort: 1 });
  await tx.insert(servicePackageShops).values({ tenantId: a.tenantId, packageId: rows[0].id, shopId: s1 });
  return rows;
});

/** Opens a bill at s1, gives it one line, settles it in cash for its whole amount. */
async function settled(line: Record<string, unknown>, withMember: boolean) {
  const member = withMember ? await makeMember(t, a, s1) : undefined;
  const opened = ok(await a.admin.post(TILL_PATHS.open, { shopId: s1, memberId: member?.id }));
  const priced = ok(await a.admin.post(TILL_PATHS.lines, { id: opened.id, version: opened.version, lines: [line] }));
  const bill = ok(
    await a.admin.post(
      TILL_PATHS.settle,
      { id: priced.id, version: priced.version, payments: [{ payTypeId: cashId, amount: priced.amount }] },
      key(),
    ),
  );
  return { id: bill.id as number, businessDate: bill.businessDate as string };
}

const kinds: Kind[] = [
  {
    name: 'service bills (servicerecords)',
    paths: TILL_PATHS,
    perm: 'cashier.servicerecord',
    make: () => settled({ kind: 'service', itemId: fx.service.id, num: 1, staff }, false),
  },
  {
    name: 'package bills (packagerecords)',
    paths: PACKAGE_RECORD_PATHS,
    perm: 'cashier.packagerecord',
    make: () => settled({ kind: 'package', itemId: pkg.id, num: 1, staff }, true),
  },
  {
    name: 'card bills (cardrecords)',
    paths: CARD_RECORD_PATHS,
    perm: 'cashier.cardrecord',
    make: () => settled({ kind: 'cardOpen', itemId: cardType.id, num: 1, amount: 30_000, staff }, true),
  },
];

afterAll(() => expectTillConsistent(t, a));

describe.each(kinds)('the till’s $name keep the promises of every bill type', (kind) => {
  // Head office's service records hold every till bill; the package and card records only their own kind.
  const others = kinds.filter((k) => k !== kind && k !== kinds[0]);

  it('listed, detailed, its performance and its export by its own paths; not by another kind’s', async () => {
    const bill = await kind.make();
    const list = ok(await a.admin.get(kind.paths.list, { shopid: s1, pageSize: 100 }));
    expect(list.list.map((r: { id: number }) => r.id)).toContain(bill.id);
    expect(ok(await a.admin.get(kind.paths.detail(bill.id))).id).toBe(bill.id);
    const perf = ok(await a.admin.get(kind.paths.perf, { id: bill.id }));
    expect((Array.isArray(perf) ? perf : perf.list).length).toBeGreaterThan(0);
    const exported = await a.admin.get(kind.paths.pageAll, { shopid: s1 });
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
    for (const other of others) {
      expect((await a.admin.get(other.paths.detail(bill.id))).status).toBe(404);
      expect((await a.admin.post(other.paths.revoke, { id: bill.id, hcMemo: '走错单据' })).status).toBe(404);
    }
  });

  it('401 without a session, 403 without the right, 404 to another tenant and to a user of another shop', async () => {
    const bill = await kind.make();
    expect((await t.client().get(kind.paths.list)).status).toBe(401);
    expect((await t.client().post(kind.paths.revoke, { id: bill.id, hcMemo: 'x' })).status).toBe(401);
    const nobody = await createLimitedUser(t, a, { perms: [], loginShops: [s1] });
    expect((await nobody.client.get(kind.paths.list)).status).toBe(403);
    const viewer = await createLimitedUser(t, a, { perms: [`${kind.perm}.view`], loginShops: [s1] });
    expect((await viewer.client.get(kind.paths.detail(bill.id))).status).toBe(200);
    expect((await viewer.client.post(kind.paths.revoke, { id: bill.id, hcMemo: 'x' })).status).toBe(403);
    expect((await b.admin.get(kind.paths.detail(bill.id))).status).toBe(404);
    expect((await b.admin.post(kind.paths.revoke, { id: bill.id, hcMemo: 'x' })).status).toBe(404);
    const elsewhere = await createLimitedUser(t, a, { perms: [`${kind.perm}.view`, `${kind.perm}.revoke`], loginShops: [s2] });
    expect((await elsewhere.client.get(kind.paths.detail(bill.id))).status).toBe(404);
    expect((await elsewhere.client.post(kind.paths.revoke, { id: bill.id, hcMemo: 'x' })).status).toBe(404);
    const seen = ok(await elsewhere.client.get(kind.paths.list, { pageSize: 100 }));
    expect(seen.list.map((r: { id: number }) => r.id)).not.toContain(bill.id);
    expect(ok(await a.admin.get(kind.paths.detail(bill.id))).isHc).toBe(0);
  });

  it('bad input is named; a closed period is refused naming it; a revoke is done once under concurrent calls, then never again', async () => {
    const bill = await kind.make();
    const bad = await a.admin.post(kind.paths.revoke, { id: bill.id });
    expect(bad.status).toBe(400);
    expect(bad.body.resp_msg).toBeTruthy();
    expect(bad.body.errors?.map((e) => e.path)).toContain('hcMemo');
    expect((await a.admin.post(kind.paths.revoke, { id: 'x', hcMemo: 'x' })).status).toBe(400);

    const period = bill.businessDate.slice(0, 7);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.insert(periodLocks).values({ tenantId: a.tenantId, lock: 'close', kind: 'month', period, shopId: s1 }),
    );
    try {
      const closed = await a.admin.post(kind.paths.revoke, { id: bill.id, hcMemo: '期间已结账' });
      expect(closed.status).toBe(409);
      expect(closed.body.resp_msg).toContain(period);
    } finally {
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.delete(periodLocks).where(and(eq(periodLocks.period, period), eq(periodLocks.lock, 'close'))),
      );
    }

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => a.admin.post(kind.paths.revoke, { id: bill.id, hcMemo: '同时撤单' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(ok(await a.admin.get(kind.paths.detail(bill.id))).isHc).toBe(1);
    expect((await a.admin.post(kind.paths.revoke, { id: bill.id, hcMemo: '再次撤单' })).status).toBe(409);
    const lineId = ok(await a.admin.get(kind.paths.detail(bill.id))).lines[0].id as number;
    const revise = await a.admin.post(kind.paths.revise, {
      id: bill.id,
      eeyjList: [{ lineId, employeeId: fx.staff[1].id, station: 1, appointed: false, yj: 100 }],
    });
    expect(revise.status).toBe(409);
    expect(revise.body.resp_msg).toBe('只有已结账且未撤单的单据可以改单');
    await expectTillConsistent(t, a);
  });
});
