import {
  autoLockBody,
  freeBody,
  importFdQuery,
  linesBody,
  lockAnswer,
  lockBody,
  memoBody,
  RECONCILE,
  RECONCILE_PAY_CODES,
  RECONCILE_TOLERANCE,
  RECONCILE_TYPE_IDS,
  RECONCILE_TYPES,
  type ReconcileType,
  reconcileQuery,
  redepositRows,
  type StatementLine,
  type SystemRow,
  splitBody,
  statementLine,
  systemRows,
  unbalanceQuery,
  updateFundhcBody,
} from '@headoffice/contract';
import { and, asc, between, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { TILL_MONEY_KINDS } from '../../platform/day-figures.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { buildTemplate, type ImportDef, importFailure, importUpload, sendTemplate, validateImport } from '../../platform/importer.js';
import { yuan } from '../../platform/money.js';
import { addDays } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { dayFigures } from '../../platform/schema.js';
import { payTypes } from '../cashier/public.js';
import { loadShop, shops } from '../org/public.js';
import { bankMatches, bankStatementLines, fundRedeposits } from './schema.js';

// Bank reconciliation (银行对账, financialdaily, DOMAIN-DETAIL §9.7). The system side is computed, never
// stored: per shop, day and money type the till's takings by pay code from the daily figures, and the
// reviewed petty-cash redeposits marked 对账 (回存). The bank side is the statement lines imported from the
// bank's workbook. A match (bank_matches) ties one system row to lines of its pay code: one match per
// system row (a unique key) and one match per line (a conditional update), so that neither can be
// matched twice, also by concurrent requests. docs/DECISIONS.md ("Bank reconciliation").

definedEntityLabels.set('financialdaily', RECONCILE.label);
defineLabels(Object.fromEntries(Object.entries(RECONCILE_TYPES).map(([type, t]) => [`reconcile_type_${type}`, t.label])));

defineMessages({
  reconcileNoSystem: ['{day} 没有{type}的系统金额，无法对账', 'There is no system amount of {type} on {day} to match'],
  reconcileMixedTypes: [
    '所勾选的数据金额类型不统一：{type}只能对 {code} 类型的流水（第 {row} 行是 {lineCode}）',
    'The selected lines are not all of one type: {type} matches lines of pay code {code} only (row {row} is {lineCode})',
  ],
  reconcileLineMatched: ['流水第 {row} 行（{amount}）已对账', 'Statement row {row} ({amount}) is already matched'],
  reconcileCashExact: [
    '金额无法匹配：现金须完全相等（系统 {sys}，流水合计 {lines}）',
    'The amounts do not match: cash must be equal (system {sys}, lines {lines})',
  ],
  reconcileOverTolerance: [
    '金额无法匹配：系统 {sys}，流水合计 {lines}，相差须小于 1 元',
    'The amounts do not match: system {sys}, lines {lines}; they may differ by less than 1 yuan',
  ],
  reconcileImportType: ['导入方式须为 1（覆盖）或 2（补充）', 'The import mode must be 1 (replace) or 2 (add)'],
  reconcileRowMatched: ['{day} 的{type}已对账', '{type} of {day} is already matched'],
  reconcileSplitImported: ['只有导入的流水才能拆分', 'Only imported lines can be split'],
  reconcileSplitAmount: ['拆分金额须大于 0 且小于可拆金额 {max}', 'The part must be more than 0 and less than {max}'],
  reconcileDeleteSplit: [
    '拆分出的流水（第 {row} 行）不能删除，请删除它的导入流水',
    'A split line (row {row}) cannot be deleted: delete its imported line',
  ],
  reconcileDeleteMatched: [
    '流水第 {row} 行（或拆分出的流水）已对账，请先取消对账',
    'Statement row {row} (or a part split off it) is matched: unmatch it first',
  ],
  reconcileRedepositMatched: [
    '{billNo} 所在日的回存已对账，请先取消对账',
    'The redeposits of the day of {billNo} are matched: unmatch them first',
  ],
});

const P = RECONCILE.perms;
const PATHS = RECONCILE.paths;
const TYPE_OF_CODE: Record<string, ReconcileType> = { '01': 1, '07': 2, '23': 3, '26': 5, '33': 6 };
const typeLabel = (type: ReconcileType) => `@reconcile_type_${type}`;

/** The first and last day of a month `YYYY-MM`. */
export function monthDays(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/** Whether lines summing to `lines` may match a system amount `sys` of pay code `payCode`. */
export function amountsMatch(payCode: string, sys: number, lines: number) {
  return payCode === '01' ? sys === lines : Math.abs(sys - lines) < RECONCILE_TOLERANCE;
}

/** The system amounts of a shop from `from` through `to`: `${day}|${type}` → cents (zero rows left out). */
async function systemAmounts(tx: Db, shopId: number, from: string, to: string) {
  const codes = Object.keys(TYPE_OF_CODE);
  const taken = await tx
    .select({ day: dayFigures.day, code: payTypes.code, amount: sql<number>`sum(${dayFigures.amount})::bigint`.mapWith(Number) })
    .from(dayFigures)
    .innerJoin(payTypes, and(eq(payTypes.tenantId, dayFigures.tenantId), eq(payTypes.id, dayFigures.payTypeId)))
    .where(
      and(
        eq(dayFigures.shopId, shopId),
        between(dayFigures.day, from, to),
        inArray(dayFigures.kind, TILL_MONEY_KINDS),
        inArray(payTypes.code, codes),
      ),
    )
    .groupBy(dayFigures.day, payTypes.code);
  const redeposited = await tx
    .select({ day: fundRedeposits.billDate, amount: sql<number>`sum(${fundRedeposits.amount})::bigint`.mapWith(Number) })
    .from(fundRedeposits)
    .where(
      and(
        eq(fundRedeposits.shopId, shopId),
        between(fundRedeposits.billDate, from, to),
        eq(fundRedeposits.state, 'reviewed'),
        eq(fundRedeposits.isFa, 0),
      ),
    )
    .groupBy(fundRedeposits.billDate);
  const out = new Map<string, number>();
  for (const r of taken) if (r.amount) out.set(`${r.day}|${TYPE_OF_CODE[r.code as string]}`, r.amount);
  for (const r of redeposited) if (r.amount) out.set(`${r.day}|4`, r.amount);
  return out;
}

const lineColumns = {
  id: bankStatementLines.id,
  shopId: bankStatementLines.shopId,
  day: bankStatementLines.day,
  rowIndex: bankStatementLines.rowIndex,
  amount: bankStatementLines.amount,
  statementAmount: bankStatementLines.statementAmount,
  payCode: bankStatementLines.payCode,
  memo: bankStatementLines.memo,
  inputType: bankStatementLines.inputType,
  splitFrom: bankStatementLines.splitFrom,
  matchId: bankStatementLines.matchId,
};
const lineOrder = [asc(bankStatementLines.day), asc(bankStatementLines.rowIndex), asc(bankStatementLines.id)];

/** Lines of `ids` in the user's shops (FOR UPDATE): 404 when one is missing. */
async function visibleLines(tx: Db, auth: Auth, ids: number[], extra?: SQL) {
  const rows = await tx
    .select(lineColumns)
    .from(bankStatementLines)
    .where(and(inArray(bankStatementLines.id, ids), inVisibleShops(auth, bankStatementLines.shopId), extra))
    .orderBy(...lineOrder)
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

export async function getFd(tx: Db, auth: Auth, q: z.output<typeof reconcileQuery>): Promise<SystemRow[]> {
  const shop = await loadShop(tx, auth, q.shopid);
  const [from, to] = monthDays(q.month);
  const amounts = await systemAmounts(tx, shop.id, from, to);
  const matches = await tx
    .select()
    .from(bankMatches)
    .where(and(eq(bankMatches.shopId, shop.id), between(bankMatches.day, from, to)));
  const lines = matches.length
    ? await tx
        .select(lineColumns)
        .from(bankStatementLines)
        .where(
          inArray(
            bankStatementLines.matchId,
            matches.map((m) => m.id),
          ),
        )
        .orderBy(...lineOrder)
    : [];
  const matchOf = new Map(matches.map((m) => [`${m.day}|${m.type}`, m]));
  const keys = [...new Set([...amounts.keys(), ...matchOf.keys()])];
  const order = (key: string) => {
    const [day, type] = key.split('|');
    return `${day}|${RECONCILE_TYPE_IDS.indexOf(Number(type) as ReconcileType)}`;
  };
  keys.sort((a, b) => order(a).localeCompare(order(b)));
  return keys
    .map((key): SystemRow => {
      const [day, t] = key.split('|');
      const type = Number(t) as ReconcileType;
      const m = matchOf.get(key);
      return {
        shopId: shop.id,
        shopCode: shop.code,
        shopName: shop.name,
        day,
        type,
        payCode: RECONCILE_TYPES[type].payCode,
        amount: amounts.get(key) ?? 0,
        status: m ? 1 : 0,
        matchId: m?.id ?? null,
        matchedAmount: m?.sysAmount ?? null,
        linesAmount: m?.linesAmount ?? null,
        matchedBy: m?.createdByName ?? null,
        matchedAt: m ? m.createdAt.toISOString() : null,
        lines: m ? lines.filter((l) => l.matchId === m.id) : [],
      };
    })
    .filter((r) => (q.type === undefined || r.type === q.type) && (q.status === undefined || r.status === q.status));
}

/** Ties the system row (shop, day, type) to `lines` (locked, unmatched, of its shop): the rules, then the two writes. */
async function match(
  tx: Db,
  auth: Auth,
  row: { shopId: number; day: string; type: ReconcileType; sys: number },
  lines: StatementLine[],
  auto: boolean,
) {
  const { payCode } = RECONCILE_TYPES[row.type];
  const type = typeLabel(row.type);
  const odd = lines.find((l) => l.payCode !== payCode);
  if (odd) throw conflict('reconcileMixedTypes', { type, code: payCode, row: odd.rowIndex, lineCode: odd.payCode });
  const taken = lines.find((l) => l.matchId !== null);
  if (taken) throw conflict('reconcileLineMatched', { row: taken.rowIndex, amount: yuan(taken.amount) });
  const sum = lines.reduce((n, l) => n + l.amount, 0);
  if (!amountsMatch(payCode, row.sys, sum))
    throw conflict(payCode === '01' ? 'reconcileCashExact' : 'reconcileOverTolerance', { sys: yuan(row.sys), lines: yuan(sum) });
  const [made] = await tx
    .insert(bankMatches)
    .values({
      tenantId: auth.tenantId,
      shopId: row.shopId,
      day: row.day,
      type: row.type,
      sysAmount: row.sys,
      linesAmount: sum,
      auto,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .onConflictDoNothing()
    .returning({ id: bankMatches.id });
  if (!made) throw conflict('reconcileRowMatched', { day: row.day, type });
  const ids = lines.map((l) => l.id);
  const tied = await tx
    .update(bankStatementLines)
    .set({ matchId: made.id })
    .where(and(inArray(bankStatementLines.id, ids), isNull(bankStatementLines.matchId)))
    .returning({ id: bankStatementLines.id });
  if (tied.length !== ids.length) {
    const first = lines.find((l) => !tied.some((x) => x.id === l.id)) as StatementLine;
    throw conflict('reconcileLineMatched', { row: first.rowIndex, amount: yuan(first.amount) });
  }
  return made.id;
}

async function doLock(tx: Db, auth: Auth, body: z.output<typeof lockBody>) {
  const shop = await loadShop(tx, auth, body.shopId);
  const type = body.type as ReconcileType;
  const lines = await visibleLines(tx, auth, body.lineIds, eq(bankStatementLines.shopId, shop.id));
  const sys = (await systemAmounts(tx, shop.id, body.day, body.day)).get(`${body.day}|${type}`) ?? 0;
  if (!sys) throw conflict('reconcileNoSystem', { day: body.day, type: typeLabel(type) });
  await match(tx, auth, { shopId: shop.id, day: body.day, type, sys }, lines, false);
  return { matched: 1 };
}

/**
 * Matches each unmatched system row of the month with one unmatched line of its pay code by the same rule:
 * the closest amount, then the nearest day on or after the row's (a bank credits a day's takings on that
 * day or later), lines up to a week into the next month included.
 */
async function autoLock(tx: Db, auth: Auth, body: z.output<typeof autoLockBody>) {
  const shop = await loadShop(tx, auth, body.shopId);
  const [from, to] = monthDays(body.month);
  const rows = (await getFd(tx, auth, { shopid: shop.id, month: body.month })).filter((r) => r.status === 0 && r.amount !== 0);
  const free = await tx
    .select(lineColumns)
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.shopId, shop.id),
        between(bankStatementLines.day, from, addDays(to, 7)),
        isNull(bankStatementLines.matchId),
      ),
    )
    .orderBy(...lineOrder)
    .for('update');
  let matched = 0;
  for (const row of rows) {
    const fits = free.filter((l) => l.payCode === row.payCode && l.day >= row.day && amountsMatch(row.payCode, row.amount, l.amount));
    fits.sort((a, b) => Math.abs(a.amount - row.amount) - Math.abs(b.amount - row.amount) || a.day.localeCompare(b.day) || a.id - b.id);
    const line = fits[0];
    if (!line) continue;
    await match(tx, auth, { shopId: shop.id, day: row.day, type: row.type as ReconcileType, sys: row.amount }, [line], true);
    free.splice(free.indexOf(line), 1);
    matched++;
  }
  return { matched };
}

async function doFree(tx: Db, auth: Auth, body: z.output<typeof freeBody>) {
  const found = await tx
    .select({ id: bankMatches.id })
    .from(bankMatches)
    .where(and(inArray(bankMatches.id, body.matchIds), inVisibleShops(auth, bankMatches.shopId)))
    .for('update');
  if (found.length !== new Set(body.matchIds).size) throw notFound();
  await tx.update(bankStatementLines).set({ matchId: null }).where(inArray(bankStatementLines.matchId, body.matchIds));
  await tx.delete(bankMatches).where(inArray(bankMatches.id, body.matchIds));
  return { matched: -found.length };
}

async function doSplit(tx: Db, auth: Auth, body: z.output<typeof splitBody>) {
  const [line] = await visibleLines(tx, auth, [body.id]);
  if (line.inputType !== 1) throw conflict('reconcileSplitImported');
  if (line.matchId !== null) throw conflict('reconcileLineMatched', { row: line.rowIndex, amount: yuan(line.amount) });
  if (body.amount <= 0 || body.amount >= line.amount) throw fieldError('amount', 'reconcileSplitAmount', { max: yuan(line.amount) });
  await tx
    .update(bankStatementLines)
    .set({ amount: line.amount - body.amount })
    .where(eq(bankStatementLines.id, line.id));
  const [part] = await tx
    .insert(bankStatementLines)
    .values({
      tenantId: auth.tenantId,
      shopId: line.shopId,
      day: line.day,
      rowIndex: line.rowIndex,
      amount: body.amount,
      statementAmount: line.statementAmount,
      payCode: line.payCode,
      memo: line.memo,
      inputType: 2,
      splitFrom: line.id,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning(lineColumns);
  return part;
}

async function deleteFd(tx: Db, auth: Auth, body: z.output<typeof linesBody>) {
  const lines = await visibleLines(tx, auth, body.ids);
  const split = lines.find((l) => l.inputType !== 1);
  if (split) throw conflict('reconcileDeleteSplit', { row: split.rowIndex });
  const parts = await tx.select(lineColumns).from(bankStatementLines).where(inArray(bankStatementLines.splitFrom, body.ids)).for('update');
  const matched = [...lines, ...parts].find((l) => l.matchId !== null);
  if (matched) throw conflict('reconcileDeleteMatched', { row: matched.rowIndex });
  await tx.delete(bankStatementLines).where(inArray(bankStatementLines.id, [...body.ids, ...parts.map((p) => p.id)]));
  return { deleted: lines.length + parts.length };
}

async function saveMemo(tx: Db, auth: Auth, body: z.output<typeof memoBody>) {
  await visibleLines(
    tx,
    auth,
    body.lines.map((l) => l.id),
  );
  for (const l of body.lines) await tx.update(bankStatementLines).set({ memo: l.memo }).where(eq(bankStatementLines.id, l.id));
  return { saved: body.lines.length };
}

const redepositColumns = {
  id: fundRedeposits.id,
  billNo: fundRedeposits.billNo,
  shopId: fundRedeposits.shopId,
  shopName: shops.name,
  day: fundRedeposits.billDate,
  amount: fundRedeposits.amount,
  reviewedBy: fundRedeposits.reviewedByName,
  reviewedAt: fundRedeposits.reviewedAt,
  isFa: fundRedeposits.isFa,
  faMemo: fundRedeposits.faMemo,
};

async function updateFundhc(tx: Db, auth: Auth, body: z.output<typeof updateFundhcBody>) {
  const ids = body.items.map((i) => i.id);
  const found = await tx
    .select({ ...redepositColumns, shopName: sql<string>`''` })
    .from(fundRedeposits)
    .where(and(inArray(fundRedeposits.id, ids), eq(fundRedeposits.state, 'reviewed'), inVisibleShops(auth, fundRedeposits.shopId)))
    .for('update');
  if (found.length !== new Set(ids).size) throw notFound();
  for (const item of body.items) {
    const bill = found.find((f) => f.id === item.id) as (typeof found)[number];
    if (bill.isFa !== item.isFa) {
      const [held] = await tx
        .select({ id: bankMatches.id })
        .from(bankMatches)
        .where(and(eq(bankMatches.shopId, bill.shopId), eq(bankMatches.day, bill.day), eq(bankMatches.type, 4)));
      if (held) throw conflict('reconcileRedepositMatched', { billNo: bill.billNo });
    }
    await tx.update(fundRedeposits).set({ isFa: item.isFa, faMemo: item.faMemo }).where(eq(fundRedeposits.id, item.id));
  }
  return { saved: body.items.length };
}

const importRow = z.object({
  shopId: z.number().int().positive(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  amount: z.coerce
    .number()
    .refine((v) => v > 0 && v <= 100_000_000, '金额须大于 0')
    .transform((v) => Math.round(v * 100)),
  payCode: z.string(),
  memo: z.string().max(200).nullish(),
});
type ImportRowValue = z.infer<typeof importRow>;

/** The bank's workbook: one statement line a row. */
export const statementImport: ImportDef<ImportRowValue> = {
  name: ['银行流水', 'Bank statement'],
  columns: [
    { key: 'shopId', title: ['门店', 'Shop'], required: true, lookup: { table: shops, scope: (auth) => inVisibleShops(auth, shops.id) } },
    { key: 'day', title: ['流水日期', 'Date'], type: 'date', required: true },
    { key: 'amount', title: ['流水金额(元)', 'Amount (yuan)'], required: true, example: '1234.50' },
    {
      key: 'payCode',
      title: ['类型', 'Type'],
      type: 'enum',
      required: true,
      options: Object.entries(RECONCILE_PAY_CODES).map(([value, labels]) => ({ value, labels })),
    },
    { key: 'memo', title: ['流水备注', 'Memo'], width: 30 },
  ],
  schema: importRow,
  insert: async () => 0,
};

/**
 * Stores a clean sheet: importType 1 (覆盖) first takes away the lines of the shops and days it holds that are not
 * matched (an imported line with its parts, none of them matched).
 */
async function importFd(tx: Db, auth: Auth, rows: { row: number; value: ImportRowValue }[], importType: number) {
  if (importType === 1) {
    const pairs = [...new Set(rows.map((r) => `${r.value.shopId}|${r.value.day}`))].map((p) => p.split('|'));
    for (const [shopId, day] of pairs) {
      // An imported line goes with its parts, and only when none of them is matched: a matched part keeps its line.
      const ofDay = await tx
        .select({ id: bankStatementLines.id, splitFrom: bankStatementLines.splitFrom, matchId: bankStatementLines.matchId })
        .from(bankStatementLines)
        .where(and(eq(bankStatementLines.shopId, Number(shopId)), eq(bankStatementLines.day, day)))
        .for('update');
      const held = new Set(ofDay.filter((l) => l.matchId !== null).map((l) => l.splitFrom ?? l.id));
      const gone = ofDay.filter((l) => !held.has(l.splitFrom ?? l.id)).map((l) => l.id);
      if (gone.length) await tx.delete(bankStatementLines).where(inArray(bankStatementLines.id, gone));
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(bankStatementLines).values(
      rows.slice(i, i + 1000).map(({ row, value }) => ({
        tenantId: auth.tenantId,
        shopId: value.shopId,
        day: value.day,
        rowIndex: row,
        amount: value.amount,
        statementAmount: value.amount,
        payCode: value.payCode,
        memo: value.memo ?? null,
        createdBy: auth.userId,
        createdByName: auth.name,
      })),
    );
  return { imported: rows.length };
}

export function registerReconcile(app: FastifyInstance) {
  route(
    app,
    'GET',
    PATHS.getFd,
    {
      summary: "A shop's month of system rows (shop × day × money type: the amount expected in the bank) with their matches",
      perm: P.view,
      query: reconcileQuery,
      response: systemRows,
    },
    ({ tx, auth, query }) => getFd(tx, auth, query),
  );
  route(
    app,
    'GET',
    PATHS.getUnbalance,
    {
      summary: "A shop's unmatched statement lines dated from `from` through `to`",
      perm: P.view,
      query: unbalanceQuery,
      response: z.array(statementLine),
    },
    async ({ tx, auth, query: q }) => {
      const shop = await loadShop(tx, auth, q.shopid);
      return tx
        .select(lineColumns)
        .from(bankStatementLines)
        .where(
          and(
            eq(bankStatementLines.shopId, shop.id),
            between(bankStatementLines.day, q.from, q.to),
            isNull(bankStatementLines.matchId),
            q.paycode ? eq(bankStatementLines.payCode, q.paycode) : undefined,
          ),
        )
        .orderBy(...lineOrder);
    },
  );
  route(
    app,
    ['GET', 'POST'],
    PATHS.template,
    { summary: 'The bank statement workbook template', perm: P.edit, raw: true, read: true },
    async ({ tx, auth, lang, reply }) =>
      sendTemplate(
        reply,
        await buildTemplate(tx, statementImport as ImportDef<unknown>, auth, lang),
        statementImport.name[lang === 'en-US' ? 1 : 0],
      ),
  );
  route(
    app,
    'POST',
    PATHS.importFd,
    {
      summary:
        "Import the bank's statement workbook (multipart field `file`; importType 1 覆盖 replaces the unmatched lines of its shops and days, 2 补充 adds); all rows or none",
      description: 'Any problem: 400 with `data.errors` = [{row, column, message}] and nothing stored.',
      perm: P.edit,
      query: importFdQuery,
      upload: importUpload(() => statementImport as ImportDef<unknown>),
    },
    async ({ tx, auth, lang, file, query }) => {
      const importType = file.fields.importType === undefined ? query.importType : Number(file.fields.importType);
      if (importType !== 1 && importType !== 2) throw fieldError('importType', 'reconcileImportType');
      const result = await validateImport(tx, statementImport, file.prepared as never, auth, lang);
      if (result.errors.length) throw importFailure(result.errors, lang);
      return importFd(tx, auth, result.rows, importType);
    },
  );
  const write = (
    path: string,
    summary: string,
    perm: string,
    body: z.ZodType,
    handler: (tx: Db, auth: Auth, body: never) => Promise<unknown>,
    response?: z.ZodType,
  ) => route(app, 'POST', path, { summary, perm, body, response }, ({ tx, auth, body: b }) => handler(tx, auth, b as never));
  write(PATHS.deleteFd, 'Delete imported, unmatched statement lines (with the parts split off them)', P.edit, linesBody, deleteFd);
  write(PATHS.saveMemo, "Set statement lines' memos", P.edit, memoBody, saveMemo);
  write(
    PATHS.doSplit,
    'Split a part (0 < part < amount) off an imported, unmatched line into a line of its own',
    P.edit,
    splitBody,
    doSplit,
    statementLine,
  );
  write(
    PATHS.doLock,
    'Match one system row with statement lines of its pay code (cash exactly, others within less than 1 元)',
    P.match,
    lockBody,
    doLock,
    lockAnswer,
  );
  write(
    PATHS.autoLock,
    "Match a shop's month automatically by the same rule, one line a system row",
    P.match,
    autoLockBody,
    autoLock,
    lockAnswer,
  );
  write(PATHS.doFree, 'Undo matches: their lines are unmatched again', P.match, freeBody, doFree, lockAnswer);
  route(
    app,
    'GET',
    PATHS.getFundhcList,
    {
      summary: "A shop's month of reviewed petty-cash redeposits with their reconciliation mark",
      perm: P.view,
      query: reconcileQuery.pick({ shopid: true, month: true }),
      response: redepositRows,
    },
    async ({ tx, auth, query: q }) => {
      const shop = await loadShop(tx, auth, q.shopid);
      const [from, to] = monthDays(q.month);
      return tx
        .select(redepositColumns)
        .from(fundRedeposits)
        .innerJoin(shops, eq(shops.id, fundRedeposits.shopId))
        .where(and(eq(fundRedeposits.shopId, shop.id), between(fundRedeposits.billDate, from, to), eq(fundRedeposits.state, 'reviewed')))
        .orderBy(asc(fundRedeposits.billDate), asc(fundRedeposits.id));
    },
  );
  write(
    PATHS.updateFundhc,
    'Mark reviewed redeposits 对账 (0) or 非对账 (2) with a memo; a matched day refuses a change of mark',
    P.edit,
    updateFundhcBody,
    updateFundhc,
  );
}
