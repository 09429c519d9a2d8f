import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, quiet } from '../support.js';

const running = productAndBrowser();
const SHOP = '北京国贸店';

test('head office edits a pay template, assigns it to a shop and sets the hand-tag range', async () => {
  const { context, page, api: get } = await adminSession(running);

  // Pay types: the shipped list.
  await page.goto(`${running.server.url}/admin/cashier/paytypes`);
  await activePane(page).getByText('储值卡卡金').first().waitFor();
  await quiet(page);
  await shot(page, 'cashier-paytypes');

  // A new template; on 项目, cash becomes a quick button at 90 % performance.
  await page.goto(`${running.server.url}/admin/cashier/paytemplates`);
  const pane = activePane(page);
  await pane.getByRole('button', { name: '新增模板' }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByLabel('编码').fill('PT-E2E');
  await modal.getByLabel('名称').fill('标准支付模板');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await pane.getByText('标准支付模板（PT-E2E）').waitFor();
  await quiet(page);
  await shot(page, 'cashier-paytemplate-new');
  const cashRow = pane.locator('.ant-table-row:visible').filter({ hasText: '01 人民币' });
  await cashRow.locator('.ant-switch').nth(1).click();
  await cashRow.locator('input').first().fill('9000');
  await pane.getByRole('button', { name: /保\s*存/ }).click();
  await quiet(page);
  await pane.getByRole('button', { name: '分配门店' }).click();
  const assign = page.locator('.ant-modal:visible');
  await assign.locator('.ant-select').click();
  await page.keyboard.type(SHOP);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: SHOP }).first().click();
  await page.keyboard.press('Escape');
  await assign.getByRole('button', { name: /确\s*定|OK/ }).click();
  await pane.locator('.ant-tag').filter({ hasText: SHOP }).waitFor();
  await quiet(page);
  await shot(page, 'cashier-paytemplates');

  const shops = await get<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const shop = shops.find((s) => s.name === SHOP);
  assert.ok(shop, 'the demo shop');
  const [template] = await get<{ id: number; code: string; shopIds: number[] }[]>(`/api-cashier/paytemplate/list/all?shopid=${shop.id}`);
  assert.equal(template.code, 'PT-E2E');
  const detail = await get<{ items: { businessType: number; payTypeId: number; isOften: boolean; perfRate: number }[] }>(
    `/api-cashier/paytemplate/${template.id}`,
  );
  const types = await get<{ id: number; code: string }[]>('/api-cashier/paytype/list/vo');
  const cash = types.find((p) => p.code === '01');
  const item = detail.items.find((i) => i.businessType === 1 && i.payTypeId === cash?.id);
  assert.equal(item?.isOften, true);
  assert.equal(item?.perfRate, 9000);

  // The hand-tag range of the shop.
  await page.goto(`${running.server.url}/admin/cashier/billconfig`);
  const bill = activePane(page);
  await bill.locator('.ho-billconfig .ant-card-head .ant-select').click();
  await page.keyboard.type(SHOP);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: SHOP }).first().click();
  await quiet(page);
  await bill.getByLabel('起始号').fill('201');
  await bill.getByLabel('结束号').fill('250');
  await bill.getByRole('button', { name: /保\s*存/ }).click();
  await quiet(page);
  const config = await get<{ noMin: number; noMax: number }>(`/api-chain/makeorderconfig/sysuser?shopid=${shop.id}`);
  assert.deepEqual([config.noMin, config.noMax], [201, 250]);
  await shot(page, 'cashier-billconfig');

  for (const [url, name] of [
    ['/admin/cashier/stations', 'cashier-stations'],
    ['/admin/cashier/wheel', 'cashier-wheel'],
    ['/admin/cashier/third', 'cashier-third'],
  ]) {
    await page.goto(`${running.server.url}${url}`);
    await activePane(page).locator('.ant-card').first().waitFor();
    await quiet(page);
    await shot(page, name);
  }
  await context.close();
});
