import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { stockLedger } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import {
  balanceOf,
  EN,
  ensureReasons,
  ensureStockMenus,
  expect400,
  expectLedgerConsistent,
  expectOk,
  expectStatus,
  makeProducts,
  shopIds,
} from './stock-support.js';
import { createLimitedUser } from './users.js';

const E = '/api-stock/entry';
const O = '/api-stock/out';

describe('stock entries and outs', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  await ensureStockMenus(t, a);
  await ensureStockMenus(t, b);
  const r = await ensureReasons(t, a);
  const rb = await ensureReasons(t, b);
  const [s1, s2, s3] = await shopIds(t, a);
  const [bShop] = await shopIds(t, b);
  const [p1, p2, p3] = await makeProducts(t, a, 3);
  const [bp] = await makeProducts(t, b, 1);

  afterEach(() => expectLedgerConsistent(t, [a, b]));

  type Line = { productId: number; quantity: number; unitCost?: number };
  const save = async (base: string, body: Record<string, unknown>, client: Client = a.admin) => expectOk(await client.post(base, body));
  const entry = (shopId: number | null, lines: Line[], extra: Record<string, unknown> = {}, client?: Client) =>
    save(E, { shopId, reasonId: r.purchase, lines, ...extra }, client);
  const out = (shopId: number | null, lines: Line[], extra: Record<string, unknown> = {}, client?: Client) =>
    save(O, { shopId, reasonId: r.use, lines, ...extra }, client);
  const act = (base: string, action: string, body: Record<string, unknown>, client: Client = a.admin, headers?: Record<string, string>) =>
    client.post(`${base}/${action}`, body, headers);
  /** An audited entry: stock to work with. */
  const stockUp = async (shopId: number | null, productId: number, quantity: number) => {
    const bill = await entry(shopId, [{ productId, quantity }]);
    expectOk(await act(E, 'audit', { id: bill.id }));
    return bill;
  };

  it('serves every seed call of the stock, product-order and stock/order config areas', async () => {
    const seed: [string, string][] = [
      ['GET', '/api-stock/entry/chain/findListWithPro'],
      ['POST', '/api-stock/entry'],
      ['POST', '/api-stock/entry/audit'],
      ['POST', '/api-stock/entry/revoke'],
      ['POST', '/api-stock/entry/reject'],
      ['GET', '/api-stock/entry/list/all'],
      ['GET', '/api-stock/outproducts/list/all'],
      ['POST', '/api-stock/outproducts/save'],
      ['POST', '/api-stock/outproducts/batchdelete'],
      ['GET', '/api-stock/entryproducts/list/all'],
      ['POST', '/api-stock/entryproducts/save'],
      ['POST', '/api-stock/entryproducts/batchdelete'],
      ['GET', '/api-stock/out/chain/findListWithPro'],
      ['POST', '/api-stock/out'],
      ['POST', '/api-stock/out/audit'],
      ['POST', '/api-stock/out/revoke'],
      ['POST', '/api-stock/out/reject'],
      ['GET', '/api-stock/dictinout/list/all'],
      ['GET', '/api-chain/productorder/list'],
      ['GET', '/api-chain/productorder/adminList'],
      ['GET', '/api-chain/productorder/tree/all'],
      ['POST', '/api-chain/productorder/saveBill'],
      ['POST', '/api-chain/productorder'],
      ['POST', '/api-chain/productorder/submitBill'],
      ['POST', '/api-chain/productorder/rejectBill'],
      ['POST', '/api-chain/productorder/auditBill'],
      ['GET', '/api-stock/orderconfig/sysuser'],
      ['POST', '/api-stock/orderconfig/isAutoNo'],
      ['POST', '/api-stock/orderconfig/isAllowMobile'],
      ['POST', '/api-stock/orderconfig'],
      ['POST', '/api-stock/orderconfig/saveNo'],
      ['GET', '/api-chain/stockconfig/sysuser'],
      ['POST', '/api-chain/stockconfig/save'],
    ];
    for (const [method, url] of seed) expect(t.app.hasRoute({ method: method as 'GET', url }), `${method} ${url}`).toBe(true);
    const bill = await out(s1, [{ productId: p1.id, quantity: 1 }]);
    const lines = expectOk(await a.admin.get('/api-stock/outproducts/list/all', { billId: bill.id }));
    expect(lines.map((l: any) => l.productId)).toEqual([p1.id]);
    expectStatus(await a.admin.get('/api-stock/entryproducts/list/all', { billId: bill.id }), 404);
    expect(expectOk(await a.admin.get(`${O}/list/all`)).length).toBeGreaterThan(0);
  });

  describe('save', () => {
    it('creates a draft with a number, lines at the purchase price, totals and a log row', async () => {
      const bill = await entry(
        s1,
        [
          { productId: p1.id, quantity: 3 },
          { productId: p2.id, quantity: 2, unitCost: 999 },
        ],
        { counterpart: '欧莱雅上海分公司', memo: '月初采购' },
      );
      expect(bill.billNo).toMatch(/^RK\d{8}-\d{4}$/);
      expect(bill).toMatchObject({
        type: '1',
        shopId: s1,
        state: 'draft',
        reasonId: r.purchase,
        reasonName: '采购入库',
        counterpart: '欧莱雅上海分公司',
        totalQuantity: 5,
        totalAmount: 3 * p1.purchasePrice + 2 * 999,
        version: 1,
        editable: true,
        actions: ['audit', 'reject'],
        partner: null,
        order: null,
      });
      expect(bill.billDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(bill.lines.map((l: any) => [l.productId, l.quantity, l.unitCost, l.amount, l.pcode])).toEqual([
        [p1.id, 3, p1.purchasePrice, 3 * p1.purchasePrice, p1.pcode],
        [p2.id, 2, 999, 1998, p2.pcode],
      ]);
      expect(bill.log).toMatchObject([{ action: 'create', fromState: null, toState: 'draft' }]);
      expect(bill).not.toHaveProperty('tenantId');
      const again = expectOk(await a.admin.get(`${E}/${bill.id}`));
      expect(again.billNo).toBe(bill.billNo);
      const lines = expectOk(await a.admin.get('/api-stock/entryproducts/list/all', { billId: bill.id }));
      expect(lines.map((l: any) => l.productId)).toEqual([p1.id, p2.id]);
      const second = await entry(s1, []);
      expect(second.billNo).not.toBe(bill.billNo);
      expect(second.billNo.slice(0, 11)).toBe(bill.billNo.slice(0, 11));
    });

    it('saves warehouse bills (shopId null) and names the warehouse', async () => {
      const bill = await entry(null, [{ productId: p1.id, quantity: 1 }]);
      expect(bill).toMatchObject({ shopId: null, shopName: '总部仓库' });
      const en = expectOk(await a.admin.get(`${E}/${bill.id}`, undefined, EN));
      expect(en.shopName).toBe('Head-office warehouse');
    });

    it('updates a draft: the head is replaced, lines only when sent; a stale version is refused', async () => {
      const bill = await entry(s1, [{ productId: p1.id, quantity: 3 }]);
      const updated = await save(E, { id: bill.id, version: 1, shopId: s2, reasonId: r.returnIn, billDate: '2026-01-15', memo: '改' });
      expect(updated).toMatchObject({ shopId: s2, reasonId: r.returnIn, billDate: '2026-01-15', memo: '改', version: 2, totalQuantity: 3 });
      expect(updated.lines).toHaveLength(1);
      const relined = await save(E, { id: bill.id, shopId: s2, reasonId: r.returnIn, lines: [{ productId: p2.id, quantity: 7 }] });
      expect(relined.lines.map((l: any) => [l.productId, l.quantity])).toEqual([[p2.id, 7]]);
      expect(relined).toMatchObject({ billDate: '2026-01-15', totalQuantity: 7, version: 3 });
      const stale = await a.admin.post(E, { id: bill.id, version: 1, shopId: s2, reasonId: r.returnIn });
      expectStatus(stale, 409);
    });

    it('adds, changes and deletes lines through entryproducts / outproducts', async () => {
      const bill = await out(s1, [{ productId: p1.id, quantity: 1 }]);
      const added = expectOk(
        await a.admin.post('/api-stock/outproducts/save', {
          billId: bill.id,
          version: 1,
          lines: [{ productId: p2.id, quantity: 4, unitCost: 100 }],
        }),
      );
      expect(added).toMatchObject({ billId: bill.id, version: 2, state: 'draft' });
      expect(added.lines.map((l: any) => [l.productId, l.quantity, l.amount])).toEqual([
        [p1.id, 1, p1.purchasePrice],
        [p2.id, 4, 400],
      ]);
      const line2 = added.lines[1].id;
      const changed = expectOk(
        await a.admin.post('/api-stock/outproducts/save', { billId: bill.id, lines: [{ id: line2, productId: p3.id, quantity: 5 }] }),
      );
      expect(changed.lines[1]).toMatchObject({ id: line2, productId: p3.id, quantity: 5, unitCost: p3.purchasePrice });
      // A product may be on a bill once.
      expect400(
        await a.admin.post('/api-stock/outproducts/save', { billId: bill.id, lines: [{ productId: p1.id, quantity: 1 }] }),
        'lines.0.productId',
      );
      expect400(
        await a.admin.post('/api-stock/outproducts/save', {
          billId: bill.id,
          lines: [
            { productId: p2.id, quantity: 1 },
            { productId: p2.id, quantity: 2 },
          ],
        }),
        'lines.1.productId',
      );
      // Lines of another bill, or entries' lines through outproducts, are not found.
      const other = await out(s1, [{ productId: p1.id, quantity: 1 }]);
      expect400(
        await a.admin.post('/api-stock/outproducts/save', {
          billId: bill.id,
          lines: [{ id: other.lines[0].id, productId: p2.id, quantity: 1 }],
        }),
        'lines.0.id',
      );
      expectStatus(
        await a.admin.post('/api-stock/entryproducts/save', { billId: bill.id, lines: [{ productId: p2.id, quantity: 1 }] }),
        404,
      );
      expectStatus(await a.admin.post('/api-stock/entryproducts/batchdelete', { ids: [line2] }), 404);
      expectStatus(
        await a.admin.post('/api-stock/outproducts/save', { billId: bill.id, version: 1, lines: [{ productId: p2.id, quantity: 1 }] }),
        409,
      );

      const deleted = expectOk(await a.admin.post('/api-stock/outproducts/batchdelete', { ids: [line2] }));
      expect(deleted.deleted).toBe(1);
      expect(deleted.bills[0].lines.map((l: any) => l.productId)).toEqual([p1.id]);
      const detail = expectOk(await a.admin.get(`${O}/${bill.id}`));
      expect(detail).toMatchObject({ totalQuantity: 1, totalAmount: p1.purchasePrice, version: 4 });
      expectStatus(await a.admin.post('/api-stock/outproducts/batchdelete', { ids: [line2] }), 404);
    });

    it('refuses bad heads and lines (400)', async () => {
      expect400(await a.admin.post(E, { shopId: s1, lines: [] }), 'reasonId');
      expect400(
        await a.admin.post(E, { shopId: s1, reasonId: r.purchase, lines: [{ productId: p1.id, quantity: 0 }] }),
        'lines.0.quantity',
      );
      expect400(
        await a.admin.post(E, { shopId: s1, reasonId: r.purchase, lines: [{ productId: p1.id, quantity: 1.5 }] }),
        'lines.0.quantity',
      );
      expect400(await a.admin.post(E, { shopId: s1, reasonId: r.purchase, billDate: '2026/01/01' }), 'billDate');
      expect400(await a.admin.post(E, { shopId: s1, reasonId: r.purchase, tenantId: 1 }), 'tenantId');
      expect400(await a.admin.post(E, { reasonId: r.purchase }), 'shopId');
      expect400(
        await a.admin.post(E, { shopId: s1, reasonId: r.purchase, lines: [{ productId: bp.id, quantity: 1 }] }),
        'lines.0.productId',
      );
      expect400(await a.admin.post(E, { shopId: bShop, reasonId: r.purchase }), 'shopId');
      expect400(await a.admin.post(E, { shopId: s1, reasonId: rb.purchase }), 'reasonId');
      // Direction: an out reason on an entry and the other way round.
      const wrong = await a.admin.post(E, { shopId: s1, reasonId: r.use }, EN);
      expect400(wrong, 'reasonId');
      expect(wrong.body.errors?.[0].message).toBe('Choose a stock-in reason');
      expect400(await a.admin.post(O, { shopId: s1, reasonId: r.purchase }), 'reasonId');
      // Transfer entries and order bills are made by the system.
      const system = await a.admin.post(E, { shopId: s1, reasonId: r.transferIn });
      expect400(system, 'reasonId');
      expect(system.body.errors?.[0].message).toContain('调拨入库');
      expect400(await a.admin.post(O, { shopId: s1, reasonId: r.orderOut }), 'reasonId');
      expect400(await a.admin.post(O, { shopId: s1, reasonId: r.transferOut }), 'counterpartShopId');
      expect400(await a.admin.post(O, { shopId: s1, reasonId: r.transferOut, counterpartShopId: s1 }), 'counterpartShopId');
      expect400(await a.admin.post(O, { shopId: null, reasonId: r.transferOut, counterpartShopId: null }), 'counterpartShopId');
      expect400(await a.admin.post(`${E}/reject`, { id: 'x' }), 'id');
    });
  });

  describe('transitions', () => {
    it('audit posts the stock; audited bills are read-only', async () => {
      const before = await balanceOf(t, a, s1, p1.id);
      const bill = await entry(s1, [
        { productId: p1.id, quantity: 10 },
        { productId: p2.id, quantity: 4 },
      ]);
      const audited = expectOk(await act(E, 'audit', { id: bill.id, version: bill.version }));
      expect(audited).toMatchObject({ state: 'audited', version: 2, editable: false, actions: ['revoke'], auditedByName: '系统管理员' });
      expect(audited.auditedAt).toBeTruthy();
      expect(audited.log.map((l: any) => [l.action, l.fromState, l.toState])).toEqual([
        ['create', null, 'draft'],
        ['audit', 'draft', 'audited'],
      ]);
      expect(await balanceOf(t, a, s1, p1.id)).toBe(before + 10);
      const rows = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(stockLedger).where(eq(stockLedger.billId, bill.id)));
      expect(rows.map((x) => [x.docType, x.delta, x.lineId])).toEqual(
        expect.arrayContaining([
          ['stock.entry', 10, bill.lines[0].id],
          ['stock.entry', 4, bill.lines[1].id],
        ]),
      );

      const edit = await a.admin.post(E, { id: bill.id, shopId: s1, reasonId: r.purchase }, EN);
      expectStatus(edit, 409);
      expect(edit.body.resp_msg).toBe('The bill is "Audited" and cannot be changed; revoke it or make a new bill');
      const zh = await a.admin.post('/api-stock/entryproducts/save', { billId: bill.id, lines: [{ productId: p3.id, quantity: 1 }] });
      expectStatus(zh, 409);
      expect(zh.body.resp_msg).toContain('「已审核」');
      expectStatus(await a.admin.post('/api-stock/entryproducts/batchdelete', { ids: [bill.lines[0].id] }), 409);
    });

    it('answers 409 naming the current state for every transition that is not allowed', async () => {
      const draft = await entry(s1, [{ productId: p1.id, quantity: 1 }]);
      const revokeDraft = await act(E, 'revoke', { id: draft.id });
      expectStatus(revokeDraft, 409);
      expect(revokeDraft.body.resp_msg).toBe('单据当前状态为「草稿」，不能撤销');
      const revokeDraftEn = await act(E, 'revoke', { id: draft.id }, a.admin, EN);
      expect(revokeDraftEn.body.resp_msg).toBe('The bill is "Draft"; you cannot revoke it');

      expectOk(await act(E, 'audit', { id: draft.id }));
      for (const [action, zh, en] of [
        ['audit', '单据当前状态为「已审核」，不能审核', 'The bill is "Audited"; you cannot audit it'],
        ['reject', '单据当前状态为「已审核」，不能驳回', 'The bill is "Audited"; you cannot reject it'],
      ]) {
        const res = await act(E, action, { id: draft.id, memo: '原因' });
        expectStatus(res, 409);
        expect(res.body.resp_msg).toBe(zh);
        expect((await act(E, action, { id: draft.id, memo: '原因' }, a.admin, EN)).body.resp_msg).toBe(en);
      }
      expectOk(await act(E, 'revoke', { id: draft.id }));
      for (const action of ['audit', 'reject', 'revoke']) {
        const res = await act(E, action, { id: draft.id, memo: 'x' });
        expectStatus(res, 409);
        expect(res.body.resp_msg).toBe(`单据当前状态为「已撤销」，不能${{ audit: '审核', reject: '驳回', revoke: '撤销' }[action]}`);
      }
      const en = await act(E, 'audit', { id: draft.id }, a.admin, EN);
      expect(en.body.resp_msg).toBe('The bill is "Revoked"; you cannot audit it');

      const rejected = await entry(s1, [{ productId: p1.id, quantity: 1 }]);
      expectOk(await act(E, 'reject', { id: rejected.id, memo: '数量不对' }));
      for (const action of ['audit', 'reject', 'revoke']) {
        const res = await act(E, action, { id: rejected.id, memo: 'x' }, a.admin, EN);
        expectStatus(res, 409);
        expect(res.body.resp_msg).toMatch(/^The bill is "Rejected"; you cannot (audit|reject|revoke) it$/);
      }
      expectStatus(await act(E, 'audit', { id: rejected.id + 100000 }), 404);
    });

    it('rejects with a reason back to the maker, who edits and saves it as a draft again', async () => {
      const bill = await out(s1, [{ productId: p1.id, quantity: 1 }]);
      const noMemo = await act(O, 'reject', { id: bill.id });
      expect400(noMemo, 'memo');
      expect(noMemo.body.errors?.[0].message).toBe('请填写驳回原因');
      expect400(await act(O, 'reject', { id: bill.id, memo: '   ' }), 'memo');
      const rejected = expectOk(await act(O, 'reject', { id: bill.id, memo: '数量填错了' }));
      expect(rejected).toMatchObject({ state: 'rejected', rejectReason: '数量填错了', editable: true, actions: [] });
      const resaved = await save(O, { id: bill.id, shopId: s1, reasonId: r.use, lines: [{ productId: p1.id, quantity: 2 }] });
      expect(resaved).toMatchObject({ state: 'draft', rejectReason: null });
      expect(resaved.log.map((l: any) => [l.action, l.fromState, l.toState, l.memo])).toEqual([
        ['create', null, 'draft', null],
        ['reject', 'draft', 'rejected', '数量填错了'],
        ['edit', 'rejected', 'draft', null],
      ]);
      // Line edits bring a rejected bill back too.
      expectOk(await act(O, 'reject', { id: bill.id, memo: '再改' }));
      const lines = expectOk(
        await a.admin.post('/api-stock/outproducts/save', { billId: bill.id, lines: [{ productId: p2.id, quantity: 1 }] }),
      );
      expect(lines.state).toBe('draft');
    });

    it('revoke posts reversing rows that point to the originals', async () => {
      const bill = await stockUp(s2, p3.id, 6);
      const used = await out(s2, [{ productId: p3.id, quantity: 2 }]);
      expectOk(await act(O, 'audit', { id: used.id }));
      expect(await balanceOf(t, a, s2, p3.id)).toBe(4);
      const revoked = expectOk(await act(O, 'revoke', { id: used.id, memo: '开错了' }));
      expect(revoked).toMatchObject({ state: 'revoked', actions: [], editable: false });
      expect(revoked.log.at(-1)).toMatchObject({ action: 'revoke', fromState: 'audited', toState: 'revoked', memo: '开错了' });
      expect(await balanceOf(t, a, s2, p3.id)).toBe(6);
      const rows = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(stockLedger).where(eq(stockLedger.billId, used.id)));
      const original = rows.find((x) => x.reversesId === null);
      const reversal = rows.find((x) => x.reversesId !== null);
      expect(original).toMatchObject({ delta: -2, docType: 'stock.out' });
      expect(reversal).toMatchObject({ delta: 2, reversesId: original?.id, docType: 'stock.out', lineId: original?.lineId });
      // The entry cannot be revoked below zero... unless negative stock is allowed: here it is fine (6 → 0).
      expectOk(await act(E, 'revoke', { id: bill.id }));
      expect(await balanceOf(t, a, s2, p3.id)).toBe(0);
    });

    it('refuses an out that would go below zero, naming the product and the available quantity', async () => {
      const [p] = await makeProducts(t, a, 1);
      await stockUp(s3, p.id, 5);
      const bill = await out(s3, [{ productId: p.id, quantity: 8 }]);
      const res = await act(O, 'audit', { id: bill.id });
      expectStatus(res, 409);
      expect(res.body.resp_msg).toBe(`「${p.name}」库存不足：可用 5，需要 8`);
      const en = await act(O, 'audit', { id: bill.id }, a.admin, EN);
      expect(en.body.resp_msg).toBe(`Not enough "${p.name}" in stock: 5 available, 8 needed`);
      expect(expectOk(await a.admin.get(`${O}/${bill.id}`)).state).toBe('draft');
      expect(await balanceOf(t, a, s3, p.id)).toBe(5);
      // Revoking an entry whose goods are gone is refused the same way.
      const entry2 = await stockUp(s3, p.id, 3);
      const use = await out(s3, [{ productId: p.id, quantity: 7 }]);
      expectOk(await act(O, 'audit', { id: use.id }));
      const revoke = await act(E, 'revoke', { id: entry2.id });
      expectStatus(revoke, 409);
      expect(revoke.body.resp_msg).toBe(`「${p.name}」库存不足：可用 1，需要 3`);
    });

    it('lets outs go negative when stockconfig allows it', async () => {
      const [p] = await makeProducts(t, a, 1);
      expectOk(await a.admin.post('/api-chain/stockconfig/save', { allowNegative: true }));
      try {
        const bill = await out(s3, [{ productId: p.id, quantity: 4 }]);
        expectOk(await act(O, 'audit', { id: bill.id }));
        expect(await balanceOf(t, a, s3, p.id)).toBe(-4);
        // Back to refusing: a reversal that raises a negative balance still posts.
        expectOk(await a.admin.post('/api-chain/stockconfig/save', { allowNegative: false }));
        const more = await out(s3, [{ productId: p.id, quantity: 1 }]);
        expectStatus(await act(O, 'audit', { id: more.id }), 409);
        expectOk(await act(O, 'revoke', { id: bill.id }));
        expect(await balanceOf(t, a, s3, p.id)).toBe(0);
      } finally {
        await a.admin.post('/api-chain/stockconfig/save', { allowNegative: false });
      }
    });

    it('refuses to audit a bill without lines', async () => {
      const bill = await entry(s1, []);
      const res = await act(E, 'audit', { id: bill.id }, a.admin, EN);
      expectStatus(res, 409);
      expect(res.body.resp_msg).toBe('The bill has no product lines yet');
    });

    it('refuses a stale version on a transition', async () => {
      const bill = await entry(s1, [{ productId: p1.id, quantity: 1 }]);
      expectStatus(await act(E, 'audit', { id: bill.id, version: 7 }), 409);
      expectOk(await act(E, 'audit', { id: bill.id, version: 1 }));
    });
  });

  describe('transfers', () => {
    it('audits an out and creates and audits the matching entry in one go; revoking either revokes both', async () => {
      const [p] = await makeProducts(t, a, 1);
      await stockUp(s1, p.id, 10);
      const bill = await save(O, { shopId: s1, reasonId: r.transferOut, counterpartShopId: s2, lines: [{ productId: p.id, quantity: 4 }] });
      expect(bill).toMatchObject({ counterpartShopId: s2, reasonKind: 'transfer', partner: null });
      const audited = expectOk(await act(O, 'audit', { id: bill.id }));
      expect(audited).toMatchObject({ state: 'audited', transferId: bill.id });
      expect(audited.partner).toMatchObject({ type: '1', state: 'audited' });
      expect(await balanceOf(t, a, s1, p.id)).toBe(6);
      expect(await balanceOf(t, a, s2, p.id)).toBe(4);
      const entryBill = expectOk(await a.admin.get(`${E}/${audited.partner.id}`));
      expect(entryBill).toMatchObject({
        billNo: audited.partner.billNo,
        shopId: s2,
        counterpartShopId: s1,
        transferId: bill.id,
        reasonId: r.transferIn,
        state: 'audited',
        billDate: bill.billDate,
        totalQuantity: 4,
      });
      expect(entryBill.partner).toMatchObject({ id: bill.id, type: '2' });
      expect(entryBill.log.map((l: any) => l.action)).toEqual(['create', 'audit']);

      const revoked = expectOk(await act(E, 'revoke', { id: entryBill.id, memo: '调错门店' }));
      expect(revoked.state).toBe('revoked');
      expect(expectOk(await a.admin.get(`${O}/${bill.id}`))).toMatchObject({ state: 'revoked' });
      expect(await balanceOf(t, a, s1, p.id)).toBe(10);
      expect(await balanceOf(t, a, s2, p.id)).toBe(0);

      // From the out's side, and to the warehouse.
      const toWarehouse = await save(O, {
        shopId: s1,
        reasonId: r.transferOut,
        counterpartShopId: null,
        lines: [{ productId: p.id, quantity: 3 }],
      });
      const done = expectOk(await act(O, 'audit', { id: toWarehouse.id }));
      expect(done.counterpartShopName).toBe('总部仓库');
      expect(await balanceOf(t, a, null, p.id)).toBe(3);
      expectOk(await act(O, 'revoke', { id: toWarehouse.id }));
      expect(expectOk(await a.admin.get(`${E}/${done.partner.id}`)).state).toBe('revoked');
      expect(await balanceOf(t, a, null, p.id)).toBe(0);
      expect(await balanceOf(t, a, s1, p.id)).toBe(10);
    });

    it('does not revoke a transfer whose goods have left the receiving shop', async () => {
      const [p] = await makeProducts(t, a, 1);
      await stockUp(s1, p.id, 5);
      const bill = await save(O, { shopId: s1, reasonId: r.transferOut, counterpartShopId: s3, lines: [{ productId: p.id, quantity: 5 }] });
      const audited = expectOk(await act(O, 'audit', { id: bill.id }));
      const used = await out(s3, [{ productId: p.id, quantity: 2 }]);
      expectOk(await act(O, 'audit', { id: used.id }));
      const res = await act(O, 'revoke', { id: bill.id });
      expectStatus(res, 409);
      expect(res.body.resp_msg).toContain('可用 3，需要 5');
      expect(expectOk(await a.admin.get(`${E}/${audited.partner.id}`)).state).toBe('audited');
      expect(expectOk(await a.admin.get(`${O}/${bill.id}`)).state).toBe('audited');
    });

    it('refuses a transfer out larger than the stock and creates no entry', async () => {
      const [p] = await makeProducts(t, a, 1);
      const bill = await save(O, { shopId: s1, reasonId: r.transferOut, counterpartShopId: s2, lines: [{ productId: p.id, quantity: 1 }] });
      expectStatus(await act(O, 'audit', { id: bill.id }), 409);
      const entries = expectOk(await a.admin.get(`${E}/chain/findListWithPro`, { productId: p.id }));
      expect(entries.total).toBe(0);
    });
  });

  describe('permissions and scope', () => {
    it('403 without the permission of the call or the transition', async () => {
      const managed = { managerShops: [s1, s2, s3] };
      const maker = await createLimitedUser(t, a, { perms: ['stock.entry.view', 'stock.entry.edit'], ...managed });
      const bill = await entry(s1, [{ productId: p1.id, quantity: 1 }], {}, maker.client);
      expect(bill.actions).toEqual([]);
      expectStatus(await act(E, 'audit', { id: bill.id }, maker.client), 403);
      expectStatus(await act(E, 'reject', { id: bill.id, memo: 'x' }, maker.client), 403);
      expectStatus(await maker.client.post('/api-user/inbox/transition', { docType: 'stock.entry', id: bill.id, action: 'audit' }), 403);
      expectStatus(await maker.client.get(`${O}/chain/findListWithPro`), 403);
      expectStatus(await maker.client.post(O, { shopId: s1, reasonId: r.use }), 403);
      expectStatus(await maker.client.get('/api-stock/balance'), 403);
      expectStatus(await maker.client.post('/api-chain/stockconfig/save', { allowNegative: true }), 403);
      const viewer = await createLimitedUser(t, a, { perms: ['stock.entry.view'], ...managed });
      expectStatus(await viewer.client.post(E, { shopId: s1, reasonId: r.purchase }), 403);
      expectStatus(
        await viewer.client.post('/api-stock/entryproducts/save', { billId: bill.id, lines: [{ productId: p2.id, quantity: 1 }] }),
        403,
      );
      const auditor = await createLimitedUser(t, a, { perms: ['stock.entry.view', 'stock.entry.audit'], ...managed });
      const audited = expectOk(await act(E, 'audit', { id: bill.id }, auditor.client));
      expect(audited.actions).toEqual([]);
      expectStatus(await act(E, 'revoke', { id: bill.id }, auditor.client), 403);
      expectStatus(await t.client().get(`${E}/chain/findListWithPro`), 401);
    });

    it("404 for another tenant's bill", async () => {
      const bill = await entry(s1, [{ productId: p1.id, quantity: 1 }]);
      expectStatus(await b.admin.get(`${E}/${bill.id}`), 404);
      expectStatus(await b.admin.post(`${E}/audit`, { id: bill.id }), 404);
      expectStatus(await b.admin.post(E, { id: bill.id, shopId: bShop, reasonId: rb.purchase }), 404);
      expectStatus(await b.admin.get('/api-stock/entryproducts/list/all', { billId: bill.id }), 404);
      expectStatus(await b.admin.post('/api-stock/entryproducts/batchdelete', { ids: [bill.lines[0].id] }), 404);
      expectStatus(await b.admin.post('/api-user/inbox/transition', { docType: 'stock.entry', id: bill.id, action: 'audit' }), 404);
      const list = expectOk(await b.admin.get(`${E}/chain/findListWithPro`, { pageSize: 200 }));
      expect(list.list.map((x: any) => x.id)).not.toContain(bill.id);
      expect(expectOk(await a.admin.get(`${E}/${bill.id}`)).state).toBe('draft');
    });

    it("a shop user works in their shops only: another shop's or the warehouse's bill is not found", async () => {
      const all = ['stock.entry.view', 'stock.entry.edit', 'stock.entry.audit', 'stock.entry.revoke', 'stock.balance.view'];
      const clerk = await createLimitedUser(t, a, { perms: all, loginShops: [s1] });
      const mine = await entry(s1, [{ productId: p1.id, quantity: 2 }], {}, clerk.client);
      const theirs = await entry(s2, [{ productId: p1.id, quantity: 2 }]);
      const warehouse = await entry(null, [{ productId: p1.id, quantity: 2 }]);
      expectOk(await clerk.client.get(`${E}/${mine.id}`));
      expectStatus(await clerk.client.get(`${E}/${theirs.id}`), 404);
      expectStatus(await clerk.client.get(`${E}/${warehouse.id}`), 404);
      expectStatus(await act(E, 'audit', { id: theirs.id }, clerk.client), 404);
      expectStatus(await clerk.client.get('/api-stock/entryproducts/list/all', { billId: theirs.id }), 404);
      expectStatus(await clerk.client.post(E, { shopId: s2, reasonId: r.purchase }), 403);
      expectStatus(await clerk.client.post(E, { shopId: null, reasonId: r.purchase }), 403);
      expectStatus(await clerk.client.post(E, { id: theirs.id, shopId: s1, reasonId: r.purchase }), 404);
      expectStatus(await clerk.client.get(`${E}/chain/findListWithPro`, { shopid: s2 }), 403);
      expectStatus(await clerk.client.get(`${E}/chain/findListWithPro`, { warehouse: 1 }), 403);
      const list = expectOk(await clerk.client.get(`${E}/chain/findListWithPro`, { pageSize: 200 }));
      expect(list.list.length).toBeGreaterThan(0);
      expect(list.list.every((x: any) => x.shopId === s1)).toBe(true);
      const balances = expectOk(await clerk.client.get('/api-stock/balance', { pageSize: 200 }));
      expect(balances.list.every((x: any) => x.shopId === s1)).toBe(true);
      expectStatus(await clerk.client.get('/api-stock/balance/history', { shopId: s2, productId: p1.id }), 403);
      expectOk(await act(E, 'audit', { id: mine.id }, clerk.client));
      // The warehouse needs stock.warehouse.
      const keeper = await createLimitedUser(t, a, { perms: [...all, 'stock.warehouse'], loginShops: [s1] });
      expectOk(await keeper.client.get(`${E}/${warehouse.id}`));
      const kList = expectOk(await keeper.client.get(`${E}/chain/findListWithPro`, { warehouse: 1, pageSize: 200 }));
      expect(kList.list.map((x: any) => x.id)).toContain(warehouse.id);
      expect(kList.list.every((x: any) => x.shopId === null)).toBe(true);
      expectStatus(await keeper.client.get(`${E}/${theirs.id}`), 404);
    });
  });

  describe('lists', () => {
    it('findListWithPro filters by shop, warehouse, dates, state, reason, product and bill no, with lines', async () => {
      const [p, q] = await makeProducts(t, a, 2);
      const one = await entry(s2, [{ productId: p.id, quantity: 1 }], { billDate: '2025-03-01' });
      const two = await entry(
        s2,
        [
          { productId: p.id, quantity: 2 },
          { productId: q.id, quantity: 1 },
        ],
        { billDate: '2025-03-05', reasonId: r.returnIn },
      );
      const three = await entry(null, [{ productId: q.id, quantity: 3 }], { billDate: '2025-03-09' });
      expectOk(await act(E, 'audit', { id: two.id }));
      const find = async (query: Record<string, unknown>) =>
        expectOk(await a.admin.get(`${E}/chain/findListWithPro`, { pageSize: 200, ...query }));
      const ids = (page: any) => page.list.map((x: any) => x.id);

      const byProduct = await find({ productId: p.id });
      expect(ids(byProduct)).toEqual([two.id, one.id]);
      expect(byProduct.total).toBe(2);
      expect(byProduct.list[0].lines.map((l: any) => l.productId)).toEqual([p.id, q.id]);
      expect(ids(await find({ productId: q.id }))).toEqual([three.id, two.id]);
      expect(ids(await find({ productId: q.id, warehouse: 1 }))).toEqual([three.id]);
      expect(ids(await find({ productId: q.id, shopid: s2 }))).toEqual([two.id]);
      expect(ids(await find({ productId: p.id, state: 'audited' }))).toEqual([two.id]);
      expect(ids(await find({ productId: p.id, reasonId: r.returnIn }))).toEqual([two.id]);
      expect(ids(await find({ productId: p.id, dateFrom: '2025-03-02', dateTo: '2025-03-31' }))).toEqual([two.id]);
      expect(ids(await find({ productId: q.id, dateTo: '2025-03-05' }))).toEqual([two.id]);
      expect(ids(await find({ billNo: three.billNo }))).toEqual([three.id]);
      expect(ids(await find({ billNo: three.billNo.slice(-6), productId: q.id }))).toEqual([three.id]);
      const paged = await find({ productId: p.id, pageSize: 1, page: 2 });
      expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(ids(paged)).toEqual([one.id]);
      expect(ids(await find({ productId: p.id, sort: 'billDate' }))).toEqual([one.id, two.id]);
      // Outs are a separate list.
      expect((await a.admin.get(`${O}/chain/findListWithPro`, { productId: p.id })).body.data.total).toBe(0);
      expect400(await a.admin.get(`${E}/chain/findListWithPro`, { state: 'nope' }), 'state');

      const picks = expectOk(await a.admin.get(`${E}/list/all`, { billNo: three.billNo }));
      expect(picks.map((x: any) => x.id)).toEqual([three.id]);
      expect(picks[0]).not.toHaveProperty('lines');
    });

    it('balances carry values and sums; history rows trace to their bills', async () => {
      const [p, q] = await makeProducts(t, a, 2, 500);
      const e1 = await stockUp(s1, p.id, 10);
      await stockUp(s2, p.id, 4);
      await stockUp(s1, q.id, 1);
      const o1 = await out(s1, [{ productId: p.id, quantity: 3 }]);
      expectOk(await act(O, 'audit', { id: o1.id }));
      expectOk(await act(O, 'revoke', { id: o1.id }));
      const o2 = await out(s1, [{ productId: p.id, quantity: 2 }]);
      expectOk(await act(O, 'audit', { id: o2.id }));

      const page = expectOk(await a.admin.get('/api-stock/balance', { keyword: p.pcode }));
      expect(page.list.map((x: any) => [x.shopId, x.quantity, x.value])).toEqual([
        [s1, 8, 8 * 500],
        [s2, 4, 4 * 500],
      ]);
      expect(page.summary).toEqual({ quantity: 12, value: 12 * 500 });
      expect(page.list[0]).toMatchObject({ productId: p.id, pcode: p.pcode, productName: p.name, unit: '瓶', purchasePrice: 500 });
      const one = expectOk(await a.admin.get('/api-stock/balance', { shopid: s1, productId: q.id }));
      expect(one.list.map((x: any) => [x.shopId, x.productId, x.quantity, x.value])).toEqual([[s1, q.id, 1, 600]]);
      expect(expectOk(await a.admin.get('/api-stock/balance', { shopId: s2, keyword: p.pcode })).total).toBe(1);

      const history = expectOk(await a.admin.get('/api-stock/balance/history', { shopId: s1, productId: p.id }));
      expect(history.list.map((x: any) => [x.docType, x.billNo, x.delta, x.balance])).toEqual([
        ['stock.out', o2.billNo, -2, 8],
        ['stock.out', o1.billNo, 3, 10],
        ['stock.out', o1.billNo, -3, 7],
        ['stock.entry', e1.billNo, 10, 10],
      ]);
      expect(history.list[0]).toMatchObject({
        link: `/admin/stock/outs/${o2.id}`,
        billId: o2.id,
        reasonName: '领用出库',
        shopName: expect.any(String),
      });
      expect(history.list[1].reversesId).toBe(history.list[2].id);
      expect(history.list[3].link).toBe(`/admin/stock/entries/${e1.id}`);
      const everywhere = expectOk(await a.admin.get('/api-stock/balance/history', { productId: p.id }));
      expect(everywhere.total).toBe(5);
      expect400(await a.admin.get('/api-stock/balance/history', { shopid: s1 }), 'productId');
    });
  });

  describe('settings and reasons', () => {
    it('stockconfig: defaults, partial saves, auto audit for users who may audit', async () => {
      const fresh = await t.tenant();
      expect(expectOk(await fresh.admin.get('/api-chain/stockconfig/sysuser'))).toEqual({ allowNegative: false, autoAudit: false });
      expect(expectOk(await fresh.admin.post('/api-chain/stockconfig/save', { autoAudit: true }))).toEqual({
        allowNegative: false,
        autoAudit: true,
      });
      expect(expectOk(await fresh.admin.post('/api-chain/stockconfig/save', { allowNegative: true }))).toEqual({
        allowNegative: true,
        autoAudit: true,
      });
      expect(expectOk(await a.admin.get('/api-chain/stockconfig/sysuser'))).toEqual({ allowNegative: false, autoAudit: false });
      expect400(await fresh.admin.post('/api-chain/stockconfig/save', { allowNegative: 'yes' }), 'allowNegative');

      expectOk(await a.admin.post('/api-chain/stockconfig/save', { autoAudit: true }));
      try {
        const [p] = await makeProducts(t, a, 1);
        const now = await entry(s1, [{ productId: p.id, quantity: 2 }]);
        expect(now.state).toBe('audited');
        expect(await balanceOf(t, a, s1, p.id)).toBe(2);
        const empty = await entry(s1, []);
        expect(empty.state).toBe('draft');
        const maker = await createLimitedUser(t, a, { perms: ['stock.entry.view', 'stock.entry.edit'], managerShops: [s1] });
        expect((await entry(s1, [{ productId: p.id, quantity: 1 }], {}, maker.client)).state).toBe('draft');
      } finally {
        expectOk(await a.admin.post('/api-chain/stockconfig/save', { autoAudit: false }));
      }
    });

    it('dictinout: reasons with direction and kind; a used reason cannot be deleted', async () => {
      const all = expectOk(await a.admin.get('/api-stock/dictinout/list/all'));
      expect(all.find((x: any) => x.name === '调拨出库')).toMatchObject({ direction: 2, kind: 'transfer', status: 1 });
      expect(all.filter((x: any) => x.direction === 1).map((x: any) => x.name)).toEqual(
        expect.arrayContaining(['采购入库', '调拨入库', '退货入库', '盘盈', '订货入库']),
      );
      const page = expectOk(await a.admin.get('/api-stock/dictinout/list', { direction: 2, pageSize: 200 }));
      expect(page.list.every((x: any) => x.direction === 2)).toBe(true);
      const created = expectOk(
        await a.admin.post('/api-stock/dictinout/save', { code: 'CK90', name: '赠送出库', direction: 2, kind: 'other' }),
      );
      expect(created).toMatchObject({ direction: 2, kind: 'other' });
      expect400(await a.admin.post('/api-stock/dictinout/save', { code: 'CK91', name: '错', direction: 3 }), 'direction');
      expect400(await a.admin.post('/api-stock/dictinout/save', { code: 'CK92', name: '错', direction: 2, kind: 'gift' }), 'kind');
      const gift = await out(s1, [], { reasonId: created.id });
      expect(gift.reasonName).toBe('赠送出库');
      const del = await a.admin.del(`/api-stock/dictinout/${created.id}`);
      expectStatus(del, 409);
      const unused = expectOk(await a.admin.post('/api-stock/dictinout/save', { code: 'CK93', name: '临时', direction: 2 }));
      expectOk(await a.admin.del(`/api-stock/dictinout/${unused.id}`));
    });
  });
});
