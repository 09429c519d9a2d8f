import { fundRedepositBill } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { billType } from '../../platform/bills.js';
import { registerImport } from '../../platform/importer.js';
import { checkLocks } from '../../platform/period-locks.js';
import { shops } from '../org/public.js';
import { fundRedepositPhotos, fundRedeposits } from './schema.js';

// Petty cash a shop pays back (备用金回存单, fundhcbill): saved by the shop, audited, then reviewed by
// finance; a reviewed redeposit lowers the shop's petty-cash balance.

type Save = z.output<typeof fundRedepositBill.save>;

export const redepositType = billType(fundRedepositBill, {
  table: fundRedeposits,
  dateField: 'billDate',
  numberPrefix: 'HC',
  lines: { table: fundRedepositPhotos, billKey: fundRedepositPhotos.billId },
  signs: { audit: 'audited', review: 'reviewed' },
  reasons: { reject: 'rejectReason' },
});

/** The import of redeposits (saveSystem): each row a draft redeposit of a shop; a row dated in a locked period fails the whole import. */
const redepositImport = {
  name: ['备用金回存', 'Petty-cash redeposits'] as const,
  columns: [
    {
      key: 'shopId',
      title: ['门店', 'Shop'] as const,
      required: true,
      lookup: { table: shops, scope: (auth: Auth) => inVisibleShops(auth, shops.id) },
    },
    { key: 'billDate', title: ['回存日期', 'Date'] as const, type: 'date' as const, required: true },
    { key: 'amount', title: ['金额(元)', 'Amount (yuan)'] as const, required: true, example: '300.00' },
    { key: 'handler', title: ['经手人', 'Handled by'] as const },
    { key: 'reason', title: ['回存原因', 'Reason'] as const },
    { key: 'memo', title: ['备注', 'Memo'] as const },
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
  insert: async (tx: Db, rows: Omit<Save, 'lines'>[], auth: Auth) => {
    for (const row of rows) {
      const id = await redepositType.impl.save({ tx, auth, lang: 'zh-CN' }, { ...row, lines: [] });
      await checkLocks(tx, {
        doc: redepositType.doc,
        bill: { id, state: 'draft', version: 1, shopId: row.shopId, billDate: row.billDate },
        operation: 'save',
      });
    }
    return rows.length;
  },
};

export function registerRedepositImport(app: FastifyInstance) {
  registerImport(app, redepositImport as never, {
    templateUrl: `${fundRedepositBill.basePath}/excelTemplate`,
    importUrl: `${fundRedepositBill.basePath}/saveSystem`,
    perm: `${fundRedepositBill.perm}.edit`,
    entity: 'fundhcbill',
  });
}
