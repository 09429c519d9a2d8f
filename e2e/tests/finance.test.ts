import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, drawerOf, quiet } from '../support.js';

// The finance dictionaries on the generic record page: items under their groups with their budgets,
// a spending item paid from several reserve types, a landlord refused an account another one has.

const running = productAndBrowser();

async function pick(page: Page, field: ReturnType<Page['locator']>, option: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

test('head office adds an expense item with its budget, a spending item paid from two reserve types, and a landlord', async () => {
  const { context, page } = await adminSession(running);

  await page.goto(`${running.server.url}/admin/finance/dict/dicioitem`);
  const pane = activePane(page);
  await pane.locator('.ant-table-row', { hasText: '水电费' }).waitFor();
  assert.match(await pane.locator('.ant-table-row', { hasText: '水电费' }).innerText(), /门店日常费用[\s\S]*60,000\.00/);
  await pane.getByRole('button', { name: /新\s*建/ }).click();
  let drawer = drawerOf(page);
  await page.waitForFunction(() =>
    /^XM\d+$/.test((document.querySelector('.ant-drawer-open #code') as HTMLInputElement | null)?.value ?? ''),
  );
  await drawer.locator('#name').fill('网络宽带');
  await pick(page, drawer.locator('#groupId'), '门店日常费用');
  await drawer.locator('#budget').fill('3600');
  await quiet(page);
  await shot(page, 'finance-01-item-form');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const created = pane.locator('.ant-table-row', { hasText: '网络宽带' });
  await created.waitFor();
  assert.match(await created.innerText(), /门店日常费用[\s\S]*支出[\s\S]*3,600\.00/);
  await quiet(page);
  await shot(page, 'finance-02-items');

  await page.goto(`${running.server.url}/admin/finance/dict/dicreserveioitem`);
  const spending = activePane(page);
  await spending.locator('.ant-table-row', { hasText: '门店房租' }).waitFor();
  assert.match(await spending.locator('.ant-table-row', { hasText: '门店房租' }).innerText(), /营业款、预留其他/);
  await spending.getByRole('button', { name: /新\s*建/ }).click();
  drawer = drawerOf(page);
  await drawer.locator('#name').fill('消防检测');
  await pick(page, drawer.locator('#reserveTypeIds'), '预留其他');
  await pick(page, drawer.locator('#reserveTypeIds'), '风险金');
  await drawer.locator('#name').click();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await spending.locator('.ant-table-row', { hasText: '消防检测' }).waitFor();
  assert.match(await spending.locator('.ant-table-row', { hasText: '消防检测' }).innerText(), /预留其他、风险金/);
  await quiet(page);
  await shot(page, 'finance-03-reserve-spending');

  await page.goto(`${running.server.url}/admin/finance/landlords`);
  const landlords = activePane(page);
  await landlords.locator('.ant-table-row', { hasText: '王建国' }).waitFor();
  await landlords.getByRole('button', { name: /新\s*建/ }).click();
  drawer = drawerOf(page);
  await drawer.locator('#name').fill('赵敏');
  await drawer.locator('#payee').fill('赵敏');
  await drawer.locator('#bank').fill('中国银行杭州分行');
  await drawer.locator('#bankno').fill('6225 8801 1234 5678');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await page
    .locator('.ant-message-notice, .ant-form-item-explain-error, .ant-notification-notice', { hasText: '王建国' })
    .first()
    .waitFor();
  await shot(page, 'finance-04-landlord-refused');
  await drawer.locator('#bankno').fill('6225 8801 9999 0000');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await landlords.locator('.ant-table-row', { hasText: '赵敏' }).waitFor();
  assert.match(await landlords.locator('.ant-table-row', { hasText: '赵敏' }).innerText(), /6225880199990000/);
  await quiet(page);
  await shot(page, 'finance-05-landlords');
  await context.close();
});

test('head office sets a shop’s petty-cash float and sees its payee accounts', async () => {
  const { context, page } = await adminSession(running);
  await page.goto(`${running.server.url}/admin/finance/shops`);
  const pane = activePane(page);
  const row = pane.locator('.ant-table-row', { hasText: '陈静' });
  await row.waitFor();
  assert.match(await row.innerText(), /华东片区[\s\S]*3\.00%[\s\S]*3,000\.00/);
  await row.getByRole('button', { name: /备用金设置/ }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByLabel('日常备用金').fill('4500');
  await quiet(page);
  await shot(page, 'finance-06-petty-cash');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await pane.locator('.ant-table-row', { hasText: '4,500.00' }).waitFor();
  await quiet(page);
  await shot(page, 'finance-07-shops');

  await page.goto(`${running.server.url}/admin/finance/payee-accounts`);
  const accounts = activePane(page);
  await accounts.locator('.ant-table-row', { hasText: '国网电力' }).first().waitFor();
  assert.ok((await accounts.locator('.ant-table-row').count()) >= 6);
  await quiet(page);
  await shot(page, 'finance-08-payee-accounts');
  await context.close();
});
