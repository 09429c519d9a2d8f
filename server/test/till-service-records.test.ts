import { SERVICE_DOC, serviceBill } from '@headoffice/contract';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { billLogs } from '../src/db/schema.js';
import { periodLocks } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier/servicerecords';

describe("head office's service bills, served from their point-of-sale definition", async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.tenant();
  const [s1, s2] = await shopIds(t, a);
  const fx1 = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_000 });
  const fx2 = await tillFixture(t, a, s2, { servicePrice: 8_000 });

  /** A walk-in bill of the shop with one service, settled in cash by head office's admin. */
  async function settled(shopId: number, serviceId: number, num = 1) {
    const setup = ok(await a.admin.get('/api-cashier/checkout/setup', { shopid: shopId }));
    const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
    const opened = ok(await a.admin.post('/api-cashier/checkout/open', { shopId }));
    const bill = ok(
      await a.admin.post('/api-cashier/checkout/lines', {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'service', itemId: serviceId, num, staff: [] }],
      }),
    );
    return ok(
      await a.admin.post(
        '/api-cashier/checkout/settle',
        { id: bill.id, version: bill.version, payments: [{ payTypeId: cash, amount: bill.amount }] },
        key(),
      ),
    );
  }

  const first = await settled(s1, fx1.service.id, 2);
  const second = await settled(s1, fx1.service.id);
  const theirs = await settled(s2, fx2.service.id);
  const open = ok(await a.admin.post('/api-cashier/checkout/open', { shopId: s1 }));
  const day = first.businessDate as string;

  it('lists settled bills under the declared filters, with the sums of every matching bill, not only the page', async () => {
    const page = ok(await a.admin.get(`${P}/chain/list`, { shopid: s1, dateFrom: day, dateTo: day, pageSize: 1 }));
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ id: second.id, state: 'settled', shopName: expect.any(String) });
    expect(page.sum).toEqual({
      count: 2,
      listTotal: first.listTotal + second.listTotal,
      discountTotal: first.discountTotal + second.discountTotal,
      amount: first.amount + second.amount,
    });
    // An open bill is no settled one; another shop's bill is not in shop 1's list.
    const ids = ok(await a.admin.get(`${P}/chain/list`, { dateFrom: day, dateTo: day, pageSize: 200 })).list.map(
      (r: { id: number }) => r.id,
    );
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id, theirs.id]));
    expect(ids).not.toContain(open.id);
    const byNumber = ok(await a.admin.get(`${P}/chain/list`, { keyword: first.billNo }));
    expect(byNumber.list.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const byTag = ok(await a.admin.get(`${P}/chain/list`, { shopid: s1, dateFrom: day, dateTo: day, keyword: String(first.handTag) }));
    expect(byTag.list.map((r: { id: number }) => r.id)).toContain(first.id);
    const before = ok(await a.admin.get(`${P}/chain/list`, { shopid: s1, dateTo: '2000-01-01' }));
    expect(before.sum).toEqual({ count: 0, listTotal: 0, discountTotal: 0, amount: 0 });
    const sorted = ok(await a.admin.get(`${P}/chain/list`, { shopid: s1, dateFrom: day, dateTo: day, sort: 'amount' }));
    expect(sorted.list.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect((await a.admin.get(`${P}/chain/list`, { isHc: 2 })).status).toBe(400);
  });

  it('exports the list under its filters with the columns the definition lists', async () => {
    const res = await a.admin.get(`${P}/pageAll`, { shopid: s1, dateFrom: day, dateTo: day });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const columns = Object.values(serviceBill.headFields).filter((f) => f.column);
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(columns.map((f) => f.label[0]));
    expect(sheet.getColumn(1).values.slice(2)).toEqual(expect.arrayContaining([first.billNo, second.billNo]));
    expect(sheet.getColumn(1).values.slice(2)).not.toContain(theirs.billNo);
  });

  it('a user of shop 2 sees only its bills: 403 for a filter naming shop 1, 404 for its bill; another tenant gets 404', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    const mine = ok(await viewer.client.get(`${P}/chain/list`, { dateFrom: day, dateTo: day }));
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect(mine.sum.count).toBe(1);
    expect((await viewer.client.get(`${P}/chain/list`, { shopid: s1 })).status).toBe(403);
    expect((await viewer.client.get(`${P}/pageAll`, { shopid: s1 })).status).toBe(403);
    expect((await viewer.client.get(`${P}/detail/${first.id}`)).status).toBe(404);
    expect(ok(await viewer.client.get(`${P}/detail/${theirs.id}`)).actions).toEqual([]);
    expect((await viewer.client.post(`${P}/chain/revoke`, { id: theirs.id, hcMemo: '无权' })).status).toBe(403);
    expect((await other.admin.get(`${P}/detail/${first.id}`)).status).toBe(404);
    expect((await other.admin.post(`${P}/chain/revoke`, { id: first.id, hcMemo: '别家' })).status).toBe(404);
  });

  it("撤单 in a closed period of the bill's shop is refused by the platform's guard, naming the period", async () => {
    const period = day.slice(0, 7);
    const lock = () =>
      inTenant(t.database.db, a.tenantId, (tx) =>
        tx.insert(periodLocks).values({ tenantId: a.tenantId, lock: 'close', kind: 'month', period, shopId: s1 }),
      );
    const unlock = () =>
      inTenant(t.database.db, a.tenantId, (tx) =>
        tx.delete(periodLocks).where(and(eq(periodLocks.period, period), eq(periodLocks.shopId, s1))),
      );
    await lock();
    try {
      const refused = await a.admin.post(`${P}/chain/revoke`, { id: first.id, hcMemo: '月已结' });
      expect(refused.status).toBe(409);
      expect(refused.body.resp_msg).toBe(`${period} 已结账，不能新增、修改或审核该期间的单据`);
      expect(ok(await a.admin.get(`${P}/detail/${first.id}`)).state).toBe('settled');
    } finally {
      await unlock();
    }
  });

  it('the detail has the lines, the bill log and 撤单 on offer; 撤单 needs its reason, is logged and leaves the bill revoked', async () => {
    const detail = ok(await a.admin.get(`${P}/detail/${second.id}`));
    expect(detail).toMatchObject({ state: 'settled', actions: ['revoke'], editable: false });
    expect(detail.lines).toHaveLength(1);
    expect(detail.log.map((r: { action: string }) => r.action)).toEqual(['open', 'settle']);
    expect((await a.admin.post(`${P}/chain/revoke`, { id: second.id })).status).toBe(400);
    const revoked = ok(await a.admin.post(`${P}/chain/revoke`, { id: second.id, hcMemo: '顾客投诉' }));
    expect(revoked).toMatchObject({ state: 'revoked', isHc: 1, hcMemo: '顾客投诉', actions: [] });
    expect(revoked.log.at(-1)).toMatchObject({ action: 'revoke', fromState: 'settled', toState: 'revoked', memo: '顾客投诉' });
    const logged = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(billLogs)
        .where(and(eq(billLogs.docType, SERVICE_DOC), eq(billLogs.billId, second.id)))
        .orderBy(asc(billLogs.id)),
    );
    expect(logged.map((r) => r.action)).toEqual(['open', 'settle', 'revoke']);
    // The list keeps a revoked bill, named by its state; the revoke filter finds it.
    const onlyRevoked = ok(await a.admin.get(`${P}/chain/list`, { shopid: s1, dateFrom: day, dateTo: day, isHc: 1 }));
    expect(onlyRevoked.list.map((r: { id: number; state: string }) => [r.id, r.state])).toEqual([[second.id, 'revoked']]);
    const again = await a.admin.post(`${P}/chain/revoke`, { id: second.id, hcMemo: '再次' });
    expect(again.status).toBe(409);
  });
});
