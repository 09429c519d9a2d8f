import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { positions, shops } from '../modules/org/schema.js';
import { awardItems, royaltyTypes } from '../modules/royalty/schema.js';
import { saveGroup, saveItem, saveScheme } from '../modules/royalty/schemes.js';
import { demoAdmin } from './demo-access.js';

/** The commission types every chain starts with, and the till lines each pays on. */
const TYPES: [name: string, lineKind: 'service' | 'product' | 'package' | 'card'][] = [
  ['服务提成', 'service'],
  ['产品(外卖)提成', 'product'],
  ['开卡提成', 'card'],
  ['充值提成', 'card'],
  ['套餐提成', 'package'],
  ['耗卡提成', 'card'],
];

/**
 * The demo scheme's groups: [name, commission type, positions, 指定 rate, 非指定 rate (bp), a tier on the
 * month's service performance (cents → rates)]. Stylists earn more on requested work and past a month's target.
 */
const GROUPS: [string, string, string[], number, number, [number, number, number] | null][] = [
  ['发型师服务', '服务提成', ['发型师'], 3000, 2500, [3_000_000, 3500, 3000]],
  ['美容师服务', '服务提成', ['美容师'], 2500, 2000, null],
  ['助理服务', '服务提成', ['助理'], 1000, 800, null],
  ['产品销售', '产品(外卖)提成', [], 1000, 1000, null],
];

/**
 * The demo chain's commission types, award/penalty items and one shop scheme covering every shop (made
 * through the module's own saves, so that its version applies from the chain's first bill): the
 * statement has rows from the first settled bill on.
 */
export async function seedDemoRoyalty(tx: Db, tenantId: number) {
  const types = await tx
    .insert(royaltyTypes)
    .values(
      TYPES.map(([name, lineKind], i) => ({ tenantId, code: `TC${String(i + 1).padStart(3, '0')}`, name, lineKind, sort: (i + 1) * 10 })),
    )
    .returning({ id: royaltyTypes.id, name: royaltyTypes.name });
  await tx.insert(awardItems).values(
    (
      [
        ['全勤奖', 1],
        ['服务之星', 1],
        ['迟到扣款', 2],
        ['顾客投诉', 2],
      ] as const
    ).map(([name, padtype], i) => ({ tenantId, code: `JF${String(i + 1).padStart(3, '0')}`, name, padtype, sort: (i + 1) * 10 })),
  );

  const auth = await demoAdmin(tx, tenantId);
  const shopIds = (await tx.select({ id: shops.id }).from(shops)).map((s) => s.id);
  const names = [...new Set(GROUPS.flatMap((g) => g[2]))];
  const positionRows = names.length
    ? await tx.select({ id: positions.id, name: positions.name }).from(positions).where(inArray(positions.name, names))
    : [];
  const scheme = await saveScheme(tx, auth, {
    prmname: '门店标准提成方案',
    memo: '演示方案：发型师、美容师、助理按服务业绩提成，指定高于非指定；产品销售 10%',
    type: 1,
    bracket: false,
    shops: shopIds,
    employees: [],
  });
  for (const [name, typeName, positionNames, norm, norm2, tier] of GROUPS) {
    const group = await saveGroup(tx, auth, {
      schemeId: scheme.id,
      royaltyTypeId: types.find((t) => t.name === typeName)?.id as number,
      name,
      psList: positionRows.filter((p) => positionNames.includes(p.name)).map((p) => ({ psid: p.id, type: 'position' as const })),
    });
    await saveItem(tx, auth, {
      groupId: group.id,
      name,
      items: [],
      normType: 2,
      costType: 1,
      cost: 0,
      payList: [],
      norm,
      norm2,
      levelList: tier
        ? [{ level: 1, pcondition: 1, subdescList: [{ prnname: 'fwyj', pvalue: tier[0] }], norm: tier[1], norm2: tier[2] }]
        : [],
      status: 1,
    });
  }
}
