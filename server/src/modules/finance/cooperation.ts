import { coopBill, shareOf } from '@headoffice/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inVisibleShops } from '../../platform/auth.js';
import { registerBillImport } from '../../platform/bill-import.js';
import { billType } from '../../platform/bills.js';
import { defineLabels } from '../../platform/i18n.js';
import { shops } from '../org/public.js';
import { coopBillLines, coopBills, cooperateItems } from './schema.js';

// 合作项目单 (coopbillhead, §9.8): each line takes its project's shop rate at the save (a later change of the
// dictionary leaves saved lines as they are): smoney = round(money × rate %), rmoney = money − smoney. The
// audit only fixes the bill. Head office's bills, a shop per line.

defineLabels({ coop_bills: ['合作项目单', 'partner project bills'], coopItem: ['合作项目', 'partner project'] });

export const coopType = billType(coopBill, {
  table: coopBills,
  numberPrefix: 'HZ',
  headOfficePerm: 'finance.coop.view',
  lines: { table: coopBillLines, shopKey: 'shopId', totals: { totalMoney: 'money', totalSmoney: 'smoney' } },
  lineValues: async ({ tx }, lines) => {
    const ids = [...new Set(lines.map((l) => l.coopItemId))];
    const rates = new Map(
      (
        await tx
          .select({ id: cooperateItems.id, rate: cooperateItems.shopRate })
          .from(cooperateItems)
          .where(inArray(cooperateItems.id, ids))
      ).map((r) => [r.id, Number(r.rate)]),
    );
    return lines.map((l) => {
      const shopRate = rates.get(l.coopItemId) ?? 0;
      const smoney = shareOf(l.money, shopRate);
      return { shopRate, smoney, rmoney: l.money - smoney };
    });
  },
  describe: {
    saveBill:
      'billDate, lines: rq, shopId, coopItemId, money (signed cents, not 0). Each line takes the project’s shop rate: smoney = round(money × shopRate / 100), rmoney = money − smoney. Audit (auditBill) fixes the bill.',
  },
});

/** The import (saveSystem): each row a line; the rows make one draft bill. */
export function registerCoopImport(app: FastifyInstance) {
  registerBillImport(app, coopType, {
    name: ['合作项目单', 'Partner project bills'],
    columns: [
      { key: 'rq', title: ['日期', 'Day'], type: 'date', required: true, example: '2026-01-31' },
      { key: 'shopId', title: ['门店', 'Shop'], required: true, lookup: { table: shops, scope: (auth) => inVisibleShops(auth, shops.id) } },
      { key: 'coopItemId', title: ['合作项目', 'Project'], required: true, lookup: { table: cooperateItems } },
      { key: 'money', title: ['金额(元)', 'Money (yuan)'], required: true, example: '1000.00' },
      { key: 'memo', title: ['备注', 'Memo'] },
    ],
    schema: z.object({
      rq: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
      shopId: z.number().int().positive(),
      coopItemId: z.number().int().positive(),
      money: z.coerce
        .number()
        .refine((v) => v !== 0 && Math.abs(v) <= 10_000_000, '金额须为非 0 的金额')
        .transform((v) => Math.round(v * 100)),
      memo: z.string().nullish(),
    }),
    bills: (rows) => (rows.length ? [{ memo: '导入', lines: rows }] : []),
  });
}
