import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cardLedger,
  memberCards,
  memberImportLogs,
  memberPackageLines,
  members,
  packageBalances,
  packageLedger,
} from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, expectAssetsConsistent, makeCardType, newMobile, shopIds, uniq } from './assets-support.js';
import { build, type Client } from './helpers.js';
import { expectStatus } from './staff-support.js';

const IMP = '/api-member/chainmember/memberImport';
const LOGS = '/api-member/chainmember/queryMemberImplogs';
const TEMPLATE = '/api-member/chainmember/memberImportTemplate';
const EN = { 'accept-language': 'en-US' };
const CARD_HEADERS = [
  '会员编号',
  '姓名',
  '手机号',
  '性别',
  '生日',
  '顾客来源',
  '会员等级',
  '卡号',
  '卡类型',
  '余额所属门店',
  '本金余额(元)',
  '赠送余额(元)',
];
const PACKAGE_HEADERS = [
  '会员编号',
  '姓名',
  '手机号',
  '性别',
  '生日',
  '顾客来源',
  '会员等级',
  '套餐名称',
  '项目',
  '总次数',
  '剩余次数',
  '单次价格(元)',
  '到期日期',
  '赠送',
];

async function sheet(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('会员');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('members: import with cards and balances, and with packages; all or nothing, logged', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [shopA, shopB] = await shopIds(t, a);
  const shopName = async (id: number) =>
    ((await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number; name: string }[]).find((s) => s.id === id)?.name as string;
  const type = await makeCardType(t, a, { shops: [shopA, shopB], rules: [[3, 0, 1, 99_900]] });
  const services = (await a.admin.get('/api-chain/serviceinfo/listPage', { pageSize: 5, status: 1 })).body.data.list as {
    id: number;
    code: string;
    name: string;
  }[];

  const upload = (content: Buffer, query: Record<string, unknown>, client: Client = a.admin, headers: Record<string, string> = {}) =>
    client.upload(IMP, content, { query, headers, filename: '会员.xlsx' });
  const membersOf = (mobiles: string[]) =>
    inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({
          id: members.id,
          mobile: members.mobile,
          principal: members.principal,
          gift: members.gift,
          packageValue: members.packageValue,
          shopId: members.shopId,
        })
        .from(members)
        .where(inArray(members.mobile, mobiles)),
    );

  it('the template of each type has its columns', async () => {
    for (const [typeNo, headers] of [
      [2, CARD_HEADERS],
      [3, PACKAGE_HEADERS],
    ] as const) {
      const res = await a.admin.get(TEMPLATE, { type: typeNo });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
      const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
      expect(header).toEqual(headers);
    }
  });

  it('type 2: members with cards; a card’s balances at two shops; ledger rows whose balance is the amount; no gift rule applied', async () => {
    const [m1, m2] = [newMobile(), newMobile()];
    const [c1, c2] = [`IM${uniq()}`, `IM${uniq()}`];
    const nameB = await shopName(shopB);
    const file = await sheet(CARD_HEADERS, [
      [null, '苏婉清', m1, '女', '1990-02-03', null, null, c1, type.name, null, '1000.00', '200'],
      [null, '苏婉清', m1, null, null, null, null, c1, type.name, nameB, 300, null],
      [null, '钱多多', m2, '男', null, null, null, c2, type.name, null, '50.5', '0'],
    ]);
    const res = await upload(file, { shopid: shopA, type: 2 });
    expectStatus(res, 200);
    expect(res.body.data.imported).toBe(3);
    const found = await membersOf([m1, m2]);
    expect(found).toHaveLength(2);
    const one = found.find((m) => m.mobile === m1) as (typeof found)[number];
    const two = found.find((m) => m.mobile === m2) as (typeof found)[number];
    expect(one).toMatchObject({ principal: 130_000, gift: 20_000, shopId: shopA });
    expect(two).toMatchObject({ principal: 5_050, gift: 0 });
    const cards = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({ id: memberCards.id, cardNo: memberCards.cardNo, memberId: memberCards.memberId })
        .from(memberCards)
        .where(inArray(memberCards.cardNo, [c1, c2])),
    );
    const card1 = cards.find((c) => c.cardNo === c1) as (typeof cards)[number];
    expect(card1.memberId).toBe(one.id);
    expect(await bucketsOf(t, a, card1.id)).toEqual({
      [`${shopA}:principal`]: 100_000,
      [`${shopA}:gift`]: 20_000,
      [`${shopB}:principal`]: 30_000,
    });
    const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(cardLedger).where(eq(cardLedger.cardId, card1.id)).orderBy(cardLedger.id),
    );
    const byBucket = (x: unknown[], y: unknown[]) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`);
    expect(rows.map((r) => [r.shopId, r.bucket, Number(r.delta), Number(r.balance), r.docType]).sort(byBucket)).toEqual(
      [
        [shopA, 'principal', 100_000, 100_000, 'card.open'],
        [shopA, 'gift', 20_000, 20_000, 'card.open'],
        [shopB, 'principal', 30_000, 30_000, 'card.open'],
      ].sort(byBucket),
    );
    // The card's ledger as the member page shows it.
    const records = (await a.admin.post('/api-member/chainmember/queryCardRecords', { cardId: card1.id })).body.data;
    expect(records.list.map((r: { kind: string }) => r.kind)).toEqual(['open', 'open', 'open']);
    await expectAssetsConsistent(t, a);
    const logs = (await a.admin.get(LOGS, { pageSize: 5 })).body.data.list;
    expect(logs[0]).toMatchObject({ id: res.body.data.logId, type: 2, expected: 3, succeeded: 3, failed: 0 });
  });

  it('type 2: one bad row refuses the whole file, naming the row; nothing stored, the log kept', async () => {
    const [m1, m2, m3] = [newMobile(), newMobile(), newMobile()];
    const before = await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(cardLedger));
    const file = await sheet(CARD_HEADERS, [
      [null, '好客甲', m1, null, null, null, null, `IM${uniq()}`, type.name, null, '10', null],
      [null, '好客乙', m2, null, null, null, null, `IM${uniq()}`, type.name, null, '20', null],
      [null, '坏客丙', m3, null, null, null, null, `IM${uniq()}`, '没有这种卡', null, '30', null],
    ]);
    const res = await upload(file, { shopid: shopA, type: 2 }, a.admin, EN);
    expectStatus(res, 400);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ row: 4, column: 'Card type' })]);
    expect(res.body.errors?.[0].message).toMatch(/^Row 4, Card type: "没有这种卡" does not exist/);
    expect(await membersOf([m1, m2, m3])).toEqual([]);
    const after = await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(cardLedger));
    expect(after[0].n).toBe(before[0].n);
    const [log] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(memberImportLogs).where(eq(memberImportLogs.id, res.body.data.logId)),
    );
    expect(log).toMatchObject({ type: 2, expected: 3, succeeded: 0, failed: 1 });

    // Other row problems: a card number already issued, a name that differs for one mobile, a bucket given twice, an empty card.
    const taken = (
      await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ cardNo: memberCards.cardNo }).from(memberCards).limit(1))
    )[0].cardNo;
    const m4 = newMobile();
    const c4 = `IM${uniq()}`;
    const more = await sheet(CARD_HEADERS, [
      [null, '甲', newMobile(), null, null, null, null, taken, type.name, null, '10', null],
      [null, '乙', m4, null, null, null, null, c4, type.name, null, '10', null],
      [null, '丙', m4, null, null, null, null, c4, type.name, null, '10', null],
      [null, '丁', newMobile(), null, null, null, null, `IM${uniq()}`, type.name, null, null, null],
      [null, '戊', newMobile(), null, null, null, null, `IM${uniq()}`, type.name, null, '1.234', null],
    ]);
    const bad = await upload(more, { shopid: shopA, type: 2 }, a.admin, EN);
    expectStatus(bad, 400);
    const problems = (bad.body.data.errors as { row: number; column: string; message: string }[]).map((e) => [e.row, e.column]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [2, 'Card number'],
        [4, 'Name'],
        [4, 'Balance held by shop'],
        [5, 'Principal (yuan)'],
        [6, 'Principal (yuan)'],
      ]),
    );
  });

  it('type 3: members with packages; the count left on the package ledger, the value on the member', async () => {
    expect(services.length).toBeGreaterThanOrEqual(2);
    const [m1, m2] = [newMobile(), newMobile()];
    const file = await sheet(PACKAGE_HEADERS, [
      [null, '包小月', m1, '女', null, null, null, '面部疗程', services[0].code, 10, 6, '98.00', '2099-12-31', '否'],
      [null, '包小月', m1, null, null, null, null, '面部疗程', services[1].name, 5, 5, '50', null, '是'],
      [null, '包大年', m2, null, null, null, null, '肩颈套餐', services[1].code, 3, 0, '120', null, null],
    ]);
    const res = await upload(file, { shopid: shopB, type: 3 });
    expectStatus(res, 200);
    const found = await membersOf([m1, m2]);
    const one = found.find((m) => m.mobile === m1) as (typeof found)[number];
    // 6 × ¥98 (the gift line is worth nothing).
    expect(one.packageValue).toBe(58_800);
    expect((found.find((m) => m.mobile === m2) as (typeof found)[number]).packageValue).toBe(0);
    const lines = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({
          id: memberPackageLines.id,
          total: memberPackageLines.total,
          unitPrice: memberPackageLines.unitPrice,
          isGift: memberPackageLines.isGift,
          remaining: packageBalances.remaining,
        })
        .from(memberPackageLines)
        .leftJoin(
          packageBalances,
          and(eq(packageBalances.packageLineId, memberPackageLines.id), eq(packageBalances.tenantId, memberPackageLines.tenantId)),
        )
        .where(eq(memberPackageLines.memberId, one.id))
        .orderBy(memberPackageLines.sort),
    );
    expect(lines.map((l) => [l.total, Number(l.unitPrice), l.isGift, l.remaining])).toEqual([
      [10, 9_800, 0, 6],
      [5, 5_000, 1, 5],
    ]);
    const ledger = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(packageLedger)
        .where(
          inArray(
            packageLedger.packageLineId,
            lines.map((l) => l.id),
          ),
        )
        .orderBy(packageLedger.id),
    );
    expect(ledger.map((r) => [Number(r.delta), Number(r.balance), r.docType])).toEqual([
      [6, 6, 'package.sell'],
      [5, 5, 'package.sell'],
    ]);
    const page = (await a.admin.post('/api-member/chainmember/pagePackages', { memberId: one.id })).body.data;
    expect(page.list.length).toBe(2);
    await expectAssetsConsistent(t, a);

    // A count left above the total names its row.
    const bad = await upload(
      await sheet(PACKAGE_HEADERS, [
        [null, '包小余', newMobile(), null, null, null, null, '疗程', services[0].code, 2, 3, '10', null, null],
      ]),
      { shopid: shopB, type: 3 },
      a.admin,
      EN,
    );
    expectStatus(bad, 400);
    expect(bad.body.data.errors[0]).toMatchObject({ row: 2, column: 'Count left' });
  });
});
