import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot, signIn } from '../harness.js';

const running = productAndBrowser();
const VIEWPORT = { width: 1366, height: 768 };

async function quiet(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-message-notice'), undefined, { timeout: 15_000 });
  await page.waitForTimeout(300);
}

test('head office lists prepaid orders with their amounts by status and refunds an unused one with a reason', async () => {
  const context = await running.browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, running.server.url, 'admin', running.server.adminPassword);
  const token = await page.evaluate(() => localStorage.getItem('ho.token'));
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${running.server.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const payload = await res.json();
    assert.equal(payload.resp_code, '200', `${path}: ${payload.resp_msg}`);
    return payload.data;
  };
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
