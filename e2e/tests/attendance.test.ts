import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, CALM, drawerOf, quiet } from '../support.js';

// A manager makes a shift, schedules an employee by batch, the employee signs in from the phone page
// opened by the shop's QR code (late), and the manager sees the day and corrects the status with a reason.

const running = productAndBrowser();
const SHOP = '北京国贸店';
const EMPLOYEE = '考勤演示员';

/** A wall-clock time `HH:MM` in Shanghai, `minutes` from now, down to a multiple of `step` minutes (a time picker's). */
const clock = (minutes: number, step = 1) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Math.floor((Date.now() + minutes * 60_000) / (step * 60_000)) * step * 60_000),
  );

/** The company's month in Shanghai, as the schedule page opens on it. */
const shanghaiMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);

/** Picks an option of an antd select by typing part of its label. */
async function choose(page: Page, select: ReturnType<Page['locator']>, text: string) {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

test('a manager schedules a shift, the employee signs in late from the QR page, the manager corrects it with a reason', async () => {
  const { context: admin, page, api: a } = await adminSession(running);
  const shops = await a<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const shop = shops.find((s) => s.name === SHOP);
  assert.ok(shop);
  // Setup through the API: the employee with a user of their own, and the shop's day starting six hours ago.
  const employee = await a<{ id: number }>('/api-chain/employee', {
    eecode: 'KQ0001',
    name: EMPLOYEE,
    shopId: shop.id,
    entryDate: '2024-01-01',
  });
  await a('/api-user/users/saveOrUpdate', {
    username: 'kqphone',
    name: EMPLOYEE,
    password: 'Phone-2026',
    employeeId: employee.id,
    loginShopIds: [shop.id],
  });
  await a('/api-pers/shopconfig/save', { shopid: shop.id, allowCd: 5, cstartTime: clock(-360) });

  // ---- the manager makes a shift that started half an hour ago
  await page.goto(`${running.server.url}/admin/attendance/shifts`);
  const pane = activePane(page);
  await pane.locator('.ant-table-row').first().waitFor();
  await pane.getByRole('button', { name: /新\s*建/ }).click();
  const drawer = drawerOf(page);
  await page.waitForFunction(() =>
    /^BC\d+$/.test((document.querySelector('.ant-drawer-open #code') as HTMLInputElement | null)?.value ?? ''),
  );
  await drawer.locator('#name').fill('演示班');
  await choose(page, drawer.locator('#shopId'), SHOP);
  // Start and end are time pickers: a typed time is taken by Enter, which never saves the form.
  for (const [field, at] of [
    ['#startTime', clock(-30, 5)],
    ['#endTime', clock(300, 5)],
  ] as const) {
    await drawer.locator(field).click();
    await drawer.locator(field).fill(at);
    await drawer.locator(field).press('Enter');
    assert.equal(await drawer.locator(field).inputValue(), at);
  }
  assert.ok(await drawer.isVisible(), 'Enter in a time picker saved the form');
  await drawer.locator('#color').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(5).click();
  await shot(page, 'attendance-01-shift-form');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await pane.locator('.ant-table-row', { hasText: '演示班' }).waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'attendance-02-shifts');

  // ---- a week of schedule by batch
  await page.goto(`${running.server.url}/admin/attendance/schedules`);
  const grid = activePane(page);
  await grid.locator('.ant-table-row').first().waitFor();
  await choose(page, grid.locator('.ant-card-head .ant-select').first(), SHOP);
  await grid.locator('.ant-table-row', { hasText: EMPLOYEE }).waitFor();
  await grid.getByRole('button', { name: '批量排班' }).click();
  const modal = page.locator('.ant-modal:visible');
  await choose(page, modal.locator('#eeids'), EMPLOYEE);
  await page.keyboard.press('Escape');
  await choose(page, modal.locator('#classId'), '演示班');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText(/已排 7 天/).waitFor();
  await quiet(page, { ignoreMessages: true });
  // The week starts on the shop's day and may run into next month: the page shows this month's part of it.
  const shown = await a<{ employees: { eeid: number; cells: Record<string, { classId: number | null }> }[] }>(
    `/api-pers/employeeschedule/shopEeScheduleList?shopid=${shop.id}&month=${shanghaiMonth()}`,
  );
  const scheduled = Object.values(shown.employees.find((e) => e.eeid === employee.id)?.cells ?? {}).filter((c) => c.classId);
  assert.ok(scheduled.length >= 1);
  const row = grid.locator('.ant-table-row', { hasText: EMPLOYEE });
  assert.equal(await row.locator('.ant-tag', { hasText: '演' }).count(), scheduled.length);
  await shot(page, 'attendance-03-schedule-grid');

  // ---- the shop's QR code
  await page.goto(`${running.server.url}/admin/attendance/qrcode`);
  const qrPane = activePane(page);
  await qrPane.locator('[data-testid="attendance-qr"]').waitFor();
  await choose(page, qrPane.locator('.ant-card-head .ant-select').first(), SHOP);
  await qrPane.getByText(`${SHOP} 考勤二维码`).waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'attendance-04-qrcode');
  const url = await qrPane.locator('[data-testid="attendance-qr"]').getAttribute('data-url');
  assert.ok(url?.includes('/m/sign-in?t='));

  // ---- the employee's phone opens the code's page and signs in
  const phoneCtx = await running.browser.newContext({ ...CALM, viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true });
  const phone = await phoneCtx.newPage();
  // Not signed in yet: the code's page asks for a session on the spot, then shows the sign-in of the code.
  const target = new URL(url ?? '');
  await phone.goto(`${running.server.url}${target.pathname}${target.search}`);
  await phone.getByPlaceholder('企业编码').fill(running.server.tenant);
  await phone.getByPlaceholder('用户名').fill('kqphone');
  await phone.getByPlaceholder('密码').fill('Phone-2026');
  await phone.getByRole('button', { name: /登\s*录/ }).click();
  await phone.getByText(`${EMPLOYEE}，你好`).waitFor();
  await phone.getByTestId('sign-button').click();
  await phone.getByTestId('sign-done').waitFor();
  // After midnight the shop's day is still yesterday, and the page then shows the date beside the time.
  const signedAt = /签到成功：(?:\d\d-\d\d )?(\d\d:\d\d) 迟到/.exec(await phone.getByTestId('sign-done').innerText())?.[1];
  assert.ok(signedAt);
  await phone.getByRole('button', { name: /签\s*退/ }).waitFor();
  await phone.waitForTimeout(400);
  await shot(phone, 'attendance-05-phone-signed-in');

  // ---- the manager sees the day and corrects the status with a reason
  await page.goto(`${running.server.url}/admin/attendance/records`);
  const day = activePane(page);
  await day.locator('.ant-table-row').first().waitFor();
  await choose(page, day.locator('.ant-tabs-extra-content .ant-select').first(), SHOP);
  const record = day.locator('.ant-table-row', { hasText: EMPLOYEE });
  await record.waitFor();
  assert.match(await record.innerText(), /演示班[\s\S]*迟到[\s\S]*扫码/);
  // The punch as the shop's clock showed it, the time the phone was told.
  assert.ok((await record.innerText()).includes(signedAt), `${await record.innerText()} shows ${signedAt}`);
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'attendance-06-day-view');
  await record.getByRole('button', { name: /更\s*正/ }).click();
  const correct = page.locator('.ant-modal:visible');
  await correct.locator('#status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '正常' }).click();
  await correct.locator('#reason').fill('地铁故障，已提交证明');
  await shot(page, 'attendance-07-correct');
  await correct.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('保存成功').waitFor();
  await quiet(page, { ignoreMessages: true });
  assert.match(await record.innerText(), /正常/);
  await record.getByRole('button', { name: /明细/ }).click();
  const detail = drawerOf(page);
  await detail.getByTestId('correction').waitFor();
  assert.match(await detail.getByTestId('correction').innerText(), /改状态[\s\S]*原值：迟到 → 新值：正常[\s\S]*地铁故障，已提交证明/);
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'attendance-08-correction-log');

  // ---- the month's statistics
  await page.goto(`${running.server.url}/admin/attendance/statistics`);
  await activePane(page).locator('.ant-table-row').first().waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'attendance-09-statistics');

  await phoneCtx.close();
  await admin.close();
});
