import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertMany } from '../db/insert-many.js';
import {
  productBrands,
  products,
  serviceEmployees,
  serviceGroupItems,
  serviceGroups,
  servicePackageItems,
  servicePackageShops,
  servicePackages,
  servicePositions,
  services,
  stockProducts,
} from '../modules/catalog/schema.js';
import {
  branches,
  brands,
  employees,
  packageTypes,
  positionLevels,
  positions,
  productCategories,
  serviceTypes,
  shops,
} from '../modules/org/schema.js';

/** EAN-13 with its check digit, from the first 12 digits. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

const brandNames: [string, string][] = [
  ['欧莱雅专业', '法国专业沙龙品牌'],
  ['施华蔻', '德国专业染烫护'],
  ['卡诗', '高端头皮与发质护理'],
  ['资生堂专业', '日本专业美发'],
  ['美宝莲', '彩妆'],
  ['威娜', '专业染发'],
  ['雅诗兰黛', '高端护肤'],
  ['兰蔻', '高端护肤'],
  ['丝域自营', '连锁自有品牌'],
  ['飞利浦', '美发电器'],
];

// [category (second level), usage, unit, purchase unit, factor, [name, brand, spec, purchase yuan, retail yuan][]]
type ProductSpec = [string, 1 | 2, string, string, number, [string, string, string, number, number][]];
const productSpecs: ProductSpec[] = [
  [
    '洗发水',
    1,
    '瓶',
    '箱',
    12,
    [
      ['丝泉净澈洗发水', '欧莱雅专业', '300ml', 68, 158],
      ['赋源芯丝沁透洗发水', '欧莱雅专业', '300ml', 88, 198],
      ['黑金洗发水', '施华蔻', '250ml', 58, 138],
      ['头皮舒缓洗发水', '卡诗', '250ml', 120, 280],
      ['元气姜洗发水', '卡诗', '250ml', 118, 268],
      ['芯护理道洗发水', '资生堂专业', '500ml', 96, 220],
      ['防脱固发洗发水', '丝域自营', '400ml', 45, 168],
      ['控油清爽洗发水', '丝域自营', '400ml', 38, 128],
    ],
  ],
  [
    '护发素',
    1,
    '瓶',
    '箱',
    12,
    [
      ['丝泉净澈护发素', '欧莱雅专业', '200ml', 62, 148],
      ['黑金护发素', '施华蔻', '200ml', 55, 128],
      ['滋养护发素', '卡诗', '200ml', 115, 260],
      ['芯护理道护发素', '资生堂专业', '250ml', 90, 210],
      ['柔顺护发素', '丝域自营', '300ml', 35, 118],
      ['修护护发素', '威娜', '200ml', 48, 118],
      ['丝滑润养护发素', '欧莱雅专业', '750ml', 120, 268],
    ],
  ],
  [
    '发膜',
    1,
    '罐',
    '箱',
    6,
    [
      ['赋源芯丝发膜', '欧莱雅专业', '250ml', 98, 228],
      ['黑金发膜', '施华蔻', '200ml', 78, 178],
      ['强韧修护发膜', '卡诗', '200ml', 160, 380],
      ['芯护理道发膜', '资生堂专业', '250g', 120, 280],
      ['角蛋白修护发膜', '丝域自营', '500ml', 55, 198],
      ['染后护色发膜', '威娜', '150ml', 66, 158],
      ['深层滋养发膜', '欧莱雅专业', '500ml', 150, 338],
    ],
  ],
  [
    '发蜡发泥',
    1,
    '盒',
    '箱',
    24,
    [
      ['哑光发泥', '施华蔻', '100ml', 42, 98],
      ['强力定型发蜡', '施华蔻', '100ml', 40, 98],
      ['纤维发蜡', '欧莱雅专业', '75ml', 45, 108],
      ['自然蓬松发泥', '资生堂专业', '80g', 52, 128],
      ['男士造型发蜡', '丝域自营', '100g', 18, 68],
      ['清香水感发蜡', '威娜', '75ml', 38, 88],
      ['哑光纹理发泥', '丝域自营', '80g', 16, 58],
    ],
  ],
  [
    '定型喷雾',
    1,
    '瓶',
    '箱',
    12,
    [
      ['强力定型喷雾', '施华蔻', '300ml', 45, 108],
      ['自然定型喷雾', '欧莱雅专业', '250ml', 48, 118],
      ['蓬松喷雾', '资生堂专业', '200ml', 55, 128],
      ['热防护喷雾', '卡诗', '150ml', 110, 258],
      ['造型定型喷雾', '丝域自营', '300ml', 20, 68],
      ['光泽喷雾', '威娜', '200ml', 42, 98],
      ['海盐纹理喷雾', '欧莱雅专业', '150ml', 50, 118],
    ],
  ],
  [
    '弹力素',
    1,
    '瓶',
    '箱',
    12,
    [
      ['卷发弹力素', '施华蔻', '200ml', 38, 88],
      ['保湿弹力素', '欧莱雅专业', '150ml', 42, 98],
      ['护卷精华乳', '资生堂专业', '150ml', 60, 138],
      ['弹力啫喱', '丝域自营', '200ml', 15, 58],
      ['定型弹力素', '威娜', '200ml', 36, 88],
      ['精油护发乳', '卡诗', '100ml', 140, 320],
      ['摩洛哥精油', '丝域自营', '100ml', 40, 158],
    ],
  ],
  [
    '染膏',
    2,
    '支',
    '箱',
    36,
    [
      ['丽采染膏 5号自然棕', '欧莱雅专业', '50ml', 38, 0],
      ['丽采染膏 6号深金', '欧莱雅专业', '50ml', 38, 0],
      ['依采染膏 7号亚麻', '施华蔻', '60ml', 35, 0],
      ['依采染膏 8号浅灰', '施华蔻', '60ml', 35, 0],
      ['植物染膏 深棕', '资生堂专业', '80g', 48, 0],
      ['潮色染膏 玫瑰红', '威娜', '60ml', 42, 0],
      ['白发遮盖染膏 黑色', '威娜', '60ml', 36, 0],
      ['漂粉', '施华蔻', '450g', 95, 0],
    ],
  ],
  [
    '烫发药水',
    2,
    '瓶',
    '箱',
    12,
    [
      ['冷烫药水 1剂', '欧莱雅专业', '400ml', 45, 0],
      ['冷烫药水 2剂', '欧莱雅专业', '400ml', 40, 0],
      ['热烫软化膏', '资生堂专业', '400g', 68, 0],
      ['陶瓷烫药水', '施华蔻', '500ml', 72, 0],
      ['直发膏', '资生堂专业', '400g', 80, 0],
      ['纹理烫药水', '威娜', '400ml', 55, 0],
      ['烫前护理液', '丝域自营', '500ml', 22, 0],
    ],
  ],
  [
    '双氧乳',
    2,
    '瓶',
    '箱',
    12,
    [
      ['双氧乳 3%', '欧莱雅专业', '1000ml', 32, 0],
      ['双氧乳 6%', '欧莱雅专业', '1000ml', 32, 0],
      ['双氧乳 9%', '施华蔻', '1000ml', 34, 0],
      ['双氧乳 12%', '施华蔻', '1000ml', 34, 0],
      ['温和双氧乳 6%', '威娜', '1000ml', 36, 0],
      ['显色乳 6%', '资生堂专业', '1000ml', 40, 0],
    ],
  ],
  [
    '面膜',
    1,
    '盒',
    '箱',
    20,
    [
      ['补水保湿面膜', '雅诗兰黛', '5片', 120, 280],
      ['红石榴亮肤面膜', '雅诗兰黛', '5片', 130, 298],
      ['玫瑰精华面膜', '兰蔻', '6片', 150, 350],
      ['舒缓修护面膜', '资生堂专业', '6片', 88, 198],
      ['深层清洁泥膜', '美宝莲', '100g', 35, 89],
      ['玻尿酸面膜', '丝域自营', '10片', 25, 128],
      ['院线冻膜（内用）', '丝域自营', '500g', 60, 0],
    ],
  ],
  [
    '精华液',
    1,
    '瓶',
    '箱',
    12,
    [
      ['特润修护精华露', '雅诗兰黛', '50ml', 420, 980],
      ['小黑瓶精华', '兰蔻', '50ml', 450, 1080],
      ['红腰子精华', '资生堂专业', '50ml', 360, 790],
      ['维C亮白精华', '丝域自营', '30ml', 58, 298],
      ['烟酰胺精华', '丝域自营', '30ml', 52, 268],
      ['头皮精华液', '卡诗', '90ml', 210, 480],
      ['防脱育发精华', '丝域自营', '60ml', 68, 398],
    ],
  ],
  [
    '面霜',
    1,
    '瓶',
    '箱',
    12,
    [
      ['多效智妍面霜', '雅诗兰黛', '50ml', 320, 720],
      ['菁纯面霜', '兰蔻', '60ml', 850, 1950],
      ['悦薇面霜', '资生堂专业', '50ml', 300, 680],
      ['保湿面霜', '美宝莲', '50ml', 45, 99],
      ['修护面霜', '丝域自营', '50g', 48, 238],
      ['按摩膏（内用）', '丝域自营', '1000g', 85, 0],
    ],
  ],
  [
    '梳子',
    1,
    '把',
    '箱',
    50,
    [
      ['气囊按摩梳', '丝域自营', '大号', 15, 58],
      ['宽齿梳', '丝域自营', '中号', 6, 28],
      ['卷发滚梳', '丝域自营', '32mm', 18, 68],
      ['尖尾梳', '丝域自营', '标准', 3, 15],
      ['防静电排骨梳', '丝域自营', '标准', 8, 35],
      ['剪发梳（内用）', '丝域自营', '标准', 5, 0],
    ],
  ],
  [
    '吹风机',
    1,
    '台',
    '箱',
    4,
    [
      ['负离子吹风机', '飞利浦', '2200W', 180, 399],
      ['便携吹风机', '飞利浦', '1600W', 90, 199],
      ['专业沙龙吹风机（内用）', '飞利浦', '2400W', 380, 0],
      ['高速吹风机', '丝域自营', '1600W', 260, 699],
      ['卷发棒', '飞利浦', '28mm', 120, 259],
      ['直发夹板', '飞利浦', '标准', 110, 239],
    ],
  ],
  [
    '剪刀',
    2,
    '把',
    '盒',
    1,
    [
      ['平剪 6寸', '丝域自营', '6寸', 380, 0],
      ['牙剪 6寸', '丝域自营', '6寸', 420, 0],
      ['滑剪 5.5寸', '丝域自营', '5.5寸', 450, 0],
      ['电推剪', '飞利浦', '标准', 260, 0],
      ['削发刀', '丝域自营', '标准', 45, 0],
      ['剪刀套装', '丝域自营', '3件', 880, 1680],
    ],
  ],
];

// [type, line, [name, minutes, base price yuan, positions][]]
type ServiceSpec = [string, 'mf' | 'mr', [string, number, number, string[]][]];
const hair = ['发型师'];
const hairAndAssistant = ['发型师', '助理'];
const assistant = ['助理', '发型师'];
const beauty = ['美容师'];
const serviceSpecs: ServiceSpec[] = [
  [
    '剪发',
    'mf',
    [
      ['总监洗剪吹', 60, 198, hair],
      ['资深发型师洗剪吹', 60, 128, hair],
      ['男士精剪', 45, 88, hair],
      ['女士精剪', 60, 118, hair],
      ['儿童剪发', 30, 58, hair],
      ['刘海修剪', 15, 30, hair],
      ['洗吹造型', 40, 68, hairAndAssistant],
      ['盘发造型', 60, 168, hair],
      ['新娘造型', 150, 888, hair],
      ['男士油头造型', 40, 98, hair],
    ],
  ],
  [
    '烫发',
    'mf',
    [
      ['经典冷烫', 120, 388, hairAndAssistant],
      ['数码热烫', 150, 588, hairAndAssistant],
      ['陶瓷烫', 180, 788, hairAndAssistant],
      ['纹理烫', 120, 468, hairAndAssistant],
      ['空气感烫', 150, 688, hairAndAssistant],
      ['羊毛卷', 180, 688, hairAndAssistant],
      ['男士纹理烫', 90, 368, hairAndAssistant],
      ['刘海局部烫', 60, 168, hairAndAssistant],
      ['离子直发', 180, 688, hairAndAssistant],
      ['软化拉直', 150, 588, hairAndAssistant],
    ],
  ],
  [
    '染发',
    'mf',
    [
      ['时尚染发（短发）', 90, 388, hairAndAssistant],
      ['时尚染发（中长发）', 120, 488, hairAndAssistant],
      ['时尚染发（长发）', 150, 588, hairAndAssistant],
      ['植物染发', 120, 598, hairAndAssistant],
      ['补染发根', 60, 198, hairAndAssistant],
      ['漂发', 120, 398, hairAndAssistant],
      ['挑染', 120, 458, hairAndAssistant],
      ['潮色染发', 180, 888, hairAndAssistant],
      ['白发遮盖', 60, 228, hairAndAssistant],
      ['男士染发', 60, 258, hairAndAssistant],
    ],
  ],
  [
    '护理',
    'mf',
    [
      ['基础护理', 30, 98, assistant],
      ['深层修护护理', 45, 198, assistant],
      ['角蛋白护理', 60, 398, assistant],
      ['水疗护理', 60, 298, assistant],
      ['烫后修护', 45, 228, assistant],
      ['染后护色', 45, 228, assistant],
      ['焗油护理', 45, 158, assistant],
      ['蒸汽营养护理', 40, 138, assistant],
    ],
  ],
  [
    '头皮养护',
    'mf',
    [
      ['头皮清洁', 40, 168, assistant],
      ['头皮SPA', 60, 298, assistant],
      ['防脱固发养护', 75, 398, assistant],
      ['头皮检测', 20, 0, assistant],
      ['去屑舒缓护理', 50, 228, assistant],
      ['控油平衡护理', 50, 228, assistant],
      ['头部经络按摩', 30, 128, assistant],
    ],
  ],
  [
    '美容护肤',
    'mr',
    [
      ['基础清洁护理', 60, 198, beauty],
      ['深层补水护理', 75, 298, beauty],
      ['美白淡斑护理', 90, 468, beauty],
      ['抗衰紧致护理', 90, 688, beauty],
      ['小气泡清洁', 45, 168, beauty],
      ['眼部护理', 45, 228, beauty],
      ['肩颈舒缓', 60, 238, beauty],
      ['背部护理', 75, 298, beauty],
      ['祛痘护理', 75, 268, beauty],
      ['敏感肌修护', 75, 328, beauty],
      ['面部刮痧', 60, 198, beauty],
    ],
  ],
  [
    '美甲美睫',
    'mr',
    [
      ['基础修甲', 30, 68, beauty],
      ['纯色美甲', 60, 128, beauty],
      ['猫眼美甲', 75, 198, beauty],
      ['法式美甲', 75, 188, beauty],
      ['卸甲', 20, 38, beauty],
      ['手部护理', 40, 128, beauty],
      ['足部护理', 60, 168, beauty],
      ['嫁接睫毛（自然款）', 90, 268, beauty],
      ['嫁接睫毛（浓密款）', 120, 368, beauty],
      ['睫毛卸除', 20, 48, beauty],
      ['野生眉修眉', 30, 88, beauty],
    ],
  ],
];

const groupSpecs: [string, string[]][] = [
  ['热门项目', ['总监洗剪吹', '数码热烫', '时尚染发（中长发）', '角蛋白护理', '头皮SPA', '深层补水护理']],
  ['新客体验', ['洗吹造型', '基础护理', '头皮检测', '小气泡清洁', '纯色美甲']],
  ['美容精选', ['美白淡斑护理', '抗衰紧致护理', '眼部护理', '肩颈舒缓', '嫁接睫毛（自然款）']],
];

// [name, type, price yuan, validity days, [item name, quantity, 'service' | 'product'][], shop brand (0 hair, 1 beauty, null all), template]
type PackageSpec = [string, string, number, number | null, [string, number, 's' | 'p'][], 0 | 1 | null, boolean];
const packageSpecs: PackageSpec[] = [
  [
    '头皮SPA疗程（10次）',
    '疗程套餐',
    2380,
    365,
    [
      ['头皮SPA', 10, 's'],
      ['头皮舒缓洗发水', 1, 'p'],
    ],
    0,
    false,
  ],
  [
    '防脱固发疗程（12次）',
    '疗程套餐',
    3980,
    365,
    [
      ['防脱固发养护', 12, 's'],
      ['防脱固发洗发水', 1, 'p'],
      ['防脱育发精华', 1, 'p'],
    ],
    0,
    true,
  ],
  ['深层修护护理（5次）', '疗程套餐', 880, 180, [['深层修护护理', 5, 's']], 0, false],
  [
    '烫染护三件套',
    '体验套餐',
    1280,
    90,
    [
      ['数码热烫', 1, 's'],
      ['时尚染发（中长发）', 1, 's'],
      ['角蛋白护理', 2, 's'],
    ],
    0,
    false,
  ],
  [
    '新客焕新体验',
    '体验套餐',
    99,
    30,
    [
      ['洗吹造型', 1, 's'],
      ['基础护理', 1, 's'],
      ['头皮检测', 1, 's'],
    ],
    null,
    true,
  ],
  ['年度精剪卡（12次）', '年卡套餐', 1080, 365, [['女士精剪', 12, 's']], 0, false],
  [
    '男士型格年卡',
    '年卡套餐',
    880,
    365,
    [
      ['男士精剪', 12, 's'],
      ['男士造型发蜡', 1, 'p'],
    ],
    0,
    false,
  ],
  [
    '补水美白疗程（10次）',
    '疗程套餐',
    3280,
    365,
    [
      ['深层补水护理', 6, 's'],
      ['美白淡斑护理', 4, 's'],
      ['玻尿酸面膜', 1, 'p'],
    ],
    1,
    true,
  ],
  [
    '抗衰紧致疗程（10次）',
    '疗程套餐',
    5280,
    365,
    [
      ['抗衰紧致护理', 10, 's'],
      ['修护面霜', 1, 'p'],
    ],
    1,
    false,
  ],
  [
    '美甲畅享卡（5次）',
    '年卡套餐',
    598,
    180,
    [
      ['纯色美甲', 5, 's'],
      ['手部护理', 5, 's'],
    ],
    1,
    false,
  ],
  ['美睫年卡（6次）', '年卡套餐', 1380, 365, [['嫁接睫毛（自然款）', 6, 's']], 1, false],
  [
    '新娘全套造型',
    '节日套餐',
    1688,
    60,
    [
      ['新娘造型', 1, 's'],
      ['盘发造型', 2, 's'],
      ['法式美甲', 1, 's'],
    ],
    null,
    false,
  ],
  [
    '七夕双人护理',
    '节日套餐',
    888,
    30,
    [
      ['深层补水护理', 2, 's'],
      ['肩颈舒缓', 2, 's'],
    ],
    1,
    false,
  ],
];

/**
 * Splits `price` over lines in proportion to their list values; the last line takes the rounding,
 * so the amounts always add up to the price exactly.
 */
export function splitPrice(price: number, listValues: number[]): number[] {
  const total = listValues.reduce((s, v) => s + v, 0);
  const amounts = listValues.map((v) => (total > 0 ? Math.floor((price * v) / total) : 0));
  const last = amounts.length - 1;
  amounts[last] = price - amounts.slice(0, last).reduce((s, v) => s + v, 0);
  return amounts;
}

/**
 * The demo catalogue: product brands, 100+ products with EAN-13 barcodes, the products each shop
 * and the warehouse stock, 60+ services with their positions, service groups and packages with
 * exact price splits. Runs inside the tenant transaction after shops, dictionaries and staff; a
 * dozen bulk inserts.
 */
export async function seedDemoCatalog(tx: Db, tenantId: number) {
  const t = { tenantId };
  const categoryRows = await tx
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .where(isNotNull(productCategories.parentId));
  const typeRows = await tx.select({ id: serviceTypes.id, name: serviceTypes.name }).from(serviceTypes);
  const positionRows = await tx.select({ id: positions.id, name: positions.name }).from(positions);
  const branchRows = await tx.select({ id: branches.id, name: branches.name }).from(branches);
  const packageTypeRows = await tx.select({ id: packageTypes.id, name: packageTypes.name }).from(packageTypes);
  const shopRows = await tx
    .select({ id: shops.id, code: shops.code, brand: brands.code })
    .from(shops)
    .innerJoin(brands, eq(brands.id, shops.brandId));
  const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]));
  const category = byName(categoryRows);
  const type = byName(typeRows);
  const position = byName(positionRows);
  const packageType = byName(packageTypeRows);
  const branchId = byName(branchRows).get('门店事业部') ?? null;

  // Product brands and products
  const brandRows = await tx
    .insert(productBrands)
    .values(brandNames.map(([name, memo], i) => ({ ...t, code: `CB${String(i + 1).padStart(3, '0')}`, name, memo, sort: (i + 1) * 10 })))
    .returning({ id: productBrands.id, name: productBrands.name });
  const brand = byName(brandRows);
  const productValues = productSpecs.flatMap(([categoryName, usage, unit, purchaseUnit, factor, list]) =>
    list.map(([name, brandName, spec, purchase, retail]) => ({
      categoryId: category.get(categoryName) ?? null,
      usage: retail === 0 ? (2 as const) : usage === 2 && retail > 0 ? (1 as const) : usage,
      name,
      brandId: brand.get(brandName) ?? null,
      spec,
      unit,
      purchaseUnit,
      purchaseFactor: factor,
      purchasePrice: purchase * 100,
      retailPrice: retail * 100,
      categoryName,
    })),
  );
  const productRows = await insertMany(
    tx,
    products,
    productValues.map(({ categoryName: _c, ...p }, i) => ({
      ...t,
      ...p,
      pcode: `SP${String(i + 1).padStart(4, '0')}`,
      barcode: ean13(`69012345${String(i + 1).padStart(4, '0')}`),
    })),
    ['id', 'name', 'usage', 'retailPrice'],
  );
  const product = byName(productRows);

  // What each location stocks: the warehouse everything; hair shops all but skin care, beauty shops skin care and tools.
  const skinCare = new Set(['面膜', '精华液', '面霜']);
  const hairCare = new Set(['洗发水', '护发素', '发膜', '发蜡发泥', '定型喷雾', '弹力素', '染膏', '烫发药水', '双氧乳', '剪刀']);
  const stockValues: (typeof stockProducts.$inferInsert)[] = [];
  productRows.forEach((p, i) => {
    const safety = p.usage === 2 ? 10 : 5;
    stockValues.push({ ...t, shopId: null, productId: p.id, safetyStock: safety * 10 });
    const categoryName = productValues[i].categoryName;
    for (const shop of shopRows) {
      const beautyShop = shop.brand === 'PP002';
      if (beautyShop ? hairCare.has(categoryName) && categoryName !== '洗发水' : skinCare.has(categoryName)) continue;
      stockValues.push({ ...t, shopId: shop.id, productId: p.id, safetyStock: safety });
    }
  });
  await insertMany(tx, stockProducts, stockValues);

  // Services and who performs them
  let serviceNo = 0;
  const serviceValues = serviceSpecs.flatMap(([typeName, line, list]) =>
    list.map(([name, durationMinutes, price, performers]) => {
      serviceNo++;
      return {
        row: {
          ...t,
          code: `FW${String(serviceNo).padStart(3, '0')}`,
          name,
          serviceTypeId: type.get(typeName) ?? null,
          branchId,
          line,
          durationMinutes,
          basePrice: price * 100,
        },
        performers,
      };
    }),
  );
  const serviceRows = await insertMany(
    tx,
    services,
    serviceValues.map((s) => s.row),
    ['id', 'name', 'basePrice'],
  );
  const service = byName(serviceRows);
  const positionLinks = serviceRows.flatMap((s, i) =>
    serviceValues[i].performers.flatMap((p) => {
      const positionId = position.get(p);
      return positionId ? [{ ...t, serviceId: s.id, positionId }] : [];
    }),
  );
  if (positionLinks.length) await tx.insert(servicePositions).values(positionLinks);
  // The bridal look is done by the chief directors by name (when the staff demo has them).
  const directors = await tx
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(positionLevels, eq(positionLevels.id, employees.levelId))
    .where(and(eq(positionLevels.name, '首席总监'), eq(employees.status, 1)))
    .limit(5);
  const bridal = service.get('新娘造型');
  if (bridal && directors.length)
    await tx.insert(serviceEmployees).values(directors.map((d) => ({ ...t, serviceId: bridal, employeeId: d.id })));

  // Service groups
  const groupRows = await tx
    .insert(serviceGroups)
    .values(groupSpecs.map(([name], i) => ({ ...t, code: `FZ${String(i + 1).padStart(3, '0')}`, name, sort: (i + 1) * 10 })))
    .returning({ id: serviceGroups.id });
  await tx.insert(serviceGroupItems).values(
    groupSpecs.flatMap(([, names], g) =>
      names.flatMap((n, sort) => {
        const serviceId = service.get(n);
        return serviceId ? [{ ...t, groupId: groupRows[g].id, serviceId, sort }] : [];
      }),
    ),
  );

  // Packages: items priced at list value, the price split in proportion
  const listPrice = new Map<string, number>([
    ...serviceRows.map((s) => [`s:${s.name}`, s.basePrice] as const),
    ...productRows.map((p) => [`p:${p.name}`, p.retailPrice] as const),
  ]);
  const packageRows = await tx
    .insert(servicePackages)
    .values(
      packageSpecs.map(([name, typeName, price, validityDays, , , isSystem], i) => ({
        ...t,
        code: `TC${String(i + 1).padStart(4, '0')}`,
        name,
        packageTypeId: packageType.get(typeName) ?? null,
        price: price * 100,
        validityDays,
        isSystem,
      })),
    )
    .returning({ id: servicePackages.id });
  const itemValues: (typeof servicePackageItems.$inferInsert)[] = [];
  const shopValues: (typeof servicePackageShops.$inferInsert)[] = [];
  packageSpecs.forEach(([, , price, , items, shopBrand], i) => {
    const present = items.filter(([n, , kind]) => (kind === 's' ? service.has(n) : product.has(n)));
    const amounts = splitPrice(
      price * 100,
      present.map(([n, q, kind]) => (listPrice.get(`${kind}:${n}`) ?? 0) * q || q),
    );
    present.forEach(([n, quantity, kind], sort) => {
      itemValues.push({
        ...t,
        packageId: packageRows[i].id,
        serviceId: kind === 's' ? (service.get(n) as number) : null,
        productId: kind === 'p' ? (product.get(n) as number) : null,
        quantity,
        amount: amounts[sort],
        sort,
      });
    });
    for (const shop of shopRows) {
      if (shopBrand === null || (shopBrand === 1) === (shop.brand === 'PP002'))
        shopValues.push({ ...t, packageId: packageRows[i].id, shopId: shop.id });
    }
  });
  await tx.insert(servicePackageItems).values(itemValues);
  if (shopValues.length) await tx.insert(servicePackageShops).values(shopValues);
}
