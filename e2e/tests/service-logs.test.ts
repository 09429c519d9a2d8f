import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, cashBill, drawerOf, pick, quiet, tillMember, tillShop } from '../support.js';

// Service logs (服务日志): a bill settled at the till for the demo member is 未填写 in head office's list; its
// drawer takes the stylist's log and the customer's review with the shop's reply; the list then shows the log
// 已填写, and 顾客评价 shows the review, rated and answered. A coupon spent on another bill shows in 券使用记录.

const running = productAndBrowser();

test('a settled bill is written a log and a review in its drawer, and both show in the chain lists', async () => {
  const { context, page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const member = await tillMember(api, shop.id, '13800138001');
  const stylist = setup.employees[0];
  const bill = await cashBill(
    api,
    shop.id,
    setup,
    [{ kind: 'service', itemId: setup.services[0].id, num: 1, staff: [{ employeeId: stylist.id, station: 1, appointed: true }] }],
    member.memberId,
  );

  await page.goto(`${running.server.url}/admin/members/servicelogs`);
  const pane = activePane(page);
  await pane.getByPlaceholder('姓名/手机号/单号').fill(bill.billNo);
  await pane.getByPlaceholder('姓名/手机号/单号').press('Enter');
  const row = pane.getByRole('row', { name: new RegExp(bill.billNo) });
  await row.getByText('未填写').waitFor();
  await quiet(page, { skeletons: true });
  await shot(page, 'service-logs-list');

  await row.getByTestId(`log-open-${bill.id}`).click();
  const drawer = drawerOf(page);
  await drawer.getByTestId('log-content').fill('发质偏干，建议下次做深层护理');
  await drawer.getByLabel('问题分析').fill('发尾分叉');
  await drawer.getByTestId('log-save').click();
  await page.getByText('日志已保存').waitFor();

  await pick(page, drawer.getByTestId('review-employee'), stylist.name);
  await drawer.getByTestId('review-comment').fill('剪得很满意');
  await drawer.getByTestId('review-save').click();
  await page.getByText('评价已登记').waitFor();
  await drawer.getByTestId('review-reply').fill('感谢您的认可，期待再次光临');
  await drawer.getByTestId('review-reply-save').click();
  await drawer.getByText('感谢您的认可，期待再次光临').waitFor();
  await drawer.getByText('好评').waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'service-logs-drawer');
  await page.keyboard.press('Escape');

  await row.getByText('已填写').waitFor();
  await row.getByText('发质偏干，建议下次做深层护理').waitFor();
  const logs = await api(`/api-member/servicerecords/chain/list/log?keyword=${bill.billNo}`);
  assert.equal(logs.list[0].logState, 2);
  assert.equal(logs.list[0].problem, '发尾分叉');

  await page.goto(`${running.server.url}/admin/members/reviews`);
  const reviews = activePane(page);
  const reviewRow = reviews.getByRole('row', { name: new RegExp(bill.billNo) });
  await reviewRow.getByText('好评').waitFor();
  await reviewRow.getByText('剪得很满意').waitFor();
  assert.ok((await reviewRow.innerText()).includes('是'));
  await quiet(page, { skeletons: true });
  await shot(page, 'service-logs-reviews');

  // A coupon issued to the member and spent at the till: its use, with the bill and the amount.
  const definition = await api('/api-chain/couponinfo/add', {
    code: `E2EL${Date.now() % 100_000}`,
    name: '日志测试立减券',
    couponType: 1,
    value: 1_000,
    timeType: 2,
    validDays: 30,
  });
  const [coupon] = await api('/api-member/membercoupon/issue', {
    memberId: member.memberId,
    shopId: shop.id,
    kind: 'coupon',
    definitionId: definition.id,
  });
  const opened = await api('/api-cashier/checkout/open', { shopId: shop.id, memberId: member.memberId });
  const priced = await api('/api-cashier/checkout/lines', {
    id: opened.id,
    version: opened.version,
    lines: [{ kind: 'service', itemId: setup.services[0].id, num: 1 }],
  });
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId;
  const paid = await api('/api-cashier/checkout/settle', {
    id: priced.id,
    version: priced.version,
    payments: [
      { memberCouponId: coupon.id, amount: 1_000 },
      { payTypeId: cash, amount: priced.amount - 1_000 },
    ],
  });
  await page.goto(`${running.server.url}/admin/members/couponrecords`);
  const usage = activePane(page);
  const useRow = usage.getByRole('row', { name: new RegExp(paid.billNo) });
  await useRow.getByText(coupon.code).waitFor();
  await useRow.getByText('¥10.00').first().waitFor();
  assert.match((await usage.getByTestId('usage-sums').textContent()) ?? '', /^共 \d+ 次，合计 ¥[\d,]+\.\d{2}$/);
  await quiet(page, { skeletons: true });
  await shot(page, 'service-logs-coupon-use');
  await context.close();
});
