import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot, signIn } from '../harness.js';
import { activePane, adminSession, CALM, cashBill, quiet, VIEWPORT } from '../support.js';

const running = productAndBrowser();

const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the home page: cash takings, card consumption, visits and card sales by shop; stock warnings in one line that opens their list', async () => {
  const { context, page, api } = await adminSession(running);

  const before = await api('/api-home/dashboard');
  // Settle a few cash bills in the first three shops (a different count in each).
  const shops = (await api('/api-chain/shop/list/all')).slice(0, 3);
  let added = 0;
  for (const [i, shop] of shops.entries()) {
    const setup = await api(`/api-cashier/checkout/setup?shopid=${shop.id}`);
    for (let n = 0; n <= i; n++) {
      const bill = await cashBill(api, shop.id, setup, [{ kind: 'service', itemId: setup.services[n % setup.services.length].id, num: 1 }]);
      added += bill.amount;
    }
    // Its first product's safety stock far above what is there: a stock warning.
    if (i === 0 && setup.products[0]) await api('/api-stock/product/updateBypid', { productId: setup.products[0].id, safetyStock: 9999 });
  }
  const after = await api('/api-home/dashboard');
  assert.equal(after.today.cash - before.today.cash, added);
  assert.equal(after.today.visits - before.today.visits, 6);
  assert.ok(after.lowStock.total > 0);

  // The landing page leads with the figures; the menu has no second entry for them.
  await page.goto(`${running.server.url}/admin`);
  const figures = activePane(page).getByTestId('home-figure-cash');
  // the day's figure comes first (the month's is the same sum on a chain whose bills are all today's)
  await figures.getByText(yuan(after.today.cash)).first().waitFor({ timeout: 15_000 });
  await quiet(page);
  assert.equal(await page.locator('.ho-sider-menu').getByText('经营看板').count(), 0);
  const line = activePane(page).getByTestId('home-low-stock');
  assert.ok((await line.textContent())?.includes(`${after.lowStock.total} 种商品低于安全库存`));
  await shot(page, 'home-landing');

  // The stock warnings open as their own list.
  await line.getByRole('button', { name: '查看清单' }).click();
  await page.waitForURL(/\/admin\/home\/low-stock$/);
  await activePane(page).locator('.ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, 'home-low-stock');

  const en = await running.browser.newContext({ ...CALM, viewport: VIEWPORT, locale: 'en-US' });
  const enPage = await en.newPage();
  await signIn(enPage, running.server, 'admin', running.server.adminPassword);
  await enPage.evaluate(() => localStorage.setItem('ho.lang', 'en-US'));
  await enPage.goto(`${running.server.url}/admin`);
  await activePane(enPage).getByText('Cash takings').first().waitFor({ timeout: 15_000 });
  await quiet(enPage);
  await shot(enPage, 'home-landing-en');
  await en.close();
  await context.close();
});
