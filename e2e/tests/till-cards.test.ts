import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, findMember, openBill, pick, quiet, saveLines, settleAtTill, tillMember, tillShop } from '../support.js';

const running = productAndBrowser();
const MEMBER_MOBILE = '13800138001';

test('the till opens a card for a member; head office finds it among the card bills and opens a batch of cards', async () => {
  const { context, page, api } = await adminSession(running);
  const { shops, setup } = await tillShop(api);
  // A running activity of the shop giving a coupon and a red envelope on any card money (first by priority, alone).
  const [coupon] = (await api('/api-chain/couponinfo/list/all')).filter((c: { couponType: number }) => c.couponType === 1);
  const [envelope] = await api('/api-chain/redenvelopeinfo/list/all');
  const activity = await api('/api-chain/mktactivinfo/saveMktactiv', {
    name: '开卡送券',
    kind: 2,
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    shopIds: [shops[0].id],
    priority: 99,
    combinable: 0,
    rules: [
      {
        condition: { type: 'recharge', amount: 100, cumulative: false },
        gifts: [
          { type: 'coupon', id: coupon.id, count: 1 },
          { type: 'redEnvelope', id: envelope.id, count: 1 },
        ],
      },
    ],
  });
  await api('/api-chain/mktactivinfo/updateStatus', { id: activity.id, status: 2 });
  assert.ok(setup.cardTypes.length > 0, 'the demo shop sells card types');
  const type = setup.cardTypes[0];
  const amount = Math.max(type.openAmount, 100_000);
  const member = await tillMember(api, shops[0].id, MEMBER_MOBILE);
  const cardsBefore = member.cards.length;

  // ---- 开卡 at the till, paid in cash
  await page.goto(`${running.server.url}/cashier`);
  await findMember(page, MEMBER_MOBILE, member.name);
  await openBill(page);
  await page.getByTestId('till-add-card-open').click();
  await pick(page, page.getByTestId('till-line-item-0'), type.name);
  await page.getByTestId('till-line-amount-0').fill(String(amount / 100));
  await saveLines(page);
  await pick(page, page.getByTestId('till-pay-type-0'), '人民币');
  await shot(page, 'till-card-open');
  await settleAtTill(page);
  const after = await tillMember(api, shops[0].id, MEMBER_MOBILE);
  assert.equal(after.cards.length, cardsBefore + 1);

  // ---- head office: the bill among the card bills, its detail shows the card
  const listed = await api('/api-cashier/cardrecords/chain/admin/cardRecordsList?pageSize=5');
  assert.ok(listed.total >= 1);
  await page.goto(`${running.server.url}/admin/cashier/cardrecords`);
  await page.getByTestId('records-sum').waitFor();
  await quiet(page);
  await page.locator('.ant-table-row', { hasText: listed.list[0].billNo }).first().waitFor();
  await page.locator('.ant-table-row', { hasText: listed.list[0].billNo }).first().getByText(listed.list[0].billNo).click();
  await page.getByText('新开的卡').waitFor();
  // The activity's coupon and red envelope given by the bill, listed on its detail.
  const gifts = page.locator('.ho-bill-gifts');
  await gifts.getByText('本单活动赠送').waitFor();
  assert.equal(await gifts.locator('.ant-table-row').count(), 2);
  await gifts.locator('.ant-table-row', { hasText: '开卡送券' }).first().waitFor();
  await quiet(page);
  await shot(page, 'till-card-bill-detail');
  // 撤销活动: the card's activity gift and the bill's coupon and red envelope are taken back.
  await page.getByRole('button', { name: '撤销活动' }).click();
  await page.getByLabel('撤销原因').fill('活动规则录错');
  await page.locator('.ant-modal-footer .ant-btn-dangerous').click();
  await page.getByText('活动赠送已撤回').waitFor();
  await gifts.getByText('已收回').first().waitFor();
  assert.equal(await gifts.getByText('已收回').count(), 2);
  await quiet(page);
  await page.locator('.ho-bill-gifts').scrollIntoViewIfNeeded();
  await shot(page, 'till-card-bill-gifts');
  await api('/api-chain/mktactivinfo/updateStatus', { id: activity.id, status: 4 });

  // ---- the member page lists them with the activity and the bill that gave them
  await page.goto(`${running.server.url}/admin/assets/cards`);
  const memberPane = page.locator('.ho-page:visible');
  await memberPane.getByPlaceholder('手机号 / 尾号 4 位 / 卡号 / 会员编号 / 姓名').fill(MEMBER_MOBILE);
  await memberPane.getByRole('button', { name: /查\s*询/ }).click();
  const given = memberPane.locator('.ho-member-coupons .ant-table-row', { hasText: listed.list[0].billNo });
  await given.first().waitFor();
  assert.equal(await given.count(), 2);
  assert.match((await given.first().textContent()) ?? '', /已收回.*活动赠送 开卡送券/);
  await quiet(page);
  await given.first().scrollIntoViewIfNeeded();
  await shot(page, 'till-card-member-gifts');

  // ---- 批量开卡: three cards in one bill, paid in cash and ¥500 by WeChat, two employees at two stations
  const total = amount * 3;
  const [first, second] = setup.employees;
  assert.ok(second, 'the demo shop has two employees');
  await page.goto(`${running.server.url}/admin/cashier/batchcard`);
  await pick(page, page.locator('.ant-card .ant-select').first(), shops[0].name);
  await page.getByTestId('batch-card-type').waitFor();
  await pick(page, page.getByTestId('batch-card-type'), type.name);
  await page.getByTestId('batch-money').fill(String(amount / 100));
  await page.getByTestId('batch-cardnum').fill('3');
  await pick(page, page.getByTestId('till-pay-type-0'), '人民币');
  await page.getByTestId('till-pay-amount-0').fill(String((total - 50_000) / 100));
  await page.getByTestId('till-add-payment').click();
  await pick(page, page.getByTestId('till-pay-type-1'), '微信');
  await page.getByTestId('till-pay-remaining').getByText('¥0.00').waitFor();
  await page.getByTestId('staff-add').click();
  await page.getByTestId('staff-add').click();
  await pick(page, page.getByTestId('staff-employee-0'), first.name);
  await pick(page, page.getByTestId('staff-station-1'), '第二工位');
  await pick(page, page.getByTestId('staff-employee-1'), second.name);
  await shot(page, 'till-batch-form');
  await page.getByTestId('batch-submit').click();
  await page
    .getByText(/已开卡 3 张/)
    .first()
    .waitFor();
  await quiet(page);
  await shot(page, 'till-batch-cards');
  const [batch] = (await api('/api-cashier/cardrecords/chain/admin/cardRecordsList?pageSize=1')).list;
  const detail = await api(`/api-cashier/cardrecords/detail/${batch.id}`);
  assert.deepEqual(
    detail.payments.map((p: { payCode: string; amount: number }) => [p.payCode, p.amount]),
    [
      ['01', total - 50_000],
      ['23', 50_000],
    ],
  );
  // The performance: each station is credited the payments less WeChat's 0.6 % fee (300), so the
  // employee of station 1 and the one of station 2 get it whole each.
  const yj = await api(`/api-cashier/cardrecords/chain/cardrecordyj?id=${batch.id}`);
  assert.deepEqual(
    yj.map((r: { employeeId: number; station: number }) => [r.employeeId, r.station]).sort(),
    [
      [first.id, 1],
      [second.id, 2],
    ].sort(),
  );
  assert.ok(yj.every((r: { amount: number }) => r.amount === total - 300));
  await context.close();
});
