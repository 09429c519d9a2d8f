import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot, signIn } from '../harness.js';

const running = productAndBrowser();
const VIEWPORT = { width: 1366, height: 768 };

async function quiet(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-message-notice'), undefined, { timeout: 15_000 });
  await page.waitForTimeout(300);
}

test('head office adjusts the performance of a card bill: 公单 and an employee, audited; the card bill shows the new split', async () => {
  const context = await running.browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, running.server.url, 'admin', running.server.adminPassword);
  const token = await page.evaluate(() => localStorage.getItem('ho.token'));
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${running.server.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const payload = await res.json();
    assert.equal(payload.resp_code, '200', `${path}: ${payload.resp_msg}`);
    return payload.data;
  };
  // A card opened at the till (through its calls) for the demo member, by the shop's first employee.
  const shops = await api('/api-chain/shop/list/all');
  const shopId = shops[0].id;
  const setup = await api(`/api-cashier/checkout/setup?shopid=${shopId}`);
  const [member] = await api(`/api-cashier/checkout/member?shopid=${shopId}&q=13800138001`);
  const employee = setup.employees[0];
  const opened = await api('/api-cashier/checkout/open', { shopId, memberId: member.memberId });
  const priced = await api('/api-cashier/checkout/lines', {
    id: opened.id,
    version: opened.version,
    lines: [
      {
        kind: 'cardOpen',
        itemId: setup.cardTypes[0].id,
        num: 1,
        amount: Math.max(setup.cardTypes[0].openAmount, 100_000),
        staff: [{ employeeId: employee.id, station: 1, appointed: true }],
      },
    ],
  });
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId;
  const bill = await api('/api-cashier/checkout/settle', {
    id: priced.id,
    version: priced.version,
    payments: [{ payTypeId: cash, amount: priced.amount }],
  });
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
  await page.getByText('公单').first().waitFor();
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
