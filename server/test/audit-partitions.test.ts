import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_MONTHS_AHEAD } from '../src/db/migrate.js';
import { auditLog } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';

/** audit_log_YYYY_MM of a date, months in UTC. */
const monthOf = (date: Date) => `audit_log_${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsFromNow = (n: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 15));
};

describe('the audit log, partitioned by month', async () => {
  const t = await build();
  const a = await t.tenant();
  const b = await t.tenant();
  const { db } = t.database;
  const rows = async <R>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: R[] }).rows;
  const partitions = async () =>
    (
      await rows<{ name: string }>(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'audit_log'::regclass order by 1`)
    ).map((r) => r.name);

  it('has a partition for this month and the next ones, and a default one', async () => {
    const [kind] = await rows<{ relkind: string }>(sql`select relkind from pg_class where oid = 'audit_log'::regclass`);
    expect(kind.relkind).toBe('p');
    const names = await partitions();
    for (let n = 0; n <= AUDIT_MONTHS_AHEAD; n++) expect(names).toContain(monthOf(monthsFromNow(n)));
    expect(names).toContain('audit_log_default');
    expect(names).not.toContain(monthOf(monthsFromNow(AUDIT_MONTHS_AHEAD + 1)));
  });

  it("a write's audit row lands in this month's partition, and each tenant sees its own rows only", async () => {
    const res = await a.admin.post('/api-chain/dictregion/save', { code: 'AUD1', name: '审计大区' });
    expect(res.status).toBe(200);
    const [row] = await rows<{ partition: string; tenant_id: number }>(
      sql`select tableoid::regclass::text as partition, tenant_id from audit_log where tenant_id = ${a.tenantId} and entity_id = ${res.body.data.id} and action like '%dictregion%'`,
    );
    expect(row).toEqual({ partition: monthOf(new Date()), tenant_id: a.tenantId });
    const seen = await inTenant(db, b.tenantId, (tx) => tx.select({ tenantId: auditLog.tenantId }).from(auditLog));
    expect(seen.every((r) => r.tenantId === b.tenantId)).toBe(true);
    expect(
      await inTenant(db, b.tenantId, (tx) => tx.select().from(auditLog).where(sql`${auditLog.entityId} = ${res.body.data.id}`)),
    ).toEqual([]);
  });

  it('a row of a month without its partition waits in the default one, and moves, id kept, when the month is made', async () => {
    const later = monthsFromNow(AUDIT_MONTHS_AHEAD + 2);
    const [stored] = await rows<{ id: number }>(
      sql`insert into audit_log (tenant_id, action, entity, at) values (${a.tenantId}, 'POST /later', 'test', ${later.toISOString()}) returning id`,
    );
    const where = async () =>
      (await rows<{ partition: string }>(sql`select tableoid::regclass::text as partition from audit_log where id = ${stored.id}`))[0]
        ?.partition;
    expect(await where()).toBe('audit_log_default');
    const [made] = await rows<{ made: number }>(sql`select audit_log_add_months(now(), ${AUDIT_MONTHS_AHEAD + 2}) as made`);
    // the two months after the ones made at start (and those of older rows another suite left waiting)
    expect(made.made).toBeGreaterThanOrEqual(2);
    expect(await partitions()).toEqual(expect.arrayContaining([monthOf(monthsFromNow(AUDIT_MONTHS_AHEAD + 1)), monthOf(later)]));
    expect(await where()).toBe(monthOf(later));
    // the moved month is a tenant table like the others: the app role reads it through the policy
    const mine = await inTenant(db, a.tenantId, (tx) =>
      tx.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.action} = 'POST /later'`),
    );
    expect(mine).toEqual([{ id: stored.id }]);
    expect(await inTenant(db, b.tenantId, (tx) => tx.select().from(auditLog).where(sql`${auditLog.action} = 'POST /later'`))).toEqual([]);
  });

  it('a query of recent days reads only the months it needs', async () => {
    const text = await inTenant(db, a.tenantId, async (tx) =>
      (
        (await tx.execute(
          sql`explain (costs off) select id from audit_log where at >= now() - interval '1 day' and at < now()`,
        )) as unknown as {
          rows: Record<string, unknown>[];
        }
      ).rows
        .map((r) => String(Object.values(r)[0]))
        .join('\n'),
    );
    expect(text).not.toMatch(new RegExp(monthOf(monthsFromNow(AUDIT_MONTHS_AHEAD))));
    expect(text).toMatch(/audit_log_/);
  });
});
