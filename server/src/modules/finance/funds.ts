import { fundBill } from '@headoffice/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type BillCtx, type BillOf, billType } from '../../platform/bills.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { yuan } from '../../platform/money.js';
import { tenantToday } from '../../platform/numbering.js';
import { largeRequestRoomOf } from './funds-shop.js';
import { expenseLimits, financeItems, fundBillPhotos, fundBills, fundDescriptions, payeeAccounts } from './schema.js';

// The petty-cash request (备用金申请, fundbillhead) on the bill engine: a shop asks for money against an
// item; the department that approves the item's requests (dicfunddescribe, kept on the request) approves
// it, finance reviews it. The payee is compared with the shop's account for the item (ioaccount).

defineMessages({
  fundLimitOnlyLarge: ['只有大额备用金申请可以转为支出限额', 'Only a large petty-cash request can become a spending limit'],
  fundLimitNotReviewed: ['申请复核后才能转为支出限额', 'A request becomes a spending limit only once reviewed'],
  fundLimitAlready: ['这张申请已转为支出限额', 'This request is already a spending limit'],
  fundItemNotExpense: ['收支项目「{item}」不是支出项目', 'The item "{item}" is not an expense item'],
  fundItemUnknown: ['收支项目不存在或已停用', 'The item does not exist or is disabled'],
  fundPeriodOrder: ['费用结束日期不能早于开始日期', 'The period cannot end before it starts'],
  fundOverTakings: [
    '门店本月营业资金 {takings}，本月大额备用金已申请 {used}，本次申请 {amount} 超出营业资金',
    "The shop's takings this month are {takings} and its large requests already take {used}: {amount} more would exceed them",
  ],
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
async function prepare({ tx, auth }: BillCtx, body: Save, bill?: FundBill) {
  if (body.startDate && body.endDate && body.endDate < body.startDate) throw fieldError('endDate', 'fundPeriodOrder');
  if (body.type === 2) {
    // A large request of a shop whose large requests must be covered by its takings (§9.2, fundshop isCheck).
    const day = body.billDate ?? bill?.billDate ?? (await tenantToday(tx, auth.tenantId));
    const room = await largeRequestRoomOf(tx, body.shopId, day, bill?.id);
    if (room && room.used + body.amount > room.takings)
      throw fieldError('amount', 'fundOverTakings', { takings: yuan(room.takings), used: yuan(room.used), amount: yuan(body.amount) });
  }
  const item = await itemOf(tx, body.itemId);
  return { groupId: item.groupId, departmentId: item.departmentId, ...(await payeeOf(tx, body.shopId, item.id, body)) };
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
  reasons: { reject: 'rejectReason' },
  // The takings may have changed since the save: a large request is measured again when submitted.
  recheck: ['submit'],
  actions: { setLimit },
  // Finance's review pays the request out: pushed to the accounting system; a review undone, its reversal.
  accounting: { push: ['review'], reverse: ['cancelReview'], amount: 'amount' },
});
