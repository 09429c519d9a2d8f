import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, quiet } from '../support.js';

// Expense control pages: head office audits a limit adjustment (支出限额调整单), the shop's limit shows
// on the month's limits; a yearly budget by quarter; the petty-cash ledger; a travel record.

const running = productAndBrowser();
const SHOP = '北京国贸店';

test('a limit adjustment audited raises the shop’s limit of the month; budgets, the petty-cash ledger and travel records show', async () => {
  const { context: ctx, page, api: a } = await adminSession(running);
  const shops = await a<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const shop = shops.find((s) => s.name === SHOP);
  assert.ok(shop);
  const items = await a<{ id: number; name: string }[]>('/api-finance/dicioitem/list/all');
  const water = items.find((i) => i.name === '水电费');
  assert.ok(water);
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);
  const bill = await a<{ id: number; billNo: string }>('/api-finance/iolimitbillhead/saveBill', {
    month,
    memo: '旺季电费上调',
    lines: [{ shopId: shop.id, itemId: water.id, change: 150_000 }],
  });
  await a('/api-finance/iolimitys/save', {
    shopId: shop.id,
    itemId: water.id,
    year: Number(month.slice(0, 4)),
    yearAmount: 2_400_000,
    q1: 600_000,
    q2: 600_000,
    q3: 600_000,
    q4: 600_000,
  });
  await a('/api-finance/fundtravel/saveTravel', {
    code: 'CC-E2E-001',
    name: '总部新品培训',
    shopId: shop.id,
    traveller: '陈静',
    idName: '陈静',
    startDate: `${month}-03`,
    endDate: `${month}-05`,
    reimbursed: 0,
  });

  // the bill, audited from its page
  await page.goto(`${running.server.url}/admin/finance/expense-limits/${bill.id}`);
  const detail = activePane(page);
  await detail.getByText(bill.billNo).first().waitFor();
  await quiet(page);
  await shot(page, 'finance-limits-01-bill');
  await detail
    .getByRole('button', { name: /审\s*核/ })
    .first()
    .click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await detail.getByText('已审核').first().waitFor();
  await quiet(page);
  await shot(page, 'finance-limits-02-bill-audited');

  await page.goto(`${running.server.url}/admin/finance/limits`);
  const limits = activePane(page);
  const row = limits.locator('.ant-table-row', { hasText: SHOP }).filter({ hasText: '水电费' });
  await row.waitFor();
  assert.match(await row.innerText(), /1,500\.00/);
  await quiet(page);
  await shot(page, 'finance-limits-03-month-limits');

  await page.goto(`${running.server.url}/admin/finance/budgets`);
  await activePane(page).locator('.ant-table-row', { hasText: SHOP }).first().waitFor();
  await quiet(page);
  await shot(page, 'finance-limits-04-budgets');

  await page.goto(`${running.server.url}/admin/finance/fund-records`);
  // The chain overview's column and the chosen shop's ledger both name the float.
  await activePane(page).getByRole('columnheader', { name: '备用金额度' }).waitFor();
  await activePane(page).locator('.ant-descriptions-item-label', { hasText: '备用金额度' }).waitFor();
  await quiet(page);
  await shot(page, 'finance-limits-05-fund-records');

  await page.goto(`${running.server.url}/admin/finance/travel`);
  await activePane(page).locator('.ant-table-row', { hasText: '总部新品培训' }).waitFor();
  await quiet(page);
  await shot(page, 'finance-limits-06-travel');
  await ctx.close();
});
