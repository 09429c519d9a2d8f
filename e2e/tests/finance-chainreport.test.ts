import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, cashBill, quiet, tillShop } from '../support.js';

// The chain's daily report (门店日报汇总): a cash bill settled today at the till's shop shows in that shop's row of
// today, the total row is the chain's, and 导出 downloads the workbook.

const running = productAndBrowser();

test("the chain's daily report shows today's cash bill in its shop's row and the chain's total, and exports it", async () => {
  const { page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const bill = await cashBill(api, shop.id, setup, [{ kind: 'service', itemId: setup.services[0].id, num: 1 }]);
  const day = bill.businessDate as string;
  const report = await api<{ rows: { shopId: number; funds: number }[]; total: { funds: number } }>(
    `/api-finance/dayreport/chain?srq=${day}`,
  );
  const row = report.rows.find((r) => r.shopId === shop.id);
  assert.ok(row && row.funds >= bill.amount);
  const money = (cents: number) => `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

  await page.goto(`${running.server.url}/admin/finance/chain-report`);
  const pane = activePane(page);
  const picker = pane.locator('.ant-picker');
  await picker.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(day);
  await page.keyboard.press('Enter');
  await pane.getByText(`${day} 至 ${day}`, { exact: false }).waitFor();
  await pane
    .getByRole('row', { name: new RegExp(shop.name) })
    .getByText(money(row.funds))
    .first()
    .waitFor();
  assert.equal(await pane.getByTestId('chainreport-total-funds').textContent(), money(report.total.funds));
  await quiet(page);
  await shot(page, 'chainreport-page');
  const download = page.waitForEvent('download');
  await pane.getByRole('button', { name: /导\s*出/ }).click();
  assert.match((await download).suggestedFilename(), /门店日报汇总.*\.xlsx$/);
});
