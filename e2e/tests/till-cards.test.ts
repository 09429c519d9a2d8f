import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, findMember, openBill, pick, quiet, saveLines, settleAtTill, tillMember, tillShop } from '../support.js';

const running = productAndBrowser();
const MEMBER_MOBILE = '13800138001';

test('the till opens a card for a member; head office finds it among the card bills and opens a batch of cards', async () => {
  const { context, page, api } = await adminSession(running);
  const { shops, setup } = await tillShop(api);
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
  await quiet(page);
  await shot(page, 'till-card-bill-detail');

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
