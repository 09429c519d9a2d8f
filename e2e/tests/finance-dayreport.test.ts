import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, cashBill, pick, quiet, tillShop } from '../support.js';

// The daily report (日报表): a cash bill settled today at the till's shop shows in the report of today, whose
// 主营资金 is the cash taken; 打印 prints the report alone.

const running = productAndBrowser();

test("the daily report shows today's cash bill in its funds, and prints the report alone", async () => {
  const { page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const bill = await cashBill(api, shop.id, setup, [{ kind: 'service', itemId: setup.services[0].id, num: 1 }]);
  const day = bill.businessDate as string;
  const report = await api<{ totals: { main: number; funds: number } }>(`/api-finance/dayreport?shopid=${shop.id}&day=${day}`);
  assert.ok(report.totals.main >= bill.amount);

  await page.goto(`${running.server.url}/admin/finance/day-report`);
  const pane = activePane(page);
  await pick(page, pane.locator('.ant-select').first(), shop.name);
  const picker = pane.locator('.ant-picker');
  await picker.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(day);
  await page.keyboard.press('Enter');
  await pane.getByText(`${shop.name} 日报表 ${day}`).waitFor();
  await pane.getByText(bill.billNo).waitFor();
  const funds = await pane.getByTestId('dayreport-funds').textContent();
  assert.equal(funds, `¥${(report.totals.funds / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await quiet(page);
  await shot(page, 'dayreport-page');
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'dayreport-print');
  assert.equal(await pane.getByRole('button', { name: /打\s*印/ }).isVisible(), false);
  assert.equal(await page.locator('.ho-header').isVisible(), false, 'the header is not printed');
  assert.equal(await pane.getByText(`${shop.name} 日报表 ${day}`).isVisible(), true, 'the report is printed');
  const box = await pane.getByTestId('dayreport').boundingBox();
  assert.ok(box && box.y < 2 && box.x < 2, `the report starts at the top left of the paper: ${JSON.stringify(box)}`);
  await page.emulateMedia({ media: 'screen' });
});
