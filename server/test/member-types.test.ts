import { MEMBER_TYPES_PATH, MEMBER_TYPES_PERM } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { cardTypes, memberCards, memberPackageLines, memberPackages, members, packageBalances } from '../src/db/schema.js';
import { rowsOf } from '../src/platform/ledger.js';
import { addDays } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { ok, shopIds } from './till-support.js';
import { createLimitedUser } from './users.js';

/**
 * 会员统计 reads what each member holds from columns the database's triggers keep (migration 0075). Here: after
 * random writes of every kind that changes a holding (cards opened, closed, moved to another member, their end
 * changed; packages bought, used, refunded, removed; members registered, cancelled, moved to another shop), the
 * kept columns equal what the records make of them, and the answer equals the computation it replaced, read
 * from the cards and packages themselves (for head office, one shop, a user limited to some shops, days past).
 */

const n = (v: unknown) => Number(v ?? 0);

/** The computation before migration 0075: every member, card and package line read per call. */
async function typesFromRecords(tx: Db, q: { today: string; dateFrom: string; dateTo: string; shops?: number[]; shopid?: number }) {
  const scope = q.shops ? sql`and m.shop_id in (${sql.join(q.shops.length ? q.shops : [0], sql`, `)})` : sql``;
  const one = q.shopid ? sql`and m.shop_id = ${q.shopid}` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      with holders as (select c.member_id, bool_or(t.kind = 1) as stored,
          bool_or(t.kind = 2 and (c.expires_on is null or c.expires_on >= ${q.today}::date)) as qual
        from member_cards c join card_types t on t.tenant_id = c.tenant_id and t.id = c.card_type_id
        where c.status = 1 group by c.member_id),
      packs as (select distinct l.member_id from member_package_lines l
        join package_balances b on b.tenant_id = l.tenant_id and b.package_line_id = l.id
        where b.remaining > 0 and (l.expires_on is null or l.expires_on >= ${q.today}::date))
      select m.shop_id, s.name as shop_name,
        count(*) filter (where m.registered_on >= ${q.dateFrom}::date) as new_members,
        count(*) filter (where h.stored is not true and h.qual is not true and p.member_id is null) as potential,
        count(*) filter (where h.stored) as stored_value,
        count(*) filter (where h.qual) as qualification,
        count(p.member_id) as package,
        count(*) as total
      from members m join shops s on s.tenant_id = m.tenant_id and s.id = m.shop_id
        left join holders h on h.member_id = m.id left join packs p on p.member_id = m.id
      where m.status <> 3 and m.registered_on <= ${q.dateTo}::date ${scope} ${one}
      group by m.shop_id, s.name, s.code order by s.code, m.shop_id`),
  );
  const shops = rows.map((r) => ({
    shopId: n(r.shop_id),
    shopName: String(r.shop_name),
    newMembers: n(r.new_members),
    potential: n(r.potential),
    storedValue: n(r.stored_value),
    qualification: n(r.qualification),
    package: n(r.package),
    total: n(r.total),
  }));
  const months = rowsOf<{ month: string; count: unknown }>(
    await tx.execute(sql`
      select to_char(m.registered_on, 'YYYY-MM') as month, count(*) as count from members m
      where m.status <> 3 and m.registered_on <= ${q.dateTo}::date ${scope} ${one} group by 1`),
  );
  return { shops, months: new Map(months.map((r) => [r.month, n(r.count)])) };
}

/** Each member's holdings as the records make them, against the columns kept on the member. */
async function holdingsDiffer(tx: Db) {
  return rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select m.id, m.holds_stored_card, m.qualification_until::text, m.package_until::text, x.stored, x.qual::text, x.pack::text
      from members m cross join lateral (select
        exists (select 1 from member_cards c join card_types t on t.tenant_id = c.tenant_id and t.id = c.card_type_id
          where c.tenant_id = m.tenant_id and c.member_id = m.id and c.status = 1 and t.kind = 1) as stored,
        (select max(coalesce(c.expires_on, 'infinity'::date)) from member_cards c join card_types t on t.tenant_id = c.tenant_id and t.id = c.card_type_id
          where c.tenant_id = m.tenant_id and c.member_id = m.id and c.status = 1 and t.kind = 2) as qual,
        (select max(coalesce(l.expires_on, 'infinity'::date)) from member_package_lines l
          join package_balances b on b.tenant_id = l.tenant_id and b.package_line_id = l.id
          where l.tenant_id = m.tenant_id and l.member_id = m.id and b.remaining > 0) as pack) x
      where (m.holds_stored_card, m.qualification_until, m.package_until) is distinct from (x.stored, x.qual, x.pack)`),
  );
}

describe('会员统计: the holdings kept on the member and the counts read from them', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const shopList = (await shopIds(t, a)).slice(0, 3);
  const [s1, s2, s3] = shopList;
  const today = ok(await a.admin.get(MEMBER_TYPES_PATH)).dateTo as string;
  const clerk = await createLimitedUser(t, a, { perms: [MEMBER_TYPES_PERM], loginShops: [s1, s3] });

  const [stored, qual] = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx
      .insert(cardTypes)
      .values([
        { tenantId: a.tenantId, code: '901', name: '统计储值卡', kind: 1 },
        { tenantId: a.tenantId, code: '902', name: '统计资格卡', kind: 2 },
      ])
      .returning({ id: cardTypes.id }),
  );
  const people: number[] = [];
  const cards: number[] = [];
  const lines: number[] = [];
  let serial = 0;

  const day = fc.option(fc.integer({ min: -3, max: 3 }), { nil: null });
  const op = fc.oneof(
    fc.record({ kind: fc.constant('register' as const), shop: fc.nat({ max: 2 }), daysAgo: fc.nat({ max: 500 }) }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), status: fc.constantFrom(1, 2, 3) }),
    fc.record({ kind: fc.constant('moveShop' as const), pick: fc.nat(), shop: fc.nat({ max: 2 }) }),
    fc.record({ kind: fc.constant('openCard' as const), pick: fc.nat(), qualification: fc.boolean(), ends: day }),
    fc.record({ kind: fc.constant('closeCard' as const), pick: fc.nat(), status: fc.constantFrom(1, 2) }),
    fc.record({ kind: fc.constant('transferCard' as const), pick: fc.nat(), to: fc.nat() }),
    fc.record({ kind: fc.constant('renewCard' as const), pick: fc.nat(), ends: day }),
    fc.record({
      kind: fc.constant('buyPackage' as const),
      pick: fc.nat(),
      counts: fc.array(fc.record({ left: fc.nat({ max: 2 }), ends: day }), { minLength: 1, maxLength: 2 }),
    }),
    fc.record({ kind: fc.constant('usePackage' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('refundPackage' as const), pick: fc.nat(), remove: fc.boolean() }),
  );
  type Op = typeof op extends fc.Arbitrary<infer O> ? O : never;
  const at = (list: number[], i: number) => list[i % list.length];
  const ends = (d: number | null) => (d === null ? null : addDays(today, d));

  async function apply(tx: Db, o: Op) {
    if (o.kind === 'register') {
      serial++;
      const [m] = await tx
        .insert(members)
        .values({
          tenantId: a.tenantId,
          code: `TS${String(serial).padStart(6, '0')}`,
          name: `统计${serial}`,
          mobile: `1999${String(serial).padStart(7, '0')}`,
          shopId: shopList[o.shop],
          registeredOn: addDays(today, -o.daysAgo),
        })
        .returning({ id: members.id });
      people.push(m.id);
      return;
    }
    if (!people.length) return;
    const member = at(people, o.pick);
    if (o.kind === 'cancel') await tx.execute(sql`update members set status = ${o.status} where id = ${member}`);
    else if (o.kind === 'moveShop') await tx.execute(sql`update members set shop_id = ${shopList[o.shop]} where id = ${member}`);
    else if (o.kind === 'openCard') {
      serial++;
      const [card] = await tx
        .insert(memberCards)
        .values({
          tenantId: a.tenantId,
          cardNo: `TS${serial}-${member}`,
          memberId: member,
          cardTypeId: o.qualification ? qual.id : stored.id,
          shopId: s1,
          openedOn: today,
          expiresOn: ends(o.ends),
          electronicNo: `E${serial}-${member}`,
        })
        .returning({ id: memberCards.id });
      cards.push(card.id);
    } else if (o.kind === 'buyPackage') {
      const [pack] = await tx
        .insert(memberPackages)
        .values({ tenantId: a.tenantId, memberId: member, name: '统计套餐', shopId: s2, soldOn: today })
        .returning({ id: memberPackages.id });
      const made = await tx
        .insert(memberPackageLines)
        .values(
          o.counts.map((c, i) => ({
            tenantId: a.tenantId,
            memberPackageId: pack.id,
            memberId: member,
            itemType: 1,
            itemCode: `P${i}`,
            itemName: '护理',
            total: 3,
            unitPrice: 1_000,
            expiresOn: ends(c.ends),
          })),
        )
        .returning({ id: memberPackageLines.id });
      await tx
        .insert(packageBalances)
        .values(made.map((l, i) => ({ tenantId: a.tenantId, packageLineId: l.id, remaining: o.counts[i].left })));
      lines.push(...made.map((l) => l.id));
    } else if (o.kind === 'closeCard' || o.kind === 'transferCard' || o.kind === 'renewCard') {
      if (!cards.length) return;
      const card = at(cards, o.pick);
      if (o.kind === 'closeCard') await tx.execute(sql`update member_cards set status = ${o.status} where id = ${card}`);
      else if (o.kind === 'transferCard') await tx.execute(sql`update member_cards set member_id = ${at(people, o.to)} where id = ${card}`);
      else await tx.execute(sql`update member_cards set expires_on = ${ends(o.ends)}::date where id = ${card}`);
    } else {
      if (!lines.length) return;
      const line = at(lines, o.pick);
      if (o.kind === 'usePackage')
        await tx.execute(sql`update package_balances set remaining = greatest(remaining - 1, 0) where package_line_id = ${line}`);
      else if (!o.remove) await tx.execute(sql`update package_balances set remaining = 0 where package_line_id = ${line}`);
      else {
        await tx.execute(sql`delete from package_balances where package_line_id = ${line}`);
        await tx.execute(sql`delete from member_package_lines where id = ${line}`);
        lines.splice(lines.indexOf(line), 1);
      }
    }
  }

  async function expectSameAnswers() {
    const past = addDays(today, -120);
    const asked: { client: typeof a.admin; query: Record<string, string | number>; shops?: number[] }[] = [
      { client: a.admin, query: {} },
      { client: a.admin, query: { dateFrom: addDays(today, -400), dateTo: past } },
      { client: a.admin, query: { shopid: s2, dateFrom: addDays(today, -30) } },
      { client: clerk.client, query: {}, shops: [s1, s3] },
      { client: clerk.client, query: { dateTo: past, shopid: s3 }, shops: [s1, s3] },
    ];
    for (const { client, query, shops } of asked) {
      const answer = ok(await client.get(MEMBER_TYPES_PATH, query));
      const expected = await inTenant(t.database.db, a.tenantId, (tx) =>
        typesFromRecords(tx, {
          today,
          dateFrom: answer.dateFrom,
          dateTo: answer.dateTo,
          shops,
          shopid: query.shopid as number | undefined,
        }),
      );
      expect(answer.shops).toEqual(expected.shops);
      const chain = Object.fromEntries(
        (['newMembers', 'potential', 'storedValue', 'qualification', 'package', 'total'] as const).map((k) => [
          k,
          expected.shops.reduce((s, r) => s + r[k], 0),
        ]),
      );
      expect(answer.total).toEqual(chain);
      for (const g of answer.growth as { month: string; newMembers: number; total: number }[]) {
        expect(g.newMembers).toBe(expected.months.get(g.month) ?? 0);
        expect(g.total).toBe([...expected.months].filter(([m]) => m <= g.month).reduce((s, [, c]) => s + c, 0));
      }
    }
  }

  it('the demo tenant’s members hold what their cards and packages say, and the counts are the old computation’s', async () => {
    expect(await inTenant(t.database.db, a.tenantId, holdingsDiffer)).toEqual([]);
    await expectSameAnswers();
    // the check sees a holding gone wrong
    const wrong = await inTenant(t.database.db, a.tenantId, async (tx) => {
      await tx.execute(sql`savepoint wrong`);
      await tx.execute(sql`update members set holds_stored_card = not holds_stored_card where id = (select min(id) from members)`);
      const found = await holdingsDiffer(tx);
      await tx.execute(sql`rollback to savepoint wrong`);
      return found;
    });
    expect(wrong).toHaveLength(1);
  });

  it('random writes of cards, packages and members keep the holdings, and the counts equal the old computation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 14 }), async (ops) => {
        for (const o of ops) await inTenant(t.database.db, a.tenantId, (tx) => apply(tx, o));
        expect(await inTenant(t.database.db, a.tenantId, holdingsDiffer)).toEqual([]);
        await expectSameAnswers();
      }),
      { numRuns: 12 },
    );
    // the writes reached every kind of holding
    const held = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.execute(sql`select count(*) filter (where holds_stored_card) as s, count(qualification_until) as q, count(package_until) as p
        from ${members} where id in (${sql.join(people.length ? people : [0], sql`, `)})`),
    );
    const row = rowsOf<Record<string, unknown>>(held)[0];
    expect(n(row.s) + n(row.q) + n(row.p)).toBeGreaterThan(0);
  });
});
