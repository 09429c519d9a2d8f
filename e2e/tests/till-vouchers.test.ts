import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, openBill, pick, quiet, saveLines, settleAtTill, tillShop } from '../support.js';

const running = productAndBrowser();

test('the till verifies a Meituan voucher and pays with it; head office lists it, and sees the UnionPay reports and prepaid order moves', async () => {
  const { context, page, api } = await adminSession(running);
  const { shops, shop } = await tillShop(api);
  const mapped = await api('/api-third/mtshops/list/all');
  if (!mapped.some((m: { shopId: number }) => m.shopId === shop.id))
    await api('/api-third/mtshops/saveMtshop', { shopid: shop.id, openShopUuid: `e2e-${shop.id}` });
  const dyMapped = await api('/api-third/dyshops');
  if (!dyMapped.some((m: { shopId: number }) => m.shopId === shop.id))
    await api('/api-third/dyshops', { shopid: shop.id, poiId: `e2e-dy-${shop.id}`, poiName: `${shop.name}（抖音）` });
  // The till's setup again, now that the shop is mapped to both platforms.
  const setup = await api(`/api-cashier/checkout/setup?shopid=${shop.id}`);
  assert.deepEqual(setup.voucherChannels, ['meituan', 'douyin']);
  const service = setup.services[0];
  const code = `V20-${Date.now().toString(36)}`.toUpperCase();

  // ---- a walk-in bill of one service, ¥20 of it paid by a Meituan voucher verified at the till
  await page.goto(`${running.server.url}/cashier`);
  await openBill(page);
  await page.getByTestId('till-add-service').click();
  await pick(page, page.locator('.ant-table-row').nth(0).locator('.ant-select').nth(0), service.name);
  await saveLines(page);
  await page.getByTestId('till-verify-voucher').click();
  // The shop is mapped to both platforms: the dialog offers 美团 (first) and 抖音.
  await page.getByTestId('till-voucher-channel').getByText('抖音').waitFor();
  await page.getByTestId('till-voucher-code').fill(code);
  await shot(page, 'till-voucher-verify');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByText(/已核销：沙盒团购券/).waitFor();
  await quiet(page);
  await page.getByText(`美团券 ${code}`).waitFor();
  await shot(page, 'till-voucher-pay');
  await settleAtTill(page);
  await shot(page, 'till-voucher-receipt');
  const [voucher] = (await api(`/api-cashier/thirdorder/chain/orderList?keyword=${code}`)).list;
  assert.equal(voucher.status, 2);
  assert.equal(voucher.amount, 2_000);
  const bill = await api(`/api-cashier/servicerecords/detail/${voucher.billId}`);
  assert.equal(bill.payments.find((p: { payCode: string }) => p.payCode === '27').amount, 2_000);
  assert.equal(
    bill.payments.reduce((s: number, p: { amount: number }) => s + p.amount, 0),
    bill.amount,
  );

  // ---- head office: the voucher list, a voucher refunded, the reports, a prepaid order moved
  const loose = await api('/api-cashier/thirdorder/verify', { shopId: shop.id, code: `V9-${Date.now().toString(36)}` });
  await page.goto(`${running.server.url}/admin/cashier/thirdorder`);
  await page.getByTestId('voucher-sums').waitFor();
  await page.locator('.ant-table-row', { hasText: code }).waitFor();
  await quiet(page);
  await shot(page, 'vouchers-list');
  await page.locator('.ant-table-row', { hasText: loose.code }).getByRole('button', { name: '退款' }).click();
  await page.getByLabel('原因').fill('顾客申请退款');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-table-row', { hasText: loose.code }).getByText('已退款').waitFor();
  await quiet(page);
  await shot(page, 'vouchers-refunded');

  const payTypes = await api('/api-cashier/paytype/list/all');
  const unionpay = payTypes.find((p: { code: string }) => p.code === '52');
  const order = await api('/api-cashier/prepaidorder/payOrder', { shopId: shop.id, payTypeId: unionpay.id, amount: 12_300 });
  await page.goto(`${running.server.url}/admin/cashier/yltlstjb`);
  await page.getByTestId('yltlstjb-total-m1').waitFor();
  await quiet(page);
  await shot(page, 'unionpay-yltlstjb');
  assert.equal(await page.getByTestId('yltlstjb-total-c2').textContent(), '¥0.00');
  await page.goto(`${running.server.url}/admin/cashier/dgzhzjb`);
  await page.getByTestId('dgzhzjb-total-funds').waitFor();
  await quiet(page);
  await shot(page, 'unionpay-dgzhzjb');

  await page.goto(`${running.server.url}/admin/cashier/prepaidadj`);
  await page.getByPlaceholder('输入商户订单号查找预付订单').fill(order.orderNo);
  await page.getByPlaceholder('输入商户订单号查找预付订单').press('Enter');
  await page.locator('.ant-table-row', { hasText: order.orderNo }).waitFor();
  await quiet(page);
  await page.locator('.ant-table-row', { hasText: order.orderNo }).getByRole('button', { name: '调整门店' }).click();
  const modal = page.locator('.ant-modal:visible').last();
  await pick(page, modal.locator('.ant-select'), shops[1].name);
  await modal.getByLabel('调整原因').fill('顾客扫错门店二维码');
  await shot(page, 'prepaidadj-move');
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-table-row', { hasText: '顾客扫错门店二维码' }).waitFor();
  await quiet(page);
  await shot(page, 'prepaidadj-moved');
  const moved = await api(`/api-cashier/prepaidorder/getAdjUnionpay?paymentNo=${order.orderNo}`);
  assert.equal(moved.shopId, shops[1].id);
  await context.close();
});
