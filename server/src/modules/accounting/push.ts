import fs from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNTING_MAX_TRIES, type DataSettings } from '@headoffice/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ACCOUNTING_PUSH_JOB, queuePush } from '../../platform/accounting-outbox.js';
import { documentType } from '../../platform/documents.js';
import { backoffSeconds, defineJob } from '../../platform/jobs.js';
import { yuanAmount } from '../../platform/money.js';
import { accountingOutbox } from '../../platform/schema.js';
import { accountingPushLogs } from './schema.js';
import { readDataSettings } from './settings.js';

/** What the accounting system receives of an outbox row: one voucher. */
export interface Voucher {
  /** The outbox row's id: the voucher's key (a voucher pushed twice is the same voucher). */
  id: number;
  tenantId: number;
  docType: string;
  btname: string;
  billId: number;
  billNo: string;
  action: string;
  shopId: number | null;
  businessDate: string;
  yearMonth: string;
  /** Cents, and yuan as text; negative on a reversal. */
  amount: number;
  amountYuan: string;
  isHc: number;
  reversesId: number | null;
}

export type PushResult = { ok: true; message: string } | { ok: false; message: string };

export interface AccountingAdapter {
  readonly name: 'file' | 'http';
  push(voucher: Voucher): Promise<PushResult>;
}

/** Where the file adapter writes: `<DATA_DIR>/vouchers`, set when the module's routes are registered. */
let voucherRoot = path.resolve('data', 'vouchers');
export const setVoucherRoot = (dir: string) => {
  voucherRoot = dir;
};
/** The day's voucher file of a tenant: one JSON line per voucher. */
export const voucherFile = (tenantId: number, day: string) => path.join(voucherRoot, String(tenantId), `${day}.jsonl`);

/**
 * The default adapter: each voucher appended as a JSON line to its tenant's file of its business day. A voucher
 * already in the file (by its id) is not appended again: a push repeated after a rolled-back try, or a row
 * re-queued by hand, leaves the file as it was.
 */
export function fileAdapter(): AccountingAdapter {
  const seen = new Map<string, Set<number>>();
  const idsIn = async (file: string) => {
    let ids = seen.get(file);
    if (ids) return ids;
    ids = new Set();
    const text = await fs.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '';
      throw e;
    });
    for (const line of text.split('\n'))
      if (line.trim()) {
        try {
          ids.add(Number((JSON.parse(line) as { id: unknown }).id));
        } catch {
          // A torn last line (a crash mid-write) holds no voucher; the voucher is written again after it.
        }
      }
    seen.set(file, ids);
    return ids;
  };
  return {
    name: 'file',
    async push(v) {
      const file = voucherFile(v.tenantId, v.businessDate);
      try {
        const ids = await idsIn(file);
        if (ids.has(v.id)) return { ok: true, message: `已在 ${path.basename(file)} 中，未重复写入` };
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.appendFile(file, `${JSON.stringify(v)}\n`);
        ids.add(v.id);
        return { ok: true, message: `已写入 ${path.basename(file)}` };
      } catch (e) {
        return { ok: false, message: (e as Error).message };
      }
    },
  };
}

/** POSTs each voucher as JSON to the configured URL (`Idempotency-Key`: the row); any answer but 2xx is a failed try. */
export function httpAdapter(url: string, fetcher: typeof fetch = fetch): AccountingAdapter {
  return {
    name: 'http',
    async push(v) {
      try {
        const res = await fetcher(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `voucher-${v.tenantId}-${v.id}` },
          body: JSON.stringify(v),
          signal: AbortSignal.timeout(10_000),
        });
        const text = (await res.text().catch(() => '')).slice(0, 500);
        return res.ok ? { ok: true, message: `HTTP ${res.status}` } : { ok: false, message: `HTTP ${res.status} ${text}`.trim() };
      } catch (e) {
        return { ok: false, message: `无法连接：${(e as Error).message}` };
      }
    },
  };
}

export const adapterFor = (settings: DataSettings): AccountingAdapter =>
  settings.accountingAdapter === 'http' && settings.accountingUrl ? httpAdapter(settings.accountingUrl) : fileAdapter();

const pending = and(eq(accountingOutbox.isTs, 0), lt(accountingOutbox.jobCount, ACCOUNTING_MAX_TRIES));

function voucherOf(r: typeof accountingOutbox.$inferSelect): Voucher {
  return {
    id: r.id,
    tenantId: r.tenantId,
    docType: r.docType,
    btname: documentType(r.docType)?.label[0] ?? r.docType,
    billId: r.billId,
    billNo: r.billNo,
    action: r.action,
    shopId: r.shopId,
    businessDate: r.businessDate,
    yearMonth: r.yearMonth,
    amount: r.amount,
    amountYuan: yuanAmount(r.amount),
    isHc: r.isHc,
    reversesId: r.reversesId,
  };
}

/**
 * Pushes the tenant's due rows (in its transaction), oldest first, each try kept (the log older than the
 * settings' retention days removed first): a pushed row is marked
 * with its time; a failed one counts the try, keeps the message and waits 10 s, 20 s, 40 s … before the next,
 * until its tries are spent (then it stays failed until re-queued). Rows that wait are pushed by a job queued
 * for the earliest of them. Answers how many were tried.
 */
export async function pushDue(tx: Db, tenantId: number, adapter?: AccountingAdapter): Promise<number> {
  const settings = await readDataSettings(tx);
  const through = adapter ?? adapterFor(settings);
  // The log is kept the days the data settings say (at most 10,000 rows a run).
  await tx.execute(sql`
    delete from accounting_push_logs where (tenant_id, id) in (
      select tenant_id, id from accounting_push_logs
      where at < now() - make_interval(days => ${settings.retentionDays}) limit 10000)`);
  let tried = 0;
  for (;;) {
    // clock_timestamp(): rows queued since this transaction began are due too.
    const rows = await tx
      .select()
      .from(accountingOutbox)
      .where(and(pending, sql`${accountingOutbox.nextTryAt} <= clock_timestamp()`))
      .orderBy(asc(accountingOutbox.id))
      .limit(50)
      .for('update', { skipLocked: true });
    if (!rows.length) break;
    for (const r of rows) {
      const result = await through.push(voucherOf(r));
      const tries = r.jobCount + 1;
      await tx
        .update(accountingOutbox)
        .set(
          result.ok
            ? { isTs: 1, jobCount: tries, jobLog: null, pushedAt: sql`clock_timestamp()` }
            : {
                jobCount: tries,
                jobLog: result.message.slice(0, 1000),
                nextTryAt: sql`clock_timestamp() + make_interval(secs => ${backoffSeconds(tries)})`,
              },
        )
        .where(eq(accountingOutbox.id, r.id));
      await tx
        .insert(accountingPushLogs)
        .values({ tenantId, outboxId: r.id, adapter: through.name, ok: result.ok ? 1 : 0, message: result.message.slice(0, 1000) });
      tried++;
    }
  }
  const [next] = await tx
    .select({ at: sql<number | null>`extract(epoch from min(${accountingOutbox.nextTryAt}))::float8` })
    .from(accountingOutbox)
    .where(pending);
  if (next?.at != null) {
    const at = new Date(Number(next.at) * 1000);
    await queuePush(tx, tenantId, at, `retry:${at.toISOString()}`);
  }
  return tried;
}

defineJob(ACCOUNTING_PUSH_JOB, (tx, _payload, job) => pushDue(tx, job.tenantId).then(() => undefined));
