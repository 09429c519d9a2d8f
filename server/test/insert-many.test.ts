import { asc, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertMany } from '../src/db/insert-many.js';
import { build, makeTables } from './helpers.js';

const schema = pgSchema('insert_many_test');
const notes = schema.table('notes', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
  title: text('title').notNull(),
  weight: integer('weight').notNull().default(7),
  body: jsonb('body').$type<{ ids: number[]; label?: string }>(),
  tags: text('tags').array(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  written: timestamp('written', { withTimezone: true }),
});

describe('insertMany: many rows as one JSON parameter', async () => {
  const t = await build();
  await makeTables(t.database, schema, { notes });
  const db = t.database.db;

  it('keeps the given values of every column type, gives the defaults where a row leaves a column out, and answers in the order given', async () => {
    const written = new Date('2026-03-04T05:06:07.000Z');
    const rows = [
      { title: 'a', body: { ids: [1, 2], label: '引号"与\\反斜杠' }, tags: ['x', 'y'] },
      { title: 'b', weight: 3, written },
      { title: 'c', body: null },
      { title: 'd', weight: 0, tags: [] },
      { title: '中文', weight: -1 },
    ];
    const answered = await insertMany(db, notes, rows, ['id', 'title', 'weight', 'written']);
    expect(answered.map((r) => r.title)).toEqual(['a', 'b', 'c', 'd', '中文']);
    expect(answered.map((r) => r.weight)).toEqual([7, 3, 7, 0, -1]);
    expect(answered[1].written).toEqual(written);
    const ids = answered.map((r) => r.id);
    const stored = await db.select().from(notes).where(sql`${notes.id} in ${ids}`).orderBy(asc(notes.id));
    expect(stored.map((r) => r.title).sort()).toEqual(['a', 'b', 'c', 'd', '中文'].sort());
    const byTitle = new Map(stored.map((r) => [r.title, r]));
    expect(byTitle.get('a')).toMatchObject({ body: { ids: [1, 2], label: '引号"与\\反斜杠' }, tags: ['x', 'y'], weight: 7, written: null });
    expect(byTitle.get('b')?.written).toEqual(written);
    expect(byTitle.get('c')?.body).toBeNull();
    expect(byTitle.get('d')?.tags).toEqual([]);
    for (const row of stored) expect(row.at).toBeInstanceOf(Date);
    // rows of the same columns keep their order in the identity too
    const same = await insertMany(db, notes, [{ title: 'p' }, { title: 'q' }, { title: 'r' }], ['id', 'title']);
    expect(same.map((r) => r.title)).toEqual(['p', 'q', 'r']);
    expect([...same.map((r) => r.id)].sort((x, y) => x - y)).toEqual(same.map((r) => r.id));
  });

  it('does nothing for no rows and answers nothing without `returning`', async () => {
    expect(await insertMany(db, notes, [])).toEqual([]);
    expect(await insertMany(db, notes, [{ title: 'quiet' }])).toEqual([]);
    const [row] = await db.select().from(notes).where(sql`${notes.title} = 'quiet'`);
    expect(row.weight).toBe(7);
  });

  it('refuses a key that is not a column before writing anything', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(notes);
    await expect(insertMany(db, notes, [{ title: 'ok' }, { title: 'bad', colour: 'red' } as never])).rejects.toThrow(
      'colour is not a column',
    );
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(notes);
    expect(after[0].n).toBe(before[0].n);
  });
});
