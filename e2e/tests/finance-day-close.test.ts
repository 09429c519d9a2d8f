import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, pick, quiet, tillShop } from '../support.js';

// Closing a shop's day (日结) on the daily report page: a day of the till's shop with nothing left to
// reconcile is confirmed and closed (已结, by whom), then reopened with a reason (未结 again).

const running = productAndBrowser();

interface DayState {
  day: string;
  status: number;
  reconcileRows: number;
  unmatched: number;
  heldBy: string | null;
}

test("a shop's day is confirmed and closed on the daily report page, and reopened with a reason", async () => {
  const { page, api } = await adminSession(running);
  const { shop } = await tillShop(api);
  const me = await api<{ user: { timeZone?: string } }>('/api-user/me');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: me.user.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const days = await api<DayState[]>(`/api-finance/dayclose/month?shopid=${shop.id}&month=${today.slice(0, 7)}`);
  const open = days.filter((d) => d.status === 0 && d.unmatched === 0 && !d.heldBy).at(-1);
  assert.ok(open, 'a day of the month with nothing to reconcile');
  const day = open.day;

  await page.goto(`${running.server.url}/admin/finance/day-report`);
  const pane = activePane(page);
  await pick(page, pane.locator('.ant-select').first(), shop.name);
  const picker = pane.locator('.ant-picker').first();
  await picker.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(day);
  await page.keyboard.press('Enter');
  await pane.getByText(`${shop.name} 日报表 ${day}`).waitFor();
  const panel = pane.getByTestId('dayclose');
  await panel.getByTestId('dayclose-state').first().getByText('未结').waitFor();
  await panel.getByText(`银行对账 ${open.reconcileRows} 笔，未对账 0 笔`).waitFor();

  await panel.getByPlaceholder('结账备注（可不填）').fill('日报已核对');
  await panel.getByTestId('dayclose-close').click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await confirm.getByText(`确认 ${shop.name} ${day} 的日报表无误并结账？`, { exact: false }).waitFor();
  await confirm.locator('.ant-btn-primary').click();
  await page.getByText(`${shop.name} ${day} 已结账`).first().waitFor();
  await panel.getByTestId('dayclose-state').first().getByText('已结').waitFor();
  await panel.getByText(/于 .* 结账/).waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'dayclose-closed');
  const closed = await api<DayState>(`/api-finance/dayclose/state?shopid=${shop.id}&day=${day}`);
  assert.equal(closed.status, 1);

  await panel.getByTestId('dayclose-reopen').click();
  const dialog = page.locator('.ant-modal:visible').last();
  await dialog.getByText(`重新开账：${shop.name} ${day}`).waitFor();
  await dialog.locator('textarea').fill('补录一张收银单');
  await dialog.getByRole('button', { name: /重新开账/ }).click();
  await page.getByText(`${shop.name} ${day} 已重新开账`).first().waitFor();
  await panel.getByTestId('dayclose-state').first().getByText('未结').waitFor();
  await quiet(page, { ignoreMessages: true });
  await shot(page, 'dayclose-reopened');
  const reopened = await api<DayState & { memo: string | null }>(`/api-finance/dayclose/state?shopid=${shop.id}&day=${day}`);
  assert.deepEqual([reopened.status, reopened.memo], [0, '补录一张收银单']);
});
