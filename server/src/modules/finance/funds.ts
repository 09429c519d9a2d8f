import { FUND_APPROVE_ALL, type FundApproval, type FundBillRow, fundBill } from '@headoffice/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, can } from '../../platform/auth.js';
import { type BillCtx, type BillOf, billType } from '../../platform/bills.js';
import type { TransitionContext } from '../../platform/documents.js';
import { AppError, fieldError, forbidden } from '../../platform/errors.js';
import { defineMessages, translate } from '../../platform/i18n.js';
import { users, usersHolding } from '../identity/public.js';
import { branches, employees } from '../org/public.js';
import { expenseLimits, financeItems, fundBillPhotos, fundBills, fundDescriptions, payeeAccounts } from './schema.js';

// The petty-cash request (备用金申请, fundbillhead) on the bill engine: a shop asks for money against an
// item; the department that approves the item's requests (dicfunddescribe) approves it, finance reviews
// it. The payee is compared with the shop's account for the item (ioaccount).

defineMessages({
  fundLimitOnlyLarge: ['只有大额备用金申请可以转为支出限额', 'Only a large petty-cash request can become a spending limit'],
  fundLimitNotReviewed: ['申请复核后才能转为支出限额', 'A request becomes a spending limit only once reviewed'],
  fundLimitAlready: ['这张申请已转为支出限额', 'This request is already a spending limit'],
  fundItemNotExpense: ['收支项目「{item}」不是支出项目', 'The item "{item}" is not an expense item'],
  fundItemUnknown: ['收支项目不存在或已停用', 'The item does not exist or is disabled'],
  fundPeriodOrder: ['费用结束日期不能早于开始日期', 'The period cannot end before it starts'],
  fundNotYourDepartment: [
    '这张申请由「{department}」审批，你不在该部门，也没有「全部门审批」权限',
    'This request is approved by "{department}"; you are not in that department and may not approve for every department',
  ],
  fundNoApproveRight: ['你没有审批备用金申请的权限', 'You have no right to approve petty-cash requests'],
  fundMakerNoApprove: ['你是这张申请的制单人，制单人不能审批自己的申请', 'You made this request; its maker cannot approve it'],
});

type Save = z.output<typeof fundBill.save>;
type FundBill = BillOf<typeof fundBills>;

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

/** What a request's item and payee imply, checked before the engine writes the head and its photos. */
async function prepare({ tx }: BillCtx, body: Save) {
  if (body.startDate && body.endDate && body.endDate < body.startDate) throw fieldError('endDate', 'fundPeriodOrder');
  const item = await itemOf(tx, body.itemId);
  return { groupId: item.groupId, departmentId: item.departmentId, ...(await payeeOf(tx, body.shopId, item.id, body)) };
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

/**
 * Whether a user approves for a department: the chain-wide right (全部门审批), or their employee record is
 * in it. A request whose item names no department is approved by whoever holds the approval right.
 */
async function approvesFor(tx: Db, auth: Auth, departmentId: number | null) {
  return departmentId === null || can(auth, FUND_APPROVE_ALL) || (await departmentOf(tx, auth)) === departmentId;
}

const departmentName = async (tx: Db, id: number) =>
  (await tx.select({ name: branches.name }).from(branches).where(eq(branches.id, id)))[0]?.name ?? '';

/** The approval step (sp) belongs to the item's department: anyone else without 全部门审批 is refused. */
async function assertApprover(tx: Db, bill: FundBill, ctx: TransitionContext) {
  if (ctx.internal || (await approvesFor(tx, ctx.auth, bill.departmentId))) return;
  throw new AppError(403, 'fundNotYourDepartment', { department: await departmentName(tx, bill.departmentId as number) });
}

/**
 * Who approves a request and, while it waits, why the signed-in user may not: the approvers are the
 * users holding the approval right who approve for its department (its employees, the chain-wide
 * approvers), its maker left out.
 */
async function approvalOf({ tx, auth, lang }: BillCtx, row: FundBillRow & { actions?: string[] }): Promise<FundApproval> {
  const holders = await usersHolding(tx, fundBill.transitions.approve.perm);
  const chainWide = new Set((await usersHolding(tx, FUND_APPROVE_ALL)).map((u) => u.id));
  const inDepartment =
    row.departmentId === null
      ? new Set<number>()
      : new Set(
          (
            await tx
              .select({ id: users.id })
              .from(users)
              .innerJoin(employees, eq(employees.id, users.employeeId))
              .where(eq(employees.branchId, row.departmentId))
          ).map((u) => u.id),
        );
  const approvers = holders
    .filter((u) => u.id !== row.createdBy && (row.departmentId === null || chainWide.has(u.id) || inDepartment.has(u.id)))
    .map((u) => `${u.name}（${u.username}）`);
  let blocked: string | null = null;
  if (row.state === 'submitted') {
    if (!can(auth, fundBill.transitions.approve.perm)) blocked = translate(lang, 'fundNoApproveRight');
    else if (row.createdBy === auth.userId) blocked = translate(lang, 'fundMakerNoApprove');
    else if (!(await approvesFor(tx, auth, row.departmentId)))
      blocked = translate(lang, 'fundNotYourDepartment', { department: row.departmentName ?? '' });
  }
  return { departmentId: row.departmentId, departmentName: row.departmentName, approvers, blocked };
}

/**
 * 设置限额: a reviewed large request becomes the shop's spending limit for its item in its month
 * (§9.2 setLimitbill): the month's limit grows by the request's amount, once.
 */
async function setLimit({ tx, auth }: BillCtx, bill: FundBill) {
  if (bill.type !== 2) throw new AppError(409, 'fundLimitOnlyLarge');
  if (bill.state !== 'reviewed') throw new AppError(409, 'fundLimitNotReviewed');
  if (bill.isLimit === 1) throw new AppError(409, 'fundLimitAlready');
  const month = bill.billDate.slice(0, 7);
  await tx
    .insert(expenseLimits)
    .values({ tenantId: auth.tenantId, shopId: bill.shopId, itemId: bill.itemId, month, amount: bill.amount })
    .onConflictDoUpdate({
      target: [expenseLimits.tenantId, expenseLimits.shopId, expenseLimits.itemId, expenseLimits.month],
      set: { amount: sql`${expenseLimits.amount} + ${bill.amount}`, updatedAt: new Date() },
    });
  return { isLimit: 1 };
}

export const fundType = billType(fundBill, {
  table: fundBills,
  numberPrefix: 'BYJ',
  lines: { table: fundBillPhotos },
  prepare,
  // The approval inbox holds the requests the user approves: their department's, or every one with 全部门审批.
  inboxFilter: async (tx, auth, action) => {
    if (action !== 'approve' || can(auth, FUND_APPROVE_ALL)) return undefined;
    const mine = await departmentOf(tx, auth);
    return or(isNull(fundBills.departmentId), mine === null ? undefined : eq(fundBills.departmentId, mine));
  },
  detail: async (ctx, row) => ({ approval: await approvalOf(ctx, row as FundBillRow) }),
  signs: { approve: 'approved', review: 'reviewed' },
  reasons: { reject: 'rejectReason' },
  effects: {
    approve: assertApprover,
    // Each step rejects what waits for it: the approvers at approval, finance at review.
    reject: async (tx, bill, ctx) => {
      const step = bill.state === 'submitted' ? fundBill.transitions.approve : fundBill.transitions.review;
      if (!ctx.internal && !can(ctx.auth, step.perm)) throw forbidden();
      if (bill.state === 'submitted') await assertApprover(tx, bill, ctx);
    },
  },
  actions: { setLimit },
});
