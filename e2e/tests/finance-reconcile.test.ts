import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, cashBill, pick, quiet, tillShop } from '../support.js';

// Bank reconciliation (银行对账): a cash bill and a POS bill settled today; the bank's workbook (the cash
// deposit, and one POS credit 10.00 over) imported on the page; 自动对账 matches the cash; the POS line is split
// (10.00 off) and its rest matched by hand with the POS row.

const running = productAndBrowser();

test('a bank workbook imported, auto-matched, one line split and matched by hand', async () => {
  const { page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const line = [{ kind: 'service', itemId: setup.services[0].id, num: 1 }];
  const cash = await cashBill(api, shop.id, setup, line);
  const opened = await api('/api-cashier/checkout/open', { shopId: shop.id });
  const priced = await api('/api-cashier/checkout/lines', { id: opened.id, version: opened.version, lines: line });
  const posType = setup.payTypes.find((p: { code: string }) => p.code === '07').payTypeId;
  const pos = await api('/api-cashier/checkout/settle', {
    id: priced.id,
    version: priced.version,
    payments: [{ payTypeId: posType, amount: priced.amount }],
  });
  const day = cash.businessDate as string;
  const month = day.slice(0, 7);
  const before = await api<{ type: number; amount: number; status: number }[]>(
    `/api-finance/financialdaily/getFd?shopid=${shop.id}&month=${month}`,
  );
  const cashRow = before.find((r) => r.type === 1 && r.amount >= cash.amount);
  const posRow = before.find((r) => r.type === 2 && r.amount >= pos.amount);
  assert.ok(cashRow && posRow, 'the day has a cash and a POS row');

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('流水');
  ws.addRow(['门店', '流水日期', '流水金额(元)', '类型', '流水备注']);
  ws.addRow([shop.code, day, (cashRow.amount / 100).toFixed(2), '现金', '营业款存入']);
  ws.addRow([shop.code, day, ((posRow.amount + 1_000) / 100).toFixed(2), 'POS', '银联合并结算']);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await page.goto(`${running.server.url}/admin/finance/reconcile`);
  const pane = activePane(page);
  await pick(page, pane.locator('.ant-select').first(), shop.name);
  await pane.getByRole('button', { name: '导入流水' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'statement.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await dialog.getByText('导入成功，共 2 条').waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const posLine = pane.locator('tr', { hasText: '银联合并结算' });
  await posLine.waitFor();

  await pane.getByRole('button', { name: '自动对账' }).click();
  await page.getByText('自动对账 1 行').waitFor();
  await pane.locator('tr', { hasText: '营业款存入' }).waitFor({ state: 'detached' });

  await posLine.getByText('拆分').click();
  const split = page.getByRole('dialog');
  await split.getByLabel('拆分金额（元）').fill('10');
  await split.getByRole('button', { name: /确\s*定|OK/ }).click();
  await pane.locator('tr', { hasText: '拆分' }).filter({ hasText: '¥10.00' }).waitFor();
  await pane.locator(`tr[data-row-key="${day}|2"] input[type=checkbox]`).check();
  await pane.locator('tr', { hasText: '银联合并结算' }).filter({ hasNotText: '¥10.00' }).locator('input[type=checkbox]').check();
  await pane.getByText('差额 ¥0.00').waitFor();
  await pane.getByRole('button', { name: /^对\s*账$/ }).click();
  await page.getByText('已对账', { exact: true }).first().waitFor();
  await quiet(page);
  await shot(page, 'reconcile-page');

  const after = await api<{ type: number; status: number; lines: { amount: number }[] }[]>(
    `/api-finance/financialdaily/getFd?shopid=${shop.id}&month=${month}&type=2`,
  );
  const matched = after.find((r) => r.status === 1);
  assert.ok(matched);
  assert.deepEqual(
    matched.lines.map((l) => l.amount),
    [posRow.amount],
  );
  const cashAfter = await api<{ status: number }[]>(`/api-finance/financialdaily/getFd?shopid=${shop.id}&month=${month}&type=1`);
  assert.ok(cashAfter.some((r) => r.status === 1));
});
