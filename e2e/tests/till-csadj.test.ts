import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, cashBill, quiet, tillMember, tillShop } from '../support.js';

const running = productAndBrowser();

test('head office adjusts the performance of a card bill: 公单 and an employee, audited; the card bill shows the new split', async () => {
  const { context, page, api } = await adminSession(running);
  // A card opened at the till (through its calls) for the demo member, by the shop's first employee.
  const { shop, setup } = await tillShop(api);
  const member = await tillMember(api, shop.id, '13800138001');
  const employee = setup.employees[0];
  const bill = await cashBill(
    api,
    shop.id,
    setup,
    [
      {
        kind: 'cardOpen',
        itemId: setup.cardTypes[0].id,
        num: 1,
        amount: Math.max(setup.cardTypes[0].openAmount, 100_000),
        staff: [{ employeeId: employee.id, station: 1, appointed: true }],
      },
    ],
    member.memberId,
  );
  const perf = bill.payments.reduce((s: number, p: { perf: number }) => s + p.perf, 0);
  const half = Math.floor(perf / 2);
  const draft = await api('/api-cashier/csadjrecords/save', {
    refbillcode: bill.billNo,
    lines: [
      { station: 1, employeeId: employee.id, appointed: true, yj: half },
      { station: 1, employeeId: null, yj: perf - half },
    ],
  });

  // The list: the adjustment with its card bill's number.
  await page.goto(`${running.server.url}/admin/cashier/csadjrecords`);
  await page.getByText(draft.billNo).first().waitFor();
  await quiet(page);
  await shot(page, 'till-csadj-01-list');

  // The detail: the card bill, the split before, the new lines with a 公单; audited there.
  await page.goto(`${running.server.url}/admin/cashier/csadjrecords/${draft.id}`);
  await page.getByText('原充值单').first().waitFor();
  // The 公单 row of the new split, as its own cell (not the column's title).
  await page.locator('.ant-table-row').getByText('公单', { exact: true }).waitFor();
  await quiet(page);
  await shot(page, 'till-csadj-02-detail');
  await page
    .getByRole('button', { name: /^审\s*核$/ })
    .first()
    .click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary, .ant-modal-confirm:visible .ant-btn-primary').first().click();
  await page.getByText('已审核', { exact: true }).first().waitFor();
  await quiet(page);
  await shot(page, 'till-csadj-03-audited');

  const rows = await api(`/api-cashier/cardrecords/chain/cardrecordyj?id=${bill.id}`);
  const adjusted = rows.filter((r: { cause: string; amount: number }) => r.cause === 'adjust' && r.amount > 0);
  assert.deepEqual(
    adjusted.map((r: { employeeId: number | null; amount: number }) => [r.employeeId, r.amount]),
    [
      [employee.id, half],
      [null, perf - half],
    ],
  );
  await context.close();
});
