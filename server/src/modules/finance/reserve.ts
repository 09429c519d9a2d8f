import { reserveAdjustBill, reserveConvertBill, reserveSpendBill } from '@headoffice/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible } from '../../platform/auth.js';
import { billType } from '../../platform/bills.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { defineLedger, keyColumn, type Movement } from '../../platform/ledger.js';
import { yuanAmount } from '../../platform/money.js';
import { shops } from '../org/public.js';
import { reserveBillLines, reserveBills, reserveLedger, reserveSpendItems, reserveTypes } from './schema.js';

// Reserve money (预留款): a balance per shop × reserve type on the ledger, moved only by the final
// approval of a bill: an adjustment's audit, a spending's approval, a conversion's review (fh), or a
// rent payment's approval (rent-payments.ts). A decrease past the balance at that moment is refused
// with the balance; the ledger locks the balance rows, so concurrent spends queue and never overdraw.

defineMessages({
  reserveShort: [
    '「{item}」预留款余额不足：可用 {available} 元，需要 {needed} 元',
    'Not enough reserve money in "{item}": ¥{available} available, ¥{needed} needed',
  ],
  reserveConvertSameType: ['转入和转出的预留款项目不能相同', 'Money cannot be converted into the reserve type it comes from'],
  reserveTypeNotForItem: [
    '支出项目「{item}」不能由预留款「{type}」支付',
    'The spending item "{item}" cannot be paid from the reserve "{type}"',
  ],
});

defineLabels({
  reserve_bills: ['预留款单据', 'reserve bills'],
  reserve_bill_lines: ['预留款单据明细', 'reserve bill lines'],
  reserve_balances: ['预留款余额', 'reserve balances'],
  spendItem: ['预留款支出项目', 'reserve spending item'],
});

export type ReserveKey = { shopId: number; reserveTypeId: number };

/** The reserve ledger: shop × reserve type, cents. */
export const reserveBook = defineLedger({
  name: 'reserve',
  balanceTable: 'reserve_balances',
  ledgerTable: 'reserve_ledger',
  keys: { shopId: keyColumn.id('shop_id'), reserveTypeId: keyColumn.id('reserve_type_id') },
  amountColumn: 'money',
  touchColumn: 'updated_at',
  refuse: (s) => conflict('reserveShort', { item: s.label, available: yuanAmount(s.available), needed: yuanAmount(s.needed) }),
});

/** "Shop · type", the name a refusal gives a balance. */
async function describeKey(tx: Db, key: ReserveKey) {
  const [row] = await tx
    .select({ shop: shops.name, type: reserveTypes.name })
    .from(shops)
    .innerJoin(reserveTypes, eq(reserveTypes.id, key.reserveTypeId))
    .where(eq(shops.id, key.shopId));
  return row ? `${row.shop} · ${row.type}` : `${key.shopId} · ${key.reserveTypeId}`;
}

/** Posts reserve movements of a bill; a decrease past a balance is refused (409 naming it and its balance). */
export function postReserve(tx: Db, tenantId: number, docType: string, billId: number, movements: Movement<ReserveKey>[]) {
  return reserveBook.post(tx, movements, { tenantId, docType, billId, allowNegative: false, describe: (key) => describeKey(tx, key) });
}

/** Undoes what a bill posted (cancel an approval): its rows not reversed yet, negated. */
export async function reverseReserve(tx: Db, tenantId: number, docType: string, billId: number) {
  const movements = await reserveBook.reversalOf(tx, docType, billId);
  if (movements.length) await reserveBook.post(tx, movements, { tenantId, docType, billId, allowNegative: true });
}

/** The running balance each line's own reserve type had before and after the bill posted, by line. */
export async function balancesByLine(tx: Db, docType: string, billId: number) {
  const rows = await tx
    .select({
      lineId: reserveLedger.lineId,
      reserveTypeId: reserveLedger.reserveTypeId,
      delta: reserveLedger.delta,
      balance: reserveLedger.balance,
    })
    .from(reserveLedger)
    .where(and(eq(reserveLedger.docType, docType), eq(reserveLedger.billId, billId), isNull(reserveLedger.reversesId)))
    .orderBy(asc(reserveLedger.id));
  const byLine = new Map<string, { before: number; after: number }>();
  for (const r of rows) {
    const key = `${r.lineId}:${r.reserveTypeId}`;
    if (!byLine.has(key)) byLine.set(key, { before: r.balance - r.delta, after: r.balance });
  }
  return (lineId: number, reserveTypeId: number) => byLine.get(`${lineId}:${reserveTypeId}`);
}

/** Every id names a reserve type of this chain: 400 on the line that names one that is not. */
export async function checkReserveTypes(tx: Db, ids: number[], path: (i: number) => string) {
  const found = new Set(
    (
      await tx
        .select({ id: reserveTypes.id })
        .from(reserveTypes)
        .where(inArray(reserveTypes.id, ids.length ? [...new Set(ids)] : [0]))
    ).map((r) => r.id),
  );
  ids.forEach((id, i) => {
    if (!found.has(id)) throw fieldError(path(i), 'missingReference', { field: '@reserveType' });
  });
}

// ---------------------------- the shared bill table ----------------------------

type Kind = 'adjust' | 'spend' | 'convert';

const linesOfBill = (tx: Db, billId: number) =>
  tx
    .select()
    .from(reserveBillLines)
    .where(eq(reserveBillLines.billId, billId))
    .orderBy(asc(reserveBillLines.sort), asc(reserveBillLines.id));

/** Posts a bill's lines (`sign` −1 takes money out, a conversion also puts it in) and stamps each line's balances. */
async function postLines(tx: Db, auth: Auth, docType: string, billId: number, mode: 'signed' | 'out' | 'convert') {
  const lines = await linesOfBill(tx, billId);
  const movements: Movement<ReserveKey>[] = lines.flatMap((l) => {
    const out = { shopId: l.shopId, reserveTypeId: l.reserveTypeId, delta: mode === 'signed' ? l.money : -l.money, lineId: l.id };
    return mode === 'convert' && l.toReserveTypeId
      ? [out, { shopId: l.shopId, reserveTypeId: l.toReserveTypeId, delta: l.money, lineId: l.id }]
      : [out];
  });
  await postReserve(tx, auth.tenantId, docType, billId, movements);
  const balanceOf = await balancesByLine(tx, docType, billId);
  for (const l of lines) {
    const b = balanceOf(l.id, l.reserveTypeId);
    await tx
      .update(reserveBillLines)
      .set({ balanceBefore: b?.before ?? null, balanceAfter: b?.after ?? null })
      .where(eq(reserveBillLines.id, l.id));
  }
}

/** Cancelling an approval: the bill's postings reversed, the lines' balances cleared. */
async function unpostLines(tx: Db, auth: Auth, docType: string, billId: number) {
  await reverseReserve(tx, auth.tenantId, docType, billId);
  await tx.update(reserveBillLines).set({ balanceBefore: null, balanceAfter: null }).where(eq(reserveBillLines.billId, billId));
}

/** What the three types share: the table narrowed to the kind and the lines. */
function shared(kind: Kind, byLines: boolean) {
  return {
    table: reserveBills,
    scope: eq(reserveBills.kind, kind),
    lines: { table: reserveBillLines, ...(byLines ? { shopKey: 'shopId' } : {}) },
  } as const;
}

/** A save's head columns of a kind: the kind (a new bill's) and the total of its lines. */
const headOf = (kind: Kind, lines: { money: number }[]) => ({ kind, totalMoney: lines.reduce((sum, l) => sum + l.money, 0) });

// ---------------------------- adjustments ----------------------------

export const reserveAdjustType = billType(reserveAdjustBill, {
  ...shared('adjust', true),
  numberPrefix: 'YT',
  // Head office's bills, a shop per line: a user limited to some shops reads only their lines.
  headOfficePerm: 'finance.reserve.adjust.view',
  prepare: async (_ctx, body) => headOf('adjust', body.lines),
  accounting: { push: ['audit'], amount: 'totalMoney' },
  effects: { audit: (tx, bill, ctx) => postLines(tx, ctx.auth, ctx.doc.docType, bill.id, 'signed') },
  describe: {
    saveBill:
      'lines: shopId, reserveTypeId, money (signed cents, not 0). Audit (auditBill) posts each line to the shop × type balance; a decrease past the balance is refused with it (409).',
  },
});

// ---------------------------- spending ----------------------------

/** Each line's item may be paid from its reserve type (the item's reserve types). */
async function checkSpendItems(tx: Db, lines: { spendItemId: number; reserveTypeId: number }[]) {
  const items = await tx
    .select({ id: reserveSpendItems.id, name: reserveSpendItems.name, typeIds: reserveSpendItems.reserveTypeIds })
    .from(reserveSpendItems)
    .where(inArray(reserveSpendItems.id, [...new Set(lines.map((l) => l.spendItemId))]));
  const byId = new Map(items.map((i) => [i.id, i]));
  await checkReserveTypes(
    tx,
    lines.map((l) => l.reserveTypeId),
    (i) => `lines.${i}.reserveTypeId`,
  );
  for (const [i, l] of lines.entries()) {
    const item = byId.get(l.spendItemId);
    if (!item) throw fieldError(`lines.${i}.spendItemId`, 'missingReference', { field: '@spendItem' });
    if (!item.typeIds.includes(l.reserveTypeId)) {
      const [type] = await tx.select({ name: reserveTypes.name }).from(reserveTypes).where(eq(reserveTypes.id, l.reserveTypeId));
      throw fieldError(`lines.${i}.reserveTypeId`, 'reserveTypeNotForItem', { item: item.name, type: type?.name ?? '' });
    }
  }
}

export const reserveSpendType = billType(reserveSpendBill, {
  ...shared('spend', false),
  numberPrefix: 'YZ',
  prepare: async ({ tx }, body) => {
    await checkSpendItems(tx, body.lines);
    return headOf('spend', body.lines);
  },
  lineValues: (_ctx, lines, body) => lines.map(() => ({ shopId: body.shopId })),
  reasons: { reject: 'rejectMemo' },
  accounting: { push: ['audit'], reverse: ['cancelAudit'], amount: 'totalMoney' },
  effects: { audit: (tx, bill, ctx) => postLines(tx, ctx.auth, ctx.doc.docType, bill.id, 'out') },
  reversals: { audit: (tx, bill, ctx) => unpostLines(tx, ctx.auth, ctx.doc.docType, bill.id) },
  describe: {
    saveBill:
      'shopId; lines: spendItemId (a 预留款支出项目), reserveTypeId (one of the item’s reserve types, else 400), money (cents). Submitted, then approved (auditBillForChain) by someone other than its maker: the approval takes the money out, refused with the balance (409) when it exceeds it.',
  },
});

// ---------------------------- conversions ----------------------------

export const reserveConvertType = billType(reserveConvertBill, {
  ...shared('convert', false),
  numberPrefix: 'YH',
  prepare: async (ctx, body) => {
    // Another shop's bill is refused (403) before its lines are judged.
    assertShopVisible(ctx.auth, body.shopId);
    for (const [i, l] of body.lines.entries())
      if (l.reserveTypeId === l.toReserveTypeId) throw fieldError(`lines.${i}.toReserveTypeId`, 'reserveConvertSameType');
    return headOf('convert', body.lines);
  },
  lineValues: (_ctx, lines, body) => lines.map(() => ({ shopId: body.shopId })),
  signs: { auditSp: 'audited', auditFh: 'reviewed' },
  reasons: { reject: 'rejectMemo' },
  accounting: { push: ['auditFh'], amount: 'totalMoney' },
  effects: { auditFh: (tx, bill, ctx) => postLines(tx, ctx.auth, ctx.doc.docType, bill.id, 'convert') },
  describe: {
    saveBill:
      'shopId; lines: reserveTypeId (out), toReserveTypeId (in), money (cents). Approved (auditBillsp, not by its maker), then reviewed (auditBillfh): the review moves the money, refused with the balance (409) when it exceeds it.',
  },
});

export const reserveBillTypes = [reserveAdjustType, reserveSpendType, reserveConvertType] as const;

/** The rows of one balance key that must exist for `getReseveJe`: the current money, 0 when never posted. */
export async function reserveBalanceOf(tx: Db, key: ReserveKey) {
  const [money] = await reserveBook.balances(tx, [key]);
  return money;
}
