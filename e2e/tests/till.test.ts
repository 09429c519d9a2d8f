import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../web/src/platform/money.js';
import { productAndBrowser, shot, signIn } from '../harness.js';
import {
  activePane,
  adminSession,
  CALM,
  findMember,
  memberWithCard,
  openBill,
  pick,
  quiet,
  saveLines,
  settleAtTill,
  tillMember,
  tillShop,
  VIEWPORT,
} from '../support.js';

const running = productAndBrowser();

/**
 * On paper (print media) the receipt is all there is: at the top left of the page, no wider than its
 * paper's columns (1.5 mm each), and no other element takes room.
 */
async function printsAlone(page: Page, paper: 58 | 80) {
  await page.emulateMedia({ media: 'print' });
  const box = await page.getByTestId('till-receipt').boundingBox();
  assert.ok(box, 'the receipt is on paper');
  assert.ok(box.y <= 2 && box.x <= 2, `the receipt at the top of the page: ${JSON.stringify(box)}`);
  assert.ok(box.width <= ((paper === 58 ? 32 : 48) * 1.5 * 96) / 25.4 + 1, `within ${paper} mm: ${box.width}px`);
  const others = await page.evaluate(() => {
    const receipt = document.querySelector('[data-testid="till-receipt"]');
    return [...document.body.querySelectorAll('*')]
      .filter((el) => !el.contains(receipt) && !receipt?.contains(el))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => `${el.tagName}.${el.className}`);
  });
  assert.deepEqual(others, [], 'nothing but the receipt is on paper');
}
const MEMBER_MOBILE = '13800138001';
/** The member the keyboard walk finds by the tail of her mobile. */
const KEYBOARD_MOBILE = '13800138002';

test('the till: a member bill with a service by two employees and a product, paid by card and cash; a settle through a network drop; head office revokes it', async () => {
  const { context, page, api } = await adminSession(running);

  // The first shop the till offers (the shop picker's first), with what it sells, stock and staff.
  const { shop, setup } = await tillShop(api);
  assert.ok(setup.services.length && setup.products.length && setup.employees.length >= 2, 'the demo shop sells and has staff');
  const stockOf = async (productId: number) => {
    const page = await api(`/api-stock/balance?shopid=${shop.id}&productId=${productId}`);
    return Number(page.list[0]?.quantity ?? 0);
  };
  let product = setup.products[0];
  for (const p of setup.products) {
    if ((await stockOf(p.id)) > 2) {
      product = p;
      break;
    }
  }
  const service = setup.services[0];
  const [first, second] = setup.employees;
  // The member gets a card of ¥5,000 at the shop, paid in cash.
  const { card, held: cardTotal } = await memberWithCard(api, setup, shop.id, MEMBER_MOBILE);
  const balanceBefore = await cardTotal();
  const stockBefore = await stockOf(product.id);

  // ---- open the bill for the member
  await page.goto(`${running.server.url}/cashier`);
  await findMember(page, MEMBER_MOBILE, card.cardNo);
  await shot(page, 'till-open');
  await openBill(page);

  // ---- a service by two employees (station 1 requested, station 2), and a product
  await page.getByTestId('till-add-service').click();
  const rows = page.locator('.ant-table-row');
  await pick(page, rows.nth(0).locator('.ant-select').nth(0), service.name);
  await pick(page, rows.nth(0).locator('.ant-select').nth(1), first.name);
  await rows.nth(0).locator('.ant-switch').click();
  await pick(page, rows.nth(0).locator('.ant-select').nth(2), second.name);
  await page.getByTestId('till-add-product').click();
  await pick(page, rows.nth(1).locator('.ant-select').nth(0), product.name);
  await pick(page, rows.nth(1).locator('.ant-select').nth(1), first.name);
  await saveLines(page);

  // ---- pay ¥10 in cash, the rest by card
  const toPay = await page.getByText(/^支付 · 应付/).textContent();
  const amount = Math.round(Number((toPay ?? '').replace(/[^\d.]/g, '')) * 100);
  assert.ok(amount > 1000, `a bill worth paying: ${toPay}`);
  await page.getByTestId('till-pay-amount-0').fill(((amount - 1000) / 100).toFixed(2));
  await page.getByTestId('till-add-payment').click();
  await shot(page, 'till-pay');
  await settleAtTill(page);
  const receipt = (await page.getByTestId('till-receipt').textContent()) ?? '';
  assert.match(receipt, new RegExp(service.name.slice(0, 4)));
  await shot(page, 'till-receipt-80');
  await page.getByText('58mm').click();
  await shot(page, 'till-receipt-58');
  // 打印 prints the receipt alone: on paper the rest of the till takes no room.
  await printsAlone(page, 58);
  await shot(page, 'till-receipt-print');
  await page.emulateMedia({ media: 'screen' });
  assert.equal(await cardTotal(), balanceBefore - (amount - 1000));
  assert.equal(await stockOf(product.id), stockBefore - 1);
  const today = await api(`/api-cashier/checkout/today?shopid=${shop.id}`);
  const settled = today.find((b: { status: number; memberName: string | null }) => b.status === 4 && b.memberName);

  // ---- a walk-in settled while the network is down: kept as pending, sent once when it returns
  await page.getByRole('button', { name: '新开单' }).click();
  await openBill(page);
  await page.getByTestId('till-add-service').click();
  await pick(page, page.locator('.ant-table-row').nth(0).locator('.ant-select').nth(0), service.name);
  await saveLines(page);
  await context.setOffline(true);
  await page.getByTestId('till-settle').click();
  await page.getByTestId('till-pending').waitFor();
  await shot(page, 'till-pending');
  await context.setOffline(false);
  await page.getByTestId('till-pending').waitFor({ state: 'detached', timeout: 30_000 });
  const after = await api(`/api-cashier/checkout/today?shopid=${shop.id}`);
  const walkIns = after.filter((b: { status: number; memberName: string | null }) => b.status === 4 && !b.memberName);
  assert.equal(walkIns.length, 1, 'exactly one settled walk-in bill');
  const walkIn = await api(`/api-cashier/servicerecords/detail/${walkIns[0].id}`);
  assert.equal(walkIn.payments.length, 1);

  // ---- head office sees the member's bill and revokes it: card and stock restored
  await page.goto(`${running.server.url}/admin/cashier/servicerecords`);
  const row = page.locator('.ant-table-row', { hasText: settled.billNo });
  await row.waitFor();
  await shot(page, 'till-records');
  await row.getByRole('button', { name: /撤\s*单/ }).click();
  const modal = page.locator('.ant-modal:visible').last();
  await modal.getByText('顾客退单', { exact: true }).click();
  await modal.locator('textarea').fill('顾客要求撤单');
  await modal.getByRole('button', { name: /撤\s*单/ }).click();
  await page.getByText('已撤单').first().waitFor();
  await quiet(page);
  assert.equal(await cardTotal(), balanceBefore);
  assert.equal(await stockOf(product.id), stockBefore);
  await shot(page, 'till-revoked');
  await context.close();
});

test('the till by keyboard: a member found by the tail of the mobile, a card discount explained, card and WeChat, the receipt printed', async () => {
  const { context, page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const service = setup.services[0];
  const [first, second] = setup.employees;
  const { member, card, held } = await memberWithCard(api, setup, shop.id, KEYBOARD_MOBILE);
  const before = await held();
  // The shop asks its customers to sign: the receipt has the line for it.
  await api('/api-chain/makeorderconfig', { shopid: shop.id, isNeedSign: true });

  // ---- the lookup has the focus: the tail of the mobile, Enter finds, Enter again opens the bill
  await page.goto(`${running.server.url}/cashier`);
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'till-member-search');
  await page.keyboard.type(KEYBOARD_MOBILE.slice(-6));
  await page.keyboard.press('Enter');
  await page.locator('.ant-radio-wrapper-checked', { hasText: card.cardNo }).waitFor();
  await quiet(page);
  await shot(page, 'till-keyboard-found');
  await page.keyboard.press('Enter');
  await page.getByText(/已开单，手牌/).waitFor();
  await quiet(page);

  // ---- F3 adds a service with the focus in its picker: typed and taken with Enter; two stylists
  await page.keyboard.press('F3');
  await page.keyboard.type(service.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  await page.keyboard.press('Enter');
  // Tab goes on to the quantity: the picker's list closes.
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  const row = page.locator('.ant-table-row').nth(0);
  await row.locator('.ant-select').first().filter({ hasText: service.name }).waitFor();
  await pick(page, row.locator('.ant-select').nth(1), first.name);
  await row.locator('.ant-switch').click();
  await pick(page, row.locator('.ant-select').nth(2), second.name);
  await saveLines(page);
  // The card pays it all: its discount, explained; then ¥50.00 by card: the discount on that part only.
  await row.getByText(/^卡折扣 [\d.]+折$/).waitFor();
  assert.match((await page.getByTestId('till-card-balance').textContent()) ?? '', /^余额 ¥/);
  await page.getByTestId('till-pay-amount-0').fill('50');
  await row.getByText(/卡折扣 [\d.]+折（卡付部分）/).waitFor();
  // ---- F4 adds a payment of the rest: paid by WeChat; F9 settles
  await page.keyboard.press('F4');
  await pick(page, page.getByTestId('till-pay-type-1'), '微信');
  await page.locator('[data-testid="till-pay-remaining"].ant-typography-success').waitFor();
  await page.mouse.move(0, 0);
  await quiet(page);
  await shot(page, 'till-keyboard-pay');
  await page.keyboard.press('F9');
  await page.getByTestId('till-receipt').waitFor();
  await quiet(page, { ignoreMessages: true });

  // ---- the receipt: shop, time, stylists, the discount, WeChat by its name, what the card holds now
  const receipt = (await page.getByTestId('till-receipt').textContent()) ?? '';
  assert.match(receipt, new RegExp(shop.name.slice(0, 4)));
  assert.match(receipt, /时间\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  assert.match(receipt, new RegExp(`第一工位 ${first.name}\\(指定\\)`));
  assert.match(receipt, new RegExp(`第二工位 ${second.name}`));
  assert.match(receipt, /卡折扣 [\d.]+折（卡付部分）/);
  assert.match(receipt, /优惠 ¥[\d,]+\.\d{2}/);
  assert.match(receipt, /微信\s+¥[\d,]+\.\d{2}/);
  assert.doesNotMatch(receipt, /^\s*(01|02|03|23) /m);
  assert.match(receipt, new RegExp(`卡内余额\\s+${card.cardNo}`));
  assert.match(receipt, /顾客签名：_+/);
  assert.equal(await held(), before - 5_000);
  const left = await tillMember(api, shop.id, KEYBOARD_MOBILE);
  const now = left.cards.find((x: { cardId: number }) => x.cardId === card.cardId);
  assert.match(receipt, new RegExp(`本金 ${formatMoney(now.principal)}`));
  await shot(page, 'till-keyboard-receipt');
  await printsAlone(page, 80);
  await shot(page, 'till-keyboard-receipt-print');
  await page.emulateMedia({ media: 'screen' });

  // ---- today's total: the bill's WeChat among the takings, as the API counts them
  const day = await api(`/api-cashier/checkout/day?shopid=${shop.id}`);
  await page.getByTestId('till-day-open').click();
  const panel = page.getByTestId('till-day');
  await panel.getByText(formatMoney(day.amount)).waitFor();
  await page.locator('.ant-drawer-open').getByText('微信').first().waitFor();
  await quiet(page);
  await shot(page, 'till-day');

  // ---- head office: the member's 消费记录 has the bill
  const { list: history } = await api(`/api-cashier/servicerecords/memberBills?memid=${member.memberId}`);
  const billNo: string = history[0].billNo;
  const memberPage = async (p: typeof page, tab: RegExp) => {
    await p.goto(`${running.server.url}/admin/members/list/${member.memberId}`);
    await activePane(p).getByRole('tab', { name: tab }).click();
    await activePane(p).getByText(billNo).first().waitFor();
    await quiet(p);
  };
  await memberPage(page, /消费记录/);
  await shot(page, 'till-keyboard-member-bills');

  // ---- 撤单 from head office with a preset reason: the list's totals leave it out and show it apart
  const records = async (p: typeof page) => {
    await p.goto(`${running.server.url}/admin/cashier/servicerecords`);
    await activePane(p).locator('.ant-table-row', { hasText: billNo }).waitFor();
    await quiet(p);
  };
  const counted = async () => Number(/(\d+)/.exec((await activePane(page).getByTestId('records-sum').textContent()) ?? '')?.[1]);
  await records(page);
  const countedBefore = await counted();
  const billRow = activePane(page).locator('.ant-table-row', { hasText: billNo });
  await billRow.getByRole('button', { name: /撤\s*单/ }).click();
  const reason = page.locator('.ant-modal:visible').last();
  await reason.getByText('录错金额', { exact: true }).click();
  await reason.getByRole('button', { name: /撤\s*单/ }).click();
  await billRow.getByText('已撤单').waitFor();
  await page.waitForFunction(
    (n) => Number(/(\d+)/.exec(document.querySelector('.ho-page:not([hidden]) [data-testid="records-sum"]')?.textContent ?? '')?.[1]) === n,
    countedBefore - 1,
  );
  assert.match((await activePane(page).getByTestId('records-sum-apart').first().textContent()) ?? '', /已撤单 \d+ 单（不计入合计）/);
  assert.equal(await held(), before);
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'till-keyboard-revoked');
  await context.close();

  // ---- the same screens in English: the till's lookup, the member's bills, the list with the revoke apart
  const en = await running.browser.newContext({ ...CALM, viewport: VIEWPORT, locale: 'en-US' });
  const enPage = await en.newPage();
  await signIn(enPage, running.server, 'admin', running.server.adminPassword);
  await enPage.evaluate(() => localStorage.setItem('ho.lang', 'en-US'));
  await enPage.goto(`${running.server.url}/cashier`);
  await enPage.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'till-member-search');
  await enPage.keyboard.type(KEYBOARD_MOBILE.slice(-6));
  await enPage.keyboard.press('Enter');
  await enPage.locator('.ant-radio-wrapper-checked', { hasText: card.cardNo }).waitFor();
  await quiet(enPage);
  await shot(enPage, 'till-keyboard-found-en');
  await memberPage(enPage, /^Bills$/);
  await shot(enPage, 'till-keyboard-member-bills-en');
  await records(enPage);
  assert.match((await activePane(enPage).getByTestId('records-sum-apart').first().textContent()) ?? '', /\d+/);
  await shot(enPage, 'till-keyboard-revoked-en');
  await en.close();
});
