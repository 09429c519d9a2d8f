import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { saveContract } from '../modules/finance/rent-contracts.js';
import { postReserve, reserveAdjustType } from '../modules/finance/reserve.js';
import {
  banks,
  cooperateItems,
  djItems,
  financeGroups,
  financeItems,
  financialAreas,
  fundDescriptions,
  landlords,
  payeeAccounts,
  rentContracts,
  reserveBillLines,
  reserveBills,
  reserveSpendItems,
  reserveTypes,
  shopFinanceProfiles,
  shopFinanceTypes,
  shopPettyCash,
} from '../modules/finance/schema.js';
import { branches, shops } from '../modules/org/schema.js';
import type { Auth } from '../platform/auth.js';
import { nextBillNumber } from '../platform/documents.js';

const coded = (prefix: string, names: string[]) =>
  names.map((name, i) => ({ code: `${prefix}${String(i + 1).padStart(3, '0')}`, name, sort: (i + 1) * 10 }));

/** Expense groups and their items: [group, type (1 income, 2 expense), items [name, opening budget in yuan, approving department]]. */
const itemTree: [string, 1 | 2, [string, number, string][]][] = [
  [
    '门店日常费用',
    2,
    [
      ['水电费', 60_000, '运营部'],
      ['办公用品', 12_000, '人事行政部'],
      ['清洁卫生', 18_000, '运营部'],
    ],
  ],
  [
    '营销推广费用',
    2,
    [
      ['线上推广', 120_000, '市场部'],
      ['门店活动物料', 36_000, '市场部'],
    ],
  ],
  [
    '人员费用',
    2,
    [
      ['培训费', 48_000, '培训部'],
      ['员工福利', 30_000, '人事行政部'],
    ],
  ],
  ['营业外收入', 1, [['废品回收', 0, '财务部']]],
];

/** The finance dictionaries of the demo chain: items with budgets and approvers, areas, banks, reserve types, landlords. */
export async function seedDemoFinance(tx: Db, tenantId: number) {
  const t = { tenantId };
  const departments = await tx.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.tenantId, tenantId));
  const department = (name: string) => departments.find((d) => d.name === name)?.id as number;
  let itemNo = 0;
  for (const [g, [group, type, items]] of itemTree.entries()) {
    const [row] = await tx
      .insert(financeGroups)
      .values({ ...t, code: `SZ${String(g + 1).padStart(3, '0')}`, name: group, type, sort: (g + 1) * 10 })
      .returning({ id: financeGroups.id });
    for (const [name, budget, approver] of items) {
      itemNo++;
      const [item] = await tx
        .insert(financeItems)
        .values({
          ...t,
          code: `XM${String(itemNo).padStart(3, '0')}`,
          name,
          groupId: row.id,
          type,
          budget: budget * 100,
          sort: itemNo * 10,
        })
        .returning({ id: financeItems.id });
      await tx.insert(fundDescriptions).values({
        ...t,
        code: `FY${String(itemNo).padStart(3, '0')}`,
        name: `${name}审批`,
        itemId: item.id,
        departmentId: department(approver),
        description: `门店申请${name}，由${approver}审批，财务部复核`,
        sort: itemNo * 10,
      });
    }
  }
  await tx.insert(financialAreas).values(coded('PQ', ['华东片区', '华南片区', '华北片区']).map((r) => ({ ...t, ...r })));
  await tx.insert(shopFinanceTypes).values(coded('GS', ['直营公司', '加盟公司', '合资公司']).map((r) => ({ ...t, ...r })));
  await tx
    .insert(banks)
    .values(coded('YH', ['中国工商银行', '中国建设银行', '招商银行', '中国银行', '交通银行']).map((r) => ({ ...t, ...r })));
  const reserve = await tx
    .insert(reserveTypes)
    .values(coded('YL', ['营业款', '预留其他', '退卡保证金', '风险金']).map((r) => ({ ...t, ...r })))
    .returning({ id: reserveTypes.id });
  await tx.insert(reserveSpendItems).values([
    { ...t, code: 'ZC001', name: '门店房租', kind: 2, reserveTypeIds: [reserve[0].id, reserve[1].id], sort: 10 },
    { ...t, code: 'ZC002', name: '会员退卡', kind: 1, reserveTypeIds: [reserve[2].id], sort: 20 },
    { ...t, code: 'ZC003', name: '设备维修', kind: 1, reserveTypeIds: [reserve[1].id, reserve[3].id], sort: 30 },
  ]);
  // The dj items: the three allocations the daily report adds to 资金总业绩 keep the original's ids as codes.
  await tx.insert(djItems).values([
    { ...t, code: '55', name: '微慕拨款', colname: 'wmbk', isBk: 1, direction: 1, isDkdj: 0, type: 1, sort: 10 },
    { ...t, code: '94', name: '团购拨款', colname: 'tgbk', isBk: 1, direction: 1, isDkdj: 0, type: 1, sort: 20 },
    { ...t, code: '54', name: '电商券拨款', colname: 'dsqbk', isBk: 1, direction: 1, isDkdj: 0, type: 1, sort: 30 },
    { ...t, code: 'DJ001', name: '代扣社保', colname: 'dksb', isBk: 0, direction: -1, isDkdj: 1, type: 2, sort: 40 },
    { ...t, code: 'DJ002', name: '代缴水电', colname: 'djsd', isBk: 0, direction: -1, isDkdj: 1, type: 2, sort: 50 },
  ]);
  await tx.insert(cooperateItems).values([
    { ...t, code: 'HZ001', name: '美甲合作', shopRate: 30, staffRate: 10, sort: 10 },
    { ...t, code: 'HZ002', name: '头皮养护合作', shopRate: 12.5, staffRate: 5, sort: 20 },
  ]);
  await tx.insert(landlords).values([
    {
      ...t,
      code: 'FD001',
      name: '上海恒隆物业有限公司',
      tel: '021-62880000',
      payee: '上海恒隆物业有限公司',
      bank: '中国工商银行上海南京西路支行',
      bankno: '1001244309000012345',
      sort: 10,
    },
    {
      ...t,
      code: 'FD002',
      name: '王建国',
      tel: '13801234567',
      payee: '王建国',
      bank: '招商银行北京国贸支行',
      bankno: '6225880112345678',
      sort: 20,
    },
    {
      ...t,
      code: 'FD003',
      name: '广州天河城物业管理有限公司',
      tel: '020-38000000',
      payee: '广州天河城物业管理有限公司',
      bank: '中国建设银行广州天河支行',
      bankno: '44050146010900001234',
      sort: 30,
      state: 2,
    },
  ]);
  const shopRows = await tx.select({ id: shops.id, code: shops.code, name: shops.name }).from(shops).where(eq(shops.tenantId, tenantId));
  const [area] = await tx.select({ id: financialAreas.id }).from(financialAreas).where(eq(financialAreas.tenantId, tenantId)).limit(1);
  const [company] = await tx
    .select({ id: shopFinanceTypes.id })
    .from(shopFinanceTypes)
    .where(eq(shopFinanceTypes.tenantId, tenantId))
    .limit(1);
  const items = await tx
    .select({ id: financeItems.id, name: financeItems.name })
    .from(financeItems)
    .where(eq(financeItems.tenantId, tenantId));
  const itemId = (name: string) => items.find((i) => i.name === name)?.id as number;
  for (const [i, shop] of shopRows.slice(0, 3).entries()) {
    await tx.insert(shopFinanceProfiles).values({
      ...t,
      shopId: shop.id,
      payee: ['陈静', '刘洋', '周敏'][i],
      bank: '招商银行',
      bankno: `622588010000${String(1001 + i)}`,
      corporatePayee: `${shop.name}美发有限公司`,
      corporateBank: '中国工商银行',
      corporateBankno: `100124430900${String(2001 + i)}`,
      financialAreaId: area.id,
      companyTypeId: company.id,
      feeRatio: 300 + i * 50,
    });
    await tx.insert(shopPettyCash).values({ ...t, shopId: shop.id, float: 300_000 + i * 100_000, largeNeedsTakings: i === 0 ? 1 : 0 });
    await tx.insert(payeeAccounts).values([
      {
        ...t,
        shopId: shop.id,
        itemId: itemId('水电费'),
        payee: '国网电力',
        bank: '中国工商银行',
        bankno: `100124430900${String(3001 + i)}`,
      },
      {
        ...t,
        shopId: shop.id,
        itemId: itemId('清洁卫生'),
        payee: '洁家保洁服务有限公司',
        bank: '中国建设银行',
        bankno: `440501460109${String(4001 + i)}`,
      },
    ]);
  }
  await seedDemoReserveAndRents(tx, tenantId);
}

// ---------------------------------------------------------------------------------------------
// Reserve money and rents of the demo chain (kept apart): an audited reserve adjustment gives the
// third to fifth shops balances on the ledger, and those shops have store rent and dormitory
// contracts with their schedules, so that the reserve and rent pages are not empty.

/** Who the demo's bills and contracts are made by: head office, every shop. */
const demoAuth = (tenantId: number) =>
  ({
    tenantId,
    userId: null,
    username: 'system',
    name: '系统',
    isSuper: true,
    permissions: new Set<string>(),
    loginShops: [],
    managerShops: [],
  }) as unknown as Auth;

export async function seedDemoReserveAndRents(tx: Db, tenantId: number) {
  const t = { tenantId };
  const shopRows = (
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.tenantId, tenantId)).orderBy(asc(shops.code), asc(shops.id))
  ).slice(2, 5);
  const types = await tx
    .select({ id: reserveTypes.id })
    .from(reserveTypes)
    .where(eq(reserveTypes.tenantId, tenantId))
    .orderBy(asc(reserveTypes.sort));
  if (!shopRows.length || types.length < 2) return;
  const billDate = '2026-01-05';
  const lines = shopRows.flatMap((shop, i) => [
    { shopId: shop.id, reserveTypeId: types[0].id, money: 2_000_000 + i * 500_000 },
    { shopId: shop.id, reserveTypeId: types[1].id, money: 800_000 + i * 200_000 },
  ]);
  const [bill] = await tx
    .insert(reserveBills)
    .values({
      ...t,
      kind: 'adjust',
      billNo: await nextBillNumber(tx, reserveAdjustType.doc, tenantId, billDate),
      billDate,
      state: 'approved',
      totalMoney: lines.reduce((s, l) => s + l.money, 0),
      memo: '期初预留款',
      createdByName: '系统',
      auditedByName: '系统',
      auditedAt: new Date(`${billDate}T02:00:00Z`),
    })
    .returning({ id: reserveBills.id });
  const saved = await tx
    .insert(reserveBillLines)
    .values(lines.map((l, i) => ({ ...t, ...l, billId: bill.id, sort: (i + 1) * 10 })))
    .returning({
      id: reserveBillLines.id,
      shopId: reserveBillLines.shopId,
      reserveTypeId: reserveBillLines.reserveTypeId,
      money: reserveBillLines.money,
    });
  await postReserve(
    tx,
    tenantId,
    reserveAdjustType.def.docType,
    bill.id,
    saved.map((l) => ({ shopId: l.shopId, reserveTypeId: l.reserveTypeId, delta: l.money, lineId: l.id })),
  );
  for (const l of saved)
    await tx.update(reserveBillLines).set({ balanceBefore: 0, balanceAfter: l.money }).where(eq(reserveBillLines.id, l.id));
  const [landlord] = await tx
    .select({ id: landlords.id })
    .from(landlords)
    .where(and(eq(landlords.tenantId, tenantId), eq(landlords.code, 'FD001')));
  const auth = demoAuth(tenantId);
  for (const [i, shop] of shopRows.entries()) {
    await saveContract(tx, 'store', auth, {
      code: `ZJ2026${String(i + 1).padStart(3, '0')}`,
      shopId: shop.id,
      landlordId: landlord?.id ?? null,
      startDate: '2026-01-01',
      endDate: '2028-12-31',
      cycle: (['month', 'quarter', 'year'] as const)[i % 3],
      totalMoney: 36_000_000 + i * 6_000_000,
      deposit: 3_000_000,
      firstPeriodFree: i === 1 ? 1 : 0,
      increaseRate: 300,
      rentType: 1,
      status: 1,
      memo: null,
    });
    const dormId = await saveContract(tx, 'dorm', auth, {
      code: `SS2026${String(i + 1).padStart(3, '0')}`,
      shopId: shop.id,
      landlordName: ['李秀英', '张伟', '赵丽'][i],
      payee: ['李秀英', '张伟', '赵丽'][i],
      tel: `1390000000${i}`,
      address: '员工宿舍',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      cycle: 'month',
      totalMoney: 3_600_000,
      deposit: 300_000,
      firstPeriodFree: 0,
      increaseRate: 0,
      rentType: 1,
      status: 1,
      memo: null,
    });
    // The first two are approved by finance; the third waits for its approval.
    if (i < 2)
      await tx
        .update(rentContracts)
        .set({ approval: 'approved', auditedByName: '财务', auditedAt: new Date() })
        .where(eq(rentContracts.id, dormId));
  }
}
