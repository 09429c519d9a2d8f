import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productAndBrowser, shot, signIn } from '../harness.js';
import { activePane, addLogin, adminSession, CALM, cashBill, quiet, tillShop, VIEWPORT } from '../support.js';

// Head office sets up a commission scheme with a tier, two bills are settled at the till, the statement
// shows the rows and opens their bill, and the stylist's own page shows the same commission.

const running = productAndBrowser();

test('a scheme with a tier, bills settled at the till, the statement and the stylist’s own page agree', async () => {
  const { context, page, api } = await adminSession(running);
  const { shop, setup } = await tillShop(api);
  const service = setup.services[0];
  const [stylist, assistant] = setup.employees;

  // ---- the scheme: services 20% requested / 10% not, less 10% cost; 30% / 15% once the month reaches two services
  // The demo chain's scheme covers every shop: the till's shop leaves it for a scheme of its own.
  const [demo] = await api('/api-pers/royaltymanage/list/all');
  const others = demo.shops.map((s: { id: number }) => s.id).filter((id: number) => id !== shop.id);
  await api('/api-pers/royaltymanage/save', { id: demo.id, prmname: demo.prmname, type: 1, shops: others });
  const type = await api('/api-pers/royaltytype/save', { code: 'TC901', name: '演示服务提成' });
  const scheme = await api('/api-pers/royaltymanage/save', { prmname: '演示门店提成方案', type: 1, shops: [shop.id] });
  const group = await api('/api-pers/royaltygroup/save', { schemeId: scheme.id, royaltyTypeId: type.id, name: '全部岗位' });
  await api('/api-pers/royaltyitem/item', {
    groupId: group.id,
    items: [{ itemtype: 'service', ids: [service.id] }],
    normType: 2,
    costType: 1,
    cost: 1_000,
    norm: 2_000,
    norm2: 1_000,
    levelList: [{ level: 1, pcondition: 1, subdescList: [{ prnname: 'yj', pvalue: service.price * 2 }], norm: 3_000, norm2: 1_500 }],
  });
  await addLogin(api, { username: 'tcstylist', name: stylist.name, password: 'Stylist-2026', employeeId: stylist.id, shopId: shop.id });

  // ---- two bills at the till: the stylist requested on both, the assistant at station 2 on the first
  for (const staff of [
    [
      { employeeId: stylist.id, station: 1, appointed: true },
      { employeeId: assistant.id, station: 2, appointed: false },
    ],
    [{ employeeId: stylist.id, station: 1, appointed: true }],
  ]) {
    await cashBill(api, shop.id, setup, [{ kind: 'service', itemId: service.id, num: 1, staff }]);
  }
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);
  const head = await api('/api-pers/employeeroyalty/chain/list', { month, employeeId: stylist.id });
  assert.equal(head.list.length, 2);
  // Tier reached: 30% of (price − 10%) on both rows.
  for (const r of head.list) assert.equal(r.royalty, Math.round((service.price - Math.round(service.price / 10)) * 0.3));

  // ---- the scheme page with its group and item
  await page.goto(`${running.server.url}/admin/royalty/schemes`);
  const pane = activePane(page);
  await pane.locator('.ant-table-row', { hasText: '演示门店提成方案' }).click();
  await pane.getByText('全部岗位').first().waitFor();
  await quiet(page);
  await shot(page, 'royalty-01-schemes');
  await pane.locator('.ant-card-type-inner .ant-table-row').first().getByText('编辑').click();
  await page.locator('.ant-modal:visible').getByText('档位').first().waitFor();
  await quiet(page);
  await shot(page, 'royalty-02-item-form');
  // Saved unchanged from the browser, the item reads back as it was written.
  const before = await api(`/api-pers/royaltygroup/list/${scheme.id}`);
  await page.locator('.ant-modal:visible .ant-btn-primary').click();
  await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
  const after = await api(`/api-pers/royaltygroup/list/${scheme.id}`);
  assert.deepEqual(after[0].items, before[0].items);
  // The group renamed and the scheme given a memo through their editors.
  await pane.locator('.ant-card-type-inner .ant-card-extra').getByText('编辑').click();
  const groupForm = page.locator('.ant-modal:visible');
  await groupForm.locator('input#name').fill('全部岗位（含助理）');
  await groupForm.locator('.ant-btn-primary').click();
  await pane.getByText('全部岗位（含助理）').first().waitFor();
  await pane.locator('.ant-table-row', { hasText: '演示门店提成方案' }).getByText('编辑').click();
  const schemeForm = page.locator('.ant-modal:visible');
  await schemeForm.locator('textarea#memo').fill('门店统一方案');
  await quiet(page);
  await shot(page, 'royalty-02b-scheme-form');
  await schemeForm.locator('.ant-btn-primary').click();
  await schemeForm.waitFor({ state: 'detached' });
  const saved = (await api('/api-pers/royaltymanage/page?page=1&pageSize=50')).list.find((x: { id: number }) => x.id === scheme.id);
  assert.equal(saved.memo, '门店统一方案');
  assert.deepEqual(
    saved.shops.map((x: { id: number }) => x.id),
    [shop.id],
  );
  const renamed = await api(`/api-pers/royaltygroup/list/${scheme.id}`);
  assert.equal(renamed[0].name, '全部岗位（含助理）');
  assert.deepEqual(renamed[0].items, before[0].items);

  // ---- the statement and the bill behind a row
  await page.goto(`${running.server.url}/admin/royalty/statement`);
  const st = activePane(page);
  await st.locator('.ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, 'royalty-03-statement');
  await st.locator('[data-testid="royalty-bill-link"]').first().click();
  await page.locator('.ant-drawer-open .ant-drawer-title').waitFor();
  await quiet(page);
  await shot(page, 'royalty-04-statement-bill');
  await page.keyboard.press('Escape');

  // ---- awards, salary
  await page.goto(`${running.server.url}/admin/royalty/awards`);
  await activePane(page).locator('.ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, 'royalty-05-awards');
  await page.goto(`${running.server.url}/admin/royalty/salary`);
  await activePane(page).locator('.ant-table-row').first().waitFor();
  await quiet(page);
  await shot(page, 'royalty-06-salary');

  // ---- the stylist's own page: the same rows and total as head office's statement
  const phone = await running.browser.newContext({ ...CALM, viewport: VIEWPORT, locale: 'zh-CN' });
  const mine = await phone.newPage();
  await signIn(mine, running.server, 'tcstylist', 'Stylist-2026', { board: false });
  await mine.goto(`${running.server.url}/m/my-pay`);
  await mine.locator('[data-testid="my-royalty"]').waitFor();
  await mine.locator('.ant-table-row').first().waitFor();
  await quiet(mine);
  const shown = await mine.locator('[data-testid="my-royalty"] .ant-statistic-content').innerText();
  assert.equal(shown.replace(/[^\d.]/g, ''), (head.sum.royalty / 100).toFixed(2));
  assert.equal(await mine.locator('.ant-table-row').count(), head.list.length);
  await shot(mine, 'royalty-07-my-pay');
  await phone.close();
  await context.close();
});
