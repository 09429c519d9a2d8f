import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, quiet } from '../support.js';

const running = productAndBrowser();
const GIVER = '13800138001';
const TAKER = '13800138002';

const modal = (page: Page) => page.locator('.ant-modal:visible').last();

/** Picks the option of a select whose label holds `text`, by typing it; waits for that option (its list loads after the dialog opens). */
async function pick(page: Page, field: ReturnType<Page['locator']>, text: string) {
  await field.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test('a member gets a card with its gift, an adjustment, a transfer confirmed by the SMS code, and a refund', async () => {
  const { context, page } = await adminSession(running);

  // ---- open a card: 金卡 opens at ¥3,000 and gives its opening gift ¥300 plus the ¥300 of its opening rule
  await page.goto(`${running.server.url}/admin/assets/cards`);
  await activePane(page).getByPlaceholder('手机号 / 尾号 4 位 / 卡号 / 会员编号 / 姓名').fill(GIVER);
  await activePane(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await activePane(page).locator('.ho-member-assets').waitFor();
  await activePane(page)
    .getByRole('button', { name: /开\s*卡/ })
    .click();
  const open = modal(page);
  await quiet(page);
  // The shop first: its card types, pay types and staff, as the till's; the amount paid in cash by default; the gift shown before saving.
  await pick(page, open.locator('.ant-select').nth(0), '国贸');
  await pick(page, open.locator('.ant-select').nth(1), '金卡');
  await open.locator('input.ant-input-number-input').first().fill('3000');
  await open.getByTestId('open-card-gift').filter({ hasText: '¥600.00' }).waitFor();
  await open.getByRole('button', { name: /确\s*定|OK/ }).click();
  await open.waitFor({ state: 'hidden' });
  await quiet(page);
  const row = activePane(page).locator('.ho-member-assets .ant-table-row').first();
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /¥3,000\.00/);
  assert.match((await row.textContent()) ?? '', /¥600\.00/);
  await shot(page, 'assets-card-opened');

  // ---- adjust: principal of the bucket to ¥800, gift ¥50, with a reason
  await row.getByRole('button', { name: '余额调整' }).click();
  const adjust = modal(page);
  const inputs = adjust.locator('input.ant-input-number-input');
  await inputs.nth(0).fill('800');
  await inputs.nth(1).fill('50');
  await adjust.locator('input.ant-input').last().fill('开卡金额录错');
  await shot(page, 'assets-adjust');
  await adjust.getByRole('button', { name: /确\s*定|OK/ }).click();
  await adjust.waitFor({ state: 'hidden' });
  await quiet(page);
  assert.match((await row.textContent()) ?? '', /¥800\.00/);
  assert.match((await row.textContent()) ?? '', /¥50\.00/);

  // ---- transfer to another member with the code sent to the receiver, read from the SMS outbox
  await row.getByRole('button', { name: /转\s*卡/ }).click();
  const transfer = modal(page);
  await transfer.getByPlaceholder('接收人手机号').fill(TAKER);
  await transfer.getByRole('button', { name: /查\s*找/ }).click();
  await transfer.getByText('李强').waitFor();
  await transfer.getByRole('button', { name: '发送验证码' }).click();
  await quiet(page);
  const outbox = await context.newPage();
  await outbox.goto(`${running.server.url}/admin/assets/sms`);
  const smsRow = outbox.locator('.ho-sms-outbox .ant-table-row').filter({ hasText: TAKER }).first();
  await smsRow.waitFor();
  const code = /验证码是 (\d{6})/.exec((await smsRow.textContent()) ?? '')?.[1];
  assert.ok(code, 'the outbox shows the code');
  await shot(outbox, 'assets-sms-outbox');
  await outbox.close();
  await transfer.getByPlaceholder('短信验证码').fill(code);
  await shot(page, 'assets-transfer');
  await transfer.getByRole('button', { name: /确\s*定|OK/ }).click();
  await transfer.waitFor({ state: 'hidden' });
  await quiet(page);
  await activePane(page).getByText('暂无会员卡').waitFor();

  // ---- the receiver now holds it: refund ¥300 principal and write off the ¥50 gift
  await activePane(page).getByPlaceholder('手机号 / 尾号 4 位 / 卡号 / 会员编号 / 姓名').fill(TAKER);
  await activePane(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const taken = activePane(page).locator('.ho-member-assets .ant-table-row').first();
  await taken.waitFor();
  assert.match((await taken.textContent()) ?? '', /¥800\.00/);
  await taken.getByRole('button', { name: /退\s*款/ }).click();
  const refund = modal(page);
  const amounts = refund.locator('input.ant-input-number-input');
  await amounts.nth(0).fill('300');
  await amounts.nth(1).fill('50');
  await amounts.nth(2).fill('10');
  await shot(page, 'assets-refund');
  await refund.getByRole('button', { name: /确\s*定|OK/ }).click();
  await refund.waitFor({ state: 'hidden' });
  await quiet(page);
  assert.match((await taken.textContent()) ?? '', /¥500\.00/);

  // ---- the ledger shows every step
  await page.goto(`${running.server.url}/admin/assets/records`);
  const records = activePane(page).locator('.ho-card-records .ant-table-row');
  await records.first().waitFor();
  const text = (await activePane(page).locator('.ho-card-records').textContent()) ?? '';
  for (const kind of ['开卡', '调整', '转卡', '退款']) assert.match(text, new RegExp(kind));
  await shot(page, 'assets-records');
  await page.goto(`${running.server.url}/admin/assets/refunds`);
  await activePane(page).locator('.ho-refunds .ant-table-row').first().waitFor();
  assert.match((await activePane(page).locator('.ho-refunds').textContent()) ?? '', /¥290\.00/);
  await shot(page, 'assets-refunds');
  await context.close();
});
