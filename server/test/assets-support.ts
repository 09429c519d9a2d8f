import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { cardBalances, cardRules, cardSystems, cardTypeShops, cardTypes, memberCards, members, shops } from '../src/db/schema.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import type { Answer, TestApp, TestTenant } from './helpers.js';

export const uniq = () => randomBytes(3).toString('hex').toUpperCase();
let mobileSeq = 0;
/** An 11-digit mobile no other test uses. */
export const newMobile = () => `139${String(process.pid % 10_000).padStart(4, '0')}${String(mobileSeq++).padStart(4, '0')}`;

/** The answer's data, failing with its message when it is not 200. */
export function ok<T = any>(res: Answer<T>): T {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const key = () => ({ 'idempotency-key': `k-${randomBytes(8).toString('hex')}` });

/** The shop's cash pay type, as the till offers it. */
export async function cashPayType(tenant: TestTenant, shopId: number): Promise<number> {
  const setup = ok(await tenant.admin.get('/api-cashier/checkout/setup', { shopid: shopId }));
  return setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId;
}

/** Head office's 开卡 of a card paid in cash (nothing to pay for ¥0), as an admin. */
export async function openCardFor(
  tenant: TestTenant,
  body: { shopId: number; amount: number; [field: string]: unknown },
  headers: Record<string, string> = key(),
) {
  const pays = body.amount ? [{ payTypeId: await cashPayType(tenant, body.shopId), amount: body.amount }] : [];
  return tenant.admin.post('/api-member/membercard/open', { ...body, pays }, headers);
}

export async function shopIds(t: TestApp, tenant: TestTenant): Promise<number[]> {
  const rows = await inTenant(t.database.db, tenant.tenantId, (tx) => tx.select({ id: shops.id }).from(shops).orderBy(shops.id));
  return rows.map((r) => r.id);
}

/** A member inserted straight into `members` (the members module's createMember arrives separately). */
export async function makeMember(t: TestApp, tenant: TestTenant, shopId: number, values: Partial<typeof members.$inferInsert> = {}) {
  return inTenant(t.database.db, tenant.tenantId, async (tx) => {
    const code = uniq();
    const [row] = await tx
      .insert(members)
      .values({ tenantId: tenant.tenantId, code: `M${code}`, name: `会员${code.slice(0, 4)}`, mobile: newMobile(), shopId, ...values })
      .returning({ id: members.id, mobile: members.mobile, name: members.name });
    return row;
  });
}

export interface CardTypeOptions {
  shops: number[];
  openAmount?: number;
  openGift?: number;
  minRecharge?: number;
  paySplit?: 'proportional' | 'principalFirst' | 'giftFirst';
  /** Does the card's discount apply to what gift money pays (default yes). */
  giftDiscount?: boolean;
  notifyBalance?: boolean;
  transferable?: boolean;
  expireMonths?: number | null;
  /** Card system rules; default: spent and recharged anywhere, both moneys. */
  otherShop?: boolean;
  otherShopMoney?: ('principal' | 'gift')[];
  otherShopRecharge?: boolean;
  /** Gift rules: [kind 1 open | 2 recharge | 3 both, threshold, giftType 1 fixed | 2 percent, value]. */
  rules?: [number, number, number, number][];
}

/** A stored-value card type enabled at the given shops, in a card system of its own. */
export async function makeCardType(t: TestApp, tenant: TestTenant, o: CardTypeOptions) {
  return inTenant(t.database.db, tenant.tenantId, async (tx) => {
    const code = uniq();
    const [system] = await tx
      .insert(cardSystems)
      .values({
        tenantId: tenant.tenantId,
        code: `S${code}`,
        name: `卡体系${code}`,
        storedOtherShop: o.otherShop === false ? 0 : 1,
        storedOtherShopMoney: o.otherShopMoney ?? ['principal', 'gift'],
        storedOtherShopRecharge: o.otherShopRecharge === false ? 0 : 1,
      })
      .returning({ id: cardSystems.id });
    const [type] = await tx
      .insert(cardTypes)
      .values({
        tenantId: tenant.tenantId,
        code: `C${code}`,
        name: `储值卡${code}`,
        kind: 1,
        cardSystemId: system.id,
        openAmount: o.openAmount ?? 0,
        openGift: o.openGift ?? 0,
        minRecharge: o.minRecharge ?? 0,
        paySplit: o.paySplit ?? 'proportional',
        giftDiscount: o.giftDiscount === false ? 0 : 1,
        notifyBalance: o.notifyBalance ? 1 : 0,
        transferable: o.transferable === false ? 0 : 1,
        expireMonths: o.expireMonths ?? null,
        serviceDiscount: 8500,
        productDiscount: 9000,
      })
      .returning({ id: cardTypes.id, name: cardTypes.name });
    if (o.shops.length)
      await tx
        .insert(cardTypeShops)
        .values(o.shops.map((shopId) => ({ tenantId: tenant.tenantId, cardTypeId: type.id, shopId, status: 1 })));
    if (o.rules?.length)
      await tx.insert(cardRules).values(
        o.rules.map(([kind, threshold, giftType, giftValue]) => ({
          tenantId: tenant.tenantId,
          cardTypeId: type.id,
          kind,
          threshold,
          giftType,
          giftValue,
        })),
      );
    return { ...type, systemId: system.id };
  });
}

/** The card's buckets as `{ "<shopId>:<bucket>": amount }` (zero buckets left out). */
export async function bucketsOf(t: TestApp, tenant: TestTenant, cardId: number) {
  const rows = await inTenant(t.database.db, tenant.tenantId, (tx) =>
    tx.select().from(cardBalances).where(eq(cardBalances.cardId, cardId)),
  );
  return Object.fromEntries(rows.filter((r) => Number(r.amount) !== 0).map((r) => [`${r.shopId}:${r.bucket}`, Number(r.amount)]));
}

/**
 * Every invariant of member money for a tenant: each ledger's balances equal the sums of their rows
 * (running balances right), no bucket below zero, and every member's totals equal the sums of their
 * cards' buckets.
 */
export async function expectAssetsConsistent(t: TestApp, tenant: TestTenant) {
  await inTenant(t.database.db, tenant.tenantId, async (tx) => {
    expect(await balanceMismatches(tx)).toEqual([]);
    const negative = await tx.select().from(cardBalances).where(sql`${cardBalances.amount} < 0`);
    expect(negative).toEqual([]);
    const result = await tx.execute(sql`
      select m.id, m.principal, m.gift,
        coalesce(sum(b.amount) filter (where b.bucket = 'principal'), 0) as p,
        coalesce(sum(b.amount) filter (where b.bucket = 'gift'), 0) as g
      from ${members} m
      left join ${memberCards} c on c.member_id = m.id and c.tenant_id = m.tenant_id
      left join ${cardBalances} b on b.card_id = c.id and b.tenant_id = c.tenant_id
      group by m.id, m.principal, m.gift
      having m.principal <> coalesce(sum(b.amount) filter (where b.bucket = 'principal'), 0)
          or m.gift <> coalesce(sum(b.amount) filter (where b.bucket = 'gift'), 0)`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
}
