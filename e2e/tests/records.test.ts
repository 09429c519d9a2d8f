import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, drawerOf, pickExact, quiet } from '../support.js';

// The generic record page: the 出入库类型 page (stock reasons) lists, creates with the proposed code
// and edits; a dictionary with a linked record shows the linked names.

const running = productAndBrowser();

test('the 出入库类型 page lists the reasons, creates one with the proposed code and edits it', async () => {
  const { context, page } = await adminSession(running);
  await page.goto(`${running.server.url}/admin/stock/reasons`);
  const pane = activePane(page);
  await pane.locator('.ant-table-row', { hasText: '采购入库' }).waitFor();
  assert.ok((await pane.locator('.ant-table-row').count()) >= 11);

  await pane.getByRole('button', { name: /新\s*建/ }).click();
  const drawer = drawerOf(page);
  const code = drawer.locator('#code');
  await page.waitForFunction(() => (document.querySelector('.ant-drawer-open #code') as HTMLInputElement | null)?.value === 'CR001');
  assert.equal(await code.inputValue(), 'CR001');
  await drawer.locator('#name').fill('赠品出库');
  await pickExact(page, drawer.locator('#direction'), '出库');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  const created = pane.locator('.ant-table-row', { hasText: '赠品出库' });
  await created.waitFor();
  assert.match(await created.innerText(), /CR001[\s\S]*出库[\s\S]*其他/);
  await quiet(page, { ignoreMessages: true });

  await created.getByRole('button', { name: /编\s*辑/ }).click();
  await drawerOf(page).locator('#name').fill('赠品领用');
  await drawerOf(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await pane.locator('.ant-table-row', { hasText: '赠品领用' }).waitFor();
  assert.equal(await pane.locator('.ant-table-row', { hasText: '赠品出库' }).count(), 0);
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'records-stock-reasons');

  await pickExact(page, pane.locator('#direction'), '入库');
  await pane.getByRole('button', { name: /查\s*询/ }).click();
  await quiet(page, { ignoreMessages: true });
  const directions = await pane.locator('.ant-table-row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
  assert.ok(directions.length >= 5);
  for (const text of directions) assert.match(text, /入库/);
  await context.close();
});

test('a dictionary page shows the names of linked records (职级 → 职位)', async () => {
  const { context, page } = await adminSession(running);
  await page.goto(`${running.server.url}/admin/org/dict/positionlevel`);
  const pane = activePane(page);
  await pane.locator('.ant-table-row').first().waitFor();
  const positions = await pane.evaluate((root) => {
    const titles = [...root.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');
    const column = titles.findIndex((title) => title.includes('所属职位'));
    return [...root.querySelectorAll('.ant-table-row')].map((row) => row.querySelectorAll('td')[column]?.textContent ?? '');
  });
  assert.ok(positions.length > 0);
  for (const name of positions) assert.match(name, /^\D+$/, 'the position’s name, not its id');
  await context.close();
});
