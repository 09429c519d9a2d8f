import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TOTAL_CAP } from '../src/platform/paging.js';
import { build } from './helpers.js';

const E = '/api-chain/employee';
const ROWS = TOTAL_CAP + 50;
const code = (i: number) => `E${String(i).padStart(6, '0')}`;

describe('paging a big list', async () => {
  const t = await build();
  const a = await t.tenant();
  await t.database.db.execute(sql`
    insert into employees (tenant_id, eecode, name, entry_date, status)
    select ${a.tenantId}, 'E' || lpad(i::text, 6, '0'), '员工' || i, date '2024-01-01', case when i % 1000 = 0 then 0 else 1 end
    from generate_series(1, ${ROWS}) as i`);
  const list = async (q: Record<string, unknown>) => {
    const res = await a.admin.get(E, q);
    expect(res.status).toBe(200);
    return res.body.data as { list: { eecode: string }[]; total: number; totalCapped?: true };
  };

  it('stops counting at the cap and says so', async () => {
    const first = await list({ page: 1 });
    expect(first.list.map((r) => r.eecode)).toEqual(Array.from({ length: 20 }, (_, i) => code(i + 1)));
    expect(first).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
  });

  it('serves deep pages in order, past the cap too, by deferred join', async () => {
    const deep = await list({ page: 400 });
    expect(deep.list.map((r) => r.eecode)).toEqual(Array.from({ length: 20 }, (_, i) => code(7981 + i)));
    const pastCap = await list({ page: 502 });
    expect(pastCap.list.map((r) => r.eecode)).toEqual(Array.from({ length: 20 }, (_, i) => code(10021 + i)));
    expect(pastCap).toMatchObject({ total: 10040, totalCapped: true });
    const backwards = await list({ page: 2, sort: '-eecode' });
    expect(backwards.list.map((r) => r.eecode)).toEqual(Array.from({ length: 20 }, (_, i) => code(ROWS - 20 - i)));
  });

  it('knows the exact total without counting on a last page, and counts a narrower filter exactly', async () => {
    const last = await list({ page: Math.ceil(ROWS / 20) });
    expect(last.list).toHaveLength(ROWS % 20 || 20);
    expect(last.total).toBe(ROWS);
    expect(last.totalCapped).toBeUndefined();
    const off = await list({ status: 0, pageSize: 5 });
    expect(off.total).toBe(Math.floor(ROWS / 1000));
    expect(off.totalCapped).toBeUndefined();
    expect(off.list.map((r) => r.eecode)).toEqual([1000, 2000, 3000, 4000, 5000].map(code));
    const past = await list({ page: 9999 });
    expect(past.list).toEqual([]);
    expect(past.total).toBe(TOTAL_CAP);
  });
});
