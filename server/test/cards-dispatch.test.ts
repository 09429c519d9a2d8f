import { describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers.js';
import { EN, expect400, expectOk, expectStatus, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const t: TestApp = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const shopsOfA = await shopIds(t, a);
const shopsOfB = await shopIds(t, b);
const D = '/api-member/carddispatchhead';
const line = (shopId: number, startNo: string, endNo: string) => ({ shopId, startNo, endNo });

describe('physical card dispatch bills', () => {
  it('saves ranges with their counts, lists, audits, and deletes only unaudited bills by GET', async () => {
    const bill = expectOk(
      await a.admin.post(`${D}/saveBill`, {
        lines: [line(shopsOfA[0], '00010001', '00010100'), line(shopsOfA[1], '00010101', '00010150')],
      }),
    );
    expect(bill).toMatchObject({ state: 'draft', totalCount: 150 });
    expect(bill.lines.map((l: { count: number }) => l.count)).toEqual([100, 50]);
    expect(bill.billNo).toMatch(/^FB/);
    const page = expectOk(await a.admin.get(D, { cardNo: '00010120' }));
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([bill.id]);
    expect(expectOk(await a.admin.get(`${D}/list/all`)).map((r: { id: number }) => r.id)).toContain(bill.id);
    const audited = expectOk(await a.admin.post(`${D}/auditBill`, { id: bill.id }));
    expect(audited).toMatchObject({ state: 'audited', editable: false });
    expectStatus(await a.admin.get(`${D}/deleteBill/${bill.id}`), 409);
    const draft = expectOk(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '00020001', '00020010')] }));
    expectStatus(await b.admin.get(`${D}/deleteBill/${draft.id}`), 404);
    expectOk(await a.admin.get(`${D}/deleteBill/${draft.id}`));
    expectStatus(await a.admin.get(`${D}/getDetail/${draft.id}`), 404);
    expectStatus(await t.client().get(D), 401);
  });

  it('refuses overlapping ranges on one bill (400) and against other bills (409), naming the numbers', async () => {
    const own = await a.admin.post(`${D}/saveBill`, {
      lines: [line(shopsOfA[0], '30000001', '30000100'), line(shopsOfA[1], '30000050', '30000200')],
    });
    expect400(own, 'lines.1.startNo');
    expect(own.body.errors?.[0].message).toContain('30000050–30000100');
    const first = expectOk(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '31000001', '31000100')] }));
    const clash = await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[1], '31000090', '31000200')] }, EN);
    expectStatus(clash, 409);
    expect(clash.body.resp_msg).toBe(`Card numbers 31000090–31000100 are already on dispatch bill ${first.billNo}`);
    // Another width is another card number.
    expectOk(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[1], '031000090', '031000200')] }));
    // Editing a bill does not clash with its own ranges.
    expectOk(await a.admin.post(`${D}/saveBill`, { id: first.id, lines: [line(shopsOfA[0], '31000001', '31000120')] }));
    expect400(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '1', '22')] }), 'lines.0.endNo');
    expect400(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '1', '999999')] }), 'lines.0.endNo');
    expect400(await a.admin.post(`${D}/saveBill`, { lines: [] }), 'lines');
    // Another tenant's shop is no shop of this one: the line names it, as any reference that is not there.
    expect400(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfB[0], '32000001', '32000002')] }), 'lines.0.shopId');
  });

  it('checks the ranges again at audit: two drafts that both passed cannot both be issued', async () => {
    const one = expectOk(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '40000001', '40000010')] }));
    // A second draft made before the first took the numbers (as two saves at once would leave them).
    const two = expectOk(await a.admin.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '40000011', '40000020')] }));
    await t.database.db.execute(
      `update card_dispatch_lines set start_no = '40000005', end_no = '40000020' where dispatch_id = ${two.id} and tenant_id = ${a.tenantId}` as never,
    );
    const refused = await a.admin.post(`${D}/auditBill`, { id: two.id });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain(one.billNo);
    expect(expectOk(await a.admin.get(`${D}/getDetail/${two.id}`)).state).toBe('draft');
  });

  it('a user limited to one shop may not dispatch cards to another shop', async () => {
    const user = await createLimitedUser(t, a, { perms: ['cards.dispatch.view', 'cards.dispatch.edit'], managerShops: [shopsOfA[0]] });
    expectStatus(await user.client.post(`${D}/saveBill`, { lines: [line(shopsOfA[1], '50000001', '50000002')] }), 403);
    expectOk(await user.client.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '50000001', '50000002')] }));
    const viewer = await createLimitedUser(t, a, { perms: ['cards.dispatch.view'] });
    expectStatus(await viewer.client.post(`${D}/saveBill`, { lines: [line(shopsOfA[0], '50000003', '50000004')] }), 403);
  });
});
