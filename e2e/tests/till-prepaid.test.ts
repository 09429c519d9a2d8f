import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, quiet } from '../support.js';

const running = productAndBrowser();

test('head office lists prepaid orders with their amounts by status and refunds an unused one with a reason', async () => {
  const { context, page, api } = await adminSession(running);
  const shops = await api('/api-chain/shop/list/all');
  const payTypes = await api('/api-cashier/paytype/list/all');
  const unionpay = payTypes.find((p: { code: string }) => p.code === '52') ?? payTypes.find((p: { kind: string | null }) => !p.kind);
  const kept = await api('/api-cashier/prepaidorder/payOrder', {
    shopId: shops[0].id,
    payTypeId: unionpay.id,
    amount: 19_900,
    customerName: '王女士',
    mobile: '13800138009',
  });
  const gone = await api('/api-cashier/prepaidorder/payOrder', {
    shopId: shops[0].id,
    payTypeId: unionpay.id,
    amount: 8_800,
    customerName: '李先生',
  });
  await page.goto(`${running.server.url}/admin/cashier/prepaidorder`);
  await page.getByTestId('prepaid-sums').waitFor();
  await page.locator('.ant-table-row', { hasText: gone.orderNo }).waitFor();
  await quiet(page);
  await shot(page, 'till-prepaid-list');
  await page.locator('.ant-table-row', { hasText: gone.orderNo }).getByRole('button', { name: '退款' }).click();
  await page.getByLabel('退款原因').fill('顾客取消预约');
  await shot(page, 'till-prepaid-refund');
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-table-row', { hasText: gone.orderNo }).getByText('已退款').waitFor();
  await quiet(page);
  await shot(page, 'till-prepaid-refunded');
  const list = await api(`/api-cashier/prepaidorder/chain/list/orderList?keyword=${gone.orderNo}`);
  assert.equal(list.list[0].status, 3);
  assert.equal(list.list[0].refundReason, '顾客取消预约');
  const still = await api(`/api-cashier/prepaidorder/chain/list/orderList?keyword=${kept.orderNo}`);
  assert.equal(still.list[0].status, 1);
  await context.close();
});
