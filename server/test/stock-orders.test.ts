import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { signToken } from '../src/platform/auth.js';
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

const P = '/api-chain/productorder';
const M = '/api-stock/orderconfig';

describe('shop product orders and the approvals inbox', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  await ensureStockMenus(t, a);
  await ensureStockMenus(t, b);
  const r = await ensureReasons(t, a);
  const [s1, s2, s3] = await shopIds(t, a);
  const [p1, p2] = await makeProducts(t, a, 2);

  afterEach(() => expectLedgerConsistent(t, [a, b]));

  const shopPerms = [
    'stock.order.view',
    'stock.order.edit',
    'stock.order.submit',
    'stock.order.receive',
    'inbox.view',
    'stock.balance.view',
  ];
  const hqPerms = ['stock.order.view', 'stock.order.audit', 'inbox.view', 'stock.balance.view', 'stock.warehouse'];
  const shopUser = await createLimitedUser(t, a, { perms: shopPerms, loginShops: [s1] });
  const otherShop = await createLimitedUser(t, a, { perms: shopPerms, loginShops: [s2] });
  const hq = await createLimitedUser(t, a, { perms: hqPerms, managerShops: [s1, s2, s3] });

  /** Warehouse stock through an audited entry. */
  const warehouseStock = async (productId: number, quantity: number) => {
    const bill = expectOk(await a.admin.post('/api-stock/entry', { shopId: null, reasonId: r.purchase, lines: [{ productId, quantity }] }));
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: bill.id }));
  };
  const order = async (
    client: Client,
    shopId: number,
    lines: { productId: number; quantity: number; price?: number }[],
    path = `${P}/saveBill`,
  ) => expectOk(await client.post(path, { shopId, lines }));
  const act = (client: Client, path: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    client.post(`${P}/${path}`, body, headers);
  const inboxOf = async (client: Client) => expectOk(await client.get('/api-user/inbox')) as any[];
  const waiting = async (client: Client, docType: string) => (await inboxOf(client)).find((g) => g.docType === docType)?.items ?? [];

  it('the demo chain has stock, bills in every state and an order waiting in the inbox', async () => {
    const orders = (await inboxOf(a.admin)).find((g) => g.docType === 'stock.order');
    expect(orders.items.some((i: any) => i.state === 'submitted' && i.actions.includes('audit'))).toBe(true);
    const states = new Set(
      [
        ...expectOk(await a.admin.get('/api-stock/entry/chain/findListWithPro', { pageSize: 200 })).list,
        ...expectOk(await a.admin.get('/api-stock/out/chain/findListWithPro', { pageSize: 200 })).list,
      ].map((x: any) => x.state),
    );
    expect([...states].sort()).toEqual(['audited', 'draft', 'rejected']);
    const balances = expectOk(await a.admin.get('/api-stock/balance', { warehouse: 1, nonZero: 1 }));
    expect(balances.total).toBeGreaterThan(5);
    expect(balances.summary.value).toBeGreaterThan(0);
    const received = expectOk(await a.admin.get(`${P}/adminList`, { state: 'received' }));
    expect(received.total).toBe(1);
    const transfers = expectOk(await a.admin.get('/api-stock/out/chain/findListWithPro', { reasonId: r.transferOut }));
    expect(transfers.list[0]).toMatchObject({ state: 'audited', transferId: transfers.list[0].id });
  });

  it('walks an order from the shop to head office and back: submit, audit from the inbox, receive', async () => {
    await warehouseStock(p1.id, 20);
    await warehouseStock(p2.id, 5);
    const draft = await order(shopUser.client, s1, [
      { productId: p1.id, quantity: 6 },
      { productId: p2.id, quantity: 2, price: 300 },
    ]);
    expect(draft.billNo).toMatch(/^DH\d{8}-\d{4}$/);
    expect(draft).toMatchObject({
      shopId: s1,
      state: 'draft',
      totalQuantity: 8,
      totalAmount: 6 * p1.purchasePrice + 600,
      actions: ['submit'],
      editable: true,
      outBillId: null,
      entryBillId: null,
    });
    expect(draft.lines.map((l: any) => [l.productId, l.quantity, l.price])).toEqual([
      [p1.id, 6, p1.purchasePrice],
      [p2.id, 2, 300],
    ]);
    expect((await waiting(hq.client, 'stock.order')).map((i: any) => i.id)).not.toContain(draft.id);

    const submitted = expectOk(await act(shopUser.client, 'submitBill', { id: draft.id, version: draft.version }));
    expect(submitted).toMatchObject({ state: 'submitted', actions: [], editable: false });
    expectStatus(await shopUser.client.post(`${P}/saveBill`, { id: draft.id, shopId: s1, lines: [] }), 409);

    // Head office sees it in the inbox, with the counts of the menu badge.
    const counts = expectOk(await hq.client.get('/api-user/inbox/counts'));
    expect(counts.total).toBeGreaterThanOrEqual(1);
    expect(counts.byType.find((g: any) => g.docType === 'stock.order').count).toBeGreaterThanOrEqual(1);
    const group = (await inboxOf(hq.client)).find((g) => g.docType === 'stock.order');
    expect(group).toMatchObject({ label: ['订货单', 'Product order'], memoRequired: ['reject'] });
    expect(group.actionLabels.audit).toEqual(['审核', 'audit']);
    const item = group.items.find((i: any) => i.id === draft.id);
    expect(item).toMatchObject({
      billNo: draft.billNo,
      state: 'submitted',
      actions: ['audit', 'reject'],
      link: `/admin/stock/orders/${draft.id}`,
      totalQuantity: 8,
    });
    expect(item.shopName).toBeTruthy();
    // The shop user has nothing to approve for this order yet.
    expect((await waiting(shopUser.client, 'stock.order')).map((i: any) => i.id)).not.toContain(draft.id);

    const before = await balanceOf(t, a, null, p1.id);
    const approved = expectOk(
      await hq.client.post('/api-user/inbox/transition', { docType: 'stock.order', id: draft.id, action: 'audit', version: item.version }),
    );
    expect(approved).toMatchObject({ docType: 'stock.order', id: draft.id, state: 'audited', billNo: draft.billNo });
    expect(await balanceOf(t, a, null, p1.id)).toBe(before - 6);
    const sent = expectOk(await hq.client.get(`${P}/${draft.id}`));
    expect(sent.state).toBe('audited');
    expect(sent.outBillNo).toMatch(/^CK/);
    const outBill = expectOk(await a.admin.get(`/api-stock/out/${sent.outBillId}`));
    expect(outBill).toMatchObject({
      shopId: null,
      counterpartShopId: s1,
      orderId: draft.id,
      state: 'audited',
      reasonId: r.orderOut,
      totalQuantity: 8,
    });
    expect(outBill.order).toMatchObject({ id: draft.id, billNo: draft.billNo });
    expect((await waiting(hq.client, 'stock.order')).map((i: any) => i.id)).not.toContain(draft.id);

    // Now the shop has a receipt to confirm.
    const toReceive = await waiting(shopUser.client, 'stock.order');
    expect(toReceive.find((i: any) => i.id === draft.id)).toMatchObject({ actions: ['receive'] });
    expect((await waiting(otherShop.client, 'stock.order')).map((i: any) => i.id)).not.toContain(draft.id);
    const shopBefore = await balanceOf(t, a, s1, p1.id);
    const received = expectOk(await act(shopUser.client, 'receiveBill', { id: draft.id }));
    expect(received).toMatchObject({ state: 'received', actions: [] });
    expect(received.entryBillNo).toMatch(/^RK/);
    expect(await balanceOf(t, a, s1, p1.id)).toBe(shopBefore + 6);
    expect(await balanceOf(t, a, s1, p2.id)).toBeGreaterThanOrEqual(2);
    expect(received.log.map((l: any) => [l.action, l.toState])).toEqual([
      ['create', 'draft'],
      ['submit', 'submitted'],
      ['audit', 'audited'],
      ['receive', 'received'],
    ]);
    const entryBill = expectOk(await a.admin.get(`/api-stock/entry/${received.entryBillId}`));
    expect(entryBill).toMatchObject({
      shopId: s1,
      orderId: draft.id,
      reasonId: r.orderIn,
      state: 'audited',
      counterpartShopName: '总部仓库',
    });

    // Bills made by an order are revoked only with it.
    const revoke = await a.admin.post('/api-stock/entry/revoke', { id: entryBill.id });
    expectStatus(revoke, 409);
    expect(revoke.body.resp_msg).toBe(`该单据由订货单 ${draft.billNo} 生成，不能单独撤销`);
    expectStatus(await a.admin.post('/api-stock/out/revoke', { id: outBill.id }), 409);
    expect(outBill.actions).toEqual([]);

    // A received order is final.
    for (const [path, zh, en] of [
      ['submitBill', '提交', 'submit'],
      ['auditBill', '审核', 'audit'],
      ['rejectBill', '驳回', 'reject'],
      ['receiveBill', '确认收货', 'receive'],
    ]) {
      const res = await act(a.admin, path, { id: draft.id, memo: '再试' });
      expectStatus(res, 409);
      expect(res.body.resp_msg).toBe(`单据当前状态为「已收货」，不能${zh}`);
      expect((await act(a.admin, path, { id: draft.id, memo: '再试' }, EN)).body.resp_msg).toBe(
        `The bill is "Received"; you cannot ${en} it`,
      );
    }
    expectStatus(await a.admin.post(`${P}/saveBill`, { id: draft.id, shopId: s1 }), 409);
  });

  it('answers 409 naming the state for transitions that are not allowed', async () => {
    const draft = await order(shopUser.client, s1, [{ productId: p1.id, quantity: 1 }]);
    const early = await act(a.admin, 'auditBill', { id: draft.id });
    expectStatus(early, 409);
    expect(early.body.resp_msg).toBe('单据当前状态为「草稿」，不能审核');
    const receive = await act(a.admin, 'receiveBill', { id: draft.id }, EN);
    expect(receive.body.resp_msg).toBe('The bill is "Draft"; you cannot receive it');
    expectOk(await act(shopUser.client, 'submitBill', { id: draft.id }));
    const again = await act(shopUser.client, 'submitBill', { id: draft.id });
    expectStatus(again, 409);
    expect(again.body.resp_msg).toBe('单据当前状态为「待审核」，不能提交');
    expectStatus(await act(shopUser.client, 'receiveBill', { id: draft.id }), 409);
  });

  it('rejects with a reason; the shop edits (back to draft) and submits again', async () => {
    const draft = await order(shopUser.client, s1, [{ productId: p1.id, quantity: 100 }]);
    expectOk(await act(shopUser.client, 'submitBill', { id: draft.id }));
    expect400(await act(hq.client, 'rejectBill', { id: draft.id }), 'memo');
    const rejected = expectOk(
      await hq.client.post('/api-user/inbox/transition', { docType: 'stock.order', id: draft.id, action: 'reject', memo: '数量太多' }),
    );
    expect(rejected.state).toBe('rejected');
    const seen = expectOk(await shopUser.client.get(`${P}/${draft.id}`));
    expect(seen).toMatchObject({ state: 'rejected', rejectReason: '数量太多', editable: true, actions: [] });
    const edited = expectOk(await shopUser.client.post(P, { id: draft.id, shopId: s1, lines: [{ productId: p1.id, quantity: 10 }] }));
    expect(edited).toMatchObject({ state: 'draft', rejectReason: null, totalQuantity: 10 });
    expect(edited.log.map((l: any) => l.action)).toEqual(['create', 'submit', 'reject', 'edit']);
    // An update without lines keeps them.
    const kept = expectOk(await shopUser.client.post(P, { id: draft.id, shopId: s1, memo: '加急' }));
    expect(kept).toMatchObject({ memo: '加急', totalQuantity: 10 });
    expect(kept.lines).toHaveLength(1);
    expectOk(await act(shopUser.client, 'submitBill', { id: draft.id }));
  });

  it('refuses to send more than the warehouse holds; the order stays submitted', async () => {
    const [p] = await makeProducts(t, a, 1);
    await warehouseStock(p.id, 2);
    const draft = await order(shopUser.client, s1, [{ productId: p.id, quantity: 3 }]);
    expectOk(await act(shopUser.client, 'submitBill', { id: draft.id }));
    const res = await act(hq.client, 'auditBill', { id: draft.id });
    expectStatus(res, 409);
    expect(res.body.resp_msg).toBe(`「${p.name}」库存不足：可用 2，需要 3`);
    expect(expectOk(await hq.client.get(`${P}/${draft.id}`))).toMatchObject({ state: 'submitted', outBillId: null });
    expect(await balanceOf(t, a, null, p.id)).toBe(2);
  });

  it('refuses an empty order, other shops, other tenants and missing rights', async () => {
    const empty = await order(shopUser.client, s1, []);
    const res = await act(shopUser.client, 'submitBill', { id: empty.id }, EN);
    expectStatus(res, 409);
    expect(res.body.resp_msg).toBe('The order has no products yet');
    expectStatus(await shopUser.client.post(`${P}/saveBill`, { shopId: s2, lines: [] }), 403);
    const theirs = await order(otherShop.client, s2, [{ productId: p1.id, quantity: 1 }]);
    expectStatus(await shopUser.client.get(`${P}/${theirs.id}`), 404);
    expectStatus(await act(shopUser.client, 'submitBill', { id: theirs.id }), 404);
    expectStatus(await b.admin.get(`${P}/${theirs.id}`), 404);
    expectStatus(await act(b.admin, 'submitBill', { id: theirs.id }), 404);
    expectStatus(await act(shopUser.client, 'auditBill', { id: theirs.id }), 403);
    expectStatus(await act(hq.client, 'submitBill', { id: theirs.id }), 403);
    expectStatus(await hq.client.post(`${P}/saveBill`, { shopId: s1, lines: [] }), 403);
    expectStatus(await shopUser.client.get(`${P}/adminList`, { shopid: s2 }), 403);
    expect400(await shopUser.client.post(`${P}/saveBill`, { shopId: s1, lines: [{ productId: p1.id, quantity: -1 }] }), 'lines.0.quantity');
    expect400(
      await shopUser.client.post(`${P}/saveBill`, { shopId: s1, lines: [{ productId: 999999999, quantity: 1 }] }),
      'lines.0.productId',
    );
    expect400(await shopUser.client.post(`${P}/saveBill`, { shopId: s1, state: 'audited' }), 'state');
    expectStatus(await shopUser.client.post('/api-user/inbox/transition', { docType: 'no.such', id: theirs.id, action: 'audit' }), 404);
    expectStatus(
      await shopUser.client.post('/api-user/inbox/transition', { docType: 'stock.order', id: empty.id, action: 'explode' }),
      404,
    );
  });

  it('lists: a shop its own, head office all (with region filter), the region tree with counts by state', async () => {
    const mine = await order(shopUser.client, s1, [{ productId: p2.id, quantity: 1 }]);
    const theirs = await order(otherShop.client, s2, [{ productId: p2.id, quantity: 1 }]);
    expectOk(await act(otherShop.client, 'submitBill', { id: theirs.id }));

    const own = expectOk(await shopUser.client.get(`${P}/list`, { shopid: s1, pageSize: 200 }));
    expect(own.list.every((o: any) => o.shopId === s1)).toBe(true);
    expect(own.list.map((o: any) => o.id)).toContain(mine.id);
    const ownAll = expectOk(await shopUser.client.get(`${P}/list`, { pageSize: 200 }));
    expect(ownAll.list.map((o: any) => o.id)).not.toContain(theirs.id);
    expectStatus(await shopUser.client.get(`${P}/list`, { shopid: s2 }), 403);

    const admin = expectOk(await hq.client.get(`${P}/adminList`, { pageSize: 200 }));
    expect(admin.list.map((o: any) => o.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(admin.list[0].lines.length).toBeGreaterThan(0);
    const submitted = expectOk(await hq.client.get(`${P}/adminList`, { state: 'submitted', pageSize: 200 }));
    expect(submitted.list.every((o: any) => o.state === 'submitted')).toBe(true);
    expect(submitted.list.map((o: any) => o.id)).toContain(theirs.id);
    const byNo = expectOk(await hq.client.get(`${P}/adminList`, { billNo: theirs.billNo }));
    expect(byNo.list.map((o: any) => o.id)).toEqual([theirs.id]);
    const region = admin.list.find((o: any) => o.id === theirs.id).regionId;
    const inRegion = expectOk(await hq.client.get(`${P}/adminList`, { regionId: region, pageSize: 200 }));
    expect(inRegion.list.every((o: any) => o.regionId === region)).toBe(true);

    const tree = expectOk(await hq.client.get(`${P}/tree/all`)) as any[];
    const shopsOf = (nodes: any[]): any[] => nodes.flatMap((n) => [...n.shops, ...shopsOf(n.children)]);
    const s2Node = shopsOf(tree).find((s) => s.id === s2);
    const s2Orders = expectOk(await hq.client.get(`${P}/adminList`, { shopid: s2, pageSize: 200 })).list;
    expect(s2Node.counts.total).toBe(s2Orders.length);
    expect(s2Node.counts.submitted).toBe(s2Orders.filter((o: any) => o.state === 'submitted').length);
    const totalAll = tree.reduce((sum, n) => sum + n.counts.total, 0);
    expect(totalAll).toBe(expectOk(await hq.client.get(`${P}/adminList`)).total);
    const shopTree = expectOk(await shopUser.client.get(`${P}/tree/all`)) as any[];
    expect(shopsOf(shopTree).map((s) => s.id)).toEqual([s1]);
  });

  it('product-order settings: numbering on/off, number rule, mobile orders', async () => {
    const fresh = await t.tenant({ demo: true });
    await ensureStockMenus(t, fresh);
    const [shop] = await shopIds(t, fresh);
    const [p] = await makeProducts(t, fresh, 1);
    expect(expectOk(await fresh.admin.get(`${M}/sysuser`))).toEqual({ isAutoNo: true, isAllowMobile: true, noPrefix: 'DH', noWidth: 4 });
    expect(expectOk(await fresh.admin.post(`${M}/saveNo`, { noPrefix: 'SO', noWidth: 5 }))).toMatchObject({ noPrefix: 'SO', noWidth: 5 });
    const auto = expectOk(await fresh.admin.post(`${P}/saveBill`, { shopId: shop, lines: [{ productId: p.id, quantity: 1 }] }));
    expect(auto.billNo).toMatch(/^SO\d{8}-\d{5}$/);
    expect400(await fresh.admin.post(`${M}/saveNo`, { noPrefix: 'so1', noWidth: 5 }), 'noPrefix');

    expect(expectOk(await fresh.admin.post(`${M}/isAutoNo`, { isAutoNo: false })).isAutoNo).toBe(false);
    expect400(await fresh.admin.post(`${P}/saveBill`, { shopId: shop, lines: [] }), 'billNo');
    const manual = expectOk(await fresh.admin.post(`${P}/saveBill`, { shopId: shop, billNo: 'MAN-001', lines: [] }));
    expect(manual.billNo).toBe('MAN-001');
    const dup = await fresh.admin.post(`${P}/saveBill`, { shopId: shop, billNo: 'MAN-001', lines: [] });
    expectStatus(dup, 409);
    const renamed = expectOk(await fresh.admin.post(P, { id: manual.id, shopId: shop, billNo: 'MAN-002' }));
    expect(renamed.billNo).toBe('MAN-002');

    expect(expectOk(await fresh.admin.post(`${M}/isAllowMobile`, { isAllowMobile: false })).isAllowMobile).toBe(false);
    // A token of the mobile application may no longer save or submit orders.
    const me = expectOk(await fresh.admin.get('/api-user/me')).user;
    const [row] = await inTenant(t.database.db, fresh.tenantId, (tx) =>
      tx.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, me.id)),
    );
    const mobile = t.client(
      await signToken(t.app.secret, { userId: me.id, tenantId: fresh.tenantId, appId: 'mobile', tokenVersion: row.tv }),
    );
    const refused = await mobile.post(`${P}/saveBill`, { shopId: shop, billNo: 'MOB-1', lines: [] }, EN);
    expectStatus(refused, 403);
    expect(refused.body.resp_msg).toBe('Head office does not take orders from the mobile app; please use a computer');
    expectStatus(await mobile.post(`${P}/submitBill`, { id: renamed.id }), 403);
    expectOk(await mobile.get(`${P}/list`));
    expectOk(await fresh.admin.post(`${M}/isAllowMobile`, { isAllowMobile: true }));
    expectOk(await mobile.post(`${P}/saveBill`, { shopId: shop, billNo: 'MOB-2', lines: [] }));
    expectOk(await fresh.admin.post(`${M}/isAllowMobile`, { isAllowMobile: false }));
    const all = expectOk(await fresh.admin.post(M, { isAutoNo: true, isAllowMobile: false, noPrefix: 'DH', noWidth: 4 }));
    expect(all).toEqual({ isAutoNo: true, isAllowMobile: false, noPrefix: 'DH', noWidth: 4 });
    expect(expectOk(await fresh.admin.get(`${M}/sysuser`))).toEqual(all);
    expect(expectOk(await a.admin.get(`${M}/sysuser`)).noPrefix).toBe('DH');
    const limited = await createLimitedUser(t, fresh, { perms: ['stock.order.view'] });
    expectStatus(await limited.client.post(`${M}/isAutoNo`, { isAutoNo: true }), 403);
    expectOk(await limited.client.get(`${M}/sysuser`));
    expect400(await fresh.admin.post(`${M}/isAutoNo`, { isAutoNo: 'yes' }), 'isAutoNo');
  });
});
