import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { CALM } from '../support.js';

const PNG = path.resolve(import.meta.dirname, '../fixtures/shop-front.png');

const running = productAndBrowser();

/** Picks an option of an antd Select/TreeSelect/Cascader opened from the form item with this label. */
async function pick(page: Page, label: string, ...options: string[]) {
  const item = page.locator('.ant-drawer .ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
  await item.locator('.ant-select, .ant-cascader').first().click();
  for (const option of options) {
    await page.locator('.ant-select-dropdown:visible, .ant-cascader-dropdown:visible').getByText(option, { exact: true }).first().click();
  }
}

test('sign in, open the admin app from the board, create a region and a shop with an image, edit it, keep the last tab', async () => {
  const context = await running.browser.newContext({ ...CALM, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${running.server.url}/login`);
  await page.getByPlaceholder('企业编码').fill(running.server.tenant);
  await page.getByPlaceholder('用户名').fill('admin');
  await page.getByPlaceholder('密码').fill(running.server.adminPassword);
  await page.getByRole('button', { name: /登\s*录/ }).click();

  await page.getByText('总部管理', { exact: true }).waitFor();
  await page.getByText('接口文档', { exact: true }).waitFor();
  await shot(page, '01-board');

  const [admin] = await Promise.all([context.waitForEvent('page'), page.getByText('总部管理', { exact: true }).click()]);
  await admin.waitForURL(/\/admin/);
  await admin.getByText('组织架构').first().waitFor();

  const drawer = admin.locator('.ant-drawer-open, .ant-modal-wrap:visible').last();

  // A new top-level region
  await admin.goto(`${running.server.url}/admin/org/regions`);
  await admin.getByRole('button', { name: '新建大区' }).click();
  await drawer.getByLabel('区域编码', { exact: true }).fill('QY900');
  await drawer.getByLabel('区域名称', { exact: true }).fill('西南大区');
  await admin.getByRole('button', { name: /保\s*存/ }).click();
  await admin.getByText('西南大区').first().waitFor();

  // A shop in it, with an image
  await admin.goto(`${running.server.url}/admin/org/shops`);
  await admin.getByRole('button', { name: /新\s*建/ }).click();
  await drawer.getByLabel('门店编码', { exact: true }).fill('CD001');
  await drawer.getByLabel('门店名称', { exact: true }).fill('成都太古里店');
  await pick(admin, '品牌', '丝域美发');
  await pick(admin, '所属区域', '西南大区');
  await pick(admin, '所在地区', '四川省', '成都市', '锦江区');
  await drawer.getByLabel('详细地址', { exact: true }).fill('中纱帽街 8 号');
  await admin.locator('.ant-drawer input[type=file]').setInputFiles(PNG);
  await admin.locator('.ant-drawer .ant-upload-list-item-done').first().waitFor();
  await shot(admin, '03-shop-form');
  await admin.getByRole('button', { name: /保\s*存/ }).click();
  await admin.getByText('保存成功').waitFor();

  // Find it in the list
  await admin.getByPlaceholder('编码 / 名称 / 电话').fill('CD001');
  await admin.getByRole('button', { name: /查\s*询/ }).click();
  const row = admin.locator('.ant-table-row', { hasText: 'CD001' });
  await row.waitFor();
  await admin.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1, undefined, { timeout: 15_000 });
  assert.match(await row.innerText(), /成都太古里店/);

  // Edit it
  await row.getByText('编辑').click();
  await drawer.getByLabel('门店名称', { exact: true }).fill('成都太古里旗舰店');
  await admin.getByRole('button', { name: /保\s*存/ }).click();
  const edited = admin.locator('.ant-table-row', { hasText: '成都太古里旗舰店' });
  await edited.waitFor();

  // Its detail shows the uploaded image, served from the file store
  await edited.getByText('成都太古里旗舰店').click();
  const detail = admin.locator('.ant-descriptions', { hasText: '中纱帽街 8 号' });
  await detail.waitFor();
  const image = admin.locator('.ho-gallery img[src*="/files/"]').first();
  await image.waitFor();
  const src = await image.getAttribute('src');
  const served = await admin.request.get(new URL(src ?? '', running.server.url).toString());
  assert.equal(served.status(), 200);
  assert.equal(served.headers()['content-type'], 'image/png');
  await shot(admin, '04-shop-detail');
  await admin.locator('.ant-tabs-tab', { hasText: '门店管理' }).click();
  await admin.getByPlaceholder('编码 / 名称 / 电话').fill('');
  await admin.getByRole('button', { name: /查\s*询/ }).click();
  await admin.locator('.ant-table-row').nth(5).waitFor();
  await shot(admin, '02-shop-list');

  // Close every tab; the last one stays with a message (the page tabs, not the tabs inside a page)
  const tabs = admin.locator('.ho-page-tabs > .ant-tabs-nav .ant-tabs-tab');
  while ((await tabs.count()) > 1) {
    await tabs.last().locator('.ant-tabs-tab-remove').click();
  }
  await tabs
    .first()
    .locator('.ant-tabs-tab-remove')
    .click({ trial: false })
    .catch(() => {});
  await admin.getByText('至少保留一个标签页').waitFor();
  assert.equal(await tabs.count(), 1);
  await context.close();
});
