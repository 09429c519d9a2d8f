import { ACCOUNTING_MAX_TRIES, type SyncState, type saveBatchBody, type syncListQuery, syncRow } from '@headoffice/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queuePush } from '../../platform/accounting-outbox.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { documentType, documentTypes } from '../../platform/documents.js';
import { notFound } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { containsPattern, offsetOf, pageOf } from '../../platform/paging.js';
import { accountingOutbox } from '../../platform/schema.js';
import { shops } from '../org/public.js';
import { accountingPushLogs } from './schema.js';

const o = accountingOutbox;

/** A row's state as SQL, the list's filter. */
const stateWhere: Record<SyncState, SQL> = {
  pushed: sql`${o.isTs} = 1`,
  failed: sql`${o.isTs} = 0 and ${o.jobCount} >= ${ACCOUNTING_MAX_TRIES}`,
  retrying: sql`${o.isTs} = 0 and ${o.jobCount} > 0 and ${o.jobCount} < ${ACCOUNTING_MAX_TRIES}`,
  queued: sql`${o.isTs} = 0 and ${o.jobCount} = 0`,
};
const stateOf = (r: { isTs: number; jobCount: number }): SyncState =>
  r.isTs === 1 ? 'pushed' : r.jobCount >= ACCOUNTING_MAX_TRIES ? 'failed' : r.jobCount > 0 ? 'retrying' : 'queued';

const labelOf = (docType: string, lang: Lang) => documentType(docType)?.label[lang === 'en-US' ? 1 : 0] ?? docType;

/** The types whose steps are queued, for the filter. */
const syncedTypes = (lang: Lang) =>
  documentTypes()
    .filter((d) => d.accounting)
    .map((d) => ({ value: d.docType, label: labelOf(d.docType, lang) }));

/** The rows a user sees: those of their shops (head office: every row). */
const seen = (auth: Auth) => inVisibleShops(auth, o.shopId);

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listSync(tx: Db, auth: Auth, lang: Lang, q: z.output<typeof syncListQuery>) {
  const where = and(
    seen(auth),
    q.btname ? eq(o.docType, q.btname) : undefined,
    q.shopid ? eq(o.shopId, q.shopid) : undefined,
    q.yearmonth ? eq(o.yearMonth, q.yearmonth) : undefined,
    q.state ? stateWhere[q.state] : undefined,
    q.keyword ? ilike(o.billNo, containsPattern(q.keyword)) : undefined,
    q.dateFrom ? gte(o.businessDate, q.dateFrom) : undefined,
    q.dateTo ? lte(o.businessDate, q.dateTo) : undefined,
  );
  const page = await pageOf(
    tx,
    q,
    tx
      .select({ row: o, shopName: shops.name })
      .from(o)
      .leftJoin(shops, eq(shops.id, o.shopId))
      .where(where)
      .orderBy(desc(o.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () => tx.select({ id: o.id }).from(o).where(where),
  );
  const [sum] = await tx
    .select({ amount: sql<number>`coalesce(sum(${o.amount}), 0)::float8` })
    .from(o)
    .where(where);
  return {
    ...page,
    list: page.list.map(({ row: r, shopName }) =>
      syncRow.parse({
        id: r.id,
        docType: r.docType,
        btname: labelOf(r.docType, lang),
        billId: r.billId,
        billNo: r.billNo,
        action: r.action,
        shopId: r.shopId,
        shopName,
        businessDate: r.businessDate,
        yearmonth: r.yearMonth,
        amount: r.amount,
        isTs: r.isTs,
        isHc: r.isHc,
        reversesId: r.reversesId,
        jobcount: r.jobCount,
        joblog: r.jobLog,
        state: stateOf(r),
        nextTryAt: r.isTs ? null : iso(r.nextTryAt),
        pushedAt: iso(r.pushedAt),
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    amount: Number(sum?.amount ?? 0),
    types: syncedTypes(lang),
  };
}

/** A row's tries, oldest first; a row the user does not see is 404. */
export async function syncLog(tx: Db, auth: Auth, id: number) {
  const [row] = await tx
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.id, id), seen(auth)));
  if (!row) throw notFound();
  const rows = await tx.select().from(accountingPushLogs).where(eq(accountingPushLogs.outboxId, id)).orderBy(asc(accountingPushLogs.id));
  return rows.map((r) => ({ id: r.id, adapter: r.adapter, ok: r.ok, message: r.message, at: r.at.toISOString() }));
}

/**
 * Re-queues rows (failed ones, or pushed ones to push again): their tries start over and the push job is
 * queued. Every id must be a row the user sees (404 otherwise, nothing re-queued). A reversal stays a
 * reversal: the original's pushed row is never changed by it.
 */
export async function saveBatch(tx: Db, auth: Auth, body: z.output<typeof saveBatchBody>) {
  const ids = [...new Set(body.ids)];
  const found = await tx
    .select({ id: o.id })
    .from(o)
    .where(and(inArray(o.id, ids), seen(auth)))
    .for('update');
  if (found.length !== ids.length) throw notFound();
  await tx.update(o).set({ isTs: 0, jobCount: 0, jobLog: null, nextTryAt: sql`now()`, pushedAt: null }).where(inArray(o.id, ids));
  await queuePush(tx, auth.tenantId);
  return { requeued: ids.length };
}
