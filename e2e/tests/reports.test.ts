import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, drawerOf, pickExact, quiet, userSession } from '../support.js';

// Reports: head office designs a report in 报表设计 — its SQL, the columns the designer's parse finds, a
// text filter, a totals line over a number and a money column, and the money column limited to one role —
// and runs it; a shop user allowed the report centre sees only their shop's row and never the limited
// column (its values are not even sent); a user of another shop with the column's role sees it.

const running = productAndBrowser();

const CODE = 'SHOP_PEOPLE_STOCK';
const NAME = '门店会员与库存';
const PASSWORD = 'Reports-2026';
/** The column limited to one role: what a shop's stock cost (cents, the catalogue's purchase prices). */
const LIMITED = '库存金额';
const LIMITED_ROLE = '库存金额查看';
const SQL = `select s.id as shop_id, s.code as shop_code, s.name as shop_name,
  (select count(*) from members m where m.shop_id = s.id)::int as members,
  (select count(*) from employees e where e.shop_id = s.id and e.status = 1)::int as staff,
  (select coalesce(sum(b.quantity * p.purchase_price), 0) from stock_balances b join products p on p.id = b.product_id
    where b.shop_id = s.id)::bigint as stock_value
from shops s
order by s.code`;

/** The columns of the SQL in its order, as the designer sets them: title, and what else is changed from the parse's guess. */
const COLUMNS = [
  { name: 'shop_id', title: '门店ID', hide: true },
  { name: 'shop_code', title: '门店编码', fixed: true },
  { name: 'shop_name', title: '门店名称', fixed: true, search: true },
  { name: 'members', title: '会员数', sum: true },
  { name: 'staff', title: '在职员工' },
  { name: 'stock_value', title: LIMITED, money: true, sum: true, role: LIMITED_ROLE },
] as const;

type MenuNode = { id: number; key: string; permKey: string | null; children?: MenuNode[] };

const MONEY = /^¥\d{1,3}(,\d{3})*\.\d{2}$/;
const yuan = (text: string) => Number(text.replace(/[¥,]/g, ''));

/** The report's table in the active tab, its header titles, its rows' cells and its totals line. */
function reportTable(page: Page) {
  const table = activePane(page).getByTestId('report-table');
  const rows = table.locator('tbody tr.ant-table-row');
  return {
    table,
    rows,
    totals: table.getByTestId('report-totals'),
    headers: async () => (await table.locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean),
    cells: async () => Promise.all((await rows.all()).map(async (row) => (await row.locator('td').allInnerTexts()).map((t) => t.trim()))),
  };
}

/** The report opened from 报表中心 by its card, its first answer on screen. */
async function openFromCentre(page: Page, url: string, centreShot?: string) {
  await page.goto(`${url}/admin/reports/centre`);
  const card = activePane(page).getByRole('link', { name: `打开报表 ${NAME}` });
  await card.waitFor();
  if (centreShot) {
    await quiet(page, { skeletons: true });
    await shot(page, centreShot);
  }
  const answered = page.waitForResponse((r) => r.url().includes('/getColumnsAndData') && r.status() === 200);
  await card.click();
  await page.waitForURL(new RegExp(`/admin/reports/run/${CODE}$`));
  const answer = (await (await answered).json()).data as { columns: { fieldName: string }[]; rows: Record<string, unknown>[] };
  await reportTable(page).rows.first().waitFor();
  await quiet(page, { skeletons: true });
  return answer;
}

/** One row of the designer's columns table: the column's title, switches, type and roles. */
async function setColumn(page: Page, row: Locator, column: (typeof COLUMNS)[number]) {
  assert.equal(await row.getByLabel('字段名').inputValue(), column.name);
  await row.getByLabel('列标题').fill(column.title);
  if ('hide' in column) await row.getByLabel('显示', { exact: true }).uncheck();
  if ('fixed' in column) await row.getByLabel('固定', { exact: true }).check();
  if ('search' in column) await row.getByLabel('查询条件', { exact: true }).check();
  if ('sum' in column) await row.getByLabel('合计', { exact: true }).check();
  if ('money' in column) {
    await pickExact(page, row.getByLabel('类型'), '金额');
    assert.equal(await row.locator('.ant-select').first().innerText(), '金额');
  }
  if ('role' in column) {
    const roles = row.getByLabel('可见角色');
    await roles.click();
    await page.keyboard.type(column.role);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: column.role }).click();
    await page.keyboard.press('Escape');
    await row.locator('.ant-select-selection-item', { hasText: column.role }).waitFor();
  }
}

test('a report designed in 报表设计 runs with its filter and totals; a column limited to a role is shown only to that role, and a shop user sees only their shop', async () => {
  const { context: adminCtx, page, api } = await adminSession(running);
  const url = running.server.url;

  // ---- setup through the API: two roles allowed the report centre, the second also the one the column is limited to
  const tree = await api<MenuNode[]>('/api-user/menus/treeList?appId=admin');
  const menuIds: number[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      if (n.key === 'reports' || n.permKey === 'reports.run') menuIds.push(n.id);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  assert.equal(menuIds.length, 3, 'the 报表 menu, its 报表中心 and 经营图表');
  const role = async (code: string, name: string) => {
    const saved = await api<{ id: number }>('/api-user/roles/saveOrUpdate', { code, name });
    await api(`/api-user/roles/saveRoleMenuList/${saved.id}`, { menuIds });
    return saved.id;
  };
  const viewer = await role('rpt_viewer', '报表查看');
  const stockViewer = await role('rpt_stock', LIMITED_ROLE);
  const shops = await api<{ id: number; code: string; name: string }[]>('/api-chain/shop/list/all');
  const shopOf = (name: string) => {
    const found = shops.find((s) => s.name === name);
    assert.ok(found, name);
    return found;
  };
  const guomao = shopOf('北京国贸店');
  const zhongguancun = shopOf('北京中关村店');
  await api('/api-user/users/saveOrUpdate', {
    username: 'rptshop',
    name: '国贸报表员',
    password: PASSWORD,
    roleIds: [viewer],
    loginShopIds: [guomao.id],
  });
  await api('/api-user/users/saveOrUpdate', {
    username: 'rptstock',
    name: '中关村库存员',
    password: PASSWORD,
    roleIds: [viewer, stockViewer],
    loginShopIds: [zhongguancun.id],
  });
  // What the members column must count, from the members' own list
  const membersOf = async (shopId?: number) =>
    (await api<{ total: number }>(`/api-member/chainmember/pageChainMembers?pageSize=1${shopId ? `&shopId=${shopId}` : ''}`)).total;
  const allMembers = await membersOf();
  const beijingMembers = (await membersOf(guomao.id)) + (await membersOf(zhongguancun.id));

  // ---- head office designs the report in 报表设计
  await page.goto(`${url}/admin/reports/design`);
  const list = activePane(page);
  await list.locator('.ant-table-row').first().waitFor();
  await list.getByRole('button', { name: '新建报表' }).click();
  const editor = drawerOf(page);
  await editor.getByTestId('report-editor').waitFor();
  await quiet(page, { ignoreMessages: true });
  await editor.locator('#code').fill(CODE);
  await editor.locator('#name').fill(NAME);
  await editor.getByRole('switch', { name: '合计行' }).click();
  await editor.getByRole('textbox', { name: '查询语句' }).fill(SQL);
  await editor.getByRole('button', { name: '解析列' }).click();
  const parsed = editor.getByTestId('report-parsed');
  await parsed.getByText(`解析出 ${COLUMNS.length} 列`).waitFor();
  await parsed.getByRole('button', { name: '添加缺少的列' }).click();
  await parsed.getByText('所有列都已在列设置中').waitFor();
  const itemRows = editor.getByTestId('report-items').locator('tbody tr.ant-table-row');
  await itemRows.nth(COLUMNS.length - 1).waitFor();
  assert.equal(await itemRows.count(), COLUMNS.length);
  for (const [i, column] of COLUMNS.entries()) await setColumn(page, itemRows.nth(i), column);
  // the guesses kept: the counts are numbers
  assert.equal(await itemRows.nth(3).locator('.ant-select').first().innerText(), '数字');
  // the columns table as set: its right part (the sums, the role) where the last change left it, then its left part
  const items = editor.getByTestId('report-items');
  await items.scrollIntoViewIfNeeded();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'reports-01-designer-columns-right');
  await items.locator('.ant-table-content').evaluate((scroller) => scroller.scrollTo({ left: 0 }));
  await itemRows.first().getByLabel('列标题').waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'reports-01-designer-columns-left');
  await editor.getByRole('button', { name: /^保\s*存$/ }).click();
  await page.getByText('报表已保存').first().waitFor();
  await editor.waitFor({ state: 'detached' });

  // the definition as saved: the filter, the sums, the role
  const { list: heads } = await api<{ list: { id: number; code: string }[] }>(`/api-config/report/head/list?keyword=${CODE}`);
  const saved = await api<{ isSummary: boolean; items: Record<string, any>[] }>(`/api-config/report/head/queryById?id=${heads[0].id}`);
  assert.equal(saved.isSummary, true);
  const item = (name: string) => saved.items.find((i) => i.fieldName === name) as Record<string, any>;
  assert.equal(item('shop_name').isSearch, true);
  assert.equal(item('members').isSum, true);
  assert.equal(item('shop_id').isShow, false);
  assert.deepEqual(
    { type: item('stock_value').fieldType, sum: item('stock_value').isSum, roles: item('stock_value').fieldRole },
    { type: 'money', sum: true, roles: [stockViewer] },
  );

  // ---- head office runs it from the list: every shop, the limited column too, the totals line
  const listed = list.locator('.ant-table-row', { hasText: CODE });
  await listed.waitFor();
  await listed.getByText('运行', { exact: true }).click();
  await page.waitForURL(new RegExp(`/admin/reports/run/${CODE}$`));
  const admin = reportTable(page);
  await admin.rows.nth(shops.length - 1).waitFor();
  // (and the save's message gone)
  await quiet(page, { skeletons: true });
  assert.deepEqual(await admin.headers(), ['门店编码', '门店名称', '会员数', '在职员工', LIMITED]);
  const allRows = await admin.cells();
  assert.equal(allRows.length, shops.length);
  assert.deepEqual(allRows.map((r) => r[0]).sort(), shops.map((s) => s.code).sort());
  for (const r of allRows) assert.match(r[4], MONEY, `the stock of ${r[1]}`);
  const totals = await admin.totals.locator('td').allInnerTexts();
  assert.equal(totals[0].trim(), '合计');
  assert.equal(Number(totals[2]), allMembers);
  assert.equal(
    Number(totals[2]),
    allRows.reduce((n, r) => n + Number(r[2]), 0),
  );
  assert.match(totals[4], MONEY);
  assert.equal(Math.round(yuan(totals[4]) * 100), Math.round(allRows.reduce((n, r) => n + yuan(r[4]), 0) * 100));
  const zhongguancunStock = allRows.find((r) => r[0] === zhongguancun.code)?.[4];
  await shot(page, 'reports-02-run-head-office');

  // the text filter narrows the rows to the shops named so
  const filters = activePane(page).getByTestId('report-filters');
  await filters.getByLabel('门店名称').fill('北京');
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await admin.totals.locator('td').nth(2).getByText(String(beijingMembers), { exact: true }).waitFor();
  const beijing = await admin.cells();
  assert.deepEqual(beijing.map((r) => r[1]).sort(), [guomao.name, zhongguancun.name].sort());
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'reports-03-run-filtered');

  // on paper: the report of this tab alone, with its name, from the top left; not the menu or the filter bar
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'reports-03b-print');
  assert.equal(await page.locator('.ho-header').isVisible(), false, 'the header is not printed');
  assert.equal(await filters.isVisible(), false, 'the filter bar is not printed');
  const printed = activePane(page).locator('.ho-report-print');
  assert.equal(await printed.locator('.ho-report-print-title').isVisible(), true, 'the report is printed under its name');
  const paper = await printed.boundingBox();
  assert.ok(paper && paper.y < 2 && paper.x < 2, `the report starts at the top left of the paper: ${JSON.stringify(paper)}`);
  await page.emulateMedia({ media: 'screen' });
  await adminCtx.close();

  // ---- a user of one shop allowed the report centre, without the column's role: their shop only, no stock column
  const { context: shopCtx, page: own } = await userSession(running, 'rptshop', PASSWORD);
  const ownAnswer = await openFromCentre(own, url, 'reports-04-centre-shop-user');
  const ownTable = reportTable(own);
  assert.deepEqual(await ownTable.headers(), ['门店编码', '门店名称', '会员数', '在职员工']);
  const ownRows = await ownTable.cells();
  assert.deepEqual(
    ownRows.map((r) => r[1]),
    [guomao.name],
  );
  assert.equal(Number((await ownTable.totals.locator('td').allInnerTexts())[2]), await membersOf(guomao.id));
  // nor is the column sent: neither among the columns nor in the rows
  assert.ok(!ownAnswer.columns.some((c) => c.fieldName === 'stock_value'));
  assert.ok(ownAnswer.rows.every((r) => !('stock_value' in r)));
  await shot(own, 'reports-05-run-shop-user');
  // nor offered among the columns a user may show
  await activePane(own).getByTestId('report-columns').click();
  const chooser = own.getByTestId('report-column-chooser');
  await chooser.getByText('在职员工').waitFor();
  assert.equal(await chooser.getByText(LIMITED).count(), 0);
  await quiet(own);
  await shot(own, 'reports-06-shop-user-columns');
  await shopCtx.close();

  // ---- a user of another shop with the column's role: their shop, with the stock column
  const { context: stockCtx, page: stock } = await userSession(running, 'rptstock', PASSWORD);
  const stockAnswer = await openFromCentre(stock, url);
  const stockTable = reportTable(stock);
  assert.deepEqual(await stockTable.headers(), ['门店编码', '门店名称', '会员数', '在职员工', LIMITED]);
  const stockRows = await stockTable.cells();
  assert.deepEqual(
    stockRows.map((r) => [r[1], r[4]]),
    [[zhongguancun.name, zhongguancunStock]],
  );
  assert.ok(stockAnswer.columns.some((c) => c.fieldName === 'stock_value'));
  assert.equal((await stockTable.totals.locator('td').allInnerTexts())[4], zhongguancunStock);
  await shot(stock, 'reports-07-run-role-user');
  await stockCtx.close();
});
