import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, drawerOf, quiet } from '../support.js';

const running = productAndBrowser();

/** The value of an input once the form has filled it in (the proposed code arrives after the drawer opens). */
async function filled(input: Locator): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const value = await input.inputValue();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the input stayed empty');
}

test('records open their detail pages from the lists; a new record starts with its code; the log tells what was done', async () => {
  const { context, page } = await adminSession(running);
  try {
    await flow(page);
  } catch (e) {
    await shot(page, 'details-failure');
    throw e;
  }
  await context.close();
});

async function flow(page: Page) {
  const drawer = drawerOf(page);

  // The shop detail: its staff, prices and stock, each a tab.
  await page.goto(`${running.server.url}/admin/org/shops`);
  await page.getByText('北京国贸店', { exact: true }).first().click();
  await page.getByRole('tab', { name: '在职员工' }).waitFor();
  await quiet(page, { skeletons: true, ignoreMessages: true });
  for (const tab of ['服务价格', '产品价格', '库存']) {
    await page.getByRole('tab', { name: tab }).click();
    await quiet(page, { skeletons: true, ignoreMessages: true });
  }
  // The demo shop holds stock: its first product shows.
  await page.locator('.ant-table-row:visible', { hasText: 'SP0001' }).first().waitFor();
  await shot(page, 'details-01-shop-stock');

  // A product, a package and a region, each from its list.
  await page.goto(`${running.server.url}/admin/catalog/products`);
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await page.locator('.ant-table-row a').first().click();
  await page.getByRole('tab', { name: '销售门店' }).waitFor();
  await shot(page, 'details-02-product');

  await page.goto(`${running.server.url}/admin/catalog/packages`);
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await page.locator('.ant-table-row a').first().click();
  await page.getByText('套餐内容', { exact: true }).waitFor();
  await page.getByText('明细合计', { exact: true }).waitFor();

  await page.goto(`${running.server.url}/admin/org/regions`);
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await page.getByRole('button', { name: '区域详情' }).click();
  await page.getByText('下级区域', { exact: true }).waitFor();

  // The button's words title the drawer, and the code of the series is filled in.
  await page.goto(`${running.server.url}/admin/org/regions`);
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await page.getByRole('button', { name: '新建大区' }).click();
  await drawer.getByText('新建大区', { exact: true }).waitFor();
  const code = drawer.getByLabel('区域编码', { exact: true });
  assert.match(await filled(code), /^QY\d+$/);
  await drawer.getByLabel('区域名称', { exact: true }).fill('西南大区');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('西南大区').first().waitFor();

  await page.goto(`${running.server.url}/admin/org/shops`);
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await page.getByRole('button', { name: /新\s*建/ }).click();
  assert.equal(await filled(drawer.getByLabel('门店编码', { exact: true })), 'MD001');

  // The log reads as what was done, in the reader's language.
  await page.goto(`${running.server.url}/admin/system/logs`);
  await page.getByText('新建区域 西南大区', { exact: true }).waitFor();
  await shot(page, 'details-03-log');
  await page.evaluate(() => localStorage.setItem('ho.lang', 'en-US'));
  await page.reload();
  await page.getByText('Created region 西南大区', { exact: true }).waitFor();
}
