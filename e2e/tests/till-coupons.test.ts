import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, findMember, openBill, pick, quiet, tillShop } from '../support.js';

const running = productAndBrowser();
const MEMBER_MOBILE = '13800138002';

test('the till pays part of a member bill with the coupon head office issued; the member page shows it used by that bill', async () => {
  const { context, page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const service = setup.services[0];
  const [member] = await api(`/api-cashier/checkout/member?shopid=${shop.id}&q=${MEMBER_MOBILE}`);
  assert.ok(member, 'the demo member');
  const definition = await api('/api-chain/couponinfo/add', {
    code: `E2EQ${Date.now() % 100_000}`,
    name: '到店立减券',
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

  await page.goto(`${running.server.url}/cashier`);
  await findMember(page, MEMBER_MOBILE, member.name);
  await openBill(page);
  await page.getByTestId('till-add-service').click();
  await pick(page, page.locator('.ant-table-row').nth(0).locator('.ant-select').nth(0), service.name);
  await page.getByTestId('till-save-lines').click();
  await page.getByText('明细已保存').waitFor();
  await quiet(page);
  // Cash for the whole bill, then a second row paid with the coupon: it pays its ¥10.00, taken off the cash.
  await pick(page, page.getByTestId('till-pay-type-0'), '人民币');
  const whole = Number(await page.getByTestId('till-pay-amount-0').inputValue());
  await page.getByTestId('till-add-payment').click();
  await pick(page, page.getByTestId('till-pay-type-1'), coupon.code);
  assert.equal(await page.getByTestId('till-pay-amount-1').inputValue(), '10.00');
  assert.equal(Number(await page.getByTestId('till-pay-amount-0').inputValue()), whole - 10);
  await page.locator('[data-testid="till-pay-remaining"].ant-typography-success').waitFor();
  await page.mouse.move(0, 0);
  await quiet(page);
  await shot(page, 'till-coupon-pay');
  await page.getByTestId('till-settle').click();
  await page.getByTestId('till-receipt').waitFor();
  const receipt = await page.getByTestId('till-receipt').textContent();
  assert.match(receipt ?? '', /优惠券/);
  await shot(page, 'till-coupon-receipt');

  const held = await api(`/api-member/membercoupon/list?memid=${member.memberId}`);
  const used = held.find((c: { id: number }) => c.id === coupon.id);
  assert.equal(used.state, 'used');
  assert.ok(used.usedBillNo, 'the bill that used it');
  const usable = await api(`/api-cashier/checkout/coupons?memberId=${member.memberId}`);
  assert.ok(!usable.some((c: { id: number }) => c.id === coupon.id), 'no longer offered at the till');
  await context.close();
});
