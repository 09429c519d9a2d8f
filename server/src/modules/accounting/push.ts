import fs from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNTING_MAX_TRIES, type DataSettings } from '@headoffice/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ACCOUNTING_PUSH_JOB, queuePush } from '../../platform/accounting-outbox.js';
import { documentType } from '../../platform/documents.js';
import { backoffSeconds, defineJob } from '../../platform/jobs.js';
import { yuanAmount } from '../../platform/money.js';
import { accountingOutbox } from '../../platform/schema.js';
import { inTenant } from '../../platform/tenancy.js';
import { urlRefusal } from './hosts.js';
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

/** An adapter that pushes nothing: the settings name a URL the server no longer allows (its list changed). */
const refusing = (message: string): AccountingAdapter => ({ name: 'http', push: async () => ({ ok: false, message }) });

export function adapterFor(settings: DataSettings): AccountingAdapter {
  if (settings.accountingAdapter !== 'http') return fileAdapter();
  const refused = urlRefusal(settings.accountingUrl);
  if (!refused) return httpAdapter(settings.accountingUrl as string);
  return refusing(
    refused.key === 'accountingHttpOff'
      ? '服务器未允许推送到外部地址，未推送'
      : `地址的主机 ${refused.host} 不在服务器允许的列表中，未推送`,
  );
}

const o = accountingOutbox;
const pending = and(eq(o.isTs, 0), lt(o.jobCount, ACCOUNTING_MAX_TRIES));

/** Rows claimed at once, and how long a claim holds them (each push waits at most 10 s). */
const CLAIM_BATCH = 10;
const LEASE_SECONDS = CLAIM_BATCH * 15 + 30;

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

type Claimed = typeof accountingOutbox.$inferSelect;

/**
 * Claims the tenant's oldest due rows in one short transaction (`for update skip locked`: rows another
 * pusher is claiming are passed by): their next try is moved to the claim's end, so no other pusher takes
 * them while this one pushes; one that dies before recording leaves them due again when the claim ends.
 * Each row answers with its claim (its `nextTryAt`), which the record of its try must still find.
 */
export function claimDue(db: Db, tenantId: number, limit = CLAIM_BATCH, leaseSeconds = LEASE_SECONDS): Promise<Claimed[]> {
  return inTenant(db, tenantId, async (tx) => {
    // clock_timestamp(): rows queued since this transaction began are due too.
    const rows = await tx
      .select()
      .from(o)
      .where(and(pending, sql`${o.nextTryAt} <= clock_timestamp()`))
      .orderBy(asc(o.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!rows.length) return [];
    const claims = await tx
      .update(o)
      .set({ nextTryAt: sql`date_trunc('milliseconds', statement_timestamp()) + make_interval(secs => ${leaseSeconds})` })
      .where(
        inArray(
          o.id,
          rows.map((r) => r.id),
        ),
      )
      .returning({ id: o.id, nextTryAt: o.nextTryAt });
    const until = new Map(claims.map((c) => [c.id, c.nextTryAt]));
    return rows.map((r) => ({ ...r, nextTryAt: until.get(r.id) as Date }));
  });
}

/**
 * Records a try of a claimed row in its own transaction: pushed, marked with its time; failed, the try
 * counted with its message and the next one after 10 s, 20 s, 40 s … until its tries are spent (then it
 * stays failed until re-queued). A row whose claim is gone (re-queued by hand meanwhile) keeps its new
 * state; the try is logged either way.
 */
export function recordTry(db: Db, tenantId: number, row: Claimed, adapter: AccountingAdapter['name'], result: PushResult) {
  const tries = row.jobCount + 1;
  return inTenant(db, tenantId, async (tx) => {
    await tx
      .update(o)
      .set(
        result.ok
          ? { isTs: 1, jobCount: tries, jobLog: null, pushedAt: sql`clock_timestamp()` }
          : {
              jobCount: tries,
              jobLog: result.message.slice(0, 1000),
              nextTryAt: sql`clock_timestamp() + make_interval(secs => ${backoffSeconds(tries)})`,
            },
      )
      .where(and(eq(o.id, row.id), eq(o.isTs, 0), eq(o.nextTryAt, row.nextTryAt)));
    await tx
      .insert(accountingPushLogs)
      .values({ tenantId, outboxId: row.id, adapter, ok: result.ok ? 1 : 0, message: result.message.slice(0, 1000) });
  });
}

/**
 * Pushes the tenant's due rows, oldest first, holding no transaction while a push waits on the adapter:
 * the settings are read (and the log older than their retention days removed) in one short transaction,
 * each batch is claimed in another (`claimDue`), pushed, and each try recorded in its own (`recordTry`).
 * Rows that wait are pushed by a job queued for the earliest of them. Answers how many were tried.
 */
export async function pushDue(db: Db, tenantId: number, adapter?: AccountingAdapter): Promise<number> {
  const settings = await inTenant(db, tenantId, async (tx) => {
    const read = await readDataSettings(tx);
    // The log is kept the days the data settings say (at most 10,000 rows a run).
    await tx.execute(sql`
      delete from accounting_push_logs where (tenant_id, id) in (
        select tenant_id, id from accounting_push_logs
        where at < now() - make_interval(days => ${read.retentionDays}) limit 10000)`);
    return read;
  });
  const through = adapter ?? adapterFor(settings);
  let tried = 0;
  for (;;) {
    const rows = await claimDue(db, tenantId);
    if (!rows.length) break;
    for (const r of rows) {
      await recordTry(db, tenantId, r, through.name, await through.push(voucherOf(r)));
      tried++;
    }
  }
  await inTenant(db, tenantId, async (tx) => {
    const [next] = await tx
      .select({ at: sql<number | null>`extract(epoch from min(${o.nextTryAt}))::float8` })
      .from(o)
      .where(pending);
    if (next?.at != null) {
      const at = new Date(Number(next.at) * 1000);
      await queuePush(tx, tenantId, at, `retry:${at.toISOString()}`);
    }
  });
  return tried;
}

// The push waits on the network: the job holds no transaction (it opens its own short ones).
defineJob(ACCOUNTING_PUSH_JOB, (db, _payload, job) => pushDue(db, job.tenantId).then(() => undefined), { transaction: false });
