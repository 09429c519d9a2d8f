import {
  MONTH_LOSS,
  MONTH_LOSS_FIELDS,
  MONTH_SHEET,
  type MonthLossField,
  monthLossAllQuery,
  monthLossPage,
  monthLossQuery,
  monthLossRow,
  monthSheetAllQuery,
  monthSheetColumnRecord,
  monthSheetPage,
  monthSheetQuery,
  monthSheetRow,
  monthSheetSave,
} from '@headoffice/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { defineLabels, defineMessages, type Lang, translate } from '../../platform/i18n.js';
import {
  buildTemplate,
  handleImport,
  type ImportColumn,
  type ImportDef,
  type ImportProblem,
  importUpload,
  sendTemplate,
} from '../../platform/importer.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { coverWriteWithLocks, refuseLocked } from '../../platform/period-locks.js';
import { registerRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { loadShop, shops } from '../org/public.js';
import { monthSheetColumns, shopMonthLosses, shopMonthSheets } from './schema.js';

// The month sheets (月结表, DOMAIN-DETAIL §9.8): the columns (dicbalance, a record type), a shop's month of
// values for them (shopmonthbalance: saved, or imported from a workbook whose columns are the defined ones)
// and a shop's month of losses (shopmonthloss: imported only). A month the general close holds (lock kind
// `close`, the chain's or the shop's month) refuses a save and an import (409 naming the month).
// docs/DECISIONS.md ("The month sheets").

definedEntityLabels.set('shopmonthbalance', MONTH_SHEET.label);
definedEntityLabels.set('shopmonthloss', MONTH_LOSS.label);
coverWriteWithLocks('finance.monthSheet', ['门店月结表与月度亏损', 'Shop month sheets and monthly losses'], ['close']);

defineMessages({
  monthSheetUnknownColumn: ['没有启用的月结表栏目 {column}', 'There is no enabled month sheet column {column}'],
  monthSheetBadValue: ['栏目 {column}（{name}）须填写{kind}', 'The column {column} ({name}) takes {kind}'],
  monthSheetDuplicate: ['与第 {first} 行是同一门店同一月份', 'The same shop and month as row {first}'],
  monthSheetColumnHeld: [
    '栏目 {column}（{name}）已有门店月结数据（{shop} {month}），不能删除，可改为停用',
    'The column {column} ({name}) holds values of shop month sheets ({shop}, {month}); disable it instead of deleting it',
  ],
});
defineLabels({
  monthsheet_money: ['以分计的整数金额', 'a whole amount in cents'],
  monthsheet_number: ['数值', 'a number'],
  monthsheet_text: ['文本', 'a text'],
});

export const monthSheetColumnDef = serveRecord(monthSheetColumnRecord, {
  table: monthSheetColumns,
  // The sheets keep their values by column code: a column holding any would leave them unnamed.
  beforeDelete: async (tx, column) => {
    const [held] = await tx
      .select({ month: shopMonthSheets.yearmonth, shop: shops.name })
      .from(shopMonthSheets)
      .innerJoin(shops, eq(shops.id, shopMonthSheets.shopId))
      .where(sql`${shopMonthSheets.values} ? ${column.code}`)
      .orderBy(asc(shopMonthSheets.yearmonth))
      .limit(1);
    if (held) throw conflict('monthSheetColumnHeld', { column: String(column.code), name: String(column.name), ...held });
  },
});

type Column = { code: string; name: string; type: number };
const KIND_WORDS: Record<number, string> = { 1: '@monthsheet_money', 2: '@monthsheet_number', 3: '@monthsheet_text' };

/** The enabled columns of the chain's month sheet, in their order. */
const columnsOf = (tx: Db): Promise<Column[]> =>
  tx
    .select({ code: monthSheetColumns.code, name: monthSheetColumns.name, type: monthSheetColumns.type })
    .from(monthSheetColumns)
    .where(eq(monthSheetColumns.status, 1))
    .orderBy(asc(monthSheetColumns.sort), asc(monthSheetColumns.code));

/** Whether a value fits a column's kind: whole cents of money, a number, a text. */
const fits = (type: number, v: unknown) =>
  type === 1 ? Number.isSafeInteger(v) : type === 2 ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string';

/** Refuses a month a general close holds (the chain's month or the shop's). */
const refuseClosedMonth = (tx: Db, shopId: number, yearmonth: string) => refuseLocked(tx, ['close'], shopId, yearmonth);

const sheetRows = (tx: Db) =>
  tx
    .select({
      id: shopMonthSheets.id,
      version: shopMonthSheets.version,
      shopId: shopMonthSheets.shopId,
      shopCode: shops.code,
      shopName: shops.name,
      yearmonth: shopMonthSheets.yearmonth,
      values: shopMonthSheets.values,
      memo: shopMonthSheets.memo,
      createdByName: shopMonthSheets.createdByName,
      updatedAt: shopMonthSheets.updatedAt,
    })
    .from(shopMonthSheets)
    .innerJoin(shops, eq(shops.id, shopMonthSheets.shopId));

function sheetWhere(auth: Auth, q: { shopid?: number; yearmonth?: string }): SQL | undefined {
  if (q.shopid) assertShopVisible(auth, q.shopid);
  return and(
    inVisibleShops(auth, shopMonthSheets.shopId),
    q.shopid ? eq(shopMonthSheets.shopId, q.shopid) : undefined,
    q.yearmonth ? eq(shopMonthSheets.yearmonth, q.yearmonth) : undefined,
  );
}
const sheetOrder = [desc(shopMonthSheets.yearmonth), asc(shops.code), asc(shopMonthSheets.id)];

type SheetValue = { shopId: number; yearmonth: string; values: Record<string, number | string>; memo?: string | null };

/** Stores shops' months: each made, or its values replaced. */
async function storeSheets(tx: Db, auth: Auth, sheets: SheetValue[]) {
  for (const pair of new Set(sheets.map((s) => `${s.shopId}|${s.yearmonth}`))) {
    const [shopId, yearmonth] = pair.split('|');
    await refuseClosedMonth(tx, Number(shopId), yearmonth);
  }
  const ids: number[] = [];
  for (const s of sheets) {
    const [row] = await tx
      .insert(shopMonthSheets)
      .values({
        tenantId: auth.tenantId,
        shopId: s.shopId,
        yearmonth: s.yearmonth,
        values: s.values,
        memo: s.memo ?? null,
        createdBy: auth.userId,
        createdByName: auth.name,
      })
      .onConflictDoUpdate({
        target: [shopMonthSheets.tenantId, shopMonthSheets.shopId, shopMonthSheets.yearmonth],
        set: {
          values: s.values,
          memo: s.memo ?? null,
          version: sql`${shopMonthSheets.version} + 1`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: shopMonthSheets.id });
    ids.push(row.id);
  }
  return ids;
}

async function saveSheet(tx: Db, auth: Auth, body: z.output<typeof monthSheetSave>) {
  await loadShop(tx, auth, body.shopId);
  const columns = new Map((await columnsOf(tx)).map((c) => [c.code, c]));
  for (const [code, value] of Object.entries(body.values)) {
    const column = columns.get(code);
    if (!column) throw fieldError(`values.${code}`, 'monthSheetUnknownColumn', { column: code });
    if (!fits(column.type, value))
      throw fieldError(`values.${code}`, 'monthSheetBadValue', { column: code, name: column.name, kind: KIND_WORDS[column.type] });
  }
  const [id] = await storeSheets(tx, auth, [body]);
  const [row] = await sheetRows(tx).where(eq(shopMonthSheets.id, id));
  return row;
}

/** An empty cell (nothing, or blanks) as undefined. */
const blank = (v: unknown) => (v === null || v === undefined || (typeof v === 'string' && !v.trim()) ? undefined : v);
/** A cell of money in yuan (at least 0, two decimals at most) as cents. */
const yuanCell = z.preprocess(
  blank,
  z.coerce
    .number()
    .refine((v) => v >= 0 && v <= 1e10 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: '须为不小于 0、最多两位小数的金额' })
    .transform((v) => Math.round(v * 100))
    .optional(),
);
const shopColumn = (): ImportColumn => ({
  key: 'shopId',
  title: ['门店', 'Shop'],
  required: true,
  lookup: { table: shops, scope: (auth) => inVisibleShops(auth, shops.id) },
});

/** Problems of rows naming a shop and month an earlier row named. */
function duplicates<R>(rows: { row: number; value: R }[], lang: Lang, keyOf: (v: R) => string): ImportProblem[] {
  const first = new Map<string, number>();
  const out: ImportProblem[] = [];
  for (const r of rows) {
    const k = keyOf(r.value);
    const at = first.get(k);
    if (at === undefined) first.set(k, r.row);
    else out.push({ row: r.row, key: 'shopId', message: translate(lang, 'monthSheetDuplicate', { first: at }) });
  }
  return out;
}

/** The month sheet's workbook: shop, month, and one column per enabled column definition. */
async function sheetImport(tx: Db): Promise<ImportDef<SheetValue>> {
  const columns = await columnsOf(tx);
  const cell = (c: Column) =>
    c.type === 1
      ? yuanCell
      : c.type === 2
        ? z.preprocess(blank, z.coerce.number().finite().optional())
        : z.preprocess(blank, z.coerce.string().trim().max(200).optional());
  const schema = z
    .object({
      shopId: z.number().int().positive(),
      yearmonth: z
        .string()
        .trim()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '月份须为 YYYY-MM，例如 2026-03' }),
      ...Object.fromEntries(columns.map((c) => [c.code, cell(c)])),
    })
    .transform(({ shopId, yearmonth, ...rest }) => ({
      shopId,
      yearmonth,
      values: Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, number | string>,
    }));
  return {
    name: MONTH_SHEET.label,
    columns: [
      shopColumn(),
      { key: 'yearmonth', title: ['月份', 'Month'], required: true, example: '2026-03', hint: ['YYYY-MM', 'YYYY-MM'] },
      ...columns.map(
        (c): ImportColumn => ({
          key: c.code,
          title: c.type === 1 ? [`${c.name}(元)`, `${c.name} (yuan)`] : [c.name, c.name],
          example: c.type === 1 ? '1234.50' : c.type === 2 ? 1 : undefined,
        }),
      ),
    ],
    schema: schema as unknown as z.ZodType<SheetValue>,
    check: async (_tx, rows, _auth, lang) => duplicates(rows, lang, (v) => `${v.shopId}|${v.yearmonth}`),
    insert: async (itx, rows, auth) => (await storeSheets(itx, auth, rows)).length,
    maxRows: 5000,
  };
}

// ---- 门店月度亏损 ----

const LOSS_KEYS = Object.keys(MONTH_LOSS_FIELDS) as MonthLossField[];
type LossValue = { shopId: number; year: number; month: number } & Record<MonthLossField, number>;

const lossImport: ImportDef<LossValue> = {
  name: ['分店亏损情况表', 'Shop monthly losses'],
  columns: [
    shopColumn(),
    { key: 'year', title: ['年', 'Year'], type: 'int', required: true, example: 2026 },
    { key: 'month', title: ['月', 'Month'], type: 'int', required: true, example: 3 },
    ...LOSS_KEYS.map(
      (k): ImportColumn => ({ key: k, title: [`${MONTH_LOSS_FIELDS[k][0]}(元)`, `${MONTH_LOSS_FIELDS[k][1]} (yuan)`], example: '0.00' }),
    ),
  ],
  schema: z
    .object({
      shopId: z.number().int().positive(),
      year: z.number().int().min(2000).max(2999),
      month: z.number().int().min(1).max(12),
      ...Object.fromEntries(LOSS_KEYS.map((k) => [k, yuanCell])),
    })
    .transform((v) => ({
      ...v,
      ...Object.fromEntries(LOSS_KEYS.map((k) => [k, (v as Record<string, number | undefined>)[k] ?? 0])),
    })) as unknown as z.ZodType<LossValue>,
  check: async (_tx, rows, _auth, lang) => duplicates(rows, lang, (v) => `${v.shopId}|${v.year}|${v.month}`),
  insert: async (tx, rows, auth) => {
    const ym = (v: LossValue) => `${v.year}-${String(v.month).padStart(2, '0')}`;
    for (const pair of new Set(rows.map((r) => `${r.shopId}|${ym(r)}`))) {
      const [shopId, yearmonth] = pair.split('|');
      await refuseClosedMonth(tx, Number(shopId), yearmonth);
    }
    for (const r of rows) {
      const money = Object.fromEntries(LOSS_KEYS.map((k) => [k, r[k]])) as Record<MonthLossField, number>;
      await tx
        .insert(shopMonthLosses)
        .values({
          tenantId: auth.tenantId,
          shopId: r.shopId,
          year: r.year,
          month: r.month,
          ...money,
          createdBy: auth.userId,
          createdByName: auth.name,
        })
        .onConflictDoUpdate({
          target: [shopMonthLosses.tenantId, shopMonthLosses.shopId, shopMonthLosses.year, shopMonthLosses.month],
          set: { ...money, updatedAt: new Date() },
        });
    }
    return rows.length;
  },
  maxRows: 5000,
};

const lossRows = (tx: Db) =>
  tx
    .select({
      id: shopMonthLosses.id,
      shopId: shopMonthLosses.shopId,
      shopCode: shops.code,
      shopName: shops.name,
      year: shopMonthLosses.year,
      month: shopMonthLosses.month,
      ks: shopMonthLosses.ks,
      orgjkyl: shopMonthLosses.orgjkyl,
      shopjk: shopMonthLosses.shopjk,
      jfxj: shopMonthLosses.jfxj,
      gcjk: shopMonthLosses.gcjk,
      wfgz: shopMonthLosses.wfgz,
      fzqk: shopMonthLosses.fzqk,
      totalks: shopMonthLosses.totalks,
      createdByName: shopMonthLosses.createdByName,
      updatedAt: shopMonthLosses.updatedAt,
    })
    .from(shopMonthLosses)
    .innerJoin(shops, eq(shops.id, shopMonthLosses.shopId));

function lossWhere(auth: Auth, q: z.output<typeof monthLossAllQuery>) {
  if (q.shopid) assertShopVisible(auth, q.shopid);
  return and(
    inVisibleShops(auth, shopMonthLosses.shopId),
    q.shopid ? eq(shopMonthLosses.shopId, q.shopid) : undefined,
    q.year ? eq(shopMonthLosses.year, q.year) : undefined,
    q.month ? eq(shopMonthLosses.month, q.month) : undefined,
  );
}
const lossOrder = [desc(shopMonthLosses.year), desc(shopMonthLosses.month), asc(shops.code)];

export function registerMonthSheets(app: FastifyInstance) {
  registerRecord(app, monthSheetColumnDef);
  const S = MONTH_SHEET.paths;
  const SP = MONTH_SHEET.perms;
  route(
    app,
    'GET',
    S.list,
    {
      summary: 'The shops’ month sheets (门店月结表), latest month first, paged',
      perm: SP.view,
      query: monthSheetQuery,
      response: monthSheetPage,
    },
    ({ tx, auth, query }) => {
      const where = sheetWhere(auth, query);
      return pageOf(
        tx,
        query,
        sheetRows(tx)
          .where(where)
          .orderBy(...sheetOrder)
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        () => tx.select({ id: shopMonthSheets.id }).from(shopMonthSheets).where(where),
      );
    },
  );
  route(
    app,
    'GET',
    S.all,
    {
      summary: 'The shops’ month sheets of a month or a shop, unpaged (at most 5000)',
      perm: SP.view,
      query: monthSheetAllQuery,
      response: z.array(monthSheetRow),
    },
    ({ tx, auth, query }) =>
      sheetRows(tx)
        .where(sheetWhere(auth, query))
        .orderBy(...sheetOrder)
        .limit(5000),
  );
  route(
    app,
    'POST',
    S.save,
    {
      summary: "Save a shop's month sheet (the values of the defined columns); refused in a closed month",
      perm: SP.edit,
      body: monthSheetSave,
      response: monthSheetRow,
      entity: 'shopmonthbalance',
    },
    ({ tx, auth, body }) => saveSheet(tx, auth, body),
  );
  route(
    app,
    ['GET', 'POST'],
    S.template,
    { summary: 'The month sheet workbook template (its columns are the defined ones)', perm: SP.edit, raw: true, read: true },
    async ({ tx, auth, lang, reply }) =>
      sendTemplate(
        reply,
        await buildTemplate(tx, (await sheetImport(tx)) as ImportDef<unknown>, auth, lang),
        MONTH_SHEET.label[lang === 'en-US' ? 1 : 0],
      ),
  );
  route(
    app,
    'POST',
    S.import,
    {
      summary: 'Import month sheets from the workbook (multipart field `file`); all rows or none, refused in a closed month',
      description: 'Not in the seed. Any problem: 400 with `data.errors` = [{row, column, message}] and nothing stored.',
      perm: SP.edit,
      entity: 'shopmonthbalance',
      upload: {},
    },
    async (ctx) => handleImport(await sheetImport(ctx.tx), ctx),
  );

  const L = MONTH_LOSS.paths;
  const LP = MONTH_LOSS.perms;
  route(
    app,
    'GET',
    L.list,
    {
      summary: 'The shops’ monthly losses (门店月度亏损), latest month first, paged',
      perm: LP.view,
      query: monthLossQuery,
      response: monthLossPage,
    },
    ({ tx, auth, query }) => {
      const where = lossWhere(auth, query);
      return pageOf(
        tx,
        query,
        lossRows(tx)
          .where(where)
          .orderBy(...lossOrder)
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        () => tx.select({ id: shopMonthLosses.id }).from(shopMonthLosses).where(where),
      );
    },
  );
  route(
    app,
    'GET',
    L.all,
    {
      summary: 'The shops’ monthly losses of a month or a shop, unpaged (at most 5000)',
      perm: LP.view,
      query: monthLossAllQuery,
      response: z.array(monthLossRow),
    },
    ({ tx, auth, query }) =>
      lossRows(tx)
        .where(lossWhere(auth, query))
        .orderBy(...lossOrder)
        .limit(5000),
  );
  route(
    app,
    ['GET', 'POST'],
    L.template,
    { summary: 'The monthly losses workbook template', perm: LP.edit, raw: true, read: true },
    async ({ tx, auth, lang, reply }) =>
      sendTemplate(reply, await buildTemplate(tx, lossImport as ImportDef<unknown>, auth, lang), lossImport.name[lang === 'en-US' ? 1 : 0]),
  );
  route(
    app,
    'POST',
    L.saveSystem,
    {
      summary:
        'Import the shops’ monthly losses from the workbook (multipart field `file`); a shop’s month imported again is replaced; all rows or none',
      description: 'Any problem: 400 with `data.errors` = [{row, column, message}] and nothing stored. A closed month: 409.',
      perm: LP.edit,
      entity: 'shopmonthloss',
      upload: importUpload(() => lossImport as ImportDef<unknown>),
    },
    (ctx) => handleImport(lossImport, ctx),
  );
}
