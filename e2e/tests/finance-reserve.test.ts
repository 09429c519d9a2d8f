import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { productAndBrowser, shot } from '../harness.js';
import { activePane, adminSession, apiAs, drawerOf, quiet } from '../support.js';

// Reserve money and rents: head office funds a shop's reserve, a store rent contract shows its
// generated schedule, a shop clerk asks to pay the first quarter from reserve money, head office
// approves it on the bill's page, and the shop's reserve balance is lower by the rent.

const running = productAndBrowser();

/** The balance the 预留款余额 page shows for the shop's 预留其他 (the only balance of that shop and type). */
async function balanceOnPage(page: Page, shopName: string): Promise<string> {
  await page.goto(`${running.server.url}/admin/finance/reserve/balances`);
  const row = activePane(page).locator('.ant-table-row', { hasText: shopName }).filter({ hasText: '预留其他' });
  await row.waitFor();
  await quiet(page);
  return ((await row.innerText()).match(/[\d,]+\.\d{2}/) ?? [''])[0];
}

test('a rent contract shows its schedule; a payment approved from reserve money lowers the balance', async () => {
  const { context: admin, page, api: a } = await adminSession(running);

  // ---- setup through the API: the shop's reserve, a contract, and a clerk who may ask to pay rent
  const [shop] = await a<{ id: number; name: string }[]>('/api-chain/shop/list/all');
  const types = await a<{ id: number; name: string }[]>('/api-finance/dicreserve/list/all');
  const other = types.find((t) => t.name === '预留其他')?.id as number;
  const [landlord] = await a<{ id: number; name: string }[]>('/api-finance/landlordinfo/list/all');
  const funding = await a<{ id: number }>('/api-finance/reservebillhead/saveBill', {
    lines: [{ shopId: shop.id, reserveTypeId: other, money: 2_000_000 }],
  });
  await a('/api-finance/reservebillhead/auditBill', { id: funding.id });
  const contract = await a<{ id: number; code: string }>('/api-finance/storerentcont/saveAction', {
    code: 'HT-E2E-001',
    shopId: shop.id,
    landlordId: landlord.id,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    cycle: 'quarter',
    totalMoney: 4_800_000,
    firstPeriodFree: 0,
    increaseRate: 0,
  });
  const tree = await a<{ id: number; permKey: string | null; children?: unknown[] }[]>('/api-user/menus/treeList?appId=admin');
  const wanted = ['finance.rent.store.view', 'finance.rent.store.edit', 'finance.rentcont.dorm.view', 'finance.rentcont.dorm.edit'];
  const menuIds: number[] = [];
  const walk = (nodes: { id: number; permKey: string | null; children?: unknown[] }[]) => {
    for (const n of nodes) {
      if (n.permKey && wanted.includes(n.permKey)) menuIds.push(n.id);
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk(tree);
  assert.equal(menuIds.length, wanted.length);
  const role = await a<{ id: number }>('/api-user/roles/saveOrUpdate', { code: 'rent_clerk', name: '房租专员' });
  await a(`/api-user/roles/saveRoleMenuList/${role.id}`, { menuIds });
  await a('/api-user/users/saveOrUpdate', {
    username: 'rentclerk',
    name: '房租专员',
    password: 'Rent-2026',
    roleIds: [role.id],
    loginShopIds: [shop.id],
  });

  // ---- the contract's schedule, as head office sees it
  const before = await balanceOnPage(page, shop.name);
  assert.equal(before, '20,000.00');
  await shot(page, 'finance-reserve-01-balances-before');

  await page.goto(`${running.server.url}/admin/finance/rents/store-contracts`);
  const contracts = activePane(page);
  const row = contracts.locator('.ant-table-row', { hasText: contract.code });
  await row.waitFor();
  assert.match(await row.innerText(), /48,000\.00[\s\S]*2026-01-01[\s\S]*12,000\.00/);
  await row.getByRole('button', { name: '租期' }).click();
  const drawer = drawerOf(page);
  await drawer.locator('.ant-table-row').nth(3).waitFor();
  const periods = await drawer.locator('.ant-table-row').allInnerTexts();
  assert.equal(periods.length, 4);
  assert.match(periods[0], /2026-01-01[\s\S]*2026-03-31[\s\S]*12,000\.00[\s\S]*未付/);
  assert.match(periods[3], /2026-10-01[\s\S]*2026-12-31[\s\S]*12,000\.00/);
  await quiet(page);
  await shot(page, 'finance-reserve-02-contract-schedule');
  await drawer.locator('.ant-drawer-close').click();

  // ---- the clerk asks to pay the first quarter from 预留其他
  const c = await apiAs(running.server, 'rentclerk', 'Rent-2026');
  const bill = await c<{ id: number; billNo: string }>('/api-finance/storerentrecords/saveBill', {
    contractId: contract.id,
    periodTo: 1,
    lines: [{ reserveTypeId: other, money: 1_200_000 }],
  });
  await c('/api-finance/storerentrecords/submitBill', { id: bill.id });
  // …and enters two dormitory contracts, which wait for head office's approval.
  const dorm = async (code: string) =>
    c<{ id: number; code: string; approval: string }>('/api-finance/dormrentcont', {
      code,
      shopId: shop.id,
      landlordName: '宿舍房东',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      cycle: 'month',
      totalMoney: 1_200_000,
    });
  const dormOk = await dorm('SS-E2E-001');
  const dormBad = await dorm('SS-E2E-002');
  assert.equal(dormOk.approval, 'submitted');

  // ---- head office approves it on the bill's page
  await page.goto(`${running.server.url}/admin/finance/rents/store-payments/${bill.id}`);
  const detail = activePane(page);
  await detail.getByText(bill.billNo).first().waitFor();
  await quiet(page);
  await shot(page, 'finance-reserve-03-payment-submitted');
  await detail
    .getByRole('button', { name: /审\s*批/ })
    .first()
    .click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await detail.getByText('已审批').first().waitFor();
  await quiet(page);
  assert.match(await detail.innerText(), /20,000\.00[\s\S]*8,000\.00/);
  await shot(page, 'finance-reserve-04-payment-approved');

  // ---- the balance is lower by the quarter's rent, and the contract is paid to the quarter's end
  assert.equal(await balanceOnPage(page, shop.name), '8,000.00');
  await shot(page, 'finance-reserve-05-balances-after');
  const paid = await a<{ paidTo: string }>(`/api-finance/storerentcont/detail/${contract.id}`);
  assert.equal(paid.paidTo, '2026-03-31');

  // ---- head office approves one dormitory contract and rejects the other with a reason, from the list
  await page.goto(`${running.server.url}/admin/finance/rents/dorm-contracts`);
  const dorms = activePane(page);
  const okRow = dorms.locator('.ant-table-row', { hasText: dormOk.code });
  await okRow.waitFor();
  await quiet(page);
  assert.match(await okRow.innerText(), /已提交/);
  await shot(page, 'finance-reserve-06-dorm-contracts-submitted');
  await okRow.getByRole('button', { name: /审\s*核/ }).click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await okRow.getByText('已审核').waitFor();
  const badRow = dorms.locator('.ant-table-row', { hasText: dormBad.code });
  await badRow.getByRole('button', { name: /驳\s*回/ }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.locator('textarea').fill('押金与合同不符');
  await modal.locator('.ant-btn-dangerous').click();
  await badRow.getByText('已驳回').waitFor();
  await quiet(page);
  assert.match(await badRow.innerText(), /押金与合同不符/);
  // An approved contract offers neither approval nor editing any more.
  assert.equal(await okRow.getByRole('button', { name: /审\s*核|驳\s*回|编\s*辑/ }).count(), 0);
  await shot(page, 'finance-reserve-07-dorm-contracts-decided');
  const decided = await a<{ approval: string; auditedByName: string }>(`/api-finance/dormrentcont/detail/${dormOk.id}`);
  assert.equal(decided.approval, 'approved');
  await admin.close();
});
