import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, drawerOf, pickExact, quiet, userSession } from '../support.js';

// Petty cash: a shop user requests money for an item with a photo; the approver of the item's
// department approves it from the approvals inbox; finance reviews it together with another request
// in one batch and regroups its payout; a locked day refuses a new request; head office records a
// cash count shortage in the petty-cash ledger and the shop's balance drops by it.

const running = productAndBrowser();
const SHOP = '北京国贸店';
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type MenuNode = { id: number; key: string; permKey: string | null; children?: MenuNode[] };

test('a shop requests petty cash with a photo, its department approves it from the inbox, finance reviews it in a batch and regroups the payout; a locked day refuses a request', async () => {
  const { context: adminCtx, page, api: a } = await adminSession(running);

  // ---- setup through the API: three roles and three users
  const tree = await a<MenuNode[]>('/api-user/menus/treeList?appId=admin');
  // the approvals inbox is a page under 库存管理 (stock), with its own right
  const parentsOf = (perms: string[]) => ['finance', 'finance.funds', ...(perms.includes('inbox.view') ? ['stock'] : [])];
  const menuIds = (perms: string[]) => {
    const ids: number[] = [];
    const parents = parentsOf(perms);
    const walk = (nodes: MenuNode[]) => {
      for (const n of nodes) {
        if (parents.includes(n.key) || (n.permKey && perms.includes(n.permKey))) ids.push(n.id);
        walk(n.children ?? []);
      }
    };
    walk(tree);
    assert.equal(ids.length, perms.length + parents.length);
    return ids;
  };
  const shops = await a<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const shop = shops.find((s) => s.name === SHOP);
  assert.ok(shop);
  const departments = await a<{ id: number; name: string }[]>('/api-chain/branch/list/all');
  const ops = departments.find((d) => d.name === '运营部');
  assert.ok(ops);
  const makeUser = async (code: string, name: string, perms: string[], user: Record<string, unknown>) => {
    const role = await a<{ id: number }>('/api-user/roles/saveOrUpdate', { code, name });
    await a(`/api-user/roles/saveRoleMenuList/${role.id}`, { menuIds: menuIds(perms) });
    await a('/api-user/users/saveOrUpdate', { password: 'Funds-2026', roleIds: [role.id], ...user });
  };
  await makeUser('fund_shop', '门店备用金申请', ['finance.fundbill.view', 'finance.fundbill.edit'], {
    username: 'bjfund',
    name: '国贸店长',
    loginShopIds: [shop.id],
  });
  // The demo chain's approver of 运营部 (an employee of that department), given a password here.
  const opsUser = (await a<{ list: { id: number; employeeId: number }[] }>('/api-user/users?keyword=sp_yunying')).list[0];
  const opsStaff = await a<{ branchId: number }>(`/api-chain/employee/id/${opsUser.employeeId}`);
  assert.equal(opsStaff.branchId, ops.id);
  await a('/api-user/users/updateUser', { id: opsUser.id, password: 'Funds-2026' });
  await makeUser(
    'fund_fh',
    '财务复核',
    ['finance.fundbill.view', 'finance.fundbill.review', 'finance.fundbill.reject', 'finance.fundbill.pay'],
    { username: 'fhfund', name: '财务复核员', managerShopIds: [shop.id] },
  );

  // ---- the shop user requests petty cash for 水电费 with a photo, and submits it
  const { context: shopCtx, page: own, api: shopApi } = await userSession(running, 'bjfund', 'Funds-2026');
  await own.goto(`${running.server.url}/admin/finance/fund-requests`);
  await activePane(own).getByRole('button', { name: '新建备用金申请' }).click();
  const form = drawerOf(own);
  await form.getByText(SHOP).first().waitFor();
  await pickExact(own, form.locator('#type'), '日常备用金');
  await pickExact(own, form.locator('#itemId'), '水电费');
  await form.locator('#amount').fill('860');
  await form.locator('#reason').fill('三月电费');
  await form.locator('.ant-alert', { hasText: '门店备用金余额' }).waitFor();
  await form.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PHOTO });
  await form.locator('.ant-image img').first().waitFor();
  await quiet(own);
  await shot(own, 'funds-01-request-form');
  await form.getByRole('button', { name: '保存并提交' }).click();
  await own.waitForURL(/\/admin\/finance\/fund-requests\/\d+$/);
  const detail = activePane(own).locator('.ho-bill-detail');
  await detail.locator('.ant-card-head-title .ho-state-tag[data-state="submitted"]').waitFor();
  const billNo = ((await detail.locator('.ant-card-head-title span').first().textContent()) ?? '').trim();
  assert.match(billNo, /^BYJ\d{8}-\d{4}$/);
  assert.match((await detail.innerText()) ?? '', /860\.00[\s\S]*运营部/);
  await detail.locator('.ant-image img').first().waitFor();
  await quiet(own);
  await shot(own, 'funds-02-request-submitted');

  // ---- the approver of 运营部 approves it from the approvals inbox
  const { context: opsCtx, page: approver, api: opsApi } = await userSession(running, 'sp_yunying', 'Funds-2026');
  await approver.goto(`${running.server.url}/admin/inbox`);
  const group = activePane(approver).locator('.ho-inbox-group[data-doctype="finance.fund"]');
  const row = group.locator('.ant-table-row', { hasText: billNo });
  await row.waitFor();
  await quiet(approver);
  await shot(approver, 'funds-03-inbox');
  await row.getByRole('button', { name: /^审\s*批$/ }).click();
  await approver.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await row.waitFor({ state: 'detached' });

  // ---- a second request of the shop, approved through the API
  const items = await shopApi<{ id: number; name: string }[]>('/api-finance/dicioitem/list/all');
  const cleaning = items.find((i) => i.name === '清洁卫生');
  assert.ok(cleaning);
  const second = await shopApi<{ id: number; billNo: string }>('/api-finance/fundbillhead/saveBill', {
    shopId: shop.id,
    type: 1,
    itemId: cleaning.id,
    amount: 42_000,
    reason: '保洁用品',
    lines: [{ url: '/files/none.png' }],
  });
  await shopApi('/api-finance/fundbillhead/submitBill', { id: second.id });
  await opsApi('/api-finance/fundbillhead/auditSpBill', { id: second.id });

  // ---- finance reviews both in one batch, then regroups the first one's payout
  const { context: fhCtx, page: fh } = await userSession(running, 'fhfund', 'Funds-2026');
  await fh.goto(`${running.server.url}/admin/finance/fund-requests`);
  const list = activePane(fh);
  for (const no of [billNo, second.billNo]) await list.locator('.ant-table-row', { hasText: no }).locator('.ant-checkbox-input').check();
  await list.getByRole('button', { name: '批量复核' }).click();
  await fh.locator('.ant-modal-confirm:visible .ant-btn-primary').click();
  const result = fh.locator('.ho-batch-result');
  await result.waitFor();
  assert.match(await result.innerText(), new RegExp(`${billNo}[\\s\\S]*${second.billNo}|${second.billNo}[\\s\\S]*${billNo}`));
  await quiet(fh);
  await shot(fh, 'funds-04-batch-reviewed');
  await result.getByRole('button').last().click();
  await list.locator('.ant-table-row', { hasText: billNo }).getByText(billNo).click();
  const reviewed = activePane(fh).locator('.ho-bill-detail');
  await reviewed.locator('.ant-card-head-title .ho-state-tag[data-state="reviewed"]').waitFor();
  await reviewed.getByRole('button', { name: '修改付款方式' }).click();
  const modal = fh.locator('.ant-modal:visible');
  await pickExact(fh, modal.locator('.ant-select'), '汇总');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await reviewed
    .locator('.ho-bill-log', { hasText: '汇总' })
    .or(reviewed.locator('.ant-descriptions', { hasText: '汇总' }))
    .first()
    .waitFor();
  await quiet(fh);
  await shot(fh, 'funds-05-payout-regrouped');

  // ---- head office locks today; the shop's next request is refused, naming the day
  await page.goto(`${running.server.url}/admin/finance/fund-locks`);
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()));
  await activePane(page).locator('.ho-lock-day input').fill(today);
  await activePane(page).locator('.ho-lock-day input').press('Enter');
  await activePane(page)
    .getByRole('button', { name: /^锁\s*定$/ })
    .click();
  await activePane(page).locator('.ant-table-row', { hasText: today }).waitFor();
  await quiet(page);
  await shot(page, 'funds-06-locked-day');

  await own.goto(`${running.server.url}/admin/finance/fund-requests`);
  await activePane(own).getByRole('button', { name: '新建备用金申请' }).click();
  const again = drawerOf(own);
  await again.getByText(SHOP).first().waitFor();
  await pickExact(own, again.locator('#type'), '日常备用金');
  await pickExact(own, again.locator('#itemId'), '水电费');
  await again.locator('#amount').fill('120');
  await again.locator('#reason').fill('补交电费');
  await again.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PHOTO });
  await again.locator('.ant-image img').first().waitFor();
  await again.getByRole('button', { name: /^保\s*存$/ }).click();
  await own.getByText(`${today} 已锁定备用金申请日期`).first().waitFor();
  await shot(own, 'funds-07-locked-day-refused');

  // ---- the ledger: every shop's petty cash; head office counts the shop's cash 12.34 short. An entry
  // dated on the locked day is refused too; dated the day before, it lowers the shop's balance.
  await page.goto(`${running.server.url}/admin/finance/fund-records`);
  const ledger = activePane(page);
  const shopRow = ledger.locator('.ho-fund-positions .ant-table-row', { hasText: SHOP });
  await shopRow.waitFor();
  const balanceOf = async () => {
    const cells = await shopRow.locator('td').allInnerTexts();
    return Number((cells.at(-1) ?? '').replace(/[¥,\s]/g, ''));
  };
  const before = await balanceOf();
  await shopRow.click();
  await ledger.getByText(`${SHOP} · 台账明细`).waitFor();
  await quiet(page);
  await shot(page, 'funds-08-ledger-overview');
  await ledger.getByRole('button', { name: '新增调整' }).click();
  const dialog = page.locator('.ho-fund-adjust');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await dialog.getByText('请输入调整金额').waitFor();
  await dialog.getByText('请填写调整原因').waitFor();
  await dialog.locator('#amount').fill('-12.34');
  await dialog.locator('#reason').fill('盘点短款');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText(`${today} 已锁定备用金申请日期`).first().waitFor();
  await shot(page, 'funds-09-adjustment-locked-day');
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await dialog.locator('#date').fill(yesterday);
  await dialog.locator('#date').press('Enter');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await ledger.locator('.ho-fund-ledger .ant-table-row', { hasText: '盘点短款' }).waitFor();
  await ledger.locator('.ho-fund-ledger .ant-table-row', { hasText: '盘点短款' }).scrollIntoViewIfNeeded();
  await quiet(page);
  assert.equal(Math.round((await balanceOf()) * 100), Math.round(before * 100) - 1234);
  assert.match(await ledger.locator('.ho-fund-ledger .ant-table-row', { hasText: '盘点短款' }).innerText(), /台账调整[\s\S]*-?¥?-?12\.34/);
  await shot(page, 'funds-10-adjustment-recorded');
  for (const ctx of [adminCtx, shopCtx, opsCtx, fhCtx]) await ctx.close();
});
