import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, drawerOf, quiet, userSession } from '../support.js';

const running = productAndBrowser();

/** Opens the antd Select / TreeSelect of the drawer's form item with this label. */
async function openPicker(page: Page, label: string) {
  const item = drawerOf(page)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) });
  await item.locator('.ant-select').first().click();
  return page.locator('.ant-select-dropdown:visible');
}

/** A node of the role permission tree, by the permission key it shows. */
const permNode = (page: Page, permKey: string) =>
  drawerOf(page).locator('.ho-perm-tree .ant-tree-treenode:not([aria-hidden="true"])', { hasText: permKey });

test('a role that may only view the shop list, a user with it and one manager shop: the user sees that page and that shop only', async () => {
  // ---- the administrator builds the role and the user through the pages
  const { context: admin, page } = await adminSession(running);

  await page.goto(`${running.server.url}/admin/system/roles`);
  await page.locator('.ant-table-row', { hasText: '超级管理员' }).first().waitFor();
  await page.getByRole('button', { name: /新\s*建/ }).click();
  await drawerOf(page).locator('#code').fill('shop_viewer');
  await drawerOf(page).locator('#name').fill('门店查看员');
  await drawerOf(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await page.getByText('保存成功').waitFor();

  const roleRow = page.locator('.ant-table-row', { hasText: 'shop_viewer' });
  await roleRow.waitFor();
  await roleRow.getByRole('button', { name: '权限设置' }).click();
  await drawerOf(page).locator('.ho-perm-tree').getByText('门店管理').waitFor();
  // narrow the tree to the shop menus, tick the page, then untick its edit action: view only
  await drawerOf(page).getByPlaceholder('搜索菜单或权限标识').fill('org.shop');
  await permNode(page, 'org.shop.view').locator('.ant-tree-checkbox').click();
  await permNode(page, 'org.shop.edit').locator('.ant-tree-checkbox-checked').waitFor();
  await permNode(page, 'org.shop.edit').locator('.ant-tree-checkbox').click();
  await permNode(page, 'org.shop.view').locator('.ant-tree-checkbox-checked').waitFor();
  assert.equal(await permNode(page, 'org.shop.edit').locator('.ant-tree-checkbox-checked').count(), 0);
  await drawerOf(page).getByPlaceholder('搜索菜单或权限标识').fill('');
  await drawerOf(page).getByText('区域管理').waitFor();
  await quiet(page);
  await shot(page, 'access-01-role-permissions');
  await drawerOf(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await page.getByText('权限已保存').waitFor();
  // the role's tree now holds the organisation folder (half) and the shop list, nothing else
  await roleRow.getByRole('button', { name: '权限设置' }).click();
  await permNode(page, 'org.shop.view').locator('.ant-tree-checkbox-checked').waitFor();
  assert.equal(await drawerOf(page).locator('.ho-perm-tree .ant-tree-checkbox-checked').count(), 1);
  await drawerOf(page)
    .getByRole('button', { name: /取\s*消/ })
    .click();

  await page.goto(`${running.server.url}/admin/system/users`);
  await page.locator('.ant-table-row', { hasText: 'admin' }).first().waitFor();
  await page.getByRole('button', { name: /新\s*建/ }).click();
  await drawerOf(page).locator('#username').fill('shopviewer');
  await drawerOf(page).locator('#name').fill('国贸店长助理');
  await drawerOf(page).locator('#password').fill('Viewer-2026');
  const roles = await openPicker(page, '角色');
  await roles.getByText('门店查看员', { exact: true }).click();
  await page.keyboard.press('Escape');
  const shops = await openPicker(page, '管理门店');
  await page.keyboard.type('北京国贸');
  await shops.getByText('北京国贸店（BJ001）').click();
  await page.keyboard.press('Escape');
  await drawerOf(page).locator('.ant-select-selection-item', { hasText: '北京国贸店' }).waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'access-02-user-form');
  await drawerOf(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await page.getByText('保存成功').waitFor();
  const userRow = page.locator('.ant-table-row', { hasText: 'shopviewer' });
  await userRow.waitFor();
  assert.match((await userRow.textContent()) ?? '', /门店查看员/);
  assert.match((await userRow.textContent()) ?? '', /北京国贸店/);
  await quiet(page);
  await shot(page, 'access-03-users');

  await page.goto(`${running.server.url}/admin/staff/employees`);
  await page.locator('.ant-table-row').nth(5).waitFor();
  await quiet(page);
  await shot(page, 'access-04-employees');
  await admin.close();

  // ---- the new user, in a fresh browser
  const { context: limited, page: own } = await userSession(running, 'shopviewer', 'Viewer-2026');
  await own.goto(`${running.server.url}/admin`);
  const menu = own.locator('.ho-sider-menu');
  await menu.getByText('组织架构').click();
  await menu.getByText('门店管理').waitFor();
  assert.deepEqual(await menu.locator('.ant-menu-submenu-title').allTextContents(), ['组织架构']);
  assert.deepEqual(await menu.locator('.ant-menu-item').allTextContents(), ['首页', '门店管理']);

  await menu.getByText('门店管理').click();
  await own.waitForURL(/\/admin\/org\/shops$/);
  const rows = own.locator('.ant-table-row');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 1);
  assert.match((await rows.first().textContent()) ?? '', /北京国贸店/);
  // view only: no creating, no editing
  assert.equal(await own.getByRole('button', { name: /新\s*建/ }).count(), 0);
  assert.equal(await rows.first().getByText('编辑').count(), 0);
  await quiet(own);
  await shot(own, 'access-05-limited-user');

  await own.goto(`${running.server.url}/admin/org/brands`);
  await own.getByText('没有权限访问').waitFor();
  await quiet(own);
  await shot(own, 'access-06-no-permission');
  await limited.close();
});
