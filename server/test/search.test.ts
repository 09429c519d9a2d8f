import { randomBytes } from 'node:crypto';
import { asc, type SQL, sql } from 'drizzle-orm';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { bigramColumns, prefixEnd, searchCondition, tailColumn } from '../src/platform/search.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';

describe('search under row security', async () => {
  const t = await build();
  const a = await t.tenant();
  const b = await t.tenant();
  const db = t.database.db;
  const name = `search_test_${randomBytes(4).toString('hex')}`;
  const members = pgTable(name, {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    initials: text('initials'),
    mobile: text('mobile').notNull(),
    cardNo: text('card_no').notNull(),
    mobileTail: tailColumn('mobile_tail', 'mobile'),
    ...bigramColumns('nameGram', 'name'),
  });
  const fields = {
    numbers: [members.cardNo],
    mobile: { column: members.mobile, tail: members.mobileTail },
    name: { column: members.name, grams: [members.nameGram1, members.nameGram2, members.nameGram3] },
    initials: members.initials,
  };
  // The DDL the builders stand for (the members module's migration is generated from them).
  const ddl = `
    create table ${name} (
      tenant_id bigint not null, id bigint not null, name text not null, initials text, mobile text not null, card_no text not null,
      mobile_tail text generated always as (right("mobile", 4)) stored,
      name_gram1 text generated always as (CASE WHEN char_length("name") > 1 THEN substr("name", 1, 2) END) stored,
      name_gram2 text generated always as (CASE WHEN char_length("name") > 2 THEN substr("name", 2, 2) END) stored,
      name_gram3 text generated always as (CASE WHEN char_length("name") > 3 THEN substr("name", 3, 2) END) stored,
      primary key (tenant_id, id));
    create index ${name}_card on ${name} (tenant_id, card_no);
    create index ${name}_mobile_tail on ${name} (tenant_id, mobile_tail);
    create index ${name}_initials on ${name} (tenant_id, initials text_pattern_ops);
    create index ${name}_g1 on ${name} (tenant_id, name_gram1) where name_gram1 is not null;
    create index ${name}_g2 on ${name} (tenant_id, name_gram2) where name_gram2 is not null;
    create index ${name}_g3 on ${name} (tenant_id, name_gram3) where name_gram3 is not null;
    select app_apply_rls()`;
  for (const statement of ddl.split(';')) await db.execute(sql.raw(statement));
  await db.insert(members).values([
    { tenantId: a.tenantId, id: 1, name: '张三丰', initials: 'zsf', mobile: '13800001234', cardNo: '880001' },
    { tenantId: a.tenantId, id: 2, name: '李四', initials: 'ls', mobile: '13912345678', cardNo: '880002' },
    { tenantId: a.tenantId, id: 3, name: '欧阳娜娜', initials: 'oynn', mobile: '13600005678', cardNo: '880003' },
    { tenantId: b.tenantId, id: 1, name: '张三', initials: 'zs', mobile: '13700001234', cardNo: '880001' },
    { tenantId: b.tenantId, id: 2, name: '欧阳娜', initials: 'oyn', mobile: '13512341234', cardNo: '990001' },
  ]);
  // Enough other rows for the planner to prefer the narrow index to a walk over the tenant's rows.
  await db.execute(
    sql.raw(`insert into ${name} (tenant_id, id, name, initials, mobile, card_no)
      select ${a.tenantId}, 100 + i, '赵钱', 'zq', '15' || lpad(i::text, 5, '0') || '0000', 'F' || i from generate_series(1, 3000) i`),
  );
  await db.execute(sql.raw(`analyze ${name}`));
  afterAll(() => db.execute(sql.raw(`drop table if exists ${name}`)));

  const find = (keyword: string) =>
    inTenant(db, a.tenantId, async (tx) =>
      (
        await tx
          .select({ tenantId: members.tenantId, name: members.name })
          .from(members)
          .where(searchCondition(keyword, fields))
          .orderBy(asc(members.id))
      ).map((r) => {
        expect(r.tenantId).toBe(a.tenantId);
        return r.name;
      }),
    );

  it('finds by the mobile, whole or its last 4+ digits', async () => {
    expect(await find('1234')).toEqual(['张三丰']);
    expect(await find('01234')).toEqual(['张三丰']);
    expect(await find('13912345678')).toEqual(['李四']);
    expect(await find('5678')).toEqual(['李四', '欧阳娜娜']);
    expect(await find('9999')).toEqual([]);
    expect(await find('91234')).toEqual([]);
  });

  it('finds by a name fragment of 2 or more Chinese characters anywhere in a name of up to 4, or by pinyin initials', async () => {
    expect(await find('张三')).toEqual(['张三丰']);
    expect(await find('三丰')).toEqual(['张三丰']);
    expect(await find('张三丰')).toEqual(['张三丰']);
    expect(await find('阳娜')).toEqual(['欧阳娜娜']);
    expect(await find('娜娜')).toEqual(['欧阳娜娜']);
    expect(await find('阳娜娜')).toEqual(['欧阳娜娜']);
    expect(await find('张丰')).toEqual([]);
    expect(await find('ZS')).toEqual(['张三丰']);
    expect(await find('oy')).toEqual(['欧阳娜娜']);
  });

  it("finds by card number, never another tenant's row", async () => {
    expect(await find('880001')).toEqual(['张三丰']);
    expect(await find('990001')).toEqual([]);
    expect(
      await inTenant(db, b.tenantId, (tx) => tx.select({ name: members.name }).from(members).where(searchCondition('880001', fields))),
    ).toEqual([{ name: '张三' }]);
  });

  it('leaves a blank or one-character keyword to the caller when no numbers are searched', () => {
    expect(searchCondition('  ', fields)).toBeUndefined();
    expect(searchCondition('张', { name: fields.name })).toBeUndefined();
    expect(searchCondition('张', fields)).toBeDefined();
    expect(prefixEnd('1239')).toBe('123:');
    expect(prefixEnd('张')).toBe('张'.replace('张', String.fromCodePoint('张'.codePointAt(0)! + 1)));
  });

  const rows = async (tx: Db, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const plan = async (tx: Db, query: SQL) =>
    (await rows(tx, sql`explain (costs off) ${query}`)).map((row) => String(Object.values(row)[0])).join('\n');

  it('answers each kind from a (tenant_id, …) index under the policy', async () => {
    for (const [keyword, indexed] of [
      ['1234', 'mobile_tail ='],
      ['阳娜', 'name_gram2 ='],
      ['zs', 'initials ~>=~'],
      ['880001', 'card_no ='],
    ]) {
      const text = await inTenant(db, a.tenantId, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return plan(tx, sql`select * from ${members} where ${searchCondition(keyword, fields)}`);
      });
      const conds = text.split('\n').filter((l) => l.includes('Index Cond'));
      expect(
        conds.some((l) => l.includes(indexed) && l.includes('tenant_id')),
        text,
      ).toBe(true);
    }
  });

  it('the tenant function is parallel safe, stable and needs no superuser to mark; a query under the policy may run in parallel', async () => {
    const fn = await rows(db, sql`select proparallel, provolatile, proleakproof from pg_proc where proname = 'app_current_tenant'`);
    expect(fn[0]).toEqual({ proparallel: 's', provolatile: 's', proleakproof: false });
    if (t.database.kind !== 'postgres') return; // PGlite is one process: no parallel workers
    const text = await inTenant(db, a.tenantId, async (tx) => {
      for (const setting of [
        'parallel_setup_cost = 0',
        'parallel_tuple_cost = 0',
        'min_parallel_table_scan_size = 0',
        'max_parallel_workers_per_gather = 2',
      ])
        await tx.execute(sql.raw(`set local ${setting}`));
      return plan(tx, sql`select count(*) from ${members} where name like '%娜%'`);
    });
    expect(text).toMatch(/Gather/);
    expect(text).toMatch(/Parallel Seq Scan/);
  });
});
