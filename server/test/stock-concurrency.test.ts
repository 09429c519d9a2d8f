import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { stockLedger } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { balanceOf, ensureReasons, expectLedgerConsistent, expectOk, makeProducts, shopIds } from './stock-support.js';

/**
 * On PostgreSQL these requests really run at once (a pool of connections, row locks); on PGlite
 * they queue up. The outcomes must be the same.
 */
describe('stock under concurrency', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const r = await ensureReasons(t, a);
  const [s1, s2] = await shopIds(t, a);

  afterEach(() => expectLedgerConsistent(t, [a]));

  const entryOf = async (shopId: number | null, productId: number, quantity: number) =>
    expectOk(await a.admin.post('/api-stock/entry', { shopId, reasonId: r.purchase, lines: [{ productId, quantity }] }));
  const ledgerRows = (productId: number) =>
    inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(stockLedger).where(eq(stockLedger.productId, productId)));

  it('20 concurrent audits of one bill: exactly one succeeds, 19 answer 409, the stock moves once', async () => {
    const [p] = await makeProducts(t, a, 1);
    const bill = await entryOf(s1, p.id, 7);
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.admin.post('/api-stock/entry/audit', { id: bill.id })));
    const statuses = answers.map((x) => x.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const x of answers.filter((y) => y.status === 409)) expect(x.body.resp_msg).toBe('单据当前状态为「已审核」，不能审核');
    expect(await balanceOf(t, a, s1, p.id)).toBe(7);
    expect(await ledgerRows(p.id)).toHaveLength(1);
    const log = expectOk(await a.admin.get(`/api-stock/entry/${bill.id}`)).log;
    expect(log.filter((l: any) => l.action === 'audit')).toHaveLength(1);
  });

  it('200 concurrent outs of 1 against a balance of 50: exactly 50 succeed and the balance never goes negative', async () => {
    const [p] = await makeProducts(t, a, 1);
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: (await entryOf(s2, p.id, 50)).id }));
    // The 200 drafts are saved at once too: their numbers never collide.
    const drafts = await Promise.all(
      Array.from({ length: 200 }, () =>
        a.admin.post('/api-stock/out', { shopId: s2, reasonId: r.use, lines: [{ productId: p.id, quantity: 1 }] }),
      ),
    );
    expect(drafts.every((d) => d.status === 200)).toBe(true);
    expect(new Set(drafts.map((d) => d.body.data.billNo)).size).toBe(200);
    const started = Date.now();
    const answers = await Promise.all(drafts.map((d) => a.admin.post('/api-stock/out/audit', { id: d.body.data.id })));
    const took = Date.now() - started;
    const ok = answers.filter((x) => x.status === 200);
    const refused = answers.filter((x) => x.status === 409);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const x of refused) expect(x.body.resp_msg).toBe(`「${p.name}」库存不足：可用 0，需要 1`);
    expect(await balanceOf(t, a, s2, p.id)).toBe(0);
    const rows = await ledgerRows(p.id);
    expect(rows).toHaveLength(51);
    expect(Math.min(...rows.map((x) => x.balance))).toBe(0);
    console.info(
      `200 concurrent outs against 50: 50 × 200, 150 × 409 in ${took} ms (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
  }, 180_000);

  it('opposite transfers at the same moment all post without deadlocks', async () => {
    const [p, q] = await makeProducts(t, a, 2);
    for (const shop of [s1, s2])
      for (const product of [p, q])
        expectOk(await a.admin.post('/api-stock/entry/audit', { id: (await entryOf(shop, product.id, 100)).id }));
    const bills = [];
    for (let i = 0; i < 10; i++) {
      const from = i % 2 ? s1 : s2;
      const to = i % 2 ? s2 : s1;
      bills.push(
        expectOk(
          await a.admin.post('/api-stock/out', {
            shopId: from,
            reasonId: r.transferOut,
            counterpartShopId: to,
            lines: [
              { productId: p.id, quantity: 1 },
              { productId: q.id, quantity: 2 },
            ],
          }),
        ),
      );
    }
    const answers = await Promise.all(bills.map((bill) => a.admin.post('/api-stock/out/audit', { id: bill.id })));
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(t, a, s1, p.id)).toBe(100);
    expect(await balanceOf(t, a, s2, q.id)).toBe(100);
    // Revoking both sides of each transfer at once: one revoke wins per transfer, the other finds it revoked.
    const revokes = await Promise.all(
      answers.flatMap((x) => [
        a.admin.post('/api-stock/out/revoke', { id: x.body.data.id }),
        a.admin.post('/api-stock/entry/revoke', { id: x.body.data.partner.id }),
      ]),
    );
    for (let i = 0; i < revokes.length; i += 2) {
      expect([revokes[i].status, revokes[i + 1].status].sort()).toEqual([200, 409]);
    }
    const reversed = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(stockLedger)
        .where(and(eq(stockLedger.productId, p.id), sql`${stockLedger.reversesId} is not null`)),
    );
    expect(reversed[0].n).toBe(20);
  });

  it('20 concurrent approvals of one order from the inbox: one out, one stock movement', async () => {
    const [p] = await makeProducts(t, a, 1);
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: (await entryOf(null, p.id, 10)).id }));
    const order = expectOk(
      await a.admin.post('/api-chain/productorder/saveBill', { shopId: s1, lines: [{ productId: p.id, quantity: 4 }] }),
    );
    expectOk(await a.admin.post('/api-chain/productorder/submitBill', { id: order.id }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.admin.post('/api-user/inbox/transition', { docType: 'stock.order', id: order.id, action: 'audit' }),
      ),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409)).toHaveLength(19);
    expect(await balanceOf(t, a, null, p.id)).toBe(6);
    const outs = expectOk(await a.admin.get('/api-stock/out/chain/findListWithPro', { productId: p.id }));
    expect(outs.total).toBe(1);
  });
});
