import { fundRedepositBill } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inVisibleShops } from '../../platform/auth.js';
import { registerBillImport } from '../../platform/bill-import.js';
import { billType } from '../../platform/bills.js';
import { shops } from '../org/public.js';
import { fundRedepositPhotos, fundRedeposits } from './schema.js';

// Petty cash a shop pays back (备用金回存单, fundhcbill): saved by the shop, audited, then reviewed by
// finance; a reviewed redeposit lowers the shop's petty-cash balance.

export const redepositType = billType(fundRedepositBill, {
  table: fundRedeposits,
  dateField: 'billDate',
  numberPrefix: 'HC',
  lines: { table: fundRedepositPhotos },
  signs: { audit: 'audited', review: 'reviewed' },
  accounting: { push: ['review'], reverse: ['cancelReview'], amount: 'amount' },
  reasons: { reject: 'rejectReason' },
});

/** The import of redeposits (saveSystem): each row a draft redeposit of a shop; a row dated in a locked period fails the whole import. */
export function registerRedepositImport(app: FastifyInstance) {
  registerBillImport(app, redepositType, {
    name: ['备用金回存', 'Petty-cash redeposits'],
    columns: [
      { key: 'shopId', title: ['门店', 'Shop'], required: true, lookup: { table: shops, scope: (auth) => inVisibleShops(auth, shops.id) } },
      { key: 'billDate', title: ['回存日期', 'Date'], type: 'date', required: true },
      { key: 'amount', title: ['金额(元)', 'Amount (yuan)'], required: true, example: '300.00' },
      { key: 'handler', title: ['经手人', 'Handled by'] },
      { key: 'reason', title: ['回存原因', 'Reason'] },
      { key: 'memo', title: ['备注', 'Memo'] },
    ],
    schema: z.object({
      shopId: z.number().int().positive(),
      billDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      amount: z.coerce
        .number()
        .refine((v) => v > 0 && v <= 10_000_000, '金额须大于 0')
        .transform((v) => Math.round(v * 100)),
      handler: z.string().max(32).nullish(),
      reason: z.string().max(200).nullish(),
      memo: z.string().max(500).nullish(),
    }),
    bills: (rows) => rows.map((row) => ({ ...row, lines: [] })),
  });
}
