import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeMember, uniq } from './assets-support.js';
import { build, XLSX } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const LIST = '/api-member/servicerecords/list/log';
const CHAIN = '/api-member/servicerecords/chain/list/log';
const DETAIL = '/api-member/servicerecords/log/detail';
const SAVE = '/api-member/servicerecords/log/save';
const REVIEWS = '/api-member/servicerecords/chain/memServicelogList';
const REVIEWS_EXPORT = '/api-member/servicerecords/chain/memServicelogExport';
const REVIEW_SAVE = '/api-member/servicerecords/review/save';
const REVIEW_REPLY = '/api-member/servicerecords/review/reply';
const COUPON_RECORDS = '/api-member/couponinfo/chain/list/records';
const ENVELOPE_RECORDS = '/api-member/redenvelopeinfo/chain/list/records';
const PERMS = [
  'servicelogs.log.view',
  'servicelogs.log.edit',
  'servicelogs.review.view',
  'servicelogs.review.edit',
  'servicelogs.review.reply',
  'servicelogs.usage.view',
];

describe('service logs, customer reviews and the use of coupons and red envelopes', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 12_000, productPrice: 3_000 });
  const f2 = await tillFixture(t, a, s2, { servicePrice: 8_000 });
  const member = await makeMember(t, a, s1);
  const setupOf = async (shopid: number) => ok(await a.admin.get(`${P}/checkout/setup`, { shopid }));
  const cashOf = async (shopid: number) =>
    (await setupOf(shopid)).payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;

  /** A settled bill of the member: the service (served by the fixture's first employee) and, at s1, the product (by the second). */
  const settled = async (shopId: number, o: { product?: boolean; payments?: unknown[] } = {}) => {
    const f = shopId === s1 ? f1 : f2;
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId, memberId: member.id }));
    const lines: unknown[] = [
      { kind: 'service', itemId: f.service.id, num: 1, staff: [{ employeeId: f.staff[0].id, station: 1, appointed: true }] },
    ];
    if (o.product)
      lines.push({ kind: 'product', itemId: f.product.id, num: 1, staff: [{ employeeId: f.staff[1].id, station: 1, appointed: false }] });
    const bill = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    const payments = o.payments ?? [{ payTypeId: await cashOf(shopId), amount: bill.amount }];
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, key()));
  };
  const revoke = async (id: number) => ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id, hcMemo: '顾客不满意' }));
  const rowOf = async (billNo: string, query: Record<string, unknown> = {}) =>
    ok(await a.admin.get(CHAIN, { keyword: billNo, ...query })).list.find((r: { billNo: string }) => r.billNo === billNo);

  const billA = await settled(s1, { product: true });
  const billB = await settled(s2);

  it('lists a settled bill as 未填写 until its log is written, then with what was written; a later save needs the version', async () => {
    const day = billA.businessDate;
    const before = await rowOf(billA.billNo, { dateFrom: day, dateTo: day });
    expect(before).toMatchObject({
      billId: billA.id,
      shopId: s1,
      memberId: member.id,
      memberName: member.name,
      mobile: member.mobile,
      items: f1.service.name,
      staffNames: f1.staff[0].name,
      logState: 1,
      logId: null,
      content: null,
      suggested: [],
      photos: [],
    });
    expect(await rowOf(billA.billNo, { logState: 2 })).toBeUndefined();
    const returnAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const saved = ok(
      await a.admin.post(SAVE, {
        billId: billA.id,
        content: '发质偏干，烫后需护理',
        problem: '发尾分叉',
        suggestedServiceIds: [f1.service.id, f2.service.id],
        photos: ['/files/a/1.png', '/files/a/2.png'],
        returnState: 1,
        returnAt,
        rebook: 3,
      }),
    );
    expect(saved).toMatchObject({
      billId: billA.id,
      logState: 2,
      content: '发质偏干，烫后需护理',
      problem: '发尾分叉',
      suggested: [
        { id: f1.service.id, name: f1.service.name },
        { id: f2.service.id, name: f2.service.name },
      ],
      photos: ['/files/a/1.png', '/files/a/2.png'],
      returnState: 1,
      returnAt,
      rebook: 3,
      version: 1,
    });
    expect(saved.editedByName).toBeTruthy();
    expect(await rowOf(billA.billNo, { logState: 1 })).toBeUndefined();
    expect((await rowOf(billA.billNo, { logState: 2, returnState: 1 }))?.logId).toBe(saved.logId);
    // 服务人员: who served the service, not who sold the product.
    expect(await rowOf(billA.billNo, { employeeId: f1.staff[0].id })).toBeDefined();
    expect(await rowOf(billA.billNo, { employeeId: f1.staff[1].id })).toBeUndefined();
    // 编辑时间 today, 回访时间 the return day; another day finds nothing.
    expect(await rowOf(billA.billNo, { editFrom: day, editTo: day })).toBeDefined();
    expect(await rowOf(billA.billNo, { editTo: '2020-01-01' })).toBeUndefined();
    expect(await rowOf(billA.billNo, { visitFrom: '2020-01-01', visitTo: '2020-01-02' })).toBeUndefined();
    expect(await rowOf(billA.billNo, { visitFrom: day })).toBeDefined();
    // A member's logs, and a shop's.
    const mine = ok(await a.admin.get(LIST, { memid: member.id }));
    expect(mine.list.map((r: { billNo: string }) => r.billNo)).toEqual(expect.arrayContaining([billA.billNo, billB.billNo]));
    expect(ok(await a.admin.get(LIST, { shopid: s2, keyword: billA.billNo })).list).toEqual([]);
    const none = await a.admin.get(LIST, {});
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]).toMatchObject({ path: 'memid', message: '请选择会员、门店或服务人员' });
    // Changing it: without the version it read, 409; with it, the next version, the photos replaced.
    const stale = await a.admin.post(SAVE, { billId: billA.id, content: '改' });
    expect(stale.status).toBe(409);
    const changed = ok(
      await a.admin.post(SAVE, { billId: billA.id, version: 1, content: '改为护理', photos: ['/files/a/3.png'], rebook: 1 }),
    );
    expect(changed).toMatchObject({ version: 2, content: '改为护理', problem: null, suggested: [], photos: ['/files/a/3.png'], rebook: 1 });
    const detail = ok(await a.admin.get(DETAIL, { billId: billA.id }));
    expect(detail.log).toEqual(changed);
    expect(detail.review).toBeNull();
  });

  it('refuses bad input with messages: an empty log, a fourth photo, an unknown service, a reversed range, a rating of 4', async () => {
    const empty = await a.admin.post(SAVE, { billId: billB.id, content: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0].path).toBe('content');
    const photos = await a.admin.post(SAVE, { billId: billB.id, content: 'x', photos: ['/a', '/b', '/c', '/d'] });
    expect(photos.status).toBe(400);
    expect(photos.body.errors?.[0].path).toBe('photos');
    const unknown = await a.admin.post(SAVE, { billId: billB.id, content: 'x', suggestedServiceIds: [99_999_999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]).toMatchObject({ path: 'suggestedServiceIds', message: '铺垫项目中有不存在的项目' });
    const range = await a.admin.get(CHAIN, { dateFrom: '2026-03-02', dateTo: '2026-03-01' });
    expect(range.status).toBe(400);
    expect(range.body.errors?.[0]).toMatchObject({ path: 'dateTo', message: '结束日期不能早于开始日期' });
    const rate = await a.admin.post(REVIEW_SAVE, { billId: billB.id, employeeId: f2.staff[0].id, rate: 4 });
    expect(rate.status).toBe(400);
    expect(rate.body.errors?.[0].path).toBe('rate');
  });

  it('a revoked bill is listed nowhere and takes no log or review (409)', async () => {
    const bill = await settled(s1);
    ok(await a.admin.post(SAVE, { billId: bill.id, content: '写于撤单前' }));
    await revoke(bill.id);
    expect(await rowOf(bill.billNo)).toBeUndefined();
    const log = await a.admin.post(SAVE, { billId: bill.id, version: 1, content: '撤单后' });
    expect(log.status).toBe(409);
    expect(log.body.resp_msg).toBe(`单据 ${bill.billNo} 已撤单，不能填写日志或评价`);
    const review = await a.admin.post(REVIEW_SAVE, { billId: bill.id, employeeId: f1.staff[0].id, rate: 1 });
    expect(review.status).toBe(409);
    expect((await a.admin.get(DETAIL, { billId: bill.id })).status).toBe(404);
    // An open bill: not settled yet.
    const open = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId: member.id }));
    const early = await a.admin.post(SAVE, { billId: open.id, content: '未结账' });
    expect(early.status).toBe(409);
    expect(early.body.resp_msg).toBe(`单据 ${open.billNo} 尚未结账，不能填写日志或评价`);
    ok(await a.admin.post(`${P}/checkout/void`, { id: open.id, reason: '测试' }));
  });

  it('records a review of one who served the bill, lists and exports it, and takes the shop’s reply', async () => {
    const notServed = await a.admin.post(REVIEW_SAVE, { billId: billA.id, employeeId: f1.staff[1].id, rate: 1 });
    expect(notServed.status).toBe(400);
    expect(notServed.body.errors?.[0]).toMatchObject({ path: 'employeeId', message: '点评对象须是为本单服务的员工' });
    const review = ok(await a.admin.post(REVIEW_SAVE, { billId: billA.id, employeeId: f1.staff[0].id, rate: 1, comment: '很满意' }));
    expect(review).toMatchObject({
      billId: billA.id,
      billNo: billA.billNo,
      memberName: member.name,
      mobile: member.mobile,
      shopId: s1,
      items: f1.service.name,
      staffNames: f1.staff[0].name,
      employeeId: f1.staff[0].id,
      employeeName: f1.staff[0].name,
      rate: 1,
      comment: '很满意',
      replied: false,
      reply: null,
    });
    const twice = await a.admin.post(REVIEW_SAVE, { billId: billA.id, employeeId: f1.staff[0].id, rate: 3 });
    expect(twice.status).toBe(409);
    expect(twice.body.resp_msg).toBe(`单据 ${billA.billNo} 已有顾客评价`);
    const day = billA.businessDate;
    const listed = ok(await a.admin.get(REVIEWS, { keyword: member.mobile, dateFrom: day, dateTo: day }));
    expect(listed.list.map((r: { id: number }) => r.id)).toEqual([review.id]);
    expect(ok(await a.admin.get(REVIEWS, { keyword: member.mobile, rate: 3 })).list).toEqual([]);
    expect(ok(await a.admin.get(REVIEWS, { keyword: member.mobile, shopid: s2 })).list).toEqual([]);
    const replied = ok(await a.admin.post(REVIEW_REPLY, { id: review.id, reply: '感谢您的认可' }));
    expect(replied).toMatchObject({ replied: true, reply: '感谢您的认可' });
    expect(ok(await a.admin.get(DETAIL, { billId: billA.id })).review.id).toBe(review.id);
    const file = await a.admin.get(REVIEWS_EXPORT, { keyword: member.mobile });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['单号', '整体评价', '是否已回复']));
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining([billA.billNo, '好评', '很满意', '是']));
    expect(sheet.rowCount).toBe(2);
  });

  it('lists where coupons and red envelopes were used, from the till’s payments; a revoked bill’s use is gone', async () => {
    const holder = await makeMember(t, a, s1);
    const coupon = ok(
      await a.admin.post('/api-chain/couponinfo/add', {
        code: `YHQ${uniq()}`,
        name: `代金券${uniq()}`,
        couponType: 1,
        value: 2_000,
        timeType: 2,
        validDays: 30,
      }),
    );
    const envelope = ok(
      await a.admin.post('/api-chain/redenvelopeinfo', {
        code: `HB${uniq()}`,
        name: `红包${uniq()}`,
        money: 1_500,
        timeType: 2,
        validDays: 15,
      }),
    );
    const issue = async (kind: string, definitionId: number, count = 1) =>
      ok(await a.admin.post('/api-member/membercoupon/issue', { memberId: holder.id, shopId: s2, kind, definitionId, count }, key()));
    const [c1, c2] = await issue('coupon', coupon.id, 2);
    const [r1] = await issue('redEnvelope', envelope.id);
    const cash = await cashOf(s1);
    const pay = async (items: { id: number; amount: number }[]) => {
      const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId: holder.id }));
      const bill = ok(
        await a.admin.post(`${P}/checkout/lines`, {
          id: opened.id,
          version: opened.version,
          lines: [
            { kind: 'service', itemId: f1.service.id, num: 1, staff: [{ employeeId: f1.staff[0].id, station: 1, appointed: false }] },
          ],
        }),
      );
      const spent = items.reduce((s, i) => s + i.amount, 0);
      const payments = [
        ...items.map((i) => ({ memberCouponId: i.id, amount: i.amount })),
        { payTypeId: cash, amount: bill.amount - spent },
      ];
      return ok(await a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, key()));
    };
    const used = await pay([{ id: c1.id, amount: 2_000 }]);
    const withEnvelope = await pay([{ id: r1.id, amount: 1_500 }]);
    const revoked = await pay([{ id: c2.id, amount: 2_000 }]);
    await revoke(revoked.id);
    const coupons = ok(await a.admin.get(COUPON_RECORDS, { keyword: holder.mobile }));
    expect(coupons.list).toHaveLength(1);
    expect(coupons.list[0]).toMatchObject({
      memberCouponId: c1.id,
      code: c1.code,
      definitionName: coupon.name,
      memberId: holder.id,
      memberName: holder.name,
      faceValue: 2_000,
      amount: 2_000,
      issuedShopName: expect.any(String),
      billId: used.id,
      billNo: used.billNo,
      shopId: s1,
      businessDate: used.businessDate,
    });
    expect(coupons.sum).toEqual({ count: 1, amount: 2_000 });
    const envelopes = ok(await a.admin.get(ENVELOPE_RECORDS, { keyword: holder.mobile }));
    expect(envelopes.list.map((r: { billNo: string; amount: number }) => [r.billNo, r.amount])).toEqual([[withEnvelope.billNo, 1_500]]);
    expect(envelopes.sum).toEqual({ count: 1, amount: 1_500 });
    expect(ok(await a.admin.get(COUPON_RECORDS, { keyword: holder.mobile, shopid: s2 })).list).toEqual([]);
    expect(ok(await a.admin.get(COUPON_RECORDS, { keyword: c1.code, dateTo: '2020-01-01' })).list).toEqual([]);
  });

  it('401 without a token, 403 without the right, 404 for another tenant, and a shop user sees and writes only their shops’ records', async () => {
    expect((await t.client('nope').get(CHAIN)).status).toBe(401);
    const noRight = await createLimitedUser(t, a, { perms: ['servicelogs.usage.view'], loginShops: [s1] });
    expect((await noRight.client.get(CHAIN)).status).toBe(403);
    expect((await noRight.client.post(SAVE, { billId: billA.id, content: 'x' })).status).toBe(403);
    expect((await noRight.client.get(REVIEWS)).status).toBe(403);
    const viewOnly = await createLimitedUser(t, a, { perms: ['servicelogs.log.view'], loginShops: [s1] });
    expect((await viewOnly.client.post(SAVE, { billId: billA.id, content: 'x' })).status).toBe(403);
    // Another tenant's admin: the bill does not exist for them.
    expect((await b.admin.get(DETAIL, { billId: billA.id })).status).toBe(404);
    expect((await b.admin.post(SAVE, { billId: billA.id, content: 'x' })).status).toBe(404);
    expect((await b.admin.post(REVIEW_SAVE, { billId: billA.id, employeeId: f1.staff[0].id, rate: 1 })).status).toBe(404);
    expect(ok(await b.admin.get(CHAIN, { keyword: billA.billNo })).list).toEqual([]);
    // A user of s2 with every right of the module.
    const s2User = await createLimitedUser(t, a, { perms: PERMS, loginShops: [s2] });
    const theirs = ok(await s2User.client.get(CHAIN, { keyword: member.mobile }));
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    expect(theirs.list.map((r: { billNo: string }) => r.billNo)).toContain(billB.billNo);
    expect((await s2User.client.get(CHAIN, { shopid: s1 })).status).toBe(403);
    expect((await s2User.client.get(DETAIL, { billId: billA.id })).status).toBe(404);
    expect((await s2User.client.post(SAVE, { billId: billA.id, version: 2, content: '别店' })).status).toBe(404);
    const review = ok(await a.admin.get(REVIEWS, { keyword: member.mobile })).list[0];
    expect((await s2User.client.post(REVIEW_REPLY, { id: review.id, reply: '别店回复' })).status).toBe(404);
    expect(ok(await s2User.client.get(REVIEWS, { keyword: member.mobile })).list).toEqual([]);
    expect(ok(await s2User.client.get(COUPON_RECORDS)).list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    // Their own shop's bill they may write.
    expect(ok(await s2User.client.post(SAVE, { billId: billB.id, content: '本店日志' })).content).toBe('本店日志');
    expect(ok(await a.admin.get(DETAIL, { billId: billA.id })).log.content).toBe('改为护理');
  });
});
