import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardBalances, cardBills, members, users } from '../src/db/schema.js';
import { adjust, consume, openCard, recharge, revoke, transferCard } from '../src/modules/assets/card-money.js';
import { saveRefund } from '../src/modules/assets/refunds.js';
import type { Auth } from '../src/platform/auth.js';
import { AppError } from '../src/platform/errors.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember, shopIds } from './assets-support.js';
import { build } from './helpers.js';

type Bucket = 'principal' | 'gift';
interface ModelType {
  id: number;
  split: 'proportional' | 'principalFirst' | 'giftFirst';
  otherShop: boolean;
  otherShopMoney: Bucket[];
  otherShopRecharge: boolean;
  openGift: number;
  /** Gift of a recharge of `amount` (one fixed rule from 1000 up). */
  rechargeGift: (amount: number) => number;
}
interface ModelCard {
  id: number;
  type: ModelType;
  shopId: number;
  member: number;
  buckets: Map<string, number>;
}
interface ModelBill {
  id: number;
  card: ModelCard;
  member: number;
  kind: string;
  rows: { shopId: number; bucket: Bucket; amount: number }[];
  revoked: boolean;
}

/** The split as the rules say it, computed apart from the server's code. */
function modelSplit(rule: ModelType['split'], amount: number, p: number, g: number) {
  if (rule === 'principalFirst') return { principal: Math.min(amount, p), gift: amount - Math.min(amount, p) };
  if (rule === 'giftFirst') return { principal: amount - Math.min(amount, g), gift: Math.min(amount, g) };
  const gift = p + g === 0 ? 0 : Math.round((amount * g) / (p + g));
  return { principal: amount - gift, gift };
}

const bk = (shopId: number, bucket: Bucket) => `${shopId}:${bucket}`;

type Command =
  | { op: 'open'; member: number; type: number; shop: number; amount: number }
  | { op: 'recharge'; card: number; shop: number; amount: number }
  | { op: 'consume'; card: number; shop: number; amount: number }
  | { op: 'adjust'; card: number; shop: number; principal: number; gift: number }
  | { op: 'transfer'; card: number; to: number }
  | { op: 'revoke'; bill: number }
  | { op: 'refund'; card: number; shop: number; principal: number; gift: number; over: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('open' as const),
    member: fc.nat(2),
    type: fc.nat(2),
    shop: fc.nat(2),
    amount: fc.integer({ min: 0, max: 5000 }),
  }),
  fc.record({ op: fc.constant('recharge' as const), card: fc.nat(20), shop: fc.nat(2), amount: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ op: fc.constant('consume' as const), card: fc.nat(20), shop: fc.nat(2), amount: fc.integer({ min: 1, max: 6000 }) }),
  fc.record({ op: fc.constant('consume' as const), card: fc.nat(20), shop: fc.nat(2), amount: fc.integer({ min: 1, max: 300 }) }),
  fc.record({
    op: fc.constant('adjust' as const),
    card: fc.nat(20),
    shop: fc.nat(2),
    principal: fc.integer({ min: 0, max: 3000 }),
    gift: fc.integer({ min: 0, max: 2000 }),
  }),
  fc.record({ op: fc.constant('transfer' as const), card: fc.nat(20), to: fc.nat(2) }),
  fc.record({ op: fc.constant('revoke' as const), bill: fc.nat(40) }),
  fc.record({
    op: fc.constant('refund' as const),
    card: fc.nat(20),
    shop: fc.nat(2),
    principal: fc.integer({ min: 0, max: 3000 }),
    gift: fc.integer({ min: 0, max: 1000 }),
    over: fc.boolean(),
  }),
);

/**
 * Random sequences of open / recharge / pay / refund / adjust / transfer / revoke against an in-memory model
 * of every bucket: after each step the database equals the model, no bucket is negative, every
 * balance equals its ledger rows, and every member's totals equal the sums of their cards.
 */
describe('card money against a model', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2, s3] = await shopIds(t, a);
  const shopList = [s1, s2, s3];
  const db = t.database.db;
  const [admin] = await inTenant(db, a.tenantId, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')));
  const actor = { tenantId: a.tenantId, userId: admin.id };
  /** Head office with every shop: refunds any bucket. */
  const superUser = {
    tenantId: a.tenantId,
    userId: admin.id,
    isSuper: true,
    permissions: new Set<string>(),
    loginShops: [],
    managerShops: [],
  } as unknown as Auth;

  const fixed = (amount: number) => (amount >= 1000 ? 150 : 0);
  const types: ModelType[] = [];
  for (const [split, otherShop, otherShopMoney, otherShopRecharge, openGift] of [
    ['proportional', true, ['principal', 'gift'], true, 200],
    ['principalFirst', true, ['principal'], true, 0],
    ['giftFirst', false, [], false, 100],
  ] as const) {
    const type = await makeCardType(t, a, {
      shops: shopList,
      paySplit: split,
      otherShop,
      otherShopMoney: [...otherShopMoney],
      otherShopRecharge,
      openGift,
      rules: [[3, 1000, 1, 150]],
    });
    types.push({
      id: type.id,
      split,
      otherShop,
      otherShopMoney: [...otherShopMoney],
      otherShopRecharge,
      openGift,
      rechargeGift: fixed,
    });
  }

  it('keeps every invariant after each step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        const people: number[] = [];
        for (let i = 0; i < 3; i++) people.push((await makeMember(t, a, s1)).id);
        const cards: ModelCard[] = [];
        const bills: ModelBill[] = [];
        const tx = <T>(fn: (tx: Parameters<Parameters<typeof inTenant>[2]>[0]) => Promise<T>) => inTenant(db, a.tenantId, fn);
        const attempt = async <T>(fn: () => Promise<T>): Promise<{ value?: T; error?: AppError }> => {
          try {
            return { value: await fn() };
          } catch (e) {
            if (e instanceof AppError) return { error: e };
            throw e;
          }
        };
        const apply = (card: ModelCard, rows: { shopId: number; bucket: Bucket; amount: number }[]) => {
          for (const r of rows) card.buckets.set(bk(r.shopId, r.bucket), (card.buckets.get(bk(r.shopId, r.bucket)) ?? 0) + r.amount);
        };
        const netRows = (rows: { shopId: number; bucket: Bucket; amount: number }[]) => {
          const m = new Map<string, { shopId: number; bucket: Bucket; amount: number }>();
          for (const r of rows) {
            const k = bk(r.shopId, r.bucket);
            const x = m.get(k) ?? { shopId: r.shopId, bucket: r.bucket, amount: 0 };
            x.amount += r.amount;
            m.set(k, x);
          }
          return [...m.values()].filter((r) => r.amount !== 0);
        };

        const step = async (c: Command) => {
          if (c.op === 'open') {
            const type = types[c.type];
            const shopId = shopList[c.shop];
            const r = await attempt(() =>
              tx((x) => openCard(x, actor, { memberId: people[c.member], cardTypeId: type.id, shopId, amount: c.amount, owner: null })),
            );
            expect(r.error).toBeUndefined();
            const bill = r.value as NonNullable<typeof r.value>;
            const gift = type.openGift + type.rechargeGift(c.amount);
            expect([bill.principalChange, bill.giftChange]).toEqual([c.amount, gift]);
            const card: ModelCard = { id: bill.cardId, type, shopId, member: people[c.member], buckets: new Map() };
            apply(card, bill.rows);
            cards.push(card);
            bills.push({ id: bill.billId, card, member: card.member, kind: 'open', rows: bill.rows, revoked: false });
          } else if (c.op === 'recharge' && cards.length) {
            const card = cards[c.card % cards.length];
            const shopId = shopList[c.shop];
            const r = await attempt(() => tx((x) => recharge(x, actor, { cardId: card.id, shopId, amount: c.amount, owner: null })));
            const allowed = shopId === card.shopId || card.type.otherShopRecharge;
            if (!allowed) {
              expect(r.error?.status).toBe(409);
              return;
            }
            expect(r.error).toBeUndefined();
            const bill = r.value as NonNullable<typeof r.value>;
            expect([bill.principalChange, bill.giftChange]).toEqual([c.amount, card.type.rechargeGift(c.amount)]);
            expect(bill.rows.every((row) => row.shopId === shopId)).toBe(true);
            apply(card, bill.rows);
            bills.push({ id: bill.billId, card, member: card.member, kind: 'recharge', rows: bill.rows, revoked: false });
          } else if (c.op === 'consume' && cards.length) {
            const card = cards[c.card % cards.length];
            const shopId = shopList[c.shop];
            const usable = (bucket: Bucket) =>
              [...card.buckets.entries()]
                .filter(([k, v]) => {
                  const [shop, b] = k.split(':');
                  return (
                    v > 0 && b === bucket && (Number(shop) === shopId || (card.type.otherShop && card.type.otherShopMoney.includes(bucket)))
                  );
                })
                .reduce((s, [, v]) => s + v, 0);
            const p = usable('principal');
            const g = usable('gift');
            const r = await attempt(() => tx((x) => consume(x, actor, { cardId: card.id, shopId, amount: c.amount, owner: null })));
            if (c.amount > p + g) {
              expect(r.error?.status).toBe(409);
              return;
            }
            expect(r.error).toBeUndefined();
            const bill = r.value as NonNullable<typeof r.value>;
            const split = modelSplit(card.type.split, c.amount, p, g);
            expect([0 - bill.principalChange, 0 - bill.giftChange]).toEqual([split.principal, split.gift]);
            for (const row of bill.rows) {
              expect(row.amount).toBeLessThan(0);
              if (row.shopId !== shopId) {
                // Another shop's money only when allowed, and only after this shop's bucket of that money is empty.
                expect(card.type.otherShop && card.type.otherShopMoney.includes(row.bucket)).toBe(true);
                const own =
                  (card.buckets.get(bk(shopId, row.bucket)) ?? 0) +
                  bill.rows.filter((x) => x.shopId === shopId && x.bucket === row.bucket).reduce((s, x) => s + x.amount, 0);
                expect(own).toBe(0);
              }
            }
            apply(card, bill.rows);
            bills.push({ id: bill.billId, card, member: card.member, kind: 'consume', rows: bill.rows, revoked: false });
          } else if (c.op === 'adjust' && cards.length) {
            const card = cards[c.card % cards.length];
            const shopId = shopList[c.shop];
            const same =
              (card.buckets.get(bk(shopId, 'principal')) ?? 0) === c.principal && (card.buckets.get(bk(shopId, 'gift')) ?? 0) === c.gift;
            const r = await attempt(() =>
              tx((x) => adjust(x, actor, { cardId: card.id, buckets: [{ shopId, principal: c.principal, gift: c.gift }], reason: '模型' })),
            );
            if (same) {
              expect(r.error?.status).toBe(409);
              return;
            }
            expect(r.error).toBeUndefined();
            const bill = r.value as NonNullable<typeof r.value>;
            apply(card, bill.rows);
            expect([card.buckets.get(bk(shopId, 'principal')) ?? 0, card.buckets.get(bk(shopId, 'gift')) ?? 0]).toEqual([
              c.principal,
              c.gift,
            ]);
            bills.push({ id: bill.billId, card, member: card.member, kind: 'adjust', rows: bill.rows, revoked: false });
          } else if (c.op === 'transfer' && cards.length) {
            const card = cards[c.card % cards.length];
            const to = people[c.to];
            const r = await attempt(() =>
              tx((x) => transferCard(x, actor, { cardId: card.id, fromMemberId: card.member, toMemberId: to })),
            );
            if (to === card.member) {
              expect(r.error?.status).toBe(409);
              return;
            }
            expect(r.error).toBeUndefined();
            expect(netRows((r.value as NonNullable<typeof r.value>).rows)).toEqual([]);
            card.member = to;
          } else if (c.op === 'refund' && cards.length) {
            const card = cards[c.card % cards.length];
            const shopId = shopList[c.shop];
            const hasP = card.buckets.get(bk(shopId, 'principal')) ?? 0;
            const hasG = card.buckets.get(bk(shopId, 'gift')) ?? 0;
            // Within the bucket, or (over) asking for more than it holds.
            const tkje = c.over ? hasP + 1 + c.principal : Math.min(hasP, c.principal);
            const tzje = c.over ? 0 : Math.min(hasG, c.gift);
            const r = await attempt(() =>
              tx((x) =>
                saveRefund(x, superUser, actor, {
                  memid: card.member,
                  cards: [{ cardid: card.id, shopId, tkje, tzje }],
                  freeCard: 0,
                  autokcard: false,
                }),
              ),
            );
            if (c.over) {
              expect(r.error?.status).toBe(409);
              return;
            }
            if (tkje === 0 && tzje === 0) {
              expect(r.error?.status).toBe(400);
              return;
            }
            expect(r.error).toBeUndefined();
            expect((r.value as NonNullable<typeof r.value>).cardJe).toBe(tkje);
            apply(card, [
              { shopId, bucket: 'principal', amount: -tkje },
              { shopId, bucket: 'gift', amount: -tzje },
            ]);
          } else if (c.op === 'revoke' && bills.length) {
            const bill = bills[c.bill % bills.length];
            const reversal = bill.rows.map((row) => ({ ...row, amount: -row.amount }));
            const wouldGoNegative = netRows(reversal).some(
              (row) => (bill.card.buckets.get(bk(row.shopId, row.bucket)) ?? 0) + row.amount < 0,
            );
            const r = await attempt(() => tx((x) => revoke(x, actor, { billId: bill.id, memo: '模型撤单' })));
            if (bill.revoked || bill.card.member !== bill.member || wouldGoNegative) {
              expect(r.error?.status).toBe(409);
              return;
            }
            expect(r.error).toBeUndefined();
            apply(bill.card, reversal);
            bill.revoked = true;
          }
        };

        // The database is the model; the ledger agrees with its balances; members' totals are the sums.
        const check = () =>
          tx(async (x) => {
            const ids = cards.map((c) => c.id);
            const rows = ids.length ? await x.select().from(cardBalances).where(inArray(cardBalances.cardId, ids)) : [];
            const actual = Object.fromEntries(
              rows.filter((r) => Number(r.amount) !== 0).map((r) => [`${r.cardId}|${r.shopId}:${r.bucket}`, Number(r.amount)]),
            );
            const expected = Object.fromEntries(
              cards.flatMap((c) => [...c.buckets.entries()].filter(([, v]) => v !== 0).map(([k, v]) => [`${c.id}|${k}`, v])),
            );
            expect(actual).toEqual(expected);
            expect(rows.every((r) => Number(r.amount) >= 0)).toBe(true);
            expect(await balanceMismatches(x)).toEqual([]);
            const totals = await x
              .select({ id: members.id, principal: members.principal, gift: members.gift })
              .from(members)
              .where(inArray(members.id, people));
            for (const person of people) {
              const mine = cards.filter((c) => c.member === person);
              const sum = (bucket: Bucket) =>
                mine.reduce(
                  (s, c) => s + [...c.buckets.entries()].filter(([k]) => k.endsWith(`:${bucket}`)).reduce((u, [, v]) => u + v, 0),
                  0,
                );
              expect(totals.find((r) => r.id === person)).toEqual({ id: person, principal: sum('principal'), gift: sum('gift') });
            }
            // Principal and gift are each conserved: what the bills put in and took out, less what was revoked, is what the cards hold.
            if (ids.length) {
              const result = await x.execute(sql`
              select l.bucket, sum(l.delta)::bigint as moved from card_ledger l
              where l.tenant_id = app_current_tenant() and l.card_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
              group by l.bucket`);
              const moved = Object.fromEntries(
                (result as unknown as { rows: { bucket: string; moved: string }[] }).rows.map((r) => [r.bucket, Number(r.moved)]),
              );
              const billSums = await x
                .select({
                  p: sql<string>`coalesce(sum(${cardBills.principalChange}), 0)`,
                  g: sql<string>`coalesce(sum(${cardBills.giftChange}), 0)`,
                })
                .from(cardBills)
                .where(sql`${inArray(cardBills.cardId, ids)} and ${cardBills.revokedAt} is null`);
              const held = (bucket: Bucket) =>
                cards.reduce(
                  (s, c) => s + [...c.buckets.entries()].filter(([k]) => k.endsWith(`:${bucket}`)).reduce((u, [, v]) => u + v, 0),
                  0,
                );
              expect(moved.principal ?? 0).toBe(held('principal'));
              expect(moved.gift ?? 0).toBe(held('gift'));
              expect([Number(billSums[0].p), Number(billSums[0].g)]).toEqual([held('principal'), held('gift')]);
            }
          });
        for (const c of commands) {
          await step(c);
          await check();
        }
      }),
      { numRuns: 20 },
    );
  }, 600_000);
});
