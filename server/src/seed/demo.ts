import type { Db } from '../db/client.js';
import { platformSettings } from '../db/tenants.js';
import { seedDemoAssets } from '../modules/assets/demo.js';
import { createTenant, findTenant, generatePassword } from '../modules/identity/tenants.js';
import { cardTypes } from '../modules/members/schema.js';
import { isValidDivision } from '../modules/org/pca.js';
import {
  branches,
  brands,
  channels,
  distChannels,
  memberGrades,
  memberStatuses,
  packageTypes,
  positionLevels,
  positions,
  productCategories,
  regions,
  serviceTypes,
  shops,
} from '../modules/org/schema.js';
import { inTenant } from '../platform/tenancy.js';
import { seedDemoAccess } from './demo-access.js';
import { seedDemoAttendance } from './demo-attendance.js';
import { seedDemoCards } from './demo-cards.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoFinance } from './demo-finance.js';
import { seedDemoMembers } from './demo-members.js';
import { seedDemoPrices } from './demo-prices.js';
import { seedDemoRoyalty } from './demo-royalty.js';
import { seedDemoStaff } from './demo-staff.js';
import { seedDemoStock } from './demo-stock.js';

const codes = (prefix: string, names: string[]) =>
  names.map((name, i) => ({ code: `${prefix}${String(i + 1).padStart(3, '0')}`, name, sort: (i + 1) * 10 }));

const regionTree = [
  { name: '华东大区', children: ['上海区域', '江浙区域'] },
  { name: '华南大区', children: ['广深区域'] },
  { name: '华北大区', children: ['京津区域'] },
];

// [code, name, region, brand index, type, province, city, area, address, phone, opened]
const demoShops: [string, string, string, number, 1 | 2, string, string, string, string, string, string][] = [
  ['SH001', '上海静安旗舰店', '上海区域', 0, 1, '31', '3101', '310106', '南京西路 1266 号恒隆广场 3 楼', '021-62881001', '2019-05-18'],
  ['SH002', '上海徐汇美罗城店', '上海区域', 0, 1, '31', '3101', '310104', '肇嘉浜路 1111 号美罗城 2 楼', '021-64261002', '2020-09-01'],
  ['SH003', '上海徐汇悦容馆', '上海区域', 1, 1, '31', '3101', '310104', '天钥桥路 133 号', '021-64261003', '2022-03-08'],
  ['HZ001', '杭州西湖银泰店', '江浙区域', 0, 1, '33', '3301', '330106', '延安路 98 号银泰百货 4 楼', '0571-87001001', '2020-12-12'],
  ['NJ001', '南京新街口店', '江浙区域', 0, 2, '32', '3201', '320102', '中山路 18 号德基广场 5 楼', '025-84001001', '2021-04-20'],
  ['SZ001', '苏州观前街店', '江浙区域', 1, 2, '32', '3205', '320508', '观前街 245 号', '0512-65001001', '2021-10-01'],
  ['GZ001', '广州天河城店', '广深区域', 0, 1, '44', '4401', '440106', '天河路 208 号天河城 3 楼', '020-38001001', '2019-11-11'],
  ['SZN001', '深圳南山海岸城店', '广深区域', 1, 1, '44', '4403', '440305', '文心五路 33 号海岸城 2 楼', '0755-86001001', '2022-06-18'],
  ['BJ001', '北京国贸店', '京津区域', 0, 1, '11', '1101', '110105', '建国门外大街 1 号国贸商城 B1', '010-65001001', '2018-08-08'],
  ['BJ002', '北京中关村店', '京津区域', 1, 2, '11', '1101', '110108', '中关村大街 15 号', '010-62001002', '2023-01-06'],
  ['TJ001', '天津滨江道店', '京津区域', 0, 2, '12', '1201', '120101', '滨江道 208 号', '022-27001001', '2023-07-15'],
];

const positionLevelsByPosition: [string, string[]][] = [
  ['发型师', ['首席总监', '艺术总监', '资深发型师', '发型师']],
  ['助理', ['高级助理', '助理', '学徒']],
  ['美容师', ['高级美容师', '美容师', '见习美容师']],
  ['前台接待', ['前台主管', '前台']],
  ['店长', ['区域经理', '店长', '副店长']],
];

const categories: [string, string[]][] = [
  ['洗护', ['洗发水', '护发素', '发膜']],
  ['造型', ['发蜡发泥', '定型喷雾', '弹力素']],
  ['染烫耗材', ['染膏', '烫发药水', '双氧乳']],
  ['护肤', ['面膜', '精华液', '面霜']],
  ['工具', ['梳子', '吹风机', '剪刀']],
];

/** Card types, kind 1 stored value (储值卡) or 2 qualification (资格卡): what card prices are set for. */
const demoCardTypes: [string, 1 | 2][] = [
  ['金卡', 1],
  ['银卡', 1],
  ['年卡', 2],
];

/**
 * Fills a tenant with a believable chain: regions, brands, shops across provinces, dictionaries. The
 * demo's own users (each department's petty-cash approver) sign in with `password` (the admin's on
 * first start; else one nobody knows, to be reset).
 */
export async function seedDemoData(db: Db, tenantId: number, password = generatePassword()) {
  await inTenant(db, tenantId, async (tx) => {
    const t = { tenantId };
    const regionIds = new Map<string, number>();
    // One insert per level of a tree (its rows come back in the order given): the demo is made for every test chain.
    const tops = await tx
      .insert(regions)
      .values(regionTree.map((top, i) => ({ ...t, code: `QY${String(i + 1).padStart(3, '0')}`, name: top.name, sort: (i + 1) * 10 })))
      .returning({ id: regions.id });
    for (const [i, top] of regionTree.entries()) regionIds.set(top.name, tops[i].id);
    const children = regionTree.flatMap((top) => top.children.map((name) => ({ parent: top.name, name })));
    const childRows = await tx
      .insert(regions)
      .values(
        children.map((c, i) => {
          const n = regionTree.length + i + 1;
          return { ...t, code: `QY${String(n).padStart(3, '0')}`, name: c.name, parentId: regionIds.get(c.parent), sort: n * 10 };
        }),
      )
      .returning({ id: regions.id });
    for (const [i, c] of children.entries()) regionIds.set(c.name, childRows[i].id);
    const brandRows = await tx
      .insert(brands)
      .values([
        { ...t, code: 'PP001', name: '丝域美发', sort: 10, memo: '高端美发连锁' },
        { ...t, code: 'PP002', name: '悦容美肤', sort: 20, memo: '美容护肤连锁' },
      ])
      .returning({ id: brands.id });
    for (const [code, name, region, brand, type, provinceCode, cityCode, areaCode, address, phone, openDate] of demoShops) {
      if (!isValidDivision(provinceCode, cityCode, areaCode)) throw new Error(`Demo shop ${code} has a bad area`);
      await tx.insert(shops).values({
        ...t,
        code,
        name,
        brandId: brandRows[brand].id,
        regionId: regionIds.get(region) as number,
        type,
        provinceCode,
        cityCode,
        areaCode,
        address,
        phone,
        openDate,
        openTime: '10:00',
        closeTime: '22:00',
        stations: 8 + (code.length % 5) * 2,
      });
    }
    await tx
      .insert(branches)
      .values(codes('BM', ['总经办', '运营部', '财务部', '人事行政部', '市场部', '培训部', '门店事业部']).map((r) => ({ ...t, ...r })));
    const positionRows = await tx
      .insert(positions)
      .values(
        positionLevelsByPosition.map(([name], i) => ({ ...t, code: `ZW${String(i + 1).padStart(3, '0')}`, name, sort: (i + 1) * 10 })),
      )
      .returning({ id: positions.id });
    const levelRows = positionLevelsByPosition.flatMap(([, levels], i) =>
      levels.map((name, j) => ({ ...t, name, positionId: positionRows[i].id, sort: (j + 1) * 10 })),
    );
    await tx.insert(positionLevels).values(levelRows.map((l, k) => ({ ...l, code: `ZJ${String(k + 1).padStart(3, '0')}` })));
    await tx
      .insert(serviceTypes)
      .values(codes('FL', ['剪发', '烫发', '染发', '护理', '头皮养护', '美容护肤', '美甲美睫']).map((r) => ({ ...t, ...r })));
    const parentNos: number[] = [];
    let categoryNo = 0;
    for (const [, childNames] of categories) {
      parentNos.push(++categoryNo);
      categoryNo += childNames.length;
    }
    const parentRows = await tx
      .insert(productCategories)
      .values(categories.map(([name], i) => ({ ...t, code: `CP${String(parentNos[i]).padStart(3, '0')}`, name, sort: parentNos[i] * 10 })))
      .returning({ id: productCategories.id });
    await tx.insert(productCategories).values(
      categories.flatMap(([, childNames], i) =>
        childNames.map((name, j) => ({
          ...t,
          code: `CP${String(parentNos[i] + j + 1).padStart(3, '0')}`,
          name,
          parentId: parentRows[i].id,
          sort: (j + 1) * 10,
        })),
      ),
    );
    await tx.insert(packageTypes).values(codes('TC', ['疗程套餐', '年卡套餐', '体验套餐', '节日套餐']).map((r) => ({ ...t, ...r })));
    await tx
      .insert(channels)
      .values(codes('QD', ['自然进店', '老客介绍', '美团点评', '抖音', '小红书', '微信公众号']).map((r) => ({ ...t, ...r })));
    await tx.insert(distChannels).values(codes('FX', ['门店直销', '线上商城', '企业团购', '异业合作']).map((r) => ({ ...t, ...r })));
    await tx.insert(memberStatuses).values(codes('ZT', ['正常', '冻结', '注销']).map((r) => ({ ...t, ...r })));
    await tx
      .insert(memberGrades)
      .values(codes('DJ', ['普通会员', '银卡会员', '金卡会员', '钻石会员']).map((r, i) => ({ ...t, ...r, discount: 100 - i * 5 })));
    await tx
      .insert(cardTypes)
      .values(demoCardTypes.map(([name, kind], i) => ({ ...t, code: String(i + 1).padStart(3, '0'), name, kind, sort: (i + 1) * 10 })));
    await seedDemoCards(tx, tenantId);
    await seedDemoStaff(tx, tenantId);
    await seedDemoMembers(tx, tenantId);
    await seedDemoCatalog(tx, tenantId);
    await seedDemoPrices(tx, tenantId);
    await seedDemoStock(tx, tenantId);
    await seedDemoFinance(tx, tenantId);
    await seedDemoAttendance(tx, tenantId);
    await seedDemoRoyalty(tx, tenantId);
    await seedDemoAccess(tx, tenantId, password);
    await seedDemoAssets(tx, tenantId);
  });
}

/** On first start, creates the demo tenant; answers the admin password to print once. */
export async function seedDemoIfEmpty(db: Db, configuredPassword?: string) {
  const marked = await db
    .insert(platformSettings)
    .values({ key: 'demo_seeded', value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (!marked.length || (await findTenant(db, 'demo'))) return undefined;
  const adminPassword = configuredPassword ?? generatePassword();
  const { tenantId } = await createTenant(db, { code: 'demo', name: '丝域美业连锁（演示）', adminPassword });
  await seedDemoData(db, tenantId, adminPassword);
  return { adminPassword };
}
