import {
  billDetailSchema as detailOf,
  FUNDS_API,
  fundBill,
  fundPhotoLine,
  gathertypeLogQuery,
  gathertypeLogRow,
} from '@headoffice/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { billDetail, lockEditable, registerBill, replaceLines, touched } from '../../platform/bills.js';
import { loadBill } from '../../platform/documents.js';
import { route } from '../../platform/route.js';
import { billLogs } from '../../platform/schema.js';
import { registerFundLocks } from './fund-locks.js';
import { registerFundRecords } from './fund-records.js';
import { fundType } from './funds.js';
import { registerExpenseControl } from './funds-expense.js';
import { redepositType, registerRedepositImport } from './funds-redeposits.js';
import { registerShopFunds } from './funds-shop.js';

// The routes of petty-cash requests besides the bill engine's: the payout regroupings (fundbillgtlog)
// and the photos; and the routes of the pages beside them (locks, expense control, the ledger, redeposits).

/** The photos of a request replaced while it may still be edited. */
const photosBody = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().positive().optional(),
  lines: z.array(fundPhotoLine).max(9),
});

export function registerFunds(app: FastifyInstance) {
  registerBill(app, fundType);
  registerFundLocks(app);
  registerExpenseControl(app);
  registerFundRecords(app);
  registerBill(app, redepositType);
  registerRedepositImport(app);
  registerShopFunds(app);
  route(
    app,
    'POST',
    FUNDS_API.photo,
    {
      summary: 'Replace the photos of a request that may still be edited',
      perm: 'finance.fundbill.edit',
      body: photosBody,
      entity: 'fundbillhead',
      idempotent: 'optional',
      response: detailOf(fundBill),
    },
    async ({ tx, auth, lang, body }) => {
      const ctx = { tx, auth, lang };
      const bill = await lockEditable(fundType, ctx, body.id, body.version);
      await replaceLines(fundType, ctx, bill.id, body.lines);
      await touched(fundType, ctx, bill);
      return billDetail(fundType, ctx, bill.id);
    },
  );
  route(
    app,
    'GET',
    FUNDS_API.gathertypeLog,
    {
      summary: 'The payout regroupings of a request (changeGathertype), oldest first',
      perm: 'finance.fundbill.view',
      query: gathertypeLogQuery,
      response: z.array(gathertypeLogRow),
    },
    async ({ tx, auth, query }) => {
      const bill = await loadBill(tx, fundType.doc, query.billId, auth);
      const rows = await tx
        .select()
        .from(billLogs)
        .where(and(eq(billLogs.docType, fundBill.docType), eq(billLogs.billId, bill.id), eq(billLogs.action, 'gathertype')))
        .orderBy(asc(billLogs.id));
      return rows.map((r) => ({
        id: r.id,
        billId: r.billId,
        from: (r.change?.from as number | null | undefined) ?? null,
        to: (r.change?.to as number | null | undefined) ?? null,
        memo: r.memo,
        username: r.username,
        at: r.at,
      }));
    },
  );
}
