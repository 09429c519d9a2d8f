import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, cashBill, pickExact, quiet, tillShop } from '../support.js';

// 经营图表: head office looks at the month's charts, limits them to one shop, clicks today on the turnover chart,
// sees the day's bills of that shop in the report runner (a bill settled just before among them) and opens the
// bill from its number.

const running = productAndBrowser();

test('a click on a day of the turnover chart opens that day’s bills, and a bill number opens the bill', async () => {
  const { server } = await running;
  const { page, api, context } = await adminSession(await running);
  const { shop, setup } = await tillShop(api);
  const bill = await cashBill(api, shop.id, setup, [{ kind: 'service', itemId: setup.services[0].id, num: 1 }]);

  await page.goto(`${server.url}/admin/reports/charts`);
  const pane = activePane(page);
  await pane.getByRole('img', { name: '营业走势' }).locator('canvas').first().waitFor();
  await quiet(page);
  await shot(page, 'report-charts-01-month');

  await pickExact(page, pane.locator('.ant-select').filter({ hasText: '全部门店' }), `${shop.name}（${shop.code}）`);
  await quiet(page);
  // today is the last day of the chart: a click in its band, near the right edge of the grid
  const chart = pane.getByRole('img', { name: '营业走势' });
  const box = await chart.boundingBox();
  assert.ok(box, 'the turnover chart is on screen');
  await chart.click({ position: { x: box.width - 48 - 3, y: box.height / 2 } });

  const bills = activePane(page).getByTestId('report-table');
  await bills.locator('tbody tr.ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, 'report-charts-02-day-bills');
  assert.match(page.url(), /\/admin\/reports\/run\/TILL_BILLS/);
  const rows = await bills.locator('tbody tr.ant-table-row').allInnerTexts();
  assert.ok(
    rows.every((row) => row.includes(shop.name)),
    'only the chosen shop’s bills',
  );
  const number = bills.getByRole('link', { name: bill.billNo });
  await number.click();
  await page.waitForURL(new RegExp(`/admin/cashier/servicerecords/${bill.id}$`));
  await activePane(page).getByText(bill.billNo).first().waitFor();
  await quiet(page);
  await shot(page, 'report-charts-03-bill');
  await context.close();
});
