import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, CALM, quiet } from '../support.js';

// A customer books online on a phone (390×844): services, a stylist, a day and a free time, the mobile
// confirmed by the texted code, the deposit paid on the sandbox's page; the shop's calendar, open in head
// office, shows the booking without a reload. The shop's settings show the link and its QR code. Then the
// customer cancels in time: the deposit is refunded and the calendar lets the slot go.

const running = productAndBrowser();
const SHOP = '北京国贸店';
const CUSTOMER = '线上预约顾客';
const MOBILE = '13911112222';
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const DAY = addDays(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()), 1);

test('a customer books online with an SMS code and a sandbox deposit, the calendar shows it live; a cancel in time refunds it', async () => {
  const { page, api: a } = await adminSession(running);
  const shops = await a<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const shop = shops.find((s) => s.name === SHOP);
  assert.ok(shop);
  const stylist = await a<{ id: number }>('/api-chain/employee', {
    eecode: `ON${Date.now() % 100000}`,
    name: '在线小王',
    shopId: shop.id,
    entryDate: '2024-01-01',
    bookable: 1,
  });
  const shift = await a<{ id: number }>('/api-pers/checkclass/save', {
    code: 'BCON',
    name: '在线班',
    shopId: shop.id,
    startTime: '09:00',
    endTime: '19:00',
    color: '#1677ff',
  });
  await a('/api-pers/employeeschedule/batchPb', { shopid: shop.id, eeids: [stylist.id], startDate: DAY, endDate: DAY, classId: shift.id });
  const config = await a('/api-chain/config/getYYconfig');
  await a('/api-chain/config/setYYconfig', { ...config, deposit: 3000 });
  const [service] = await a<{ id: number; name: string }[]>('/api-yy/service/list/all');

  // Head office makes the shop's link in the booking settings: the link and its QR code.
  await page.goto(`${running.server.url}/admin/bookings/settings`);
  const settings = activePane(page);
  await settings.locator('[data-testid="online-link"] .ant-select').first().click();
  await page.keyboard.type(SHOP);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: SHOP }).first().click();
  await settings.getByTestId('make-link').click();
  await settings.getByTestId('online-link-url').getByText('/book/').waitFor();
  const link = await a<{ path: string }>(`/api-yy/online/link?shopId=${shop.id}`);
  await settings.getByText(link.path).waitFor();
  await settings.locator('[data-testid="online-link"] canvas').waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-online-01-settings-link');

  // The shop's calendar of the day, open while the customer books.
  await page.goto(`${running.server.url}/admin/bookings/calendar`);
  const pane = activePane(page);
  await pane.locator('.ant-card-head .ant-select').first().click();
  await page.keyboard.type(SHOP);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: SHOP }).first().click();
  await pane.locator('.ant-picker input').first().fill(DAY);
  await page.keyboard.press('Enter');
  await pane.locator(`[data-stylist="${stylist.id}"]`).waitFor();

  // The customer's phone.
  const phone = await running.browser.newContext({
    ...CALM,
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
  });
  const mobile = await phone.newPage();
  await mobile.goto(`${running.server.url}${link.path}`);
  await mobile.getByText(SHOP).first().waitFor();
  await mobile.locator(`[data-service="${service.id}"]`).click();
  await mobile.locator(`[data-stylist="${stylist.id}"]`).click();
  await mobile.locator(`[data-day="${DAY}"]`).click();
  await mobile.locator('[data-time="10:00"]').click();
  await mobile.evaluate(() => window.scrollTo(0, 0));
  await quiet(mobile);
  await shot(mobile, 'bookings-online-02-phone-choices');
  await mobile.getByLabel('姓名').fill(CUSTOMER);
  await mobile.getByLabel('手机号').fill(MOBILE);
  await mobile.getByTestId('send-code').click();
  await mobile.getByText('秒后重发').waitFor();
  const outbox = await a<{ list: { text: string }[] }>(`/api-push/smsmsgctrl/outbox?mobile=${MOBILE}`);
  const code = /验证码是 (\d{6})/.exec(outbox.list[0]?.text ?? '')?.[1];
  assert.ok(code, 'the code was texted');
  await mobile.getByLabel('短信验证码').fill(code);
  await mobile.getByTestId('summary').waitFor();
  await quiet(mobile, { ignoreMessages: true });
  await shot(mobile, 'bookings-online-03-phone-form');
  await mobile.getByTestId('confirm').click();

  // 待支付: the sandbox's payment page pays the deposit.
  await mobile.getByTestId('pay').waitFor();
  await mobile.getByText('¥30.00').first().waitFor();
  await quiet(mobile, { ignoreMessages: true });
  await shot(mobile, 'bookings-online-04-phone-awaiting-deposit');
  await mobile.getByTestId('pay').click();
  await mobile.getByTestId('pay-now').click();
  await mobile.getByText('预约成功').waitFor();
  await mobile.getByTestId('cancel').waitFor();
  await quiet(mobile, { ignoreMessages: true });
  await shot(mobile, 'bookings-online-05-phone-booked');

  // Head office's calendar shows it without a reload, in 预约中.
  await pane.locator(`[data-stylist="${stylist.id}"] [data-booking]`, { hasText: CUSTOMER }).waitFor({ timeout: 10_000 });
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-online-06-calendar');
  const list = await a<{ list: { ctype: number; state: string; payje: number; suretyState: number }[] }>(
    `/api-yy/billhead/chain/list?keyword=${MOBILE}`,
  );
  assert.deepEqual(
    list.list.map((b) => [b.ctype, b.state, b.payje, b.suretyState]),
    [[1, '3', 3000, 0]],
  );

  // The customer comes back to their booking page and cancels, well before the refund time (canceltime
  // before the slot): the page says the deposit is refunded, and the calendar drops the booking live.
  assert.match(new URL(mobile.url()).pathname, /^\/book\/my\//);
  await mobile.reload();
  await mobile.getByTestId('cancel').click();
  const confirm = mobile.locator('.ant-modal:visible');
  await confirm.getByText('现在取消，定金 ¥30.00 将原路退还。确定取消吗？').waitFor();
  await quiet(mobile, { ignoreMessages: true });
  await shot(mobile, 'bookings-online-07-phone-cancel');
  await confirm.getByTestId('cancel-now').click();
  await mobile.getByText('预约已取消，定金已退还').waitFor();
  const mine = mobile.getByTestId('my-booking');
  await mine.getByText('顾客取消').waitFor();
  await mine.getByText('¥30.00 · 已退还').waitFor();
  assert.equal(await mobile.getByTestId('cancel').count(), 0);
  await quiet(mobile, { ignoreMessages: true });
  await shot(mobile, 'bookings-online-08-phone-cancelled');
  await pane.locator('[data-booking]', { hasText: CUSTOMER }).waitFor({ state: 'detached', timeout: 10_000 });
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-online-09-calendar-after-cancel');
  const cancelled = await a<{ list: { state: string; payje: number; suretyState: number }[] }>(
    `/api-yy/billhead/chain/list?keyword=${MOBILE}`,
  );
  assert.deepEqual(
    cancelled.list.map((b) => [b.state, b.payje, b.suretyState]),
    [['-1', 3000, 1]],
  );
  await a('/api-chain/config/setYYconfig', config);
  await phone.close();
});
