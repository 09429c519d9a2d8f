import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot, signIn } from '../harness.js';
import { activePane, adminSession, CALM, cashBill, quiet, VIEWPORT } from '../support.js';

// Member reports: a member of the demo chain settles two bills at their home shop and a third is revoked;
// 会员统计 shows the chain's counts as the API answers them, 会员数据汇总 the member's kept spending and
// 会员消费分析 the month's spending of the two bills that count.

const running = productAndBrowser();

const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The list's only row after searching the member's mobile, as its cells' texts. */
async function searchedRow(page: Page, mobile: string) {
  const pane = activePane(page);
  await pane.getByPlaceholder('姓名/手机号/会员编号').fill(mobile);
  await pane.getByPlaceholder('姓名/手机号/会员编号').press('Enter');
  const row = pane.locator('.ant-table-tbody tr.ant-table-row', { hasText: mobile });
  await row.first().waitFor();
  await pane.locator('.ant-table-tbody tr.ant-table-row').nth(1).waitFor({ state: 'detached' });
  return (await row.first().locator('td').allInnerTexts()).map((x) => x.trim());
}

test('member reports: counts by type, the member summary and the month’s spending of a member, a revoked bill left out', async () => {
  const { context, page, api } = await adminSession(running);
  const url = running.server.url;

  const members = await api('/api-member/chainmember/pageChainMembers?pageSize=1&sort=code');
  const member = members.list[0];
  const setup = await api(`/api-cashier/checkout/setup?shopid=${member.shopId}`);
  const line = [{ kind: 'service', itemId: setup.services[0].id, num: 1 }];
  const bills = [
    await cashBill(api, member.shopId, setup, line, member.id),
    await cashBill(api, member.shopId, setup, [{ ...line[0], num: 2 }], member.id),
  ];
  const revoked = await cashBill(api, member.shopId, setup, line, member.id);
  await api('/api-cashier/servicerecords/chain/revoke', { id: revoked.id, hcMemo: '录错' });
  const spent = bills.reduce((s, b) => s + b.amount, 0);

  // 会员统计: the figure cards and the shops' rows as the API answers them.
  const types = await api('/api-member/tenantstatistics/memberStatistics');
  assert.ok(types.total.total > 0);
  await page.goto(`${url}/admin/statistics/member-types`);
  const total = activePane(page).getByTestId('member-type-total');
  await total.getByText(types.total.total.toLocaleString('zh-CN')).waitFor({ timeout: 15_000 });
  assert.ok((await activePane(page).getByTestId('member-type-storedValue').textContent())?.includes(String(types.total.storedValue)));
  assert.equal(await activePane(page).locator('.ant-table-tbody tr.ant-table-row').count(), types.shops.length);
  await activePane(page).locator('canvas').first().waitFor();
  await quiet(page, { skeletons: true });
  await shot(page, 'member-statistics-types');

  // 会员数据汇总: the member's spending kept on the member, the two bills that count.
  await page.goto(`${url}/admin/statistics/member-summary`);
  const summary = await searchedRow(page, member.mobile);
  assert.ok(summary.includes(yuan(spent)), `${summary.join(' | ')} holds ${yuan(spent)}`);
  assert.ok(summary.includes('2'), 'two visits');
  await quiet(page);
  await shot(page, 'member-statistics-summary');

  // 会员消费分析: this month's spending, visits and spending per visit, the same for the year to date.
  await page.goto(`${url}/admin/statistics/member-spending`);
  const spending = await searchedRow(page, member.mobile);
  const month = spending.slice(5, 8);
  assert.deepEqual(month, [yuan(spent), '2', yuan(Math.round(spent / 2))]);
  assert.deepEqual(spending.slice(8, 11), month);
  await quiet(page);
  await shot(page, 'member-statistics-spending');

  // The counts in English: the same figures under English words.
  const en = await running.browser.newContext({ ...CALM, viewport: VIEWPORT, locale: 'en-US' });
  const enPage = await en.newPage();
  await signIn(enPage, running.server, 'admin', running.server.adminPassword);
  await enPage.evaluate(() => localStorage.setItem('ho.lang', 'en-US'));
  await enPage.goto(`${url}/admin/statistics/member-types`);
  await activePane(enPage).getByText('Stored value').first().waitFor({ timeout: 15_000 });
  await activePane(enPage).locator('canvas').first().waitFor();
  await quiet(enPage, { skeletons: true });
  await shot(enPage, 'member-statistics-types-en');
  await en.close();
  await context.close();
});
