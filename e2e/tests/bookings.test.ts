import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, quiet } from '../support.js';

// A shop's day on the booking calendar: two stylists on shift, one with the afternoon off; bookings made
// through the API show in their states' colours, a booking made while the page is open arrives live, and
// a booking dragged to the other stylist's row moves there; an arrived customer's block opens their till bill.

const running = productAndBrowser();
const SHOP = '北京国贸店';
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const DAY = addDays(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()), 1);

test('the calendar shows a shop day per stylist, follows a new booking live and moves one by drag', async () => {
  const { page, api: a } = await adminSession(running);
  const shops = await a<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const shop = shops.find((s) => s.name === SHOP);
  assert.ok(shop);
  const stylist = (name: string) =>
    a<{ id: number }>('/api-chain/employee', {
      eecode: `YY${name.length}${Date.now() % 100000}`,
      name,
      shopId: shop.id,
      entryDate: '2024-01-01',
    });
  const anna = await stylist('预约甲');
  const bo = await stylist('预约乙');
  const shift = await a<{ id: number }>('/api-pers/checkclass/save', {
    code: 'BCYY',
    name: '预约班',
    shopId: shop.id,
    startTime: '09:00',
    endTime: '19:00',
    color: '#1677ff',
  });
  await a('/api-pers/employeeschedule/batchPb', {
    shopid: shop.id,
    eeids: [anna.id, bo.id],
    startDate: DAY,
    endDate: DAY,
    classId: shift.id,
  });
  // A bookable service the shop sells, so that the till bill an arrival opens can price it.
  const sold = await a<{ services: { id: number }[] }>(`/api-cashier/checkout/setup?shopid=${shop.id}`);
  const services = (await a<{ id: number; name: string; minutes: number }[]>('/api-yy/service/list/all')).filter((s) =>
    sold.services.some((x) => x.id === s.id),
  );
  const book = (eeid: number | null, time: string, custname: string) =>
    a<{ id: number }>('/api-yy/billhead/save', {
      shopId: shop.id,
      custname,
      custmobile: `138${String(Date.now()).slice(-8)}`,
      eeid,
      yydate: `${DAY} ${time}`,
      serviceIds: [services[0].id],
    });
  const first = await book(anna.id, '10:00', '张女士');
  await book(bo.id, '14:00', '李先生');
  const arrived = await book(bo.id, '09:30', '赵女士');
  await a('/api-yy/billhead/yysure', { id: arrived.id, revision: 1 });

  await page.goto(`${running.server.url}/admin/bookings/calendar`);
  const pane = activePane(page);
  await pane.locator('.ant-card-head .ant-select').first().click();
  await page.keyboard.type(SHOP);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: SHOP }).first().click();
  await pane.locator('.ant-picker input').first().fill(DAY);
  await page.keyboard.press('Enter');
  await pane.locator('[data-booking]', { hasText: '张女士' }).waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-01-calendar');

  // A booking made elsewhere shows without a reload.
  await book(anna.id, '15:00', '钱女士');
  await pane.locator('[data-booking]', { hasText: '钱女士' }).waitFor({ timeout: 10_000 });

  // Dragged from 甲's 10:00 to 乙's row: the move is saved and the block shows in 乙's row.
  const block = pane.locator(`[data-booking="${first.id}"]`);
  const target = pane.locator(`[data-stylist="${bo.id}"] fieldset`);
  const box = await target.boundingBox();
  assert.ok(box);
  await block.dragTo(target, { targetPosition: { x: box.width * (2.5 / 12), y: box.height / 2 } });
  await pane.locator(`[data-stylist="${bo.id}"] [data-booking="${first.id}"]`).waitFor({ timeout: 10_000 });
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-02-moved');
  const log = await a<{ action: string }[]>(`/api-yy/billlog/list/all?billId=${first.id}`);
  assert.deepEqual(
    log.map((l) => l.action),
    ['book', 'editYYdate'],
  );

  // The arrived customer's block opens the till bill their arrival opened, with the booked service.
  const arrivedBlock = pane.locator(`[data-booking="${arrived.id}"]`);
  const tillBillId = await arrivedBlock.getAttribute('data-till-bill');
  assert.ok(tillBillId);
  const bill = await a<{ billNo: string; lines: { itemId: number }[] }>(`/api-cashier/checkout/bill/${tillBillId}`);
  assert.deepEqual(
    bill.lines.map((l) => l.itemId),
    [services[0].id],
  );
  await arrivedBlock.click();
  await activePane(page).getByText(bill.billNo).first().waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-03-till-bill');

  await page.goto(`${running.server.url}/admin/bookings/list/${first.id}`);
  await activePane(page).getByText('张女士').first().waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-04-detail');
  await page.goto(`${running.server.url}/admin/bookings/settings`);
  await activePane(page).locator('#stime').waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'bookings-05-settings');
});
