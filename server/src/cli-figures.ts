import type { Db } from './db/client.js';
import { findTenant } from './modules/identity/tenants.js';
import { rebuildDayFigures } from './platform/day-figures.js';
import { inTenant } from './platform/tenancy.js';

export const figuresUsage =
  '  npm run cli -- figures rebuild <tenant> <from YYYY-MM-DD> <to YYYY-MM-DD> [--shop <id>[,<id>...]] [--dry-run]';

const isDay = (s: string | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/**
 * `figures rebuild`: recomputes the daily figures of a tenant's days (and shops) from the records and
 * replaces them; with --dry-run only says where the table and the records differ. Answers what it prints.
 */
export async function figuresRebuild(db: Db, args: string[]): Promise<string> {
  const dryRun = args.includes('--dry-run');
  const shopFlag = args.indexOf('--shop');
  const shopIds = shopFlag >= 0 ? (args[shopFlag + 1] ?? '').split(',').map(Number) : undefined;
  if (shopIds && (!shopIds.length || shopIds.some((id) => !Number.isInteger(id) || id < 0)))
    throw new Error(`--shop takes shop ids separated by commas.\n${figuresUsage}`);
  const [code, from, to] = args.filter((a, i) => a !== '--dry-run' && (shopFlag < 0 || (i !== shopFlag && i !== shopFlag + 1)));
  if (!code || !isDay(from) || !isDay(to) || from > to)
    throw new Error(`A tenant's code and two days, the first not after the second.\n${figuresUsage}`);
  const tenant = await findTenant(db, code);
  if (!tenant) throw new Error(`No tenant with code ${code}.`);
  const { rows, differences } = await inTenant(db, tenant.id, (tx) => rebuildDayFigures(tx, tenant.id, { from, to, shopIds }, { dryRun }));
  const lines = differences.map(
    (d) =>
      `  shop ${d.key.shopId} ${d.key.day} pay type ${d.key.payTypeId} ${d.key.kind}: kept ${d.kept.amount} (${d.kept.count}), records ${d.recomputed.amount} (${d.recomputed.count})`,
  );
  const head = dryRun
    ? `${code} ${from}..${to}: ${rows} rows from the records, ${differences.length} differ from the table (nothing written).`
    : `${code} ${from}..${to}: ${rows} rows rebuilt from the records; ${differences.length} had differed.`;
  return [head, ...lines].join('\n');
}
