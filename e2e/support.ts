import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type RunningServer, signIn } from './harness.js';

/** The screen every browser test looks at. */
export const VIEWPORT = { width: 1366, height: 768 };

/**
 * Every browser context of the tests asks for reduced motion, which the product honours (no dialog or drawer
 * animates): on a busy machine a click could land on a dialog's button while it was still growing in, and
 * hit the dialog around it instead (a batch review and a validation that never came, in two CI runs).
 */
export const CALM = { reducedMotion: 'reduce' } as const;

/**
 * Waits until nothing loads, no drawer or dialog is moving and no message is on its way
 * (`ignoreMessages`: a message may stay, for a picture that shows the message of what was just done;
 * `skeletons`: for tabs and detail pages that load in skeletons, which start a moment after the click:
 * looks only after that moment, and waits for the skeletons too).
 */
export async function quiet(page: Page, { ignoreMessages = false, skeletons = false } = {}) {
  if (skeletons) await page.waitForTimeout(300);
  const busy = [
    '.ant-spin-spinning',
    '.ant-drawer-content-wrapper[class*="motion"]',
    '.ant-modal-wrap[class*="motion"]',
    ...(ignoreMessages ? [] : ['.ant-message-notice']),
    ...(skeletons ? ['.ant-skeleton-active'] : []),
  ].join(', ');
  await page.waitForFunction((selector) => !document.querySelector(selector), busy, { timeout: 15_000 });
  await page.waitForTimeout(300);
}

/** The page of the active tab (the other tabs' pages stay mounted, hidden). */
export const activePane = (page: Page) => page.locator('.ho-page:visible');

/** The drawer open on top (a page's form). */
export const drawerOf = (page: Page) => page.locator('.ant-drawer-open').last();

/** Picks an option of an antd select, typing part of its label first when given. */
export async function pick(page: Page, select: Locator, text: string) {
  await select.click();
  if (text) await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  // The dropdown closes with an animation: the next pick must not find this one's options.
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), undefined, {
    timeout: 5_000,
  });
}

/** Picks the option of an antd select showing exactly this text, without typing (selects that do not search). */
export async function pickExact(page: Page, select: Locator, text: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByText(text, { exact: true }).click();
}

/** The API as one signed-in user: a GET without a body, a POST (once only) with one; fails the test on any answer but 200. */
export type Api = <T = any>(path: string, body?: unknown) => Promise<T>;

export function apiWithToken(server: RunningServer, token: string | null): Api {
  return async (path, body) => {
    const method = body === undefined ? 'GET' : 'POST';
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-${Math.random()}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await res.json();
    assert.equal(payload.resp_code, '200', `${method} ${path}: ${payload.resp_msg}`);
    return payload.data;
  };
}

/** The API as a user of the demo chain, signed in through the API (no page). */
export async function apiAs(server: RunningServer, username: string, password: string): Promise<Api> {
  const login = await apiWithToken(server, null)<{ access_token: string }>('/api-user/login', {
    tenant: server.tenant,
    username,
    password,
  });
  return apiWithToken(server, login.access_token);
}

/**
 * Prints each API refusal the page meets and each uncaught error in it, as it happens: when a step then
 * times out waiting for what never came, the run's output says what the server answered instead.
 */
function reportRefusals(page: Page, username: string) {
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api-') || response.status() < 400) return;
    const message = await response
      .json()
      .then((body: { resp_msg?: unknown }) => String(body.resp_msg ?? ''))
      .catch(() => '');
    console.log(`${username}: ${response.status()} ${response.request().method()} ${pathname} ${message}`);
  });
  page.on('pageerror', (error) => console.log(`${username}: uncaught ${error.message}`));
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** The API with the page's own sign-in. */
  api: Api;
}

/**
 * A zh-CN browser at the test screen, signed in as a user of the demo chain (`board: false`: one who does
 * not land on the application board), and the API with that sign-in.
 */
export async function userSession(
  running: { server: RunningServer; browser: Browser },
  username: string,
  password: string,
  { board = true } = {},
): Promise<Session> {
  const context = await running.browser.newContext({ ...CALM, viewport: VIEWPORT, locale: 'zh-CN' });
  const page = await context.newPage();
  reportRefusals(page, username);
  await signIn(page, running.server, username, password, { board });
  const token = await page.evaluate(() => localStorage.getItem('ho.token'));
  return { context, page, api: apiWithToken(running.server, token) };
}

/** A zh-CN browser at the test screen, signed in as the demo chain's administrator, and the API with that sign-in. */
export const adminSession = (running: { server: RunningServer; browser: Browser }) =>
  userSession(running, 'admin', running.server.adminPassword);

/** The shop the till offers first (the shop picker's first) and what the till sells there, its staff and pay types. */
export async function tillShop(api: Api) {
  const shops = await api<{ id: number; name: string; type: number | null }[]>('/api-chain/shop/list/all');
  const shop = shops[0];
  return { shops, shop, setup: await api(`/api-cashier/checkout/setup?shopid=${shop.id}`) };
}

/** Through the till's API: a member of the shop looked up by mobile (or card number), with their cards. */
export async function tillMember(api: Api, shopId: number, mobile: string) {
  const [member] = await api(`/api-cashier/checkout/member?shopid=${shopId}&q=${mobile}`);
  assert.ok(member, `the demo member ${mobile}`);
  return member;
}

/**
 * The demo member of this mobile with a stored-value card of ¥5,000 just opened at the shop and paid in cash (the
 * shop's pay type 01 from its till setup), and what the card holds now (principal and gift).
 */
export async function memberWithCard(api: Api, setup: { payTypes: { code: string; payTypeId: number }[] }, shopId: number, mobile: string) {
  const member = await tillMember(api, shopId, mobile);
  const cardTypes = await api('/api-chain/cardinfo/list/all');
  const storedValue = cardTypes.find((c: { kind?: number; cardType?: number }) => (c.kind ?? c.cardType) === 1) ?? cardTypes[0];
  const cash = setup.payTypes.find((p) => p.code === '01');
  if (!cash) throw new Error('the shop has no cash pay type');
  const card = await api('/api-member/membercard/open', {
    memberId: member.memberId,
    cardTypeId: storedValue.id,
    shopId,
    amount: 500_000,
    pays: [{ payTypeId: cash.payTypeId, amount: 500_000 }],
  });
  const held = async () => {
    const m = await tillMember(api, shopId, mobile);
    const c = m.cards.find((x: { cardId: number }) => x.cardId === card.cardId);
    return c.principal + c.gift;
  };
  return { member, card, held };
}

/** Through the till's API: a bill of these lines opened (for a member, if given) and settled in cash; the settled bill. */
export async function cashBill(api: Api, shopId: number, setup: any, lines: unknown[], memberId?: number) {
  const opened = await api('/api-cashier/checkout/open', memberId === undefined ? { shopId } : { shopId, memberId });
  const priced = await api('/api-cashier/checkout/lines', { id: opened.id, version: opened.version, lines });
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId;
  return api('/api-cashier/checkout/settle', {
    id: priced.id,
    version: priced.version,
    payments: [{ payTypeId: cash, amount: priced.amount }],
  });
}

/** A login of the demo chain for an employee, limited to one shop (with these roles, if given). */
export async function addLogin(
  api: Api,
  user: { username: string; name: string; password: string; employeeId: number; shopId: number; roleIds?: number[] },
) {
  const { shopId, ...rest } = user;
  await api('/api-user/users/saveOrUpdate', { ...rest, loginShopIds: [shopId] });
}

/** At the till: a member looked up by mobile (or card number), waiting until `shown` (their name, a card) is on screen. */
export async function findMember(page: Page, mobile: string, shown: string) {
  await page.getByPlaceholder('手机号/卡号').fill(mobile);
  await page.getByPlaceholder('手机号/卡号').press('Enter');
  await page.getByText(shown).first().waitFor();
}

/** At the till: a bill opened (for the member found, if any), its hand tag given. */
export async function openBill(page: Page) {
  await page.getByTestId('till-open').click();
  await page.getByText(/已开单，手牌/).waitFor();
  await quiet(page);
}

/** At the till: the bill's lines saved. */
export async function saveLines(page: Page) {
  await page.getByTestId('till-save-lines').click();
  await page.getByText('明细已保存').waitFor();
  await quiet(page);
}

/** At the till: the bill settled and its receipt shown. */
export async function settleAtTill(page: Page) {
  await page.getByTestId('till-settle').click();
  await page.getByTestId('till-receipt').waitFor();
}
