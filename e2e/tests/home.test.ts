import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot, signIn } from '../harness.js';
import { adminSession, cashBill, VIEWPORT } from '../support.js';

const running = productAndBrowser();

test('the home dashboard: bills settled in two shops show in the figures and charts, low stock listed; the landing page shows it', async () => {
  const { context, page, api } = await adminSession(running);

  const before = await api('/api-home/dashboard');
  // Settle a few cash bills in the first three shops (a different count in each, so the bars differ).
  const shops = (await api('/api-chain/shop/list/all')).slice(0, 3);
  let added = 0;
  for (const [i, shop] of shops.entries()) {
    const setup = await api(`/api-cashier/checkout/setup?shopid=${shop.id}`);
    for (let n = 0; n <= i; n++) {
      const bill = await cashBill(api, shop.id, setup, [{ kind: 'service', itemId: setup.services[n % setup.services.length].id, num: 1 }]);
      added += bill.amount;
    }
    // Its first product's safety stock far above what is there: a low-stock row.
    if (i === 0 && setup.products[0]) await api('/api-stock/product/updateBypid', { productId: setup.products[0].id, safetyStock: 9999 });
  }
  const after = await api('/api-home/dashboard');
  assert.equal(after.today.turnover - before.today.turnover, added);
  assert.equal(after.today.visits - before.today.visits, 6);
  assert.ok(after.lowStock.total > 0);

  await page.goto(`${running.server.url}/admin/home`);
  await page.locator('canvas').first().waitFor({ timeout: 15_000 });
  await page.getByText('门店排行').waitFor();
  await page.waitForTimeout(800);
  const yuan = (after.today.turnover / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  assert.ok(await page.getByText(`¥${yuan}`).first().isVisible(), `the day's turnover ¥${yuan} is shown`);
  await shot(page, 'home-dashboard');

  // The landing page (/admin) shows the same dashboard under the welcome.
  await page.goto(`${running.server.url}/admin`);
  await page.locator('canvas').first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(800);
  assert.ok(await page.getByText(`¥${yuan}`).first().isVisible());
  await shot(page, 'home-landing');

  const en = await running.browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  const enPage = await en.newPage();
  await signIn(enPage, running.server, 'admin', running.server.adminPassword);
  await enPage.evaluate(() => localStorage.setItem('ho.lang', 'en-US'));
  await enPage.goto(`${running.server.url}/admin/home`);
  await enPage.locator('canvas').first().waitFor({ timeout: 15_000 });
  await enPage.waitForTimeout(800);
  await shot(enPage, 'home-dashboard-en');
  await en.close();
  await context.close();
});
