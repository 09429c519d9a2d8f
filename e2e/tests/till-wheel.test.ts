import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot, signIn } from '../harness.js';
import { type Api, addLogin, adminSession, apiAs, CALM, tillShop, VIEWPORT } from '../support.js';

// Two stylists sign in, the cashier's wheel shows them in sign-in order (no one else), a walk-in goes to
// the first and that card moves to the end; a second screen of the shop follows without reloading.
const running = productAndBrowser();
/** Far below the minute the wheel would otherwise wait for its next refetch. */
const AT_ONCE_MS = 5_000;

/** A wall-clock time `HH:MM` in Shanghai, `minutes` from now. */
const clock = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + minutes * 60_000),
  );

/** The names on a row's cards, in place order. */
const namesOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="wheel-row-0"] [data-testid^="wheel-card-0-"]')].map(
      (card) => card.querySelector('.ant-typography strong, strong')?.textContent ?? card.textContent ?? '',
    ),
  );

async function namesBecome(page: Page, names: string[]) {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid="wheel-row-0"] [data-testid^="wheel-card-0-"]')].map(
          (card) => card.querySelector('strong')?.textContent ?? '',
        ),
      ) === JSON.stringify(want),
    names,
    { timeout: AT_ONCE_MS },
  );
}

test('an employee signs in and appears on the cashier’s wheel; a walk-in goes to the first, whose card moves to the end', async () => {
  const { page, api } = await adminSession(running);

  // ---- setup through the API: the till's first shop, two stylists with phones, a scheme and a rest kind
  const { shop } = await tillShop(api);
  const positions = await api<{ id: number; name: string }[]>('/api-chain/position/list/all');
  const stylist = positions.find((p) => p.name === '发型师');
  assert.ok(stylist);
  await api('/api-pers/shopconfig/save', { shopid: shop.id, cstartTime: clock(-360) });
  const names = ['轮牌甲', '轮牌乙'];
  const phones: Api[] = [];
  for (const [i, name] of names.entries()) {
    const e = await api<{ id: number }>('/api-chain/employee', {
      eecode: `LP00${i + 1}`,
      name,
      shopId: shop.id,
      positionId: stylist.id,
      entryDate: '2024-01-01',
    });
    await addLogin(api, { username: `lpphone${i + 1}`, name, password: 'Phone-2026', employeeId: e.id, shopId: shop.id });
    phones.push(await apiAs(running.server, `lpphone${i + 1}`, 'Phone-2026'));
  }
  await api('/api-chain/wheelconfig/save', {
    cwtcode: 'LP01',
    cwtname: '门店轮牌',
    shoptype: shop.type ?? 1,
    shopIds: [shop.id],
    rows: [{ cwcname: '设计师轮牌', postion: 1, positionIds: [stylist.id], dayClean: true, withCashier: true, dksffp: false }],
  });
  await api('/api-cashier/wheelrest/save', { shopid: shop.id, cwrname: '吃饭', time: 30 });

  // ---- the cashier opens the wheel: no one has signed in yet
  await page.goto(`${running.server.url}/cashier`);
  await page.getByTestId('till-wheel-tab').click();
  await page.getByTestId('wheel-row-0').waitFor();
  await page.getByText('暂无已签到员工').waitFor();

  // ---- 乙 signs in first, then 甲: each shows up at once, in sign-in order
  const punch = async (phone: Api) => {
    const { token } = await api<{ token: string }>(`/api-pers/checkrecords/qrCode?shopid=${shop.id}`);
    await phone('/api-pers/checkrecords/signIn', { method: 'qr', token });
  };
  await punch(phones[1]);
  await namesBecome(page, ['轮牌乙']);
  await punch(phones[0]);
  await namesBecome(page, ['轮牌乙', '轮牌甲']);
  assert.ok(!(await page.getByTestId('wheel-row-0').innerText()).includes('考勤'), 'only the signed-in stylists are on the wheel');
  await page.waitForTimeout(300);
  await shot(page, 'till-wheel-01-signed-in');

  // ---- a second screen of the shop
  const otherCtx = await running.browser.newContext({ ...CALM, viewport: VIEWPORT, locale: 'zh-CN' });
  const other = await otherCtx.newPage();
  await signIn(other, running.server, 'admin', running.server.adminPassword);
  await other.goto(`${running.server.url}/cashier/wheel`);
  await namesBecome(other, ['轮牌乙', '轮牌甲']);

  // ---- a walk-in: to 乙 (first and free), whose card moves to the end (翻牌)
  await page.getByTestId('wheel-walkin-0').click();
  await page.getByText('已派给 轮牌乙，已翻牌').waitFor();
  await namesBecome(page, ['轮牌甲', '轮牌乙']);
  await namesBecome(other, ['轮牌甲', '轮牌乙']);
  const logRow = page.getByTestId('wheel-log').locator('.ant-table-row').first();
  await logRow.waitFor();
  assert.match(await logRow.innerText(), /轮牌乙[\s\S]*派客\(非指定\) 1→2/);

  // ---- 甲 takes a meal break: keeps the first place, shown resting until the time
  await page.getByTestId('wheel-card-0-1').click();
  await page.locator('.ant-dropdown:visible').getByText('临休').hover();
  await page.locator('.ant-dropdown-menu-submenu-popup:visible, .ant-dropdown:visible').getByText('吃饭 30′').click();
  await page
    .getByTestId('wheel-card-0-1')
    .getByText(/临休 吃饭 至 \d\d:\d\d/)
    .waitFor();
  await other.getByTestId('wheel-card-0-1').getByText(/临休/).waitFor({ timeout: AT_ONCE_MS });
  assert.deepEqual(await namesOf(page), ['轮牌甲', '轮牌乙']);
  await page.mouse.click(700, 600);
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice, .ant-dropdown:not(.ant-dropdown-hidden)'));
  await page.waitForTimeout(300);
  await shot(page, 'till-wheel-02-walk-in-and-rest');
});
