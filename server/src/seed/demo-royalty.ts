import type { Db } from '../db/client.js';
import { awardItems, royaltyTypes } from '../modules/royalty/schema.js';

/** The demo chain's commission types and award/penalty items (no scheme: each chain sets up its own). */
export async function seedDemoRoyalty(tx: Db, tenantId: number) {
  await tx.insert(royaltyTypes).values(
    ['服务提成', '产品(外卖)提成', '开卡提成', '充值提成', '套餐提成', '耗卡提成'].map((name, i) => ({
      tenantId,
      code: `TC${String(i + 1).padStart(3, '0')}`,
      name,
      sort: (i + 1) * 10,
    })),
  );
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
}
