import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, drawerOf, quiet, userSession } from '../support.js';

const running = productAndBrowser();

const SHOP = '北京国贸店';
const PRODUCT = 'SP0001';
const ORDERED = 6;

/** Confirms the open Popconfirm. */
async function confirmPop(page: Page) {
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
}

/** The quantity the 库存余额 page shows for the product in the shop (0 without a row). */
async function balanceOnPage(page: Page): Promise<number> {
  await page.goto(`${running.server.url}/admin/stock/balances`);
  const pane = activePane(page);
  await pane.locator('.ho-balances .ant-select').first().click();
  await page.keyboard.type(SHOP);
  await page.locator('.ant-select-dropdown:visible').getByText(SHOP).first().click();
  await pane.getByPlaceholder('编码 / 条码 / 名称').fill(PRODUCT);
  await pane.getByRole('button', { name: /查\s*询/ }).click();
  await quiet(page);
  const rows = pane.locator('.ho-balances .ant-table-row');
  if ((await rows.count()) === 0) return 0;
  assert.equal(await rows.count(), 1);
  assert.match((await rows.first().textContent()) ?? '', new RegExp(SHOP));
  return Number(await rows.first().locator('.ho-balance-qty').textContent());
}

test('a shop orders a product, head office approves it from the inbox, the shop receives it and the balance grows', async () => {
  const { context: admin, page, api: a } = await adminSession(running);

  // ---- setup through the API: a role with the 订货单 permissions, and a user of one login shop
  const tree = await a<{ id: number; key: string; permKey: string | null; children?: unknown[] }[]>('/api-user/menus/treeList?appId=admin');
  const wanted = ['stock.order.view', 'stock.order.edit', 'stock.order.submit', 'stock.order.receive'];
  const menuIds: number[] = [];
  const walk = (nodes: { id: number; key: string; permKey: string | null; children?: unknown[] }[]) => {
    for (const n of nodes) {
      if (n.key === 'stock' || (n.permKey && wanted.includes(n.permKey))) menuIds.push(n.id);
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk(tree);
  assert.equal(menuIds.length, wanted.length + 1);
  const role = await a<{ id: number }>('/api-user/roles/saveOrUpdate', { code: 'shop_orderer', name: '门店订货员' });
  await a(`/api-user/roles/saveRoleMenuList/${role.id}`, { menuIds });
  const shops = await a<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const shop = shops.find((s) => s.name === SHOP);
  assert.ok(shop);
  await a('/api-user/users/saveOrUpdate', {
    username: 'bjorder',
    name: '国贸订货员',
    password: 'Order-2026',
    roleIds: [role.id],
    loginShopIds: [shop.id],
  });

  // ---- the balance before, as head office sees it
  const before = await balanceOnPage(page);

  // ---- the shop user makes an order of one product and submits it
  const { context: shopCtx, page: own } = await userSession(running, 'bjorder', 'Order-2026');
  await own.goto(`${running.server.url}/admin/stock/orders`);
  const menu = own.locator('.ho-sider-menu');
  await menu.getByText('订货单').waitFor();
  assert.equal(await menu.getByText('入库单').count(), 0);
  await activePane(own).locator('.ant-tree').getByText(SHOP).waitFor();
  await activePane(own).getByRole('button', { name: '新建订货单' }).click();
  const form = drawerOf(own);
  await form.getByText(`${SHOP}（BJ001）`).waitFor();
  await form.getByRole('button', { name: '添加产品' }).click();
  await form.locator('.ho-product-picker').first().click();
  await own.keyboard.type(PRODUCT);
  await own.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: PRODUCT }).first().click();
  await form.getByLabel('数量').first().fill(String(ORDERED));
  await form.locator('.ho-lines .ant-table-summary', { hasText: String(ORDERED) }).waitFor();
  await own.waitForTimeout(300);
  await shot(own, 'stock-01-order-form');
  await form.getByRole('button', { name: '保存并提交' }).click();
  await own.getByText('已提交', { exact: true }).waitFor();
  await own.waitForURL(/\/admin\/stock\/orders\/\d+$/);
  const detail = activePane(own).locator('.ho-bill-detail');
  await detail.locator('.ho-state-tag[data-state="submitted"]').first().waitFor();
  const billNo = ((await detail.locator('.ant-card-head-title span').first().textContent()) ?? '').trim();
  assert.match(billNo, /^DH\d{8}-\d+$/);
  // the shop user may not audit: no such button
  assert.equal(await detail.getByRole('button', { name: /^审\s*核$/ }).count(), 0);

  // ---- head office: the inbox with its badge, approve the order there
  const counts = await a<{ total: number }>('/api-user/inbox/counts');
  assert.ok(counts.total >= 1);
  await page.goto(`${running.server.url}/admin/inbox`);
  const badge = page.locator('.ho-sider-menu .ho-menu-badge');
  await badge.waitFor();
  assert.match((await badge.textContent()) ?? '', new RegExp(`待办审批\\s*${counts.total}`));
  const group = activePane(page).locator('.ho-inbox-group[data-doctype="stock.order"]');
  const row = group.locator('.ant-table-row', { hasText: billNo });
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', new RegExp(SHOP));
  await quiet(page);
  await shot(page, 'stock-02-inbox');
  await row.getByRole('button', { name: /^审\s*核$/ }).click();
  await confirmPop(page);
  await page.getByText('已审核', { exact: true }).first().waitFor();
  // the order now waits for its receipt: the administrator (who holds every permission) still sees it, as 已发货
  await row.getByRole('button', { name: /^审\s*核$/ }).waitFor({ state: 'detached' });
  await row.getByText('已发货').waitFor();
  // the badge follows the transition
  const after = await a<{ total: number }>('/api-user/inbox/counts');
  if (after.total) await page.locator('.ho-sider-menu .ho-menu-badge', { hasText: String(after.total) }).waitFor();
  else await badge.waitFor({ state: 'detached' });

  // ---- the shop confirms receipt
  await own.reload();
  await detail.locator('.ho-state-tag[data-state="audited"]').first().waitFor();
  await detail.getByRole('button', { name: '确认收货' }).click();
  await confirmPop(own);
  await detail.locator('.ant-card-head-title .ho-state-tag[data-state="received"]').waitFor();
  const log = detail.locator('.ho-bill-log .ant-table-row');
  await log.nth(2).waitFor();
  assert.deepEqual(
    (await log.allTextContents()).map((t) => t.match(/提交|审核|确认收货|创建/)?.[0]),
    ['创建', '提交', '审核', '确认收货'],
  );
  await quiet(own);
  await shot(own, 'stock-03-order-detail');
  await shopCtx.close();

  // ---- the balance after: grown by the ordered quantity
  const afterQty = await balanceOnPage(page);
  assert.equal(afterQty, before + ORDERED);
  await shot(page, 'stock-04-balance');
  await activePane(page).locator('.ho-balances .ant-table-row').first().getByRole('button', { name: '流水' }).click();
  const history = drawerOf(page);
  await history.locator('.ant-table-row').first().waitFor();
  assert.match((await history.locator('.ant-table-row').first().textContent()) ?? '', new RegExp(`\\+${ORDERED}`));
  await quiet(page);
  await shot(page, 'stock-05-history');

  // ---- the stock entry the receipt made: in the list, and its detail with the log
  await history.locator('.ant-table-row').first().locator('a').first().click();
  await page.waitForURL(/\/admin\/stock\/entries\/\d+$/);
  const bill = activePane(page).locator('.ho-bill-detail');
  await bill.locator('.ho-state-tag[data-state="audited"]').first().waitFor();
  assert.match((await bill.textContent()) ?? '', new RegExp(billNo));
  await bill.locator('.ho-bill-log .ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, 'stock-06-entry-detail');

  await page.goto(`${running.server.url}/admin/stock/entries`);
  await activePane(page).locator('.ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, 'stock-07-entry-list');

  // ---- the bill form (a new stock out from the warehouse), the order list, the settings
  await page.goto(`${running.server.url}/admin/stock/outs`);
  await activePane(page).getByRole('button', { name: '新建出库单' }).click();
  const out = drawerOf(page);
  await out.getByText('总部仓库').waitFor();
  await out.getByRole('button', { name: '添加产品' }).click();
  await out.locator('.ho-product-picker').first().click();
  await page.keyboard.type(PRODUCT);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: PRODUCT }).first().click();
  await out.getByLabel('数量').first().fill('2');
  await quiet(page);
  await shot(page, 'stock-08-out-form');
  await out.getByRole('button', { name: /取\s*消/ }).click();

  await page.goto(`${running.server.url}/admin/stock/orders`);
  await activePane(page).locator('.ant-table-row', { hasText: billNo }).waitFor();
  await quiet(page);
  await shot(page, 'stock-09-order-list');
  await page.goto(`${running.server.url}/admin/stock/config`);
  await activePane(page).getByText('允许负库存').waitFor();
  await quiet(page);
  await shot(page, 'stock-10-config');
  await admin.close();
});
