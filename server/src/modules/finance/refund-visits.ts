import {
  billBatchResult,
  billDetailSchema,
  billPath,
  date,
  refundVisitBill,
  VISIT_BY_REFUND,
  visitByRefundBody,
  visitFindings,
  visitSatisfaction,
  waiveByRefundBody,
} from '@headoffice/contract';
import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { type BillCtx, batch, billDetail, billType, insertDraft, runAction } from '../../platform/bills.js';
import { logBill, transition } from '../../platform/documents.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages, translate } from '../../platform/i18n.js';
import { registerImport } from '../../platform/importer.js';
import { tenantToday } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { cardRefundBills, refundVisitCalls, refundVisits } from './schema.js';

// The return visit of a reviewed card refund (退卡回访, cardtkhfhead): opened by the refund's review, or by hand for a
// reviewed refund without one; a call recorded (保存回访) makes it 回访中; then confirmed (已回访) or waived (免回访).

defineMessages({
  visitRefundNotReviewed: ['只能回访财务已复核的退卡单', 'Only a refund finance has reviewed can be visited'],
  visitOpenAlready: ['退卡单 {refundNo} 已有回访单 {billNo}', 'Refund {refundNo} already has the return visit {billNo}'],
  visitNoCall: ['请先保存至少一条回访记录', 'Record at least one call first'],
});

const ofRefund = (auth: Auth, refundId: number) =>
  and(eq(refundVisits.tenantId, auth.tenantId), eq(refundVisits.refundId, refundId), ne(refundVisits.state, 'voided'));

/** The refund visited: reviewed, its shop seen by the user (the engine checks `shopId`), no other visit not voided. */
async function prepare({ tx, auth }: BillCtx, body: { refundId: number }, bill?: { id: number }) {
  const where = and(eq(cardRefundBills.tenantId, auth.tenantId), eq(cardRefundBills.id, body.refundId));
  const [refund] = await tx.select().from(cardRefundBills).where(where);
  if (refund?.state !== 'reviewed') throw fieldError('refundId', 'visitRefundNotReviewed');
  const others = and(ofRefund(auth, refund.id), bill ? ne(refundVisits.id, bill.id) : undefined);
  const [other] = await tx.select({ billNo: refundVisits.billNo }).from(refundVisits).where(others);
  if (other) throw new AppError(409, 'visitOpenAlready', { refundNo: refund.billNo, billNo: other.billNo });
  return { shopId: refund.shopId, memberId: refund.memberId };
}

export const refundVisitType = billType(refundVisitBill, {
  table: refundVisits,
  numberPrefix: 'HF',
  lines: { table: refundVisitCalls },
  displays: {
    refundNo: ['refundId', 'billNo'],
    refundAt: ['refundId', 'reviewedAt'],
    totalMoney: ['refundId', 'totalMoney'],
    tkattr: ['refundId', 'tkattr'],
    mobile: ['memberId', 'mobile'],
  },
  prepare,
  conditions: {
    called: async (tx, bill) =>
      (await tx.select({ id: refundVisitCalls.id }).from(refundVisitCalls).where(eq(refundVisitCalls.billId, bill.id)).limit(1)).length >
        0 || new AppError(409, 'visitNoCall'),
  },
  actions: {
    record: async ({ tx, auth }, bill, { hstkattr, hfTime, note, ...call }) => {
      const [{ n }] = await tx.select({ n: count() }).from(refundVisitCalls).where(eq(refundVisitCalls.billId, bill.id));
      const day = hfTime ?? (await tenantToday(tx, auth.tenantId));
      await tx
        .insert(refundVisitCalls)
        .values({ tenantId: auth.tenantId, billId: bill.id, hfTime: day, hfBy: auth.name, ...call, memo: note, sort: n });
      return { state: 'visiting', ...(hstkattr ? { hstkattr } : {}) };
    },
  },
});

/** The refund's review opens its return visit (未回访), made by the reviewer; a refund visited already keeps its visit. */
export async function openVisit(tx: Db, auth: Auth, refund: { id: number; shopId: number; memberId: number }) {
  const [kept] = await tx.select({ id: refundVisits.id }).from(refundVisits).where(ofRefund(auth, refund.id));
  if (!kept)
    await insertDraft(refundVisitType, { tx, auth }, { refundId: refund.id, shopId: refund.shopId, memberId: refund.memberId }, []);
}

/** Cancelling the refund's review voids its visit not concluded (visited or waived ones stay, as what was done). */
export async function dropVisit(tx: Db, auth: Auth, refundId: number) {
  const open = and(ofRefund(auth, refundId), inArray(refundVisits.state, ['pending', 'visiting']));
  const changed = { state: 'voided', version: sql`${refundVisits.version} + 1`, updatedAt: new Date() };
  const voided = await tx.select({ id: refundVisits.id, state: refundVisits.state }).from(refundVisits).where(open).for('update');
  await tx.update(refundVisits).set(changed).where(open);
  for (const v of voided) await logBill(tx, refundVisitType.doc, v.id, 'void', v.state, 'voided', auth);
}

/** The visits of refunds named by id or bill number, not voided: each refund's newest. */
async function visitsOf(tx: Db, auth: Auth, refundIds: number[], refundNos: string[] = []) {
  const named = or(
    refundIds.length ? inArray(cardRefundBills.id, refundIds) : undefined,
    refundNos.length ? inArray(cardRefundBills.billNo, refundNos) : undefined,
  );
  const rows = await tx
    .selectDistinctOn([refundVisits.refundId], { id: refundVisits.id })
    .from(refundVisits)
    .innerJoin(cardRefundBills, and(eq(cardRefundBills.tenantId, refundVisits.tenantId), eq(cardRefundBills.id, refundVisits.refundId)))
    .where(and(eq(refundVisits.tenantId, auth.tenantId), ne(refundVisits.state, 'voided'), named))
    .orderBy(refundVisits.refundId, sql`${refundVisits.id} desc`);
  return rows.map((r) => r.id);
}

/**
 * 确认回访 and 免回访 where the seed lists them, under the refunds (cardtkhead/auditBill, censorforM): the same
 * steps of the refund's visit, with its rights and checks; a refund without a visit the user may see answers 404.
 */
export function registerVisitsByRefund(app: FastifyInstance) {
  const { visit, waive } = refundVisitBill.transitions;
  const ctxOf = (c: BillCtx) => ({ tx: c.tx, auth: c.auth, lang: c.lang });
  route(
    app,
    'POST',
    VISIT_BY_REFUND.visit,
    {
      summary: "Refund return visit: confirm the visit of the refund `id` (the visit's auditBill)",
      perm: visit.perm,
      body: visitByRefundBody,
      entity: 'cardtkhfhead',
      response: billDetailSchema(refundVisitBill),
    },
    async (c) => {
      const [id] = await visitsOf(c.tx, c.auth, [c.body.id]);
      if (!id) throw notFound();
      await transition(c.tx, refundVisitType.doc, { id, action: 'visit', memo: c.body.memo, lang: c.lang }, c.auth);
      return billDetail(refundVisitType, ctxOf(c), id);
    },
  );
  route(
    app,
    'POST',
    VISIT_BY_REFUND.waive,
    {
      summary: 'Refund return visits: waive the visits of the refunds named (ids or billcodes), each on its own',
      perm: waive.perm,
      body: waiveByRefundBody,
      entity: 'cardtkhfhead',
      idempotent: 'optional',
      response: billBatchResult,
    },
    async (c) => {
      const ids = await visitsOf(c.tx, c.auth, c.body.ids, c.body.billcodes);
      if (ids.length < new Set(c.body.ids).size) throw notFound();
      return batch(refundVisitType, ctxOf(c), ids, (tx, id) =>
        transition(tx, refundVisitType.doc, { id, action: 'waive', memo: c.body.memo, lang: c.lang }, c.auth),
      );
    },
  );
}

defineMessages({
  visitImportNoRefund: ['没有退卡单 {refundNo}', 'There is no refund {refundNo}'],
  visitImportNotOpen: ['退卡单 {refundNo} 没有未完成的回访单', 'Refund {refundNo} has no open return visit'],
});

/** The refunds named by number that the user sees, each with its open visit (未回访 or 回访中), if it has one. */
async function openVisitsByRefundNo(tx: Db, auth: Auth, numbers: string[]) {
  const open = and(
    eq(refundVisits.tenantId, cardRefundBills.tenantId),
    eq(refundVisits.refundId, cardRefundBills.id),
    inArray(refundVisits.state, ['pending', 'visiting']),
  );
  const refunds = await tx
    .select({ billNo: cardRefundBills.billNo, visitId: refundVisits.id })
    .from(cardRefundBills)
    .leftJoin(refundVisits, open)
    .where(
      and(
        eq(cardRefundBills.tenantId, auth.tenantId),
        inArray(cardRefundBills.billNo, numbers),
        inVisibleShops(auth, cardRefundBills.shopId),
      ),
    );
  return new Map(refunds.map((r) => [r.billNo as string, r.visitId]));
}

/**
 * 回访导入 (saveSystem): calls made away from the screen, one row each, recorded on the open visit of the refund
 * the row names, as 保存回访 records them (the importer the caller, the visit then 回访中); any bad row stores nothing.
 */
export function registerVisitImport(app: FastifyInstance) {
  const options = (list: Record<string, readonly [string, string]>) =>
    Object.entries(list).map(([value, labels]) => ({ value: Number(value), labels }));
  const def = refundVisitType.def;
  registerImport(
    app,
    {
      name: ['退卡回访记录', 'Refund return visit calls'],
      columns: [
        { key: 'refundNo', title: ['退卡单号', 'Refund no.'], required: true, example: 'TKSP20260304-0001' },
        { key: 'hfTime', title: ['回访日期', 'Call date'], type: 'date', example: '2026-03-05' },
        { key: 'finding', title: ['核实原因', 'Finding'], type: 'enum', required: true, options: options(visitFindings) },
        { key: 'satisfaction', title: ['满意度', 'Satisfaction'], type: 'enum', options: options(visitSatisfaction) },
        { key: 'note', title: ['备注', 'Memo'] },
      ],
      schema: z.object({
        refundNo: z.string().trim().min(1).max(40),
        hfTime: date.nullish(),
        finding: z.number().int(),
        satisfaction: z.number().int().nullish(),
        note: z.string().trim().max(500).nullish(),
      }),
      check: async (tx, rows, auth, lang) => {
        const visits = await openVisitsByRefundNo(tx, auth, [...new Set(rows.map((r) => r.value.refundNo))]);
        return rows.flatMap(({ row, value: { refundNo } }) => {
          if (visits.get(refundNo)) return [];
          const key = visits.has(refundNo) ? 'visitImportNotOpen' : 'visitImportNoRefund';
          return [{ row, key: 'refundNo', message: translate(lang, key, { refundNo }) }];
        });
      },
      insert: async (tx, rows, auth) => {
        const visits = await openVisitsByRefundNo(tx, auth, [...new Set(rows.map((r) => r.refundNo))]);
        for (const { refundNo, ...call } of rows)
          await runAction(refundVisitType, { tx, auth, lang: 'zh-CN' }, 'record', { id: visits.get(refundNo) as number, ...call });
        return rows.length;
      },
    },
    {
      templateUrl: billPath(def, 'excelTemplate'),
      importUrl: billPath(def, def.paths.import ?? 'saveSystem'),
      // A bill type's import is its edit right (the page offers it with that right); each call is then recorded with the visit's.
      perm: `${def.perm}.edit`,
      entity: 'cardtkhfhead',
    },
  );
}
