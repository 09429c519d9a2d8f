import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, quiet } from '../support.js';

// UnionPay merchant accounts (银联商户账户): an account saved for a shop is listed with its corporate limit in
// yuan, and its row's 收款码 opens the shop's C扫B collection QR.

const running = productAndBrowser();

test("a shop's UnionPay account is listed and its collection QR drawn", async () => {
  const { page, api } = await adminSession(running);
  const [shop] = await api<{ id: number; code: string; name: string }[]>('/api-chain/shop/list/all');
  await api('/api-finance/uplshopaccount', {
    code: 'YL801',
    name: '银联商户演示',
    shopId: shop.id,
    cbMerchantCode: '898310048160801',
    cbTerminalCode: '10000801',
    pubBcMerchantCode: '898310048160802',
    limitMoney: 12_345_050,
  });
  await page.goto(`${running.server.url}/admin/finance/unionpay-accounts`);
  const pane = activePane(page);
  const row = pane.locator('tr', { hasText: '银联商户演示' });
  await row.waitFor();
  await row.getByText('¥123,450.50').waitFor();
  await quiet(page);
  await shot(page, 'unionpay-accounts');
  await row.getByRole('button', { name: /收款码/ }).click();
  await page.getByTestId('unionpay-qr').locator('canvas, svg').first().waitFor();
  assert.ok(await page.getByText(`${shop.name} 对私C扫B收款码`).isVisible());
  await shot(page, 'unionpay-qr');
});
