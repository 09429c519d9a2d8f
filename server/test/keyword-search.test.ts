import { getTableName, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { productGrams, products } from '../src/modules/catalog/schema.js';
import { employeeGrams, employees } from '../src/modules/org/schema.js';
import { gramMatch, gramsOf } from '../src/platform/search.js';
import { inTenant } from '../src/platform/tenancy.js';
import { expectStatus, uniq } from './catalog-helpers.js';
import { build } from './helpers.js';

const P = '/api-chain/product';
const E = '/api-chain/employee';

describe('keyword search on products and employees, from the gram tables', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const { db } = t.database;

  const product = async (client: typeof a.admin, name: string) => {
    const res = await client.post(P, { pcode: `K${uniq()}`, name, unit: '瓶', barcode: `69${Date.now()}`.slice(0, 13) });
    expectStatus(res, 200);
    return (await client.get(`${P}/${res.body.data.id}`)).body.data as { id: number; pcode: string; barcode: string };
  };
  const found = async (client: typeof a.admin, keyword: string) =>
    ((await client.get(P, { keyword, pageSize: 200 })).body.data.list as { id: number }[]).map((r) => r.id);

  it('cuts a text into its 2-character pieces, lower case, without whitespace', () => {
    expect(gramsOf('Ab 修护')).toEqual(['ab', '修护']);
    expect(gramsOf('修')).toEqual([]);
  });

  it('finds a product by any fragment of two characters or more of its name, code or barcode, in one tenant only', async () => {
    const mine = await product(a.admin, '兰蔻小黑瓶精华修护液 Advanced 50ml');
    const theirs = await product(b.admin, '兰蔻小黑瓶精华修护液 Advanced 50ml');
    for (const keyword of ['修护', '精华修护液', 'advanced', 'VANCED 50', mine.pcode.slice(1, 5).toLowerCase(), mine.barcode.slice(4, 10)])
      expect(await found(a.admin, keyword), keyword).toContain(mine.id);
    expect(await found(a.admin, '修护')).not.toContain(theirs.id);
    expect(await found(b.admin, '修护')).toContain(theirs.id);
    expect(await found(a.admin, '修护液 Advancex')).not.toContain(mine.id);
    // one character: a contains-match on the tenant's catalogue
    expect(await found(a.admin, '瓶')).toContain(mine.id);
  });

  it('follows a renamed product, and forgets a deleted one', async () => {
    const p = await product(a.admin, '玫瑰晚霜');
    const renamed = await a.admin.post(P, { id: p.id, version: 1, pcode: p.pcode, name: '茉莉晚霜', unit: '瓶' });
    expectStatus(renamed, 200);
    expect(await found(a.admin, '玫瑰')).not.toContain(p.id);
    expect(await found(a.admin, '茉莉')).toContain(p.id);
    const grams = async () =>
      inTenant(db, a.tenantId, (tx) =>
        tx.select({ gram: productGrams.gram }).from(productGrams).where(sql`${productGrams.recordId} = ${p.id}`),
      );
    expect((await grams()).map((g) => g.gram)).toEqual(expect.arrayContaining(['茉莉', '莉晚', '晚霜']));
    await inTenant(db, a.tenantId, (tx) => tx.delete(products).where(sql`${products.id} = ${p.id}`));
    expect(await grams()).toEqual([]);
  });

  it('finds an employee by a fragment of the code, the name or the mobile (its last digits or its middle)', async () => {
    const res = await a.admin.post(E, { eecode: `G${uniq()}`, name: '欧阳娜娜', mobile: '13912345678', entryDate: '2025-01-02' });
    expectStatus(res, 200);
    const id = res.body.data.id as number;
    const list = async (keyword: string) =>
      ((await a.admin.get(E, { keyword, pageSize: 200 })).body.data.list as { id: number }[]).map((r) => r.id);
    for (const keyword of ['阳娜', '欧阳娜娜', '5678', '1234', '13912345678']) expect(await list(keyword), keyword).toContain(id);
    expect(await list('5679')).not.toContain(id);
    expect(((await b.admin.get(E, { keyword: '阳娜' })).body.data.list as { id: number }[]).map((r) => r.id)).not.toContain(id);
  });

  it('keeps the pinyin initials of Chinese text, with Latin letters and digits in lower case', async () => {
    const initials = async (text: string) =>
      ((await db.execute(sql`select app_pinyin_initials(${text}) as i`)) as unknown as { rows: { i: string }[] }).rows[0].i;
    expect(await initials('张三')).toBe('zs');
    expect(await initials('欧阳娜娜')).toBe('oynn');
    expect(await initials('A1 修护·液')).toBe('a1xhy');
    expect(await initials('')).toBe('');
  });

  it('finds a product and an employee by the pinyin initials of their names', async () => {
    const p = await product(a.admin, '玫瑰修护晚霜');
    expect(await found(a.admin, 'mgxh')).toContain(p.id);
    expect(await found(a.admin, 'XHWS')).toContain(p.id);
    expect(await found(b.admin, 'mgxh')).not.toContain(p.id);
    const res = await a.admin.post(E, { eecode: `G${uniq()}`, name: '司马相如', entryDate: '2025-01-02' });
    expectStatus(res, 200);
    const list = async (keyword: string) =>
      ((await a.admin.get(E, { keyword, pageSize: 200 })).body.data.list as { id: number }[]).map((r) => r.id);
    expect(await list('smxr')).toContain(res.body.data.id);
    expect(await list('xr')).toContain(res.body.data.id);
    expect(await list('smxq')).not.toContain(res.body.data.id);
  });

  const plan = async (tx: Db, query: SQL) =>
    ((await tx.execute(sql`explain (costs off) ${query}`)) as unknown as { rows: Record<string, unknown>[] }).rows
      .map((row) => String(Object.values(row)[0]))
      .join('\n');

  it('answers a fragment from the gram index under the policy', async () => {
    for (const [table, grams, text] of [
      [products, productGrams, products.searchText],
      [employees, employeeGrams, employees.name],
    ] as const) {
      const shown = await inTenant(db, a.tenantId, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return plan(tx, sql`select ${table.id} from ${table} where ${gramMatch(grams, table.id, text, '修护精华')}`);
      });
      expect(shown).toMatch(new RegExp(`(Index Only Scan using|Bitmap Index Scan on) ${getTableName(grams)}_tenant_id_gram_record_id_pk`));
      expect(shown).toMatch(/Index Cond: \(\(tenant_id = .*\) AND \(gram = /);
    }
  });
});
