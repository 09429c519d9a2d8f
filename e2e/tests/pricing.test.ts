import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot, signIn } from '../harness.js';
import { adminSession, CALM, drawerOf, quiet } from '../support.js';

const running = productAndBrowser();

const TEMPLATE = 'E2E 北京门店价格';
// A demo service with a head-office price control of ¥109.00 – ¥154.00.
const SERVICE = '资深发型师洗剪吹';
const SERVICE_CODE = 'FW002';
const SHOPS = ['北京国贸店', '北京中关村店'];

/** The grid filtered to one service; answers the cell of a shop. */
async function gridCell(page: Page, shop: string) {
  await page.getByPlaceholder('编码 / 名称').fill(SERVICE_CODE);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row', { hasText: SERVICE });
  await row.waitFor();
  // the filtered answer replaces the unfiltered first page: wait for it rather than read too early
  await page.waitForFunction(() => document.querySelectorAll('.ho-price-grid .ant-table-row').length === 1, undefined, { timeout: 15_000 });
  return page.getByRole('button', { name: `${shop} · ${SERVICE}` });
}

test('a service price template set for two shops; a shop price out of bounds is refused, in bounds is kept', async () => {
  const context = await running.browser.newContext({ ...CALM, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  try {
    await flow(page);
  } catch (e) {
    await shot(page, 'pricing-failure');
    throw e;
  }
  await context.close();
  await smallScreen();
});

async function flow(page: Page) {
  await signIn(page, running.server, 'admin', running.server.adminPassword);
  const modal = page.locator('.ant-modal-wrap:visible').last();
  const drawer = drawerOf(page);

  // A new service price template with one price
  await page.goto(`${running.server.url}/admin/pricing/service-templates`);
  await page.getByRole('button', { name: /新建模板/ }).click();
  await modal.getByLabel('模板名称').fill(TEMPLATE);
  await modal.getByRole('button', { name: /新\s*建/ }).click();
  await drawer.getByRole('button', { name: /添加服务项目/ }).click();
  const picker = page.locator('.ant-modal-wrap:visible', { hasText: '选择服务项目' });
  await picker.getByPlaceholder('编码 / 名称').fill(SERVICE_CODE);
  await picker.getByPlaceholder('编码 / 名称').press('Enter');
  await picker.locator('.ant-table-row', { hasText: SERVICE }).click();
  await picker.getByRole('button', { name: /添加 1 项/ }).click();
  await drawer.getByLabel(`${SERVICE} 的模板价格`).fill('138');
  await drawer.getByRole('button', { name: /保存模板价格/ }).click();
  await page.getByText('保存成功').first().waitFor();
  await drawer.getByRole('button', { name: /取\s*消/ }).click();

  // Applied to two shops
  const row = page.locator('.ant-table-row', { hasText: TEMPLATE });
  await row.waitFor();
  await row.getByRole('button', { name: /应用门店/ }).click();
  const shopPicker = modal.locator('.ant-select');
  await shopPicker.click();
  for (const shop of SHOPS) {
    await shopPicker.locator('input').fill(shop);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(new RegExp(`^${shop}（`))
      .click();
  }
  await modal.locator('.ant-modal-title').click();
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('已应用到 2 家门店').waitFor();
  // the list reloads after the message: wait for the row that counts the two shops
  const applied = page
    .locator('.ant-table-row', { hasText: TEMPLATE })
    .filter({ hasText: '使用中' })
    .filter({ has: page.locator('td', { hasText: /^2$/ }) });
  await applied.waitFor();
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-01-templates');

  // Both shops now charge the template's price
  await page.goto(`${running.server.url}/admin/pricing/service-prices`);
  for (const shop of SHOPS) assert.match(await (await gridCell(page, shop)).innerText(), /¥138\.00/);
  const cell = await gridCell(page, SHOPS[0]);
  assert.match(await cell.innerText(), /模板/);

  // Out of bounds: refused, the reason on the cell, the price unchanged after a reload
  await cell.click();
  const input = page.getByRole('spinbutton', { name: `${SHOPS[0]} · ${SERVICE}` });
  await input.fill('200');
  await input.press('Enter');
  const error = page.locator('.ho-price-cell-error');
  await error.waitFor();
  assert.match(await error.innerText(), /最高价 ¥154\.00/);
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-02-grid-refused');
  await page.reload();
  assert.match(await (await gridCell(page, SHOPS[0])).innerText(), /¥138\.00/);

  // In bounds: kept after a reload; the other shop keeps the template's price
  await (await gridCell(page, SHOPS[0])).click();
  await input.fill('150');
  await input.press('Enter');
  await page.getByText(`${SHOPS[0]}「${SERVICE}」已改为 ¥150.00`).waitFor();
  await page.reload();
  assert.match(await (await gridCell(page, SHOPS[0])).innerText(), /¥150\.00/);
  assert.match(await (await gridCell(page, SHOPS[1])).innerText(), /¥138\.00/);

  // The whole grid, as a manager sees it
  await page.getByPlaceholder('编码 / 名称').fill('');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.locator('.ho-price-grid .ant-table-row').nth(8).waitFor();
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-03-grid');

  // Screens of the catalogue
  await page.goto(`${running.server.url}/admin/catalog/products`);
  await page.locator('.ant-table-row').nth(8).waitFor();
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-04-products');

  await page.goto(`${running.server.url}/admin/catalog/services`);
  await page.locator('.ant-table-row', { hasText: SERVICE }).getByText(SERVICE).click();
  await page.getByRole('tab', { name: '基本信息' }).waitFor();
  await page.getByText('可服务员工').waitFor();
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-05-service-basic');
  await page.getByRole('tab', { name: '等级价格' }).click();
  await page.getByText('变更记录').waitFor();
  await page.getByRole('tabpanel', { name: '等级价格' }).locator('.ant-table-row').first().waitFor();
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-06-service-levels');
  await page.getByRole('tab', { name: '会员卡价' }).click();
  await page.getByRole('button', { name: /添加卡价/ }).waitFor();
  await page.getByRole('tab', { name: '业绩比例' }).click();
  await page.getByText('设置业绩比例').waitFor();
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-07-service-perf');

  await page.goto(`${running.server.url}/admin/catalog/packages`);
  await page
    .locator('.ant-table-row')
    .first()
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await drawer.locator('[data-testid=package-total]').waitFor();
  await drawer.getByText('明细合计与套餐价格一致').waitFor();
  // The total check: a share changed away from the price refuses the save
  const share = drawer.getByLabel(/的分摊金额$/).first();
  const before = await share.inputValue();
  await share.fill(String(Number(before.replace(/[^\d.]/g, '')) + 10));
  await drawer.getByText(/明细合计比套餐价格多 ¥10\.00/).waitFor();
  assert.equal(await drawer.getByRole('button', { name: /^保\s*存$/ }).isDisabled(), true);
  await quiet(page, { skeletons: true, ignoreMessages: true });
  await shot(page, 'pricing-08-package-editor');
}

/** A smaller laptop screen. */
async function smallScreen() {
  const { context: small, page: p2 } = await adminSession(running);
  await p2.goto(`${running.server.url}/admin/pricing/service-prices`);
  await p2.locator('.ho-price-grid .ant-table-row').nth(5).waitFor();
  await quiet(p2, { skeletons: true, ignoreMessages: true });
  await shot(p2, 'pricing-09-grid-1366');
  await p2.goto(`${running.server.url}/admin/pricing/service-templates`);
  await p2.locator('.ant-table-row', { hasText: TEMPLATE }).waitFor();
  await quiet(p2, { skeletons: true, ignoreMessages: true });
  await shot(p2, 'pricing-10-templates-1366');
  await small.close();
}
