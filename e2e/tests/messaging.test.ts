import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, addLogin, adminSession, cashBill, pick, quiet, tillShop, userSession } from '../support.js';

// Head office buys SMS (the sandbox pays), assigns them to a shop, and sends a campaign to the shop's
// members who came at least once, after the page has shown its recipients and cost; once the sandbox has
// delivered it, the shop's balance is lower by exactly that cost. A user limited to that shop sees the
// balance of their shop only, and reads a notice head office publishes from its messages page as it
// arrives: the bell's count rises without a reload, reading it clears it, and head office's page counts it read.

const running = productAndBrowser();
const TEXT = '本周到店护理享八折，欢迎预约。';
const ASSIGNED = 200;
/** Far below the minute the bell would otherwise wait for its next poll. */
const AT_ONCE_MS = 5_000;

/** A count as antd's Statistic shows it (1,000). */
const grouped = (n: number) => n.toLocaleString('en-US');

type ShopAllowance = { shopId: number; assigned: number; used: number; remaining: number };
type Tenant = { bought: number; pool: number; assigned: number; used: number; shopsRemaining: number };

/** The unread count on the header's bell (0 without a badge). */
const bellCount = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('.ho-messages-bell .ant-badge sup')?.getAttribute('title') ?? 0));

async function bellBecomes(page: Page, count: number) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.ho-messages-bell .ant-badge sup')?.getAttribute('title') ?? 0) === n,
    count,
    { timeout: AT_ONCE_MS },
  );
}

/** The figures of a shop's row of the allowance table, as the page shows them. */
async function rowFigures(page: Page, shopName: string) {
  const cells = await activePane(page).locator('.ho-sms-shops .ant-table-row', { hasText: shopName }).locator('td').allTextContents();
  return { assigned: Number(cells[1]), used: Number(cells[2]), remaining: Number(cells[3]) };
}

test('head office buys and assigns SMS, sends a campaign at the cost it showed, and a shop reads a message live', async () => {
  const { page, api: a } = await adminSession(running);
  const { shop, setup } = await tillShop(a);

  // ---- two members of the shop come once (a settled bill each): the campaign's audience
  const members = await a<{ list: { id: number; name: string; mobile: string }[] }>(
    `/api-member/userinfo/list/findConditionSms?shopid=${shop.id}&pageSize=50`,
  );
  const regulars = members.list.filter((m) => !m.mobile.endsWith('0000')).slice(0, 2);
  assert.equal(regulars.length, 2);
  for (const m of regulars) await cashBill(a, shop.id, setup, [{ kind: 'service', itemId: setup.services[0].id, num: 1 }], m.id);

  // ---- buy the first package, paid by the sandbox at once
  const before = await a<Tenant>('/api-push/smsallowance/getSmsAllowanceByTenement');
  const config = await a<{ packages: { count: number; price: number }[] }>('/api-push/smsconfig');
  const pack = config.packages[0];
  await page.goto(`${running.server.url}/admin/messaging/sms`);
  const pane = activePane(page);
  await pane.getByRole('button', { name: '购买短信' }).click();
  const buying = page.locator('.ant-modal:visible');
  await buying.getByText(`${pack.count} 条 · ¥${(pack.price / 100).toFixed(2)}`).waitFor();
  await quiet(page);
  await shot(page, 'messaging-01-buy');
  await buying.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText(`已购买 ${pack.count} 条短信`).waitFor();
  const bought = await a<Tenant>('/api-push/smsallowance/getSmsAllowanceByTenement');
  assert.equal(bought.bought, before.bought + pack.count);
  assert.equal(bought.pool, before.pool + pack.count);
  await pane.locator('.ant-statistic', { hasText: '待分配' }).getByText(grouped(bought.pool)).waitFor();

  // ---- assign 200 to the shop: its row shows them
  await pane.getByRole('button', { name: '分配短信' }).click();
  const assigning = page.locator('.ant-modal:visible');
  await assigning.locator('.ant-select').click();
  await page.keyboard.type(shop.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: shop.name }).first().click();
  await page.keyboard.press('Escape');
  await assigning.getByLabel('每店条数（负数为收回）').fill(String(ASSIGNED));
  await assigning.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('已分配', { exact: true }).first().waitFor();
  const [assigned] = await a<ShopAllowance[]>(`/api-push/smsshop/chain/list?shopid=${shop.id}`);
  assert.equal(assigned.remaining, ASSIGNED);
  await page.waitForFunction(
    ([name, n]) =>
      [...document.querySelectorAll('.ho-page .ho-sms-shops .ant-table-row')].some(
        (r) => r.textContent?.includes(name as string) && r.querySelectorAll('td')[3]?.textContent === String(n),
      ),
    [shop.name, ASSIGNED],
  );
  assert.deepEqual(await rowFigures(page, shop.name), { assigned: ASSIGNED, used: 0, remaining: ASSIGNED });
  await pane
    .locator('.ant-statistic', { hasText: '待分配' })
    .getByText(grouped(bought.pool - ASSIGNED))
    .waitFor();
  await quiet(page);
  await shot(page, 'messaging-02-assigned');

  // ---- the campaign: the shop's members with at least one visit; the cost first, then the send
  await pane.getByRole('tab', { name: '短信群发' }).click();
  const form = pane.locator('.ant-card', { hasText: '新建群发' });
  await pick(page, form.locator('.ant-form-item', { hasText: '门店' }).locator('.ant-select').first(), shop.name);
  await form.getByLabel('短信内容').fill(TEXT);
  await form.getByLabel('最少到店次数').fill('1');
  await form.getByRole('button', { name: '计算费用' }).click();
  const expected = await a<{ preview: { recipients: number; parts: number; cost: number; remaining: number; allMembers: boolean } }>(
    '/api-push/smstask',
    { shopid: shop.id, content: TEXT, filter: { shopid: shop.id, minVisits: 1 }, confirm: false },
  );
  assert.deepEqual(expected.preview, { recipients: 2, parts: 1, cost: 2, remaining: ASSIGNED, allMembers: false });
  const audience = await a<{ total: number }>(`/api-member/userinfo/list/findConditionSms?shopid=${shop.id}&minVisits=1`);
  assert.equal(audience.total, expected.preview.recipients);
  const { recipients, parts, cost } = expected.preview;
  await form.locator('.ant-alert').getByText(`收信人 ${recipients} 人 × ${parts} 条 = ${cost} 条，门店剩余 ${ASSIGNED} 条`).waitFor();
  await quiet(page);
  await shot(page, 'messaging-03-campaign-cost');
  await form.getByRole('button', { name: '确认发送' }).click();
  await page.getByText('群发已排队').waitFor();

  // The sandbox delivers it through the campaign's job; the page follows without a reload.
  await activePane(page).locator('.ho-sms-tasks .ant-table-row', { hasText: TEXT }).getByText('已发送').waitFor({ timeout: 30_000 });
  type Task = { id: number; state: string; recipients: number; cost: number; sent: number; failed: number; content: string };
  const task = (await a<{ list: Task[] }>(`/api-push/smstask?shopid=${shop.id}`)).list.find((t) => t.content === TEXT);
  assert.ok(task);
  assert.deepEqual([task.state, task.recipients, task.cost, task.sent, task.failed], ['sent', recipients, cost, recipients, 0]);
  const [after] = await a<ShopAllowance[]>(`/api-push/smsshop/chain/list?shopid=${shop.id}`);
  assert.deepEqual(after, { ...assigned, used: cost, remaining: ASSIGNED - cost });
  await quiet(page);
  await shot(page, 'messaging-04-campaign-sent');
  await activePane(page).getByRole('tab', { name: '短信余量' }).click();
  await activePane(page).locator('.ho-sms-shops .ant-table-row', { hasText: shop.name }).waitFor();
  assert.deepEqual(await rowFigures(page, shop.name), { assigned: ASSIGNED, used: cost, remaining: ASSIGNED - cost });
  const tenantAfter = await a<Tenant>('/api-push/smsallowance/getSmsAllowanceByTenement');
  assert.equal(tenantAfter.shopsRemaining, bought.shopsRemaining + ASSIGNED - cost);

  // ---- a user of that shop only: their SMS page shows their shop's balance alone; the bell's count before
  type Node = { id: number; permKey: string | null; children?: Node[] };
  const tree = await a<Node[]>('/api-user/menus/treeList?appId=admin');
  const menuIds: number[] = [];
  const walk = (nodes: Node[], parents: number[]) => {
    for (const n of nodes) {
      if (n.permKey === 'messaging.sms.view') menuIds.push(...parents, n.id);
      walk(n.children ?? [], [...parents, n.id]);
    }
  };
  walk(tree, []);
  assert.ok(menuIds.length);
  const role = await a<{ id: number }>('/api-user/roles/saveOrUpdate', { code: 'shop_sms', name: '门店短信查看' });
  await a(`/api-user/roles/saveRoleMenuList/${role.id}`, { menuIds });
  const employees = await a<{ list: { id: number; name: string }[] }>(`/api-chain/employee?shopId=${shop.id}&pageSize=1`);
  const clerk = employees.list[0];
  assert.ok(clerk);
  await addLogin(a, {
    username: 'smsclerk',
    name: clerk.name,
    password: 'Clerk-2026',
    employeeId: clerk.id,
    shopId: shop.id,
    roleIds: [role.id],
  });
  const { context: shopCtx, page: own, api: ownApi } = await userSession(running, 'smsclerk', 'Clerk-2026', { board: false });
  await own.goto(`${running.server.url}/admin/messaging/sms`);
  await activePane(own).locator('.ho-sms-shops .ant-table-row', { hasText: shop.name }).waitFor();
  assert.equal(await activePane(own).locator('.ho-sms-shops .ant-table-row').count(), 1);
  assert.deepEqual(await rowFigures(own, shop.name), { assigned: ASSIGNED, used: cost, remaining: ASSIGNED - cost });
  await own.locator('.ho-messages-bell').waitFor();
  // the live connection is up once the bell's counts were fetched
  await quiet(own);
  const unreadBefore = await bellCount(own);

  // ---- head office publishes a notice to the shop from its page: the shop's bell rises without a reload
  await page.goto(`${running.server.url}/admin/messaging/notices`);
  const notice = activePane(page).locator('.ho-notice-form');
  await notice.getByLabel('标题').fill('周末盘点通知');
  await notice.getByLabel('内容').fill('本周六闭店后盘点库存，请各店长安排人员。');
  await notice.getByText('指定门店').click();
  await notice.locator('.ant-form-item', { hasText: '门店' }).last().locator('.ant-select').click();
  await page.keyboard.type(shop.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: shop.name }).first().click();
  await page.keyboard.press('Escape');
  await quiet(page);
  await shot(page, 'messaging-05-notice-form');
  await notice.getByRole('button', { name: /发\s*布/ }).click();
  await page.getByText('已发布', { exact: true }).first().waitFor();
  const sentRow = activePane(page).locator('.ho-notices-sent .ant-table-row', { hasText: '周末盘点通知' });
  await sentRow.getByText(shop.name).waitFor();
  type Sent = { id: number; title: string; toShopId: number | null; readers: number };
  const published = await a<{ list: Sent[] }>(`/api-push/adminmstatus/list/published?shopid=${shop.id}`);
  const message = published.list.find((m) => m.title === '周末盘点通知');
  assert.ok(message);
  assert.deepEqual([message.toShopId, message.readers], [shop.id, 0]);
  await bellBecomes(own, unreadBefore + 1);
  await quiet(own);
  await shot(own, 'messaging-06-bell-rose');
  await own.locator('.ho-messages-bell').click();
  const inbox = own.locator('.ant-popover:visible');
  await inbox.getByText('周末盘点通知').waitFor();
  await quiet(own);
  await shot(own, 'messaging-07-message-open');
  const unread = await ownApi<{ unread: number; list: { id: number; read: boolean }[] }>('/api-push/adminmstatus/list/account?unread=true');
  assert.ok(unread.list.some((m) => m.id === message.id));

  // ---- reading it clears the count, here and in the API
  await inbox.getByRole('button', { name: '全部标为已读' }).click();
  await bellBecomes(own, 0);
  await inbox.getByText('没有未读消息').waitFor();
  const read = await ownApi<{ unread: number; list: { id: number; read: boolean }[] }>('/api-push/adminmstatus/list/account');
  assert.equal(read.unread, 0);
  assert.equal(read.list.find((m) => m.id === message.id)?.read, true);
  await quiet(own);
  await shot(own, 'messaging-08-read');

  // ---- head office's page counts the shop's reading once it refreshes its list
  await page.reload();
  await activePane(page)
    .locator('.ho-notices-sent .ant-table-row', { hasText: '周末盘点通知' })
    .locator('td')
    .last()
    .getByText('1')
    .waitFor();
  await quiet(page);
  await shot(page, 'messaging-09-notice-read');
  await shopCtx.close();
});
