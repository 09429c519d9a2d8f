import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { members, packageBalances, users } from '../src/db/schema.js';
import { consumePackages, revokePackageBill, sellPackage } from '../src/modules/assets/packages.js';
import { AppError } from '../src/platform/errors.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember, shopIds } from './assets-support.js';
import { build } from './helpers.js';
import { expectPackagesConsistent, makeItems } from './member-packages-support.js';

type Command =
  | { op: 'sell'; member: number; totals: number[]; price: number; gift: boolean }
  | { op: 'use'; line: number; count: number; other?: number }
  | { op: 'revoke'; bill: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('sell' as const),
    member: fc.nat(2),
    totals: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 2 }),
    price: fc.integer({ min: 0, max: 5000 }),
    gift: fc.boolean(),
  }),
  fc.record({ op: fc.constant('use' as const), line: fc.nat(20), count: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant('use' as const), line: fc.nat(20), count: fc.integer({ min: 1, max: 2 }), other: fc.nat(20) }),
  fc.record({ op: fc.constant('revoke' as const), bill: fc.nat(30) }),
);

/**
 * Random sequences of sell / use / revoke against an in-memory model of every line's count: after
 * each step the database equals the model, no count is below zero, every count equals its ledger
 * rows, and every member's package value equals Σ count left × unit price of the lines not given free.
 */
describe('member packages against a model', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const items = await makeItems(t, a);
  const db = t.database.db;
  const [admin] = await inTenant(db, a.tenantId, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')));
  const actor = { tenantId: a.tenantId, userId: admin.id };

  it('keeps every invariant after each step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        const people = [await makeMember(t, a, s1), await makeMember(t, a, s2), await makeMember(t, a, s1)];
        const lines: { id: number; member: number; left: number; price: number; gift: boolean }[] = [];
        const bills: { id: number; kind: 'sell' | 'consume'; moves: { line: number; delta: number }[]; revoked: boolean }[] = [];
        for (const c of commands) {
          const attempt = async (run: () => Promise<void>, expectRefusal: boolean) => {
            try {
              await run();
              expect(expectRefusal).toBe(false);
            } catch (e) {
              if (!(e instanceof AppError) || !expectRefusal) throw e;
              expect(e.status).toBe(409);
            }
          };
          if (c.op === 'sell') {
            const member = people[c.member];
            await attempt(async () => {
              const answer = await inTenant(db, a.tenantId, (tx) =>
                sellPackage(
                  tx,
                  actor,
                  {
                    memberId: member.id,
                    shopId: s1,
                    name: '模型套餐',
                    isGift: c.gift,
                    lines: c.totals.map((total) => ({ itemType: 1, serviceId: items.s1.id, total, unitPrice: c.price, isGift: false })),
                  },
                  null,
                ),
              );
              for (const r of answer.rows) lines.push({ id: r.lineId, member: c.member, left: r.amount, price: c.price, gift: c.gift });
              bills.push({
                id: answer.billId,
                kind: 'sell',
                moves: answer.rows.map((r) => ({ line: r.lineId, delta: r.amount })),
                revoked: false,
              });
            }, false);
          } else if (c.op === 'use') {
            if (!lines.length) continue;
            const line = lines[c.line % lines.length];
            const other = c.other === undefined ? undefined : lines[c.other % lines.length];
            const wanted = [{ line, count: c.count }];
            if (other && other.id !== line.id) wanted.push({ line: other, count: 1 });
            const refused = wanted.some((w) => w.count > w.line.left) || new Set(wanted.map((w) => w.line.member)).size > 1;
            await attempt(async () => {
              const answer = await inTenant(db, a.tenantId, (tx) =>
                consumePackages(tx, actor, { shopId: s2, items: wanted.map((w) => ({ lineId: w.line.id, count: w.count })) }, null),
              );
              for (const w of wanted) w.line.left -= w.count;
              bills.push({
                id: answer.billId,
                kind: 'consume',
                moves: wanted.map((w) => ({ line: w.line.id, delta: -w.count })),
                revoked: false,
              });
            }, refused);
          } else {
            if (!bills.length) continue;
            const bill = bills[c.bill % bills.length];
            const refused = bill.revoked || bill.moves.some((m) => (lines.find((l) => l.id === m.line)?.left ?? 0) - m.delta < 0);
            await attempt(async () => {
              await inTenant(db, a.tenantId, (tx) => revokePackageBill(tx, actor, { billId: bill.id, memo: '模型撤单' }));
              for (const m of bill.moves) (lines.find((l) => l.id === m.line) as (typeof lines)[number]).left -= m.delta;
              bill.revoked = true;
            }, refused);
          }
          const stored = lines.length
            ? await inTenant(db, a.tenantId, (tx) =>
                tx
                  .select({ id: packageBalances.packageLineId, left: packageBalances.remaining })
                  .from(packageBalances)
                  .where(
                    inArray(
                      packageBalances.packageLineId,
                      lines.map((l) => l.id),
                    ),
                  ),
              )
            : [];
          expect(Object.fromEntries(stored.map((r) => [r.id, r.left]))).toEqual(Object.fromEntries(lines.map((l) => [l.id, l.left])));
          const values = await inTenant(db, a.tenantId, (tx) =>
            tx
              .select({ id: members.id, v: members.packageValue })
              .from(members)
              .where(
                inArray(
                  members.id,
                  people.map((p) => p.id),
                ),
              ),
          );
          for (const [i, p] of people.entries())
            expect(Number(values.find((v) => v.id === p.id)?.v)).toBe(
              lines.filter((l) => l.member === i && !l.gift).reduce((s, l) => s + l.left * l.price, 0),
            );
        }
        await expectPackagesConsistent(t, a);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
