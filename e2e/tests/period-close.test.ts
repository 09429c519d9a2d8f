import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, openBill, pick, quiet, saveLines, settleAtTill, tillShop } from '../support.js';

// Closing the books (结账): head office closes this month for the till's shop; the till's settle of a bill
// of today is refused, naming the month; head office reopens the month with a reason, and the same
// bill settles.

const running = productAndBrowser();

test('a month closed for a shop refuses its till sales, naming the month; reopened with a reason, the sale goes through', async () => {
  const { context, page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const service = setup.services[0];
  const me = await api<{ user: { timeZone?: string } }>('/api-user/me');
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: me.user.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .slice(0, 7);

  // ---- the close page: this month, for the till's shop
  await page.goto(`${running.server.url}/admin/finance/period-close`);
  const pane = activePane(page);
  const coverage = pane.getByTestId('close-coverage');
  await coverage.getByText('备用金申请').waitFor();
  await coverage.getByText('备用金台账调整').waitFor();
  await quiet(page);
  await shot(page, 'period-close-page');
  const picker = pane.getByTestId('close-period');
  await picker.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(month);
  await page.keyboard.press('Enter');
  await pick(page, pane.getByTestId('close-scope'), shop.name);
  await pane.getByPlaceholder('说明（可选）').fill('本月已对账');
  await pane.getByRole('button', { name: /^结\s*账$/ }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await confirm.getByText(`${shop.name} ${month}`).waitFor();
  await confirm.locator('.ant-btn-primary').click();
  await page.getByText(`已结账 ${shop.name} ${month}`).waitFor();
  const row = pane.locator('.ant-table-row', { hasText: shop.name }).filter({ hasText: month });
  await row.getByText('已结账').waitFor();
  await confirm.waitFor({ state: 'hidden' });
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'period-close-closed');

  // ---- at the till, in another tab: a bill of today cannot be settled
  const till = await context.newPage();
  await till.goto(`${running.server.url}/cashier`);
  await openBill(till);
  await till.getByTestId('till-add-service').click();
  await pick(till, till.locator('.ant-table-row').nth(0).locator('.ant-select').nth(0), service.name);
  await saveLines(till);
  await till.getByTestId('till-settle').click();
  await till.getByText(`${month} 已结账，不能新增、修改或审核该期间的单据`).waitFor();
  await shot(till, 'period-close-till-refused');
  assert.equal(await till.getByTestId('till-receipt').count(), 0);
  await quiet(till);

  // ---- head office reopens the month with its reason
  await page.bringToFront();
  await row.getByRole('button', { name: /反\s*结\s*账/ }).click();
  const dialog = page.locator('.ant-modal:visible').last();
  await dialog.getByText(`反结账 ${shop.name} ${month}`).waitFor();
  await dialog.getByRole('button', { name: /反\s*结\s*账/ }).click();
  await dialog.getByText('请输入反结账原因').waitFor();
  await dialog.locator('textarea').fill('补录本月收银');
  await dialog.getByRole('button', { name: /反\s*结\s*账/ }).click();
  await page.getByText(`已反结账 ${shop.name} ${month}`).waitFor();
  await row.getByText('已反结账').waitFor();
  await row.getByText('补录本月收银').waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'period-close-reopened');

  // ---- the same bill settles now
  await till.bringToFront();
  await settleAtTill(till);
  await shot(till, 'period-close-till-settled');
  const list = await api<{ list: { period: string; shopId: number | null; status: number; memo: string | null }[] }>(
    `/api-finance/periodclose/list?shopid=${shop.id}`,
  );
  assert.deepEqual(
    list.list.filter((r) => r.period === month).map((r) => [r.shopId, r.status, r.memo]),
    [[shop.id, 0, '补录本月收银']],
  );
  await context.close();
});
