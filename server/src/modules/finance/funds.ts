import { fundBill } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { type Auth, can } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, logBill, nextBillNumber, type TransitionContext } from '../../platform/documents.js';
import { AppError, fieldError, forbidden } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { businessDate } from '../../platform/numbering.js';
import { users } from '../identity/public.js';
import { branches, employees, loadShop, shops } from '../org/public.js';
import { financeGroups, financeItems, fundBillPhotos, fundBills, fundDescriptions, payeeAccounts } from './schema.js';

// The petty-cash request (备用金申请, fundbillhead) on the bill engine: a shop asks for money against an
// item; the department that approves the item's requests (dicfunddescribe) approves it, finance reviews
// it. The payee is compared with the shop's account for the item (ioaccount).

defineMessages({
  fundItemNotExpense: ['收支项目「{item}」不是支出项目', 'The item "{item}" is not an expense item'],
  fundItemUnknown: ['收支项目不存在或已停用', 'The item does not exist or is disabled'],
  fundPeriodOrder: ['费用结束日期不能早于开始日期', 'The period cannot end before it starts'],
  fundNotYourDepartment: [
    '这张申请由「{department}」审批，你不在该部门',
    'This request is approved by "{department}"; you are not in that department',
  ],
});

type Save = z.output<typeof fundBill.save>;

async function today(tx: Db, tenantId: number) {
  const [tenant] = await tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return businessDate(tenant?.timeZone ?? 'Asia/Shanghai');
}

/** The item (second level, enabled, an expense), its group and the department approving its requests. */
async function itemOf(tx: Db, itemId: number) {
  const [item] = await tx
    .select({ id: financeItems.id, name: financeItems.name, groupId: financeItems.groupId, type: financeItems.type })
    .from(financeItems)
    .where(and(eq(financeItems.id, itemId), eq(financeItems.status, 1)));
  if (!item) throw fieldError('itemId', 'fundItemUnknown');
  if (item.type !== 2) throw fieldError('itemId', 'fundItemNotExpense', { item: item.name });
  const [approving] = await tx
    .select({ departmentId: fundDescriptions.departmentId })
    .from(fundDescriptions)
    .where(and(eq(fundDescriptions.itemId, itemId), eq(fundDescriptions.status, 1)))
    .orderBy(asc(fundDescriptions.id))
    .limit(1);
  return { ...item, departmentId: approving?.departmentId ?? null };
}

/**
 * The payee against the shop's account for the item: left empty, the shop's account is taken (matched);
 * given, it matches when the account number is the same; no account for the item: not set (2).
 */
async function payeeOf(tx: Db, shopId: number, itemId: number, body: Save) {
  const [account] = await tx
    .select()
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.shopId, shopId), eq(payeeAccounts.itemId, itemId)));
  const given = { payee: body.payee ?? null, bankno: body.bankno ?? null, bank: body.bank ?? null, branchBank: body.branchBank ?? null };
  if (!account) return { ...given, matched: 2 };
  if (!given.bankno)
    return { payee: account.payee, bankno: account.bankno, bank: account.bank, branchBank: account.branchBank, matched: 1 };
  return { ...given, matched: given.bankno === account.bankno ? 1 : 0 };
}

async function writePhotos(tx: Db, tenantId: number, billId: number, lines: Save['lines']) {
  await tx.delete(fundBillPhotos).where(eq(fundBillPhotos.billId, billId));
  if (lines.length) await tx.insert(fundBillPhotos).values(lines.map((l, i) => ({ tenantId, billId, url: l.url, sort: (i + 1) * 10 })));
}

async function save({ tx, auth }: BillCtx, body: Save, bill?: BillRow) {
  await loadShop(tx, auth, body.shopId);
  if (body.startDate && body.endDate && body.endDate < body.startDate) throw fieldError('endDate', 'fundPeriodOrder');
  const item = await itemOf(tx, body.itemId);
  const head = {
    shopId: body.shopId,
    type: body.type,
    groupId: item.groupId,
    itemId: item.id,
    departmentId: item.departmentId,
    amount: body.amount,
    reason: body.reason,
    startDate: body.startDate ?? null,
    endDate: body.endDate ?? null,
    memo: body.memo ?? null,
    ...(await payeeOf(tx, body.shopId, item.id, body)),
  };
  if (bill) {
    await tx
      .update(fundBills)
      .set({ ...head, ...(body.billDate ? { billDate: body.billDate } : {}) })
      .where(eq(fundBills.id, bill.id));
    await writePhotos(tx, auth.tenantId, bill.id, body.lines);
    return bill.id;
  }
  const billDate = body.billDate ?? (await today(tx, auth.tenantId));
  const [created] = await tx
    .insert(fundBills)
    .values({
      ...head,
      tenantId: auth.tenantId,
      billNo: await nextBillNumber(tx, fundType.doc, auth.tenantId, billDate),
      billDate,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: fundBills.id });
  await writePhotos(tx, auth.tenantId, created.id, body.lines);
  await logBill(tx, fundType.doc, created.id, 'create', null, 'draft', auth);
  return created.id;
}

/** The department of the user's employee record; null for users who are no employee (head office's administrators). */
export async function departmentOf(tx: Db, auth: Auth): Promise<number | null> {
  const [row] = await tx
    .select({ branchId: employees.branchId })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.id, auth.userId));
  return row?.branchId ?? null;
}

/** The approval step (sp) belongs to the item's department: a user of another department is refused. */
async function assertApprover(tx: Db, bill: BillRow, ctx: TransitionContext) {
  if (ctx.internal || bill.departmentId === null) return;
  const mine = await departmentOf(tx, ctx.auth);
  if (mine === null || mine === bill.departmentId) return;
  const [department] = await tx
    .select({ name: branches.name })
    .from(branches)
    .where(eq(branches.id, bill.departmentId as number));
  throw new AppError(403, 'fundNotYourDepartment', { department: department?.name ?? '' });
}

const { tenantId: _tenant, ...columns } = getTableColumns(fundBills);

function filters(_ctx: BillCtx, q: Record<string, unknown>): SQL[] {
  const where: (SQL | undefined)[] = [
    q.state ? eq(fundBills.state, q.state as string) : undefined,
    q.shopId ? eq(fundBills.shopId, q.shopId as number) : undefined,
    q.type ? eq(fundBills.type, q.type as number) : undefined,
    q.itemId ? eq(fundBills.itemId, q.itemId as number) : undefined,
    q.departmentId ? eq(fundBills.departmentId, q.departmentId as number) : undefined,
    q.dateFrom ? gte(fundBills.billDate, q.dateFrom as string) : undefined,
    q.dateTo ? lte(fundBills.billDate, q.dateTo as string) : undefined,
    q.keyword ? or(ilike(fundBills.billNo, `%${q.keyword}%`), ilike(fundBills.reason, `%${q.keyword}%`)) : undefined,
  ];
  return where.filter((w): w is SQL => w !== undefined);
}

export const fundType = billType(fundBill, {
  table: fundBills,
  dateField: 'billDate',
  numberPrefix: 'BYJ',
  select: (tx) =>
    tx
      .select({
        ...columns,
        shopName: shops.name,
        groupName: financeGroups.name,
        itemName: financeItems.name,
        departmentName: branches.name,
      })
      .from(fundBills)
      .innerJoin(shops, eq(shops.id, fundBills.shopId))
      .innerJoin(financeGroups, eq(financeGroups.id, fundBills.groupId))
      .innerJoin(financeItems, eq(financeItems.id, fundBills.itemId))
      .leftJoin(branches, eq(branches.id, fundBills.departmentId))
      .$dynamic(),
  lines: {
    table: fundBillPhotos,
    billKey: fundBillPhotos.billId,
    of: (tx, ids) =>
      tx
        .select({ id: fundBillPhotos.id, billId: fundBillPhotos.billId, url: fundBillPhotos.url })
        .from(fundBillPhotos)
        .where(inArray(fundBillPhotos.billId, ids))
        .orderBy(fundBillPhotos.billId, fundBillPhotos.sort),
  },
  list: {
    where: filters,
    sortable: { billDate: fundBills.billDate, amount: fundBills.amount },
    order: [
      { field: 'billDate', column: fundBills.billDate, desc: true },
      { field: 'id', column: fundBills.id, desc: true },
    ],
  },
  save,
  reopen: { rejectReason: null },
  // The approval inbox of a user in a department holds the requests of the items that department approves.
  inboxFilter: async (tx, auth, action) => {
    if (action !== 'approve') return undefined;
    const mine = await departmentOf(tx, auth);
    return mine === null ? undefined : eq(fundBills.departmentId, mine);
  },
  effects: {
    approve: async (tx, bill, ctx) => {
      await assertApprover(tx, bill, ctx);
      return { approvedBy: ctx.auth.userId, approvedByName: ctx.auth.name, approvedAt: new Date() };
    },
    // Each step rejects what waits for it: the approvers at approval, finance at review.
    reject: async (tx, bill, ctx) => {
      const step = bill.state === 'submitted' ? fundBill.transitions.approve : fundBill.transitions.review;
      if (!ctx.internal && !can(ctx.auth, step.perm)) throw forbidden();
      if (bill.state === 'submitted') await assertApprover(tx, bill, ctx);
      return { rejectReason: ctx.memo?.trim() ?? null };
    },
    review: async (_tx, _bill, { auth }) => ({ reviewedBy: auth.userId, reviewedByName: auth.name, reviewedAt: new Date() }),
  },
  reversals: { review: async () => ({ reviewedBy: null, reviewedByName: null, reviewedAt: null }) },
});
