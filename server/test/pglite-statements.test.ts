import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PgliteStatements } from '../src/db/pglite-statements.js';

describe('PgliteStatements: PGlite queries prepared once, run in one call', async () => {
  const client = await PGlite.create();
  afterAll(() => client.close());
  await client.exec(`
    create table notes (id serial primary key, title text not null unique, weight numeric(12,2), body jsonb,
      tags text[], at timestamptz, day date, done boolean);
  `);
  const statements = new PgliteStatements(client, 3);
  const db = drizzle(statements as unknown as PGlite);
  const count = async () => Number((await client.query<{ n: number }>('select count(*)::int as n from notes')).rows[0].n);

  it('answers as PGlite itself: values of every type in and out, in both row modes, the same text many times', async () => {
    const at = new Date('2026-03-04T05:06:07.000Z');
    for (const [i, title] of ['a', 'b', '中文'].entries())
      await db.execute(
        sql`insert into notes (title, weight, body, tags, at, day, done) values (${title}, ${i + 0.5}, ${JSON.stringify({ i, s: '引号"' })}, ${`{x,${title}}`}, ${at}, ${'2026-03-04'}, ${i === 1})`,
      );
    const text = 'select title, weight, body, tags, at, day, done from notes where title = $1';
    for (const title of ['a', 'b', '中文', 'a']) {
      const own = await client.query(text, [title]);
      const ours = await statements.query(text, [title]);
      expect(ours.rows).toEqual(own.rows);
      expect(ours.fields).toEqual(own.fields);
    }
    const arrays = await statements.query<unknown[]>(text, ['b'], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['b', '1.50', { i: 1, s: '引号"' }, ['x', 'b'], at, new Date('2026-03-04T00:00:00.000Z'), true]]);
    expect((await statements.query('update notes set done = $1 where done = $2', [true, false])).affectedRows).toBe(2);
    expect((await statements.query('select title from notes where title = $1', [null])).rows).toEqual([]);
  });

  it("keeps the database's error and its code, with the statement; the next query runs", async () => {
    const error = await statements.query('insert into notes (title) values ($1)', ['a']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: 'insert into notes (title) values ($1)', params: ['a'] });
    const syntax = await statements.query('select from where', []).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect(await count()).toBe(3);
  });

  it('rolls a failed transaction back whole, and its statements stay usable after it', async () => {
    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (title) values (${'in a transaction'})`);
        await tx.execute(sql`insert into notes (title) values (${'a'})`);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ cause: { code: '23505' } });
    expect(await count()).toBe(3);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (title) values (${'in a transaction'})`);
    });
    expect(await count()).toBe(4);
  });

  it('closes the least recently used statement past its limit, and prepares it again when asked', async () => {
    for (const n of [1, 2, 3, 4, 5]) expect((await statements.query(`select $1::int + ${n} as v`, [1])).rows).toEqual([{ v: n + 1 }]);
    expect(statements.size).toBe(3);
    // the closed statements are closed in the database too
    const prepared = async () =>
      (await statements.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements', [])).rows[0].n;
    expect(await prepared()).toBe(3);
    expect((await statements.query('select $1::int + 1 as v', [1])).rows).toEqual([{ v: 2 }]);
    expect(await prepared()).toBe(3);
  });

  it('delivers the notifications a statement raises', async () => {
    const heard: string[] = [];
    await client.listen('pglite_statements_test', (payload) => heard.push(payload));
    await statements.query("select pg_notify('pglite_statements_test', $1)", ['hello']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(['hello']);
  });
});
