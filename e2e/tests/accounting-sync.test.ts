import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, cashBill, drawerOf, quiet, tillShop } from '../support.js';

// Bill sync (单据同步): a cash bill settled at the till is queued for the accounting system with the settle and
// pushed by the job (the file adapter); head office finds it by its number, reads its log, pushes it again, and
// the row is pushed once more (the log has two tries).

const running = productAndBrowser();

type SyncRow = { id: number; billId: number; billNo: string; state: string };

test('a settled cash bill is in 单据同步, pushed; pushed again from the page, its log shows both tries', async () => {
  const { page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const bill = await cashBill(api, shop.id, setup, [{ kind: 'service', itemId: setup.services[0].id, num: 1 }]);
  const rowOf = async () =>
    (await api<{ list: SyncRow[] }>(`/api-report/billheadsync?keyword=${encodeURIComponent(bill.billNo)}`)).list.find(
      (r) => r.billId === bill.id,
    );
  const pushed = async () => {
    for (let i = 0; i < 60; i++) {
      const row = await rowOf();
      if (row?.state === 'pushed') return row;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.fail('the bill was not pushed by the job');
  };
  const row = await pushed();

  await page.goto(`${running.server.url}/admin/accounting/sync`);
  const pane = activePane(page);
  await pane.getByPlaceholder('单号').fill(bill.billNo);
  await pane.getByPlaceholder('单号').press('Enter');
  const line = pane.getByRole('row', { name: new RegExp(bill.billNo) });
  await line.getByText('已推送').waitFor();
  await quiet(page);
  await shot(page, 'accounting-sync-01-list');

  await line.getByRole('checkbox').check();
  const requeued = page.waitForResponse((r) => r.url().includes('/api-report/billheadsync/saveBatch') && r.status() === 200);
  await pane.getByRole('button', { name: '重新推送' }).click();
  assert.equal((await (await requeued).json()).data.requeued, 1);
  await pushed();

  await line.getByRole('button', { name: '日志' }).click();
  const drawer = drawerOf(page);
  await drawer.getByText(`推送日志：${bill.billNo}`).waitFor();
  await drawer.locator('tbody tr.ant-table-row').nth(1).waitFor();
  assert.equal(await drawer.locator('tbody tr.ant-table-row').count(), 2);
  assert.equal(await drawer.getByText('成功').count(), 2);
  await quiet(page);
  await shot(page, 'accounting-sync-02-log');
  assert.ok(row.id > 0);

  // 数据管理: the chain's settings, the file adapter by default.
  await page.goto(`${running.server.url}/admin/accounting/data`);
  await activePane(page).getByText('本地凭证文件').waitFor();
  await quiet(page);
  await shot(page, 'accounting-sync-03-data-settings');
});
