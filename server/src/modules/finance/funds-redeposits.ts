import { fundRedepositBill } from '@headoffice/contract';
import { eq, getTableColumns, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, logBill, nextBillNumber } from '../../platform/documents.js';
import { registerImport } from '../../platform/importer.js';
import { businessDate } from '../../platform/numbering.js';
import { checkLocks } from '../../platform/period-locks.js';
import { loadShop, shops } from '../org/public.js';
import { fundRedepositPhotos, fundRedeposits } from './schema.js';

// Petty cash a shop pays back (备用金回存单, fundhcbill): saved by the shop, audited, then reviewed by
// finance; a reviewed redeposit lowers the shop's petty-cash balance.

type Save = z.output<typeof fundRedepositBill.save>;

async function today(tx: Db, tenantId: number) {
  const [tenant] = await tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return businessDate(tenant?.timeZone ?? 'Asia/Shanghai');
}

async function writePhotos(tx: Db, tenantId: number, billId: number, lines: Save['lines']) {
  await tx.delete(fundRedepositPhotos).where(eq(fundRedepositPhotos.billId, billId));
  if (lines.length)
    await tx.insert(fundRedepositPhotos).values(lines.map((l, i) => ({ tenantId, billId, url: l.url, sort: (i + 1) * 10 })));
}

async function save({ tx, auth }: BillCtx, body: Save, bill?: BillRow) {
  await loadShop(tx, auth, body.shopId);
  const head = {
    shopId: body.shopId,
    amount: body.amount,
    handler: body.handler ?? null,
    witness: body.witness ?? null,
    reason: body.reason ?? null,
    memo: body.memo ?? null,
  };
  if (bill) {
    await tx
      .update(fundRedeposits)
      .set({ ...head, ...(body.billDate ? { billDate: body.billDate } : {}) })
      .where(eq(fundRedeposits.id, bill.id));
    await writePhotos(tx, auth.tenantId, bill.id, body.lines);
    return bill.id;
  }
  const billDate = body.billDate ?? (await today(tx, auth.tenantId));
  const [created] = await tx
    .insert(fundRedeposits)
    .values({
      ...head,
      tenantId: auth.tenantId,
      billNo: await nextBillNumber(tx, redepositType.doc, auth.tenantId, billDate),
      billDate,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: fundRedeposits.id });
  await writePhotos(tx, auth.tenantId, created.id, body.lines);
  await logBill(tx, redepositType.doc, created.id, 'create', null, 'draft', auth);
  return created.id;
}

const { tenantId: _tenant, ...columns } = getTableColumns(fundRedeposits);

function filters(_ctx: BillCtx, q: Record<string, unknown>): SQL[] {
  const where: (SQL | undefined)[] = [
    q.state ? eq(fundRedeposits.state, q.state as string) : undefined,
    q.shopId ? eq(fundRedeposits.shopId, q.shopId as number) : undefined,
    q.dateFrom ? gte(fundRedeposits.billDate, q.dateFrom as string) : undefined,
    q.dateTo ? lte(fundRedeposits.billDate, q.dateTo as string) : undefined,
  ];
  return where.filter((w): w is SQL => w !== undefined);
}

export const redepositType = billType(fundRedepositBill, {
  table: fundRedeposits,
  dateField: 'billDate',
  numberPrefix: 'HC',
  select: (tx) =>
    tx
      .select({ ...columns, shopName: shops.name })
      .from(fundRedeposits)
      .innerJoin(shops, eq(shops.id, fundRedeposits.shopId))
      .$dynamic(),
  lines: {
    table: fundRedepositPhotos,
    billKey: fundRedepositPhotos.billId,
    of: (tx, ids) =>
      tx
        .select({ id: fundRedepositPhotos.id, billId: fundRedepositPhotos.billId, url: fundRedepositPhotos.url })
        .from(fundRedepositPhotos)
        .where(inArray(fundRedepositPhotos.billId, ids))
        .orderBy(fundRedepositPhotos.billId, fundRedepositPhotos.sort),
  },
  list: {
    where: filters,
    sortable: { billDate: fundRedeposits.billDate, amount: fundRedeposits.amount },
    order: [
      { field: 'billDate', column: fundRedeposits.billDate, desc: true },
      { field: 'id', column: fundRedeposits.id, desc: true },
    ],
  },
  save,
  reopen: { rejectReason: null },
  effects: {
    audit: async (_tx, _bill, { auth }) => ({ auditedByName: auth.name, auditedAt: new Date() }),
    reject: async (_tx, _bill, { memo }) => ({ rejectReason: memo?.trim() ?? null }),
    review: async (_tx, _bill, { auth }) => ({ reviewedByName: auth.name, reviewedAt: new Date() }),
  },
  reversals: { review: async () => ({ reviewedByName: null, reviewedAt: null }) },
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
      const id = await save({ tx, auth, lang: 'zh-CN' }, { ...row, lines: [] } as Save);
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
