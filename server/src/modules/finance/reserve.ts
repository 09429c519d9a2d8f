import { type BillDef, reserveAdjustBill, reserveConvertBill, reserveSpendBill } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { type BillCtx, type BillImpl, type BillType, billType } from '../../platform/bills.js';
import { type BillRow, type Effect, logBill, nextBillNumber } from '../../platform/documents.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { defineLedger, keyColumn, type Movement } from '../../platform/ledger.js';
import { yuanAmount } from '../../platform/money.js';
import { tenantToday } from '../../platform/numbering.js';
import { keywordMatch } from '../../platform/paging.js';
import { loadShops, shops } from '../org/public.js';
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
type LineValues = {
  shopId: number;
  reserveTypeId: number;
  toReserveTypeId?: number | null;
  spendItemId?: number | null;
  money: number;
  memo?: string | null;
};

export async function saveReserveBill(
  doc: BillType['doc'],
  kind: Kind,
  { tx, auth }: BillCtx,
  head: { shopId: number | null; billDate?: string; memo?: string | null },
  lines: LineValues[],
  bill?: BillRow,
) {
  const totalMoney = lines.reduce((sum, l) => sum + l.money, 0);
  let billId = bill?.id;
  if (billId) {
    await tx
      .update(reserveBills)
      .set({ shopId: head.shopId, memo: head.memo ?? null, totalMoney, ...(head.billDate ? { billDate: head.billDate } : {}) })
      .where(eq(reserveBills.id, billId));
    await tx.delete(reserveBillLines).where(eq(reserveBillLines.billId, billId));
  } else {
    const billDate = head.billDate ?? (await tenantToday(tx, auth.tenantId));
    [{ id: billId }] = await tx
      .insert(reserveBills)
      .values({
        tenantId: auth.tenantId,
        kind,
        billNo: await nextBillNumber(tx, doc, auth.tenantId, billDate),
        shopId: head.shopId,
        billDate,
        totalMoney,
        memo: head.memo ?? null,
        createdBy: auth.userId,
        createdByName: auth.name,
      })
      .returning({ id: reserveBills.id });
    await logBill(tx, doc, billId, 'create', null, 'draft', auth);
  }
  const id = billId;
  await tx.insert(reserveBillLines).values(
    lines.map((l, i) => ({
      tenantId: auth.tenantId,
      billId: id,
      shopId: l.shopId,
      reserveTypeId: l.reserveTypeId,
      toReserveTypeId: l.toReserveTypeId ?? null,
      spendItemId: l.spendItemId ?? null,
      money: l.money,
      memo: l.memo ?? null,
      sort: (i + 1) * 10,
    })),
  );
  return id;
}

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

const toType = alias(reserveTypes, 'to_reserve_type');

async function linesOf(tx: Db, billIds: number[]) {
  if (!billIds.length) return [];
  return tx
    .select({
      id: reserveBillLines.id,
      billId: reserveBillLines.billId,
      shopId: reserveBillLines.shopId,
      shopName: shops.name,
      reserveTypeId: reserveBillLines.reserveTypeId,
      reserveTypeName: reserveTypes.name,
      toReserveTypeId: reserveBillLines.toReserveTypeId,
      toReserveTypeName: toType.name,
      spendItemId: reserveBillLines.spendItemId,
      spendItemName: reserveSpendItems.name,
      money: reserveBillLines.money,
      balanceBefore: reserveBillLines.balanceBefore,
      balanceAfter: reserveBillLines.balanceAfter,
      memo: reserveBillLines.memo,
    })
    .from(reserveBillLines)
    .innerJoin(shops, eq(shops.id, reserveBillLines.shopId))
    .innerJoin(reserveTypes, eq(reserveTypes.id, reserveBillLines.reserveTypeId))
    .leftJoin(toType, eq(toType.id, reserveBillLines.toReserveTypeId))
    .leftJoin(reserveSpendItems, eq(reserveSpendItems.id, reserveBillLines.spendItemId))
    .where(inArray(reserveBillLines.billId, billIds))
    .orderBy(asc(reserveBillLines.billId), asc(reserveBillLines.sort), asc(reserveBillLines.id));
}

const { tenantId: _tenant, kind: _kind, ...columns } = getTableColumns(reserveBills);

/** A line's shop among those the user sees (adjustments: the bill's lines). */
const linesInShops = (tenantId: number, shopIds: number[]) =>
  sql`${reserveBills.id} in (select ${reserveBillLines.billId} from ${reserveBillLines}
    where ${reserveBillLines.tenantId} = ${tenantId} and ${inArray(reserveBillLines.shopId, shopIds.length ? shopIds : [0])})`;

function listWhere(byLines: boolean) {
  return ({ auth }: BillCtx, q: Record<string, unknown>): SQL[] => {
    const where: SQL[] = [];
    const visible = visibleShops(auth);
    if (byLines && visible) where.push(linesInShops(auth.tenantId, visible));
    if (q.billNo) where.push(keywordMatch(q.billNo as string, reserveBills.billNo));
    if (q.state) where.push(eq(reserveBills.state, q.state as string));
    if (q.dateFrom) where.push(gte(reserveBills.billDate, q.dateFrom as string));
    if (q.dateTo) where.push(lte(reserveBills.billDate, q.dateTo as string));
    if (q.shopid) {
      assertShopVisible(auth, q.shopid as number);
      where.push(byLines ? linesInShops(auth.tenantId, [q.shopid as number]) : eq(reserveBills.shopId, q.shopid as number));
    }
    return where;
  };
}

const approvedBy: Effect = async (_tx, _bill, { auth }) => ({ auditedBy: auth.userId, auditedByName: auth.name, auditedAt: new Date() });
const rejected: Effect = async (_tx, _bill, { memo }) => ({ rejectMemo: memo?.trim() ?? null });

/** What the three types share: the table narrowed to the kind, the joins, lines, list and order. */
function shared<D extends BillDef>(kind: Kind, byLines: boolean) {
  return {
    table: reserveBills,
    scope: eq(reserveBills.kind, kind),
    dateField: 'billDate',
    select: (tx: Db) =>
      tx
        .select({ ...columns, shopName: shops.name })
        .from(reserveBills)
        .leftJoin(shops, eq(shops.id, reserveBills.shopId))
        .$dynamic(),
    lines: { table: reserveBillLines, billKey: reserveBillLines.billId, of: linesOf, ...(byLines ? { shopKey: 'shopId' } : {}) },
    list: {
      where: listWhere(byLines),
      sortable: {
        billNo: reserveBills.billNo,
        billDate: reserveBills.billDate,
        state: reserveBills.state,
        totalMoney: reserveBills.totalMoney,
      },
      order: [
        { field: 'billDate', column: reserveBills.billDate, desc: true },
        { field: 'id', column: reserveBills.id, desc: true },
      ],
    },
    reopen: { rejectMemo: null },
  } satisfies Partial<BillImpl<D, typeof reserveBills, typeof reserveBillLines>>;
}

// ---------------------------- adjustments ----------------------------

export const reserveAdjustType = billType(reserveAdjustBill, {
  ...shared('adjust', true),
  numberPrefix: 'YT',
  // Head office's bills, a shop per line: a user limited to some shops reads only their lines.
  headOfficePerm: 'finance.reserve.adjust.view',
  save: async (ctx, body, bill): Promise<number> => {
    await loadShops(
      ctx.tx,
      ctx.auth,
      body.lines.map((l) => l.shopId),
    );
    await checkReserveTypes(
      ctx.tx,
      body.lines.map((l) => l.reserveTypeId),
      (i) => `lines.${i}.reserveTypeId`,
    );
    return saveReserveBill(reserveAdjustType.doc, 'adjust', ctx, { ...body, shopId: null }, body.lines, bill);
  },
  effects: {
    audit: async (tx, bill, ctx) => {
      await postLines(tx, ctx.auth, ctx.doc.docType, bill.id, 'signed');
      return approvedBy(tx, bill, ctx);
    },
  },
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
  save: async (ctx, body, bill): Promise<number> => {
    await loadShops(ctx.tx, ctx.auth, [body.shopId]);
    await checkSpendItems(ctx.tx, body.lines);
    const lines = body.lines.map((l) => ({ ...l, shopId: body.shopId }));
    return saveReserveBill(reserveSpendType.doc, 'spend', ctx, body, lines, bill);
  },
  effects: {
    audit: async (tx, bill, ctx) => {
      await postLines(tx, ctx.auth, ctx.doc.docType, bill.id, 'out');
      return approvedBy(tx, bill, ctx);
    },
    reject: rejected,
  },
  reversals: {
    audit: async (tx, bill, ctx) => {
      await unpostLines(tx, ctx.auth, ctx.doc.docType, bill.id);
      return { auditedBy: null, auditedByName: null, auditedAt: null };
    },
  },
  describe: {
    saveBill:
      'shopId; lines: spendItemId (a 预留款支出项目), reserveTypeId (one of the item’s reserve types, else 400), money (cents). Submitted, then approved (auditBillForChain) by someone other than its maker: the approval takes the money out, refused with the balance (409) when it exceeds it.',
  },
});

// ---------------------------- conversions ----------------------------

export const reserveConvertType = billType(reserveConvertBill, {
  ...shared('convert', false),
  numberPrefix: 'YH',
  save: async (ctx, body, bill): Promise<number> => {
    await loadShops(ctx.tx, ctx.auth, [body.shopId]);
    for (const [i, l] of body.lines.entries())
      if (l.reserveTypeId === l.toReserveTypeId) throw fieldError(`lines.${i}.toReserveTypeId`, 'reserveConvertSameType');
    await checkReserveTypes(
      ctx.tx,
      body.lines.flatMap((l) => [l.reserveTypeId, l.toReserveTypeId]),
      (i) => `lines.${i >> 1}.${i % 2 ? 'toReserveTypeId' : 'reserveTypeId'}`,
    );
    const lines = body.lines.map((l) => ({ ...l, shopId: body.shopId }));
    return saveReserveBill(reserveConvertType.doc, 'convert', ctx, body, lines, bill);
  },
  effects: {
    auditSp: approvedBy,
    auditFh: async (tx, bill, ctx) => {
      await postLines(tx, ctx.auth, ctx.doc.docType, bill.id, 'convert');
      return { reviewedBy: ctx.auth.userId, reviewedByName: ctx.auth.name, reviewedAt: new Date() };
    },
    reject: rejected,
  },
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
