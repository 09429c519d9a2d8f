import { SERVICE_DOC, serviceBill, TILL_PATHS } from '@headoffice/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billLogs } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = serviceBill.basePath;
const revoke = `${P}/${serviceBill.actions?.revoke.path}`;
const preview = `${P}/${serviceBill.actions?.revoke.preview}`;
const detail = (id: number) => `${P}/detail/${id}`;

describe('撤单: preset reasons, what it will reverse, who revoked when and why', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_000 });
  const setupOf = async (shopId: number) => ok(await a.admin.get(TILL_PATHS.setup, { shopid: shopId }));
  const payOf = async (shopId: number, code: string) =>
    (await setupOf(shopId)).payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const [cash, wechat] = [await payOf(s1, '01'), await payOf(s1, '23')];

  async function settled(
    shopId: number,
    memberId: number | undefined,
    lines: Record<string, unknown>[],
    payments: (amount: number) => unknown[],
  ) {
    const opened = ok(await a.admin.post(TILL_PATHS.open, { shopId, memberId }));
    const bill = ok(await a.admin.post(TILL_PATHS.lines, { id: opened.id, version: opened.version, lines }));
    return ok(await a.admin.post(TILL_PATHS.settle, { id: bill.id, version: bill.version, payments: payments(bill.amount) }, key()));
  }
  const logOf = (billId: number) =>
    inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({ action: billLogs.action, memo: billLogs.memo })
        .from(billLogs)
        .where(and(eq(billLogs.docType, SERVICE_DOC), eq(billLogs.billId, billId)))
        .orderBy(asc(billLogs.id)),
    );

  it('says what a 撤单 will undo (card money to its bucket, stock, performance) and what to refund by hand (the WeChat part)', async () => {
    const { member, cardId, cardNo } = await memberWithCard(t, a, s1, 100_000);
    const bill = await settled(
      s1,
      member.id,
      [
        { kind: 'service', itemId: fx.service.id, num: 1, staff: [{ employeeId: fx.staff[0].id, station: 1, appointed: true }] },
        { kind: 'product', itemId: fx.product.id, num: 2 },
      ],
      (amount) => [
        { cardId, amount: 5_000 },
        { payTypeId: wechat, amount: amount - 5_000 },
      ],
    );
    const said = ok(await a.admin.get(preview, { id: bill.id }));
    const shopName = bill.shopName as string;
    expect(said.undone).toEqual(
      expect.arrayContaining([
        { what: ['储值卡本金退回', 'Card principal paid back'], detail: `${cardNo} · ${shopName}`, amount: 5_000 },
        { what: ['商品退回库存', 'Products back in stock'], detail: `${fx.product.name} ×2`, amount: null },
        { what: ['员工业绩冲销', 'Staff performance reversed'], detail: fx.staff[0].name, amount: expect.any(Number) },
      ]),
    );
    expect(said.byHand).toEqual([
      { what: ['需手工退还顾客', 'To be refunded to the customer by hand'], detail: '微信', amount: bill.amount - 5_000 },
    ]);
    // It writes nothing; once revoked there is nothing left to revoke.
    expect(ok(await a.admin.get(detail(bill.id))).state).toBe('settled');
    ok(await a.admin.post(revoke, { id: bill.id, hcReason: 'customerCancelled' }));
    const again = await a.admin.get(preview, { id: bill.id });
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toBe('单据当前状态为「已撤单」，不能撤单');
  });

  it('a cash-only bill of a walk-in: the cash is refunded by hand, nothing of a card', async () => {
    const bill = await settled(s1, undefined, [{ kind: 'service', itemId: fx.service.id, num: 1 }], (amount) => [
      { payTypeId: cash, amount },
    ]);
    const said = ok(await a.admin.get(preview, { id: bill.id }));
    expect(said.undone.some((i: { what: string[] }) => i.what[0].includes('储值卡'))).toBe(false);
    expect(said.byHand).toEqual([
      { what: ['需手工退还顾客', 'To be refunded to the customer by hand'], detail: '人民币', amount: bill.amount },
    ]);
  });

  it('takes a preset reason, with or without a note; 其他 needs the note; neither is a 400; the bill shows who, when and why', async () => {
    const bill = await settled(s1, undefined, [{ kind: 'service', itemId: fx.service.id, num: 1 }], (amount) => [
      { payTypeId: cash, amount },
    ]);
    const none = await a.admin.post(revoke, { id: bill.id });
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]).toMatchObject({ path: 'hcMemo', message: '请选择撤单原因或写明原因' });
    const otherBare = await a.admin.post(revoke, { id: bill.id, hcReason: 'other' });
    expect(otherBare.status).toBe(400);
    expect(otherBare.body.errors?.[0]).toMatchObject({ path: 'hcMemo', message: '撤单原因为“其他”时，请写明原因' });
    expect((await a.admin.post(revoke, { id: bill.id, hcReason: 'forgot' })).status).toBe(400);
    const revoked = ok(await a.admin.post(revoke, { id: bill.id, hcReason: 'wrongAmount', hcMemo: '多收 10 元' }));
    expect(revoked).toMatchObject({ state: 'revoked', hcReason: 'wrongAmount', hcMemo: '多收 10 元', hcByName: '系统管理员' });
    expect(Date.parse(revoked.hcAt)).toBeGreaterThan(Date.parse(bill.settledAt) - 1);
    expect((await logOf(bill.id)).at(-1)).toEqual({ action: 'revoke', memo: '录错金额：多收 10 元' });
    // The list row says it too.
    const row = ok(await a.admin.get(`${P}/${serviceBill.paths.list[0]}`, { keyword: bill.billNo, isHc: 1 })).list[0];
    expect(row).toMatchObject({ hcReason: 'wrongAmount', hcByName: '系统管理员' });
    // The till's own view of the bill as well.
    expect(ok(await a.admin.get(TILL_PATHS.bill(bill.id)))).toMatchObject({ hcReason: 'wrongAmount', hcByName: '系统管理员' });
  });

  it('a preset alone is the reason, in the language of the request', async () => {
    const bill = await settled(s1, undefined, [{ kind: 'service', itemId: fx.service.id, num: 1 }], (amount) => [
      { payTypeId: cash, amount },
    ]);
    const res = await a.admin.post(revoke, { id: bill.id, hcReason: 'duplicate' }, { 'accept-language': 'en-US' });
    expect(ok(res)).toMatchObject({ hcReason: 'duplicate', hcMemo: null });
    expect((await logOf(bill.id)).at(-1)).toEqual({ action: 'revoke', memo: 'Entered twice' });
  });

  it('preview: 401, 403 without the revoke right, 404 for another shop’s bill to a user of one shop and for another tenant, 400 without an id', async () => {
    const bill = await settled(s1, undefined, [{ kind: 'service', itemId: fx.service.id, num: 1 }], (amount) => [
      { payTypeId: cash, amount },
    ]);
    expect((await t.client().get(preview, { id: bill.id })).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: [`${serviceBill.perm}.view`], loginShops: [s1] });
    expect((await viewer.client.get(preview, { id: bill.id })).status).toBe(403);
    const revoker = await createLimitedUser(t, a, { perms: [`${serviceBill.perm}.view`, `${serviceBill.perm}.revoke`], loginShops: [s2] });
    expect((await revoker.client.get(preview, { id: bill.id })).status).toBe(404);
    const mine = await createLimitedUser(t, a, { perms: [`${serviceBill.perm}.view`, `${serviceBill.perm}.revoke`], loginShops: [s1] });
    expect(ok(await mine.client.get(preview, { id: bill.id })).byHand).toHaveLength(1);
    expect((await other.admin.get(preview, { id: bill.id })).status).toBe(404);
    expect((await a.admin.get(preview, {})).status).toBe(400);
  });
});
