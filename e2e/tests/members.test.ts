import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, quiet } from '../support.js';

const running = productAndBrowser();
const NAME = '沈静怡';
const MOBILE = `135${String(Date.now() % 100_000_000).padStart(8, '0')}`;

async function search(page: Page, keyword: string) {
  const pane = activePane(page);
  await pane.getByPlaceholder(/尾号/).fill(keyword);
  await pane.getByRole('button', { name: /查\s*询/ }).click();
  await quiet(page);
}

test('head office creates a member, finds them by the last 4 digits and by 2 characters of the name, and freezes them', async () => {
  const { context, page } = await adminSession(running);
  await page.goto(`${running.server.url}/admin/members/list`);
  await quiet(page);
  await shot(page, 'members-01-list');

  await activePane(page)
    .getByRole('button', { name: /新\s*建/ })
    .click();
  const drawer = page.locator('.ant-drawer-open').last();
  await drawer.getByLabel('姓名').fill(NAME);
  await drawer.getByLabel('手机号').fill(MOBILE);
  await drawer.locator('.ant-form-item', { hasText: '所属门店' }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await shot(page, 'members-02-form');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await drawer.waitFor({ state: 'hidden' });
  await quiet(page);

  await search(page, MOBILE.slice(-4));
  const rows = activePane(page).locator('.ant-table-row');
  await rows.filter({ hasText: NAME }).first().waitFor();
  await search(page, NAME.slice(1));
  const row = rows.filter({ hasText: MOBILE });
  await row.waitFor();
  assert.equal(await row.count(), 1);
  await shot(page, 'members-03-found');

  await row.locator('.ant-checkbox-input').check();
  await activePane(page)
    .getByRole('button', { name: /冻\s*结/ })
    .click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByLabel('冻结原因').fill('顾客要求暂停使用');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await modal.waitFor({ state: 'hidden' });
  await quiet(page);
  await row.getByText('冻结').waitFor();
  await shot(page, 'members-04-frozen');

  await row.getByText(NAME).click();
  await quiet(page);
  await activePane(page).getByText('顾客要求暂停使用').waitFor();
  await shot(page, 'members-05-detail');

  await page.goto(`${running.server.url}/admin/members/relations`);
  await quiet(page);
  await shot(page, 'members-06-relations');
  await page.goto(`${running.server.url}/admin/members/import`);
  await quiet(page);
  await shot(page, 'members-07-import');
  await context.close();
});
