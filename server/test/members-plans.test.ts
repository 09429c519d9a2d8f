import { and, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { memberFilters } from '../src/modules/members/members.js';
import { relationFilters } from '../src/modules/members/relations.js';
import { members } from '../src/modules/members/schema.js';
import type { Auth } from '../src/platform/auth.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';

/**
 * Every keyword shape and every filter of the member lists is answered by an index led by
 * tenant_id under the row policy (as the app role, which inTenant sets): the plan's Index Cond
 * names tenant_id and the filtered column. Sequential scans are switched off so that the small
 * test tables show the plan a two-million-member tenant gets.
 */
describe('members: list filters and keyword search are index scans under the policy', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const { db } = t.database;
  const head = { isSuper: true, loginShops: [], managerShops: [] } as unknown as Auth;
  const shopUser = { isSuper: false, loginShops: [1, 2], managerShops: [] } as unknown as Auth;
  /** The demo company's zone, in which the day filters count. */
  const SH = 'Asia/Shanghai';
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number }[];
  const grades = (await a.admin.get('/api-chain/dictgrade/list/all')).body.data as { id: number }[];
  const channels = (await a.admin.get('/api-chain/channel/list/all')).body.data as { id: number }[];
  // 30,000 members spread like a chain's, then statistics: the planner sees a table worth an index.
  await inTenant(db, a.tenantId, (tx) =>
    tx.execute(sql`
      insert into members (tenant_id, code, name, mobile, shop_id, grade_id, channel_id, registered_on, last_visit_at, principal, gift, spent, visits, status)
      select ${a.tenantId}, 'P' || i, (array['欧阳娜娜','张伟','王芳','李娜','刘洋','陈静','杨帆','赵磊'])[1 + i % 8] || i % 97,
        '137' || lpad(i::text, 8, '0'),
        (${sql.raw(`array[${shops.map((s) => s.id).join(',')}]`)})[1 + i % ${shops.length}],
        (${sql.raw(`array[${grades.map((g) => g.id).join(',')}]`)})[1 + i % ${grades.length}],
        (${sql.raw(`array[${channels.map((c) => c.id).join(',')}]`)})[1 + i % ${channels.length}],
        date '2020-01-01' + i % 1800, now() - make_interval(days => i % 700), (i % 5000) * 100, (i % 300) * 100, (i % 9000) * 100, i % 40,
        case when i % 500 = 0 then 2 else 1 end
      from generate_series(1, 30000) i`),
  );
  await db.execute(sql`analyze members`);

  const plan = async (tx: Db, query: SQL) =>
    ((await tx.execute(sql`explain (costs off) ${query}`)) as unknown as { rows: Record<string, unknown>[] }).rows
      .map((row) => String(Object.values(row)[0]))
      .join('\n');
  const planOf = (where: SQL[]) =>
    inTenant(db, a.tenantId, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return plan(tx, sql`select count(*) from ${members} where ${and(...where)}`);
    });

  const cases: [string, SQL[], RegExp][] = [
    ['mobile tail', memberFilters(head, { keyword: '5678' }, SH), /mobile_tail =/],
    ['longer tail', memberFilters(head, { keyword: '345678' }, SH), /mobile_tail =/],
    ['whole mobile', memberFilters(head, { keyword: '13912345678' }, SH), /mobile =/],
    ['member number', memberFilters(head, { keyword: 'M0000012' }, SH), /code =/],
    ['2 characters of the name', memberFilters(head, { keyword: '阳娜' }, SH), /name_gram\d =/],
    ['pinyin initials', memberFilters(head, { keyword: 'oynn' }, SH), /initials ~>=~/],
    ['shop', memberFilters(head, { shopId: 1 }, SH), /shop_id =/],
    ['shop user, no filter', memberFilters(shopUser, {}, SH), /shop_id = ANY/],
    ['grade', memberFilters(head, { gradeId: 1 }, SH), /grade_id =/],
    ['channel', memberFilters(head, { channelId: 1 }, SH), /channel_id =/],
    ['frozen', memberFilters(head, { status: 2 }, SH), /status =/],
    ['registered', memberFilters(head, { regFrom: '2024-01-01', regTo: '2024-02-01' }, SH), /registered_on >=/],
    ['last visit', memberFilters(head, { visitFrom: '2024-01-01', visitTo: '2024-02-01' }, SH), /last_visit_at >=/],
    ['balance', memberFilters(head, { balanceMin: 500_000, balanceMax: 510_000 }, SH), /balance >=/],
    ['relations: days since last visit', relationFilters(head, { missDays: 90 }, SH), /last_visit_at </],
    ['relations: spend', relationFilters(head, { spentMin: 890_000 }, SH), /spent >=/],
    ['relations: advisor', relationFilters(head, { eeid: 3 }, SH), /advisor_id =/],
  ];
  for (const [label, where, indexed] of cases) {
    it(`${label}: Index Cond on tenant_id and the column`, async () => {
      const text = await planOf(where);
      expect(text, text).not.toMatch(/Seq Scan on members/);
      const conds = text.split('\n').filter((l) => l.includes('Index Cond'));
      expect(
        conds.some((l) => indexed.test(l) && l.includes('tenant_id')),
        text,
      ).toBe(true);
    });
  }
});
