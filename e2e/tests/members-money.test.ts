import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, apiAs, drawerOf, quiet } from '../support.js';

const running = productAndBrowser();
const SHOP = '北京国贸店';
const CARD = '翡翠储值卡';
const GIVER_NAME = '周若彤';
const GIVER = '13700137001';
const TAKER = '13800138002';

const modal = (page: Page) => page.locator('.ant-modal:visible').last();

/** Picks the option of a select whose label holds `text`, by typing it. */
async function pick(page: Page, field: ReturnType<Page['locator']>, text: string) {
  await field.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test('head office defines a card type with a gift rule, enables it, creates a member, opens, adjusts, transfers with the SMS code and refunds', async () => {
  const { context, page } = await adminSession(running);

  // ---- a stored-value card type, defined in the card types page
  await page.goto(`${running.server.url}/admin/cards/types`);
  await activePane(page).locator('.ant-table-row').first().waitFor();
  await quiet(page);
  await activePane(page).getByRole('button', { name: '新建' }).click();
  const form = drawerOf(page);
  await form.getByLabel('卡项名称').fill(CARD);
  await form.getByLabel('开卡金额').fill('1000');
  // Transferable, so that the card can move to another member.
  await form.locator('.ant-form-item', { hasText: '可转卡' }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^是$/ }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api-chain/cardinfo') && r.request().method() === 'POST');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  const saved = await answer;
  assert.equal(saved.status(), 200, await saved.text());
  const typeRow = activePane(page).locator('.ant-table-row', { hasText: CARD });
  await typeRow.waitFor();
  await quiet(page);

  // ---- its gift rule: on opening and recharging, from ¥1,000, ¥100 given
  await typeRow.getByRole('button', { name: '赠送规则' }).click();
  const rules = drawerOf(page);
  await rules.locator('form .ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '开卡和充值' }).click();
  await rules.getByLabel('门槛金额').fill('1000');
  await rules.getByLabel('赠送', { exact: true }).fill('100');
  await rules.getByRole('button', { name: '添加规则' }).click();
  const rule = rules.locator('.ant-table-row', { hasText: '满 ¥1,000.00' });
  await rule.waitFor();
  assert.match((await rule.textContent()) ?? '', /开卡和充值/);
  await quiet(page);
  await shot(page, 'money-01-gift-rule');
  await page.keyboard.press('Escape');
  await quiet(page);

  // ---- enabled at the shop
  await page.goto(`${running.server.url}/admin/cards/shops`);
  const toggle = activePane(page).getByRole('switch', { name: `${CARD} · ${SHOP}` });
  await toggle.waitFor();
  await toggle.click();
  await activePane(page)
    .getByRole('switch', { name: `${CARD} · ${SHOP}`, checked: true })
    .waitFor();
  await quiet(page);
  await shot(page, 'money-02-enabled');

  // ---- a new member
  await page.goto(`${running.server.url}/admin/members/list`);
  await quiet(page);
  await activePane(page)
    .getByRole('button', { name: /新\s*建/ })
    .click();
  const memberForm = drawerOf(page);
  await memberForm.getByLabel('姓名').fill(GIVER_NAME);
  await memberForm.getByLabel('手机号').fill(GIVER);
  await pick(page, memberForm.locator('.ant-form-item', { hasText: '所属门店' }).locator('.ant-select'), '国贸');
  await memberForm.getByRole('button', { name: /保\s*存/ }).click();
  await memberForm.waitFor({ state: 'hidden' });
  await quiet(page);

  // ---- a card of the new type: ¥1,500 paid, the rule's ¥100 in the gift bucket
  await page.goto(`${running.server.url}/admin/assets/cards`);
  await activePane(page).getByPlaceholder('手机号 / 尾号 4 位 / 卡号 / 会员编号 / 姓名').fill(GIVER);
  await activePane(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await activePane(page).locator('.ho-member-assets').waitFor();
  await activePane(page).getByText(GIVER_NAME).first().waitFor();
  await activePane(page)
    .getByRole('button', { name: /开\s*卡/ })
    .click();
  const open = modal(page);
  await quiet(page);
  // The shop first: its card types, pay types and staff, as the till's; the amount paid in cash by default.
  await pick(page, open.locator('.ant-select').nth(0), '国贸');
  await pick(page, open.locator('.ant-select').nth(1), CARD);
  await open.locator('input.ant-input-number-input').first().fill('1500');
  await open.getByRole('button', { name: /确\s*定|OK/ }).click();
  await open.waitFor({ state: 'hidden' });
  await quiet(page);
  const row = activePane(page).locator('.ho-member-assets .ant-table-row').first();
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', new RegExp(CARD));
  const bucket = (await row.locator('.ho-bucket').first().textContent()) ?? '';
  assert.match(bucket, /国贸.*¥1,500\.00 \+ ¥100\.00/);
  await shot(page, 'money-03-card-opened');

  // ---- adjust the bucket: principal ¥800, gift ¥50, with a reason
  await row.getByRole('button', { name: '余额调整' }).click();
  const adjust = modal(page);
  const inputs = adjust.locator('input.ant-input-number-input');
  await inputs.nth(0).fill('800');
  await inputs.nth(1).fill('50');
  await adjust.locator('input.ant-input').last().fill('开卡金额录错');
  await adjust.getByRole('button', { name: /确\s*定|OK/ }).click();
  await adjust.waitFor({ state: 'hidden' });
  await quiet(page);
  assert.match((await row.locator('.ho-bucket').first().textContent()) ?? '', /¥800\.00 \+ ¥50\.00/);
  await shot(page, 'money-04-adjusted');

  // ---- transfer to another member with the code read from the SMS outbox page
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
  await shot(outbox, 'money-05-sms-outbox');
  await outbox.close();
  await transfer.getByPlaceholder('短信验证码').fill(code);
  await transfer.getByRole('button', { name: /确\s*定|OK/ }).click();
  await transfer.waitFor({ state: 'hidden' });
  await quiet(page);
  await activePane(page).getByText('暂无会员卡').waitFor();

  // ---- the receiver holds it: refund ¥300 of principal, write off the ¥50 gift, ¥10 fee
  await activePane(page).getByPlaceholder('手机号 / 尾号 4 位 / 卡号 / 会员编号 / 姓名').fill(TAKER);
  await activePane(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const taken = activePane(page).locator('.ho-member-assets .ant-table-row', { hasText: CARD }).first();
  await taken.waitFor();
  assert.match((await taken.textContent()) ?? '', /¥800\.00/);
  await taken.getByRole('button', { name: /退\s*款/ }).click();
  const refund = modal(page);
  const amounts = refund.locator('input.ant-input-number-input');
  await amounts.nth(0).fill('300');
  await amounts.nth(1).fill('50');
  await amounts.nth(2).fill('10');
  await refund.getByRole('button', { name: /确\s*定|OK/ }).click();
  await refund.waitFor({ state: 'hidden' });
  await quiet(page);
  assert.match((await taken.locator('.ho-bucket').first().textContent()) ?? '', /¥500\.00 \+ ¥0\.00/);
  await shot(page, 'money-06-refunded');

  // ---- the settlement page (nothing crossed shops here) and the import page with its types
  await page.goto(`${running.server.url}/admin/assets/settlement`);
  await activePane(page).locator('.ho-settlement-rows').waitFor();
  await quiet(page);
  await shot(page, 'money-07-settlement');
  await context.close();
});

test('head office sells a package and records a deposited product on the member page', async () => {
  const { context, page } = await adminSession(running);
  await page.goto(`${running.server.url}/admin/assets/cards`);
  await activePane(page).getByPlaceholder('手机号 / 尾号 4 位 / 卡号 / 会员编号 / 姓名').fill(TAKER);
  await activePane(page)
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await activePane(page).locator('.ho-member-assets').waitFor();
  await quiet(page);

  // ---- a catalogue package, sold at the shop
  await activePane(page).locator('.ho-sell-package').click();
  const sell = modal(page);
  await quiet(page);
  await sell.locator('.ant-select').nth(0).click();
  const first = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const packageName = ((await first.textContent()) ?? '').replace(/（.*$/, '');
  await first.click();
  await pick(page, sell.locator('.ant-select').nth(1), '国贸');
  await shot(page, 'money-08-sell-package');
  await sell.getByRole('button', { name: /确\s*定|OK/ }).click();
  await sell.waitFor({ state: 'hidden' });
  await quiet(page);
  await activePane(page).locator('.ho-member-packages .ant-table-row', { hasText: packageName }).first().waitFor();

  // ---- two bottles of a product left at the shop, ¥88 each
  await activePane(page).locator('.ho-record-deposit').click();
  const deposit = modal(page);
  await quiet(page);
  await deposit.locator('.ant-select').nth(0).click();
  const product = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const productName = ((await product.textContent()) ?? '').replace(/（.*$/, '');
  await product.click();
  await pick(page, deposit.locator('.ant-select').nth(1), '国贸');
  const numbers = deposit.locator('input.ant-input-number-input');
  await numbers.nth(0).fill('2');
  await numbers.nth(1).fill('88');
  await shot(page, 'money-09-deposit');
  await deposit.getByRole('button', { name: /确\s*定|OK/ }).click();
  await deposit.waitFor({ state: 'hidden' });
  await quiet(page);
  const kept = activePane(page).locator('.ho-member-deposits .ant-table-row', { hasText: productName }).first();
  await kept.waitFor();
  assert.match((await kept.textContent()) ?? '', /2 \/ 2.*¥88\.00/);
  await kept.scrollIntoViewIfNeeded();
  await shot(page, 'money-10-member-packages');

  // ---- a ¥20 coupon, issued by hand on the member page and listed unused
  const api = await apiAs(running.server, 'admin', running.server.adminPassword);
  await api('/api-chain/couponinfo/add', {
    code: 'YHQE2E01',
    name: '到店立减20元',
    couponType: 1,
    value: 2000,
    timeType: 2,
    validDays: 30,
  });
  await activePane(page).locator('.ho-issue-coupon').click();
  const issue = modal(page);
  await quiet(page);
  await pick(page, issue.locator('.ant-select').nth(0), '到店立减20元');
  await pick(page, issue.locator('.ant-select').nth(1), '国贸');
  await shot(page, 'money-11-issue-coupon');
  await issue.getByRole('button', { name: /确\s*定|OK/ }).click();
  await issue.waitFor({ state: 'hidden' });
  await quiet(page);
  const held = activePane(page).locator('.ho-member-coupons .ant-table-row', { hasText: '到店立减20元' }).first();
  await held.waitFor();
  assert.match((await held.textContent()) ?? '', /¥20\.00.*未使用.*手工发放/);
  await held.scrollIntoViewIfNeeded();
  await shot(page, 'money-12-member-coupons');

  // ---- withdrawn by hand with a reason, which the row then shows
  await held.getByRole('button', { name: /收\s*回/ }).click();
  const withdraw = modal(page);
  await quiet(page);
  await withdraw.getByLabel('收回原因').fill('发错会员');
  await shot(page, 'money-13-withdraw-coupon');
  await withdraw.getByRole('button', { name: /确\s*定|OK/ }).click();
  await withdraw.waitFor({ state: 'hidden' });
  await quiet(page);
  await held.getByText('已收回').waitFor();
  assert.match((await held.textContent()) ?? '', /已收回.*发错会员/);
  await context.close();
});
