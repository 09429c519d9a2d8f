import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, drawerOf, quiet } from '../support.js';

const running = productAndBrowser();
const SHOP = '北京国贸店';
const CARD = '钻石储值卡';

async function open(page: Page, path: string, name: string) {
  await page.goto(`${running.server.url}${path}`);
  await activePane(page).locator('.ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, name);
}

test('head office creates a card type with a gift rule, sees which rule applies, and enables it in a shop', async () => {
  const { context, page } = await adminSession(running);

  // ---- a new stored-value card type
  await open(page, '/admin/cards/types', 'cards-01-types');
  await activePane(page).getByRole('button', { name: '新建' }).click();
  const form = drawerOf(page);
  await form.getByLabel('卡项名称').fill(CARD);
  await form.getByLabel('开卡金额').fill('5000');
  await form.getByLabel('服务折扣').fill('7.5');
  await quiet(page);
  await shot(page, 'cards-02-type-form');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api-chain/cardinfo') && r.request().method() === 'POST');
  // A ¥5,000 card with no gift or threshold saves at once: only a selling price of ¥0.00 is asked about.
  await form.getByRole('button', { name: /保\s*存/ }).click();
  const saved = await answer;
  assert.equal(saved.status(), 200, `${saved.request().postData()} → ${await saved.text()}`);
  const row = activePane(page).locator('.ant-table-row', { hasText: CARD });
  await row.waitFor();
  assert.ok((await row.textContent())?.includes('7.5折'));

  // ---- a recharge gift rule: from 1,000 yuan, 100 yuan given; the preview names it
  await row.getByRole('button', { name: '赠送规则' }).click();
  const rules = drawerOf(page);
  await rules.getByLabel('门槛金额').fill('1000');
  await rules.getByLabel('赠送', { exact: true }).fill('100');
  await rules.getByRole('button', { name: '添加规则' }).click();
  await rules.locator('.ant-table-row', { hasText: '满 ¥1,000.00' }).waitFor();
  await rules.getByLabel('金额（元）').fill('1500');
  const preview = rules.getByTestId('gift-preview');
  await preview.filter({ hasText: '适用规则' }).waitFor();
  assert.match((await preview.textContent()) ?? '', /满 ¥1,000\.00.*¥100\.00/);
  await rules.getByLabel('金额（元）').fill('800');
  await preview.filter({ hasText: '没有适用的规则' }).waitFor();
  await rules.getByLabel('金额（元）').fill('1500');
  await preview.filter({ hasText: '适用规则' }).waitFor();
  await quiet(page);
  await shot(page, 'cards-03-gift-rules');
  await page.keyboard.press('Escape');
  await quiet(page);

  // ---- enabled at the shop in the matrix
  await page.goto(`${running.server.url}/admin/cards/shops`);
  const toggle = activePane(page).getByRole('switch', { name: `${CARD} · ${SHOP}` });
  await toggle.waitFor();
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');
  await toggle.click();
  await activePane(page)
    .getByRole('switch', { name: `${CARD} · ${SHOP}`, checked: true })
    .waitFor();
  await quiet(page);
  await shot(page, 'cards-04-shops');

  // ---- the type's list now counts the shop and the rule
  await page.goto(`${running.server.url}/admin/cards/types`);
  const again = activePane(page).locator('.ant-table-row', { hasText: CARD });
  await again.waitFor();
  const cells = (await again.locator('td').allTextContents()).map((c) => c.trim());
  assert.deepEqual(cells.slice(-3, -1), ['1', '1'], cells.join(' | '));

  // ---- the other pages of the two modules
  await open(page, '/admin/cards/systems', 'cards-05-systems');
  await open(page, '/admin/cards/dispatch', 'cards-06-dispatch');
  await activePane(page).locator('.ant-table-row').first().locator('a').first().click();
  await page.getByText('88000001').first().waitFor();
  await quiet(page);
  await shot(page, 'cards-07-dispatch-detail');
  await open(page, '/admin/marketing/coupons', 'marketing-01-coupons');
  await open(page, '/admin/marketing/envelopes', 'marketing-02-envelopes');
  await open(page, '/admin/marketing/activities', 'marketing-03-activities');
  await activePane(page).locator('.ant-table-row').first().getByRole('button', { name: '暂停' }).waitFor();
  await activePane(page).getByRole('button', { name: '新建' }).click();
  await drawerOf(page)
    .getByText('规则 1')
    .or(drawerOf(page).getByRole('button', { name: '添加规则' }))
    .first()
    .waitFor();
  await drawerOf(page).getByRole('button', { name: '添加规则' }).click();
  await drawerOf(page).getByText('规则 1').waitFor();
  await quiet(page);
  await shot(page, 'marketing-04-activity-form');
  await context.close();
});
