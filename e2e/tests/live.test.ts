import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, userSession } from '../support.js';

const running = productAndBrowser();

const SHOP = '北京国贸店';
const PRODUCT = 'SP0001';
/** Far below the minute the badge would otherwise wait for its next poll. */
const AT_ONCE_MS = 5_000;

/** The number on the approvals inbox's menu badge (0 without one). */
const badgeOf = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('.ho-sider-menu .ho-menu-badge sup')?.getAttribute('title') ?? 0));

async function badgeBecomes(page: Page, count: number) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.ho-sider-menu .ho-menu-badge sup')?.getAttribute('title') ?? 0) === n,
    count,
    { timeout: AT_ONCE_MS },
  );
}

test('two people on the approvals inbox see a new bill and its approval at once; the other one’s open bill says it was changed', async () => {
  const { context: adminCtx, page: admin, api: a } = await adminSession(running);

  // ---- setup through the API: an approver of stock entries of one shop
  type Node = { id: number; key: string; permKey: string | null; children?: Node[] };
  const tree = await a<Node[]>('/api-user/menus/treeList?appId=admin');
  const wanted = ['stock.entry.view', 'stock.entry.audit', 'inbox.view'];
  const menuIds = new Set<number>();
  const walk = (nodes: Node[], parents: number[]) => {
    for (const n of nodes) {
      if (n.permKey && wanted.includes(n.permKey)) for (const id of [...parents, n.id]) menuIds.add(id);
      walk(n.children ?? [], [...parents, n.id]);
    }
  };
  walk(tree, []);
  const role = await a<{ id: number }>('/api-user/roles/saveOrUpdate', { code: 'entry_approver', name: '入库审核员' });
  await a(`/api-user/roles/saveRoleMenuList/${role.id}`, { menuIds: [...menuIds] });
  const shop = (await a<{ id: number; name: string }[]>('/api-chain/shop/list/all')).find((s) => s.name === SHOP);
  assert.ok(shop);
  await a('/api-user/users/saveOrUpdate', {
    username: 'gmaudit',
    name: '国贸审核员',
    password: 'Audit-2026',
    roleIds: [role.id],
    managerShopIds: [shop.id],
  });
  const reasons = await a<{ id: number; name: string }[]>('/api-stock/dictinout/list/all');
  const purchase = reasons.find((r) => r.name === '采购入库');
  assert.ok(purchase);
  const product = (await a<{ id: number; pcode: string }[]>(`/api-chain/product/list/all?keyword=${PRODUCT}`)).find(
    (p) => p.pcode === PRODUCT,
  );
  assert.ok(product);

  // ---- both on the inbox
  await admin.goto(`${running.server.url}/admin/inbox`);
  const { context: approverCtx, page: approver } = await userSession(running, 'gmaudit', 'Audit-2026');
  await approver.goto(`${running.server.url}/admin/inbox`);
  for (const page of [admin, approver]) await activePane(page).locator('.ho-inbox').waitFor();
  // the connection is up once the counts were fetched again on its first "ready"
  await admin.waitForTimeout(500);
  const adminBefore = await badgeOf(admin);
  const approverBefore = await badgeOf(approver);

  // ---- a new bill of the shop: both badges and lists grow at once
  const bill = await a<{ id: number; billNo: string }>('/api-stock/entry', {
    shopId: shop.id,
    reasonId: purchase.id,
    lines: [{ productId: product.id, quantity: 4 }],
  });
  await Promise.all([badgeBecomes(admin, adminBefore + 1), badgeBecomes(approver, approverBefore + 1)]);
  const rowOn = (page: Page) =>
    activePane(page).locator('.ho-inbox-group[data-doctype="stock.entry"] .ant-table-row', { hasText: bill.billNo });
  await rowOn(approver).waitFor({ timeout: AT_ONCE_MS });
  await rowOn(admin).waitFor({ timeout: AT_ONCE_MS });
  await shot(approver, 'live-01-inbox-grew');

  // ---- the approver opens the bill; the administrator approves it from the inbox
  await approver.goto(`${running.server.url}/admin/stock/entries/${bill.id}`);
  const detail = activePane(approver).locator('.ho-bill-detail');
  await detail.locator('.ho-state-tag[data-state="draft"]').first().waitFor();
  await rowOn(admin)
    .getByRole('button', { name: /^审\s*核$/ })
    .click();
  await admin.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await rowOn(admin).waitFor({ state: 'detached', timeout: AT_ONCE_MS });
  await badgeBecomes(admin, adminBefore);

  // the approver's page says the bill changed, and the badge is back, without any reload
  const notice = detail.locator('.ho-changed-elsewhere');
  await notice.waitFor({ timeout: AT_ONCE_MS });
  assert.match((await notice.textContent()) ?? '', /此单据已被他人修改/);
  await badgeBecomes(approver, approverBefore);
  await shot(approver, 'live-02-changed-elsewhere');
  await notice.getByRole('button', { name: /重新加载/ }).click();
  await detail.locator('.ant-card-head-title .ho-state-tag[data-state="audited"]').waitFor();
  await notice.waitFor({ state: 'detached' });
  await adminCtx.close();
  await approverCtx.close();
});
