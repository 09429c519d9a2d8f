import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { adminSession, findMember, openBill, pick, quiet, saveLines, settleAtTill, tillMember, tillShop } from '../support.js';

const running = productAndBrowser();
const MEMBER_MOBILE = '13800138002';

test('the till sells a package to a member, then a bill uses its counts with no money; head office finds both among the package bills', async () => {
  const { context, page, api } = await adminSession(running);
  const { shops, setup } = await tillShop(api);
  assert.ok(setup.packages.length > 0, 'the demo shop sells packages');
  const pkg = setup.packages[0];
  const member = await tillMember(api, shops[0].id, MEMBER_MOBILE);

  // ---- sell the package, paid in cash
  await page.goto(`${running.server.url}/cashier`);
  await findMember(page, MEMBER_MOBILE, member.name);
  await openBill(page);
  await page.getByTestId('till-add-package').click();
  const rows = page.locator('.ant-table-row');
  await pick(page, rows.nth(0).locator('.ant-select').nth(0), pkg.name);
  await saveLines(page);
  // Cash pays it (the member has no card picked for this bill).
  await pick(page, page.getByTestId('till-pay-type-0'), '人民币');
  await shot(page, 'till-package-sale');
  await settleAtTill(page);
  const lines = await api(`/api-cashier/checkout/packages?memberId=${member.memberId}`);
  assert.ok(lines.length > 0, 'the member holds the package lines');
  const line = lines.find((l: { kind: string }) => l.kind === 'service') ?? lines[0];

  // ---- a new bill uses one count of it: nothing to pay in money
  await page.getByRole('button', { name: '新开单' }).click();
  await findMember(page, MEMBER_MOBILE, member.name);
  await openBill(page);
  await page.getByTestId('till-use-package').click();
  await pick(page, page.getByTestId('till-line-package-0'), line.name);
  await saveLines(page);
  await page.getByTestId('till-pay-amount-0').fill('0');
  await shot(page, 'till-package-use');
  await settleAtTill(page);
  const after = await api(`/api-cashier/checkout/packages?memberId=${member.memberId}`);
  assert.equal(after.find((l: { id: number }) => l.id === line.id)?.remaining ?? 0, line.remaining - 1);

  // ---- head office: both bills among the package bills; the card bills page opens
  await page.goto(`${running.server.url}/admin/cashier/packagerecords`);
  await page.getByTestId('records-sum').waitFor();
  await quiet(page);
  const listed = await api('/api-cashier/packagerecords/admin/list?pageSize=50');
  assert.ok(listed.total >= 2);
  await page.locator('.ant-table-row', { hasText: listed.list[0].billNo }).first().waitFor();
  await shot(page, 'till-package-records');
  await page.goto(`${running.server.url}/admin/cashier/cardrecords`);
  await page.getByTestId('records-sum').waitFor();
  await quiet(page);
  await shot(page, 'till-card-records');
  // ---- turnover: this month's money per shop and pay type, the cash of the package sale among it
  await page.goto(`${running.server.url}/admin/cashier/turnover`);
  await page.getByTestId('turnover-total').waitFor();
  await quiet(page);
  const turnover = await api(`/api-cashier/turnover/chain/list?shopid=${shops[0].id}`);
  assert.ok(turnover.rows.some((r: { payCode: string; amount: number }) => r.payCode === '01' && r.amount >= pkg.price));
  await page.locator('.ant-table-row', { hasText: shops[0].name }).first().waitFor();
  await shot(page, 'till-turnover');
  await context.close();
});
