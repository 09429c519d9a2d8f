import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cardRules, cardTypeShops, cardTypes, members } from '../members/public.js';
import { shops } from '../org/public.js';

/**
 * The demo chain's member money: its stored-value card types sold at every shop and transferable,
 * 金卡 with a gift rule (¥1,000 and up, opening or recharging: ¥100), and two members to try them on.
 */
export async function seedDemoAssets(tx: Db, tenantId: number) {
  const shopRows = await tx.select({ id: shops.id }).from(shops).orderBy(shops.id);
  const stored = await tx
    .select({ id: cardTypes.id, name: cardTypes.name })
    .from(cardTypes)
    .where(eq(cardTypes.kind, 1))
    .orderBy(cardTypes.id);
  if (!shopRows.length || !stored.length) return;
  for (const type of stored) await tx.update(cardTypes).set({ transferable: 1 }).where(eq(cardTypes.id, type.id));
  await tx
    .insert(cardTypeShops)
    .values(stored.flatMap((type) => shopRows.map((s) => ({ tenantId, cardTypeId: type.id, shopId: s.id, status: 1 }))))
    .onConflictDoNothing();
  await tx.insert(cardRules).values({ tenantId, cardTypeId: stored[0].id, kind: 3, threshold: 100_000, giftType: 1, giftValue: 10_000 });
  await tx
    .insert(members)
    .values([
      { tenantId, code: 'HY000001', name: '王丽', mobile: '13800138001', gender: 2, shopId: shopRows[0].id },
      { tenantId, code: 'HY000002', name: '李强', mobile: '13800138002', gender: 1, shopId: shopRows[0].id },
    ])
    .onConflictDoNothing();
}
