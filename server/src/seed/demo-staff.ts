import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertMany } from '../db/insert-many.js';
import { branches, brands, employeeStream, employees, positionLevels, positions, shops, skillLevels } from '../modules/org/schema.js';
import { addDays } from '../platform/numbering.js';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶贺顾毛郝龚邵';
const FEMALE = [
  '静',
  '丽娟',
  '婷婷',
  '雪',
  '雅琪',
  '思琪',
  '梦瑶',
  '欣怡',
  '佳怡',
  '晓燕',
  '美玲',
  '诗涵',
  '雨婷',
  '嘉欣',
  '紫涵',
  '晓雯',
  '芳',
  '颖',
  '倩',
  '悦',
];
const MALE = [
  '伟',
  '强',
  '磊',
  '军',
  '浩然',
  '子轩',
  '宇航',
  '俊杰',
  '志强',
  '建华',
  '文博',
  '晨阳',
  '凯',
  '鹏',
  '涛',
  '明轩',
  '家豪',
  '天佑',
  '睿',
  '昊',
];
const MOBILE_PREFIXES = ['139', '138', '136', '158', '186', '177', '135', '188', '152', '131'];

/** A shop's staff: [position, level, gender (1 male, 2 female), skill level index or null, bookable]. */
type Slot = [string, string, 1 | 2, number | null, boolean];
const SALON: Slot[] = [
  ['店长', '店长', 1, null, false],
  ['发型师', '艺术总监', 1, 3, true],
  ['发型师', '资深发型师', 2, 2, true],
  ['发型师', '发型师', 1, 1, true],
  ['助理', '高级助理', 2, 0, false],
  ['助理', '助理', 1, 0, false],
  ['前台接待', '前台', 2, null, false],
  ['助理', '学徒', 2, null, false],
];
const BEAUTY: Slot[] = [
  ['店长', '店长', 2, null, false],
  ['美容师', '高级美容师', 2, 3, true],
  ['美容师', '美容师', 2, 2, true],
  ['美容师', '美容师', 2, 1, true],
  ['美容师', '见习美容师', 2, 0, false],
  ['助理', '助理', 2, null, false],
  ['助理', '学徒', 1, null, false],
  ['前台接待', '前台', 2, null, false],
];
/** Head-office staff: [department, gender]. */
const HEAD_OFFICE: [string, 1 | 2][] = [
  ['运营部', 1],
  ['人事行政部', 2],
  ['财务部', 2],
];

const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * Demo staff of a tenant (inside its transaction, after shops, departments and positions exist):
 * four skill levels, eight employees per shop (salons: a manager, stylists, assistants, a
 * receptionist; 悦容 beauty shops: beauticians), three head-office staff, a few bookable online in
 * order, two who have left and two transferred between shops, each with its employee stream rows.
 * Bulk inserts only: every test tenant runs this.
 */
export async function seedDemoStaff(tx: Db, tenantId: number) {
  const t = { tenantId };
  const skill = await tx
    .insert(skillLevels)
    .values(
      ['初级', '中级', '高级', '资深'].map((name, i) => ({ ...t, code: `JN${String(i + 1).padStart(3, '0')}`, name, sort: (i + 1) * 10 })),
    )
    .returning({ id: skillLevels.id });
  const shopRows = await tx
    .select({ id: shops.id, code: shops.code, openDate: shops.openDate, brandCode: brands.code })
    .from(shops)
    .innerJoin(brands, eq(brands.id, shops.brandId))
    .orderBy(asc(shops.code));
  const positionRows = await tx.select({ id: positions.id, name: positions.name }).from(positions);
  const levelRows = await tx
    .select({ id: positionLevels.id, name: positionLevels.name, positionId: positionLevels.positionId })
    .from(positionLevels);
  const branchRows = await tx.select({ id: branches.id, name: branches.name }).from(branches);
  const positionId = (name: string) => positionRows.find((p) => p.name === name)?.id ?? null;
  const levelId = (position: string, name: string) =>
    levelRows.find((l) => l.positionId === positionId(position) && l.name === name)?.id ?? null;
  const branchId = (name: string) => branchRows.find((b) => b.name === name)?.id ?? null;

  let n = 0;
  const person = (gender: 1 | 2) => {
    n++;
    const surname = SURNAMES[(n * 7) % SURNAMES.length];
    const given = (gender === 1 ? MALE : FEMALE)[(n * 3 + Math.floor(n / 20)) % 20];
    // 7919 is prime and coprime with 10^8: distinct n give distinct numbers.
    const mobile = `${MOBILE_PREFIXES[n % MOBILE_PREFIXES.length]}${String((n * 7919 + 23_456_789) % 100_000_000).padStart(8, '0')}`;
    const year = 1985 + (n % 16);
    const birthday = `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`;
    return { eecode: `E${1000 + n}`, name: `${surname}${given}`, gender, mobile, birthday };
  };

  type NewEmployee = typeof employees.$inferInsert;
  const staff: NewEmployee[] = [];
  const storeBranch = branchId('门店事业部');
  for (const [s, shop] of shopRows.entries()) {
    const slots = shop.brandCode === 'PP002' ? BEAUTY : SALON;
    let order = 0;
    for (const [i, [position, level, gender, skillIndex, bookable]] of slots.entries()) {
      const opened = shop.openDate ?? '2020-01-01';
      staff.push({
        ...t,
        ...person(gender),
        shopId: shop.id,
        branchId: storeBranch,
        positionId: positionId(position),
        levelId: levelId(position, level),
        skillLevelId: skillIndex === null ? null : skill[skillIndex].id,
        entryDate: minDate(addDays(opened, i * 41 + s * 13), '2026-09-30'),
        bookable: bookable ? 1 : 0,
        bookingOrder: bookable ? ++order : 0,
      });
    }
  }
  for (const [i, [branch, gender]] of HEAD_OFFICE.entries()) {
    staff.push({ ...t, ...person(gender), branchId: branchId(branch), entryDate: addDays('2018-06-01', i * 120) });
  }

  // Two left (an assistant of the second shop, a stylist of the seventh), two moved between shops
  // (a senior stylist from Shanghai Jing'an to Hangzhou, promoted to art director; a stylist from Beijing to Tianjin).
  const left = [staff[1 * 8 + 5], staff[6 * 8 + 3]].filter(Boolean);
  for (const e of left) {
    e.status = 0;
    e.bookable = 0;
    e.bookingOrder = 0;
    e.leaveDate = minDate(addDays(e.entryDate, 400), '2026-10-31');
  }
  const shopIndex = (code: string) => shopRows.findIndex((s) => s.code === code);
  const moves = [
    { employee: staff[shopIndex('SH001') * 8 + 2], toShop: shopIndex('HZ001'), level: '艺术总监' },
    { employee: staff[shopIndex('BJ001') * 8 + 3], toShop: shopIndex('TJ001'), level: null },
  ].filter((m) => m.employee && m.toShop >= 0);
  const original = new Map(moves.map((m) => [m.employee, { shopId: m.employee.shopId, levelId: m.employee.levelId }]));
  for (const m of moves) {
    m.employee.shopId = shopRows[m.toShop].id;
    if (m.level) m.employee.levelId = levelId('发型师', m.level);
    m.employee.bookable = 0;
    m.employee.bookingOrder = 0;
  }

  const created = await insertMany(tx, employees, staff, ['id', 'eecode']);
  const idOf = new Map(created.map((c) => [c.eecode, c.id]));
  const by = { createdByName: '系统' };
  const now = new Date();
  const stream: (typeof employeeStream.$inferInsert)[] = [];
  for (const e of staff) {
    const employeeId = idOf.get(e.eecode) as number;
    const before = original.get(e);
    const entryPlace = { shopId: before?.shopId ?? e.shopId, levelId: before?.levelId ?? e.levelId };
    stream.push({
      ...t,
      ...by,
      employeeId,
      kind: 'entry',
      effectiveDate: e.entryDate,
      toShopId: entryPlace.shopId,
      toBranchId: e.branchId,
      toPositionId: e.positionId,
      toLevelId: entryPlace.levelId,
      appliedAt: now,
    });
    if (before) {
      stream.push({
        ...t,
        ...by,
        employeeId,
        kind: 'transfer',
        effectiveDate: minDate(addDays(e.entryDate, 300), '2026-10-15'),
        fromShopId: before.shopId,
        fromBranchId: e.branchId,
        fromPositionId: e.positionId,
        fromLevelId: before.levelId,
        toShopId: e.shopId,
        toBranchId: e.branchId,
        toPositionId: e.positionId,
        toLevelId: e.levelId,
        memo: '门店调配',
        appliedAt: now,
      });
    }
    if (e.status === 0) {
      stream.push({
        ...t,
        ...by,
        employeeId,
        kind: 'leave',
        effectiveDate: e.leaveDate as string,
        fromShopId: e.shopId,
        fromBranchId: e.branchId,
        fromPositionId: e.positionId,
        fromLevelId: e.levelId,
        memo: '个人原因离职',
        appliedAt: now,
      });
    }
  }
  await insertMany(tx, employeeStream, stream);
}
