import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ImportError } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { en, zhCN } from 'zod/locales';
import type { Db } from '../db/client.js';
import type { Auth } from './auth.js';
import { AppError, fieldError } from './errors.js';
import { excelJs, sheetName } from './excel.js';
import { defineMessages, type Lang, translate } from './i18n.js';
import { route } from './route.js';
import type { Upload, UploadSpec } from './upload.js';
import { boundWorkbook, type WorkbookLimits, workbookLimits } from './workbook-limits.js';
import { padZipForStreaming } from './zip-padding.js';

/**
 * The platform's Excel import: one definition per importable entity gives an `.xlsx` template
 * (titles in the request's language, an example row, real dictionary values as drop-down lists)
 * and an all-or-nothing import: every row is checked first (types, required cells, lookups by
 * code or name, uniqueness in the file and against the database), errors come back by row and
 * column, and only a clean sheet is stored, in bulk, in the request's transaction.
 */

defineMessages({
  importFailed: [
    '导入失败：发现 {count} 处错误，没有导入任何数据，请修改后重新导入',
    'Import failed: {count} problems found and nothing was imported; please correct them and import again',
  ],
  importRowProblem: ['第 {row} 行「{column}」：{message}', 'Row {row}, {column}: {message}'],
  importRequired: ['不能为空', 'This cell must be filled in'],
  importBadInt: ['“{value}”不是整数', '"{value}" is not a whole number'],
  importBadDate: ['“{value}”不是有效日期，请按 YYYY-MM-DD 填写', '"{value}" is not a valid date; write it as YYYY-MM-DD'],
  importBadMobile: ['“{value}”不是有效的 11 位手机号', '"{value}" is not a valid 11-digit mobile number'],
  importBadOption: ['“{value}”不是可选值，请填写：{options}', '"{value}" is not allowed; use one of: {options}'],
  importNumberTooLong: [
    '“{value}”位数太多，Excel 已丢失精度：请把该列设为文本格式后重新填写',
    '"{value}" has too many digits and Excel has rounded it: format the column as text and enter it again',
  ],
  importNotFound: ['“{value}”不存在或已停用', '"{value}" does not exist or is disabled'],
  importAmbiguous: ['有多条记录名为“{value}”，请填写编码', 'Several records are named "{value}"; enter the code instead'],
  importParentMissing: ['请先填写「{parent}」', 'Fill in {parent} first'],
  importParentMismatch: ['“{value}”不属于「{parent}」“{parentValue}”', '"{value}" does not belong to {parent} "{parentValue}"'],
  importDuplicateInFile: ['“{value}”与第 {first} 行重复', '"{value}" repeats row {first}'],
  importDuplicateInDb: ['“{value}”已存在', '"{value}" already exists'],
  importMissingColumn: ['表头中缺少这一必填列', 'The header row lacks this required column'],
  importEmpty: ['表格中没有可导入的数据', 'The sheet has no rows to import'],
  importTooMany: ['一次最多导入 {max} 行，本表有 {count} 行', 'At most {max} rows can be imported at once; this sheet has {count}'],
  importNotXlsx: ['请上传 Excel 文件（.xlsx）', 'Please upload an Excel file (.xlsx)'],
  importUnreadable: [
    '无法读取该 Excel 文件，请用模板重新填写后再导入',
    'This Excel file cannot be read; please fill in the template and import it again',
  ],
  importListHint: ['请从下拉列表中选择，也可以填写编码', 'Choose from the list, or enter a code'],
  importExampleNote: [
    '第 2 行是示例：原样保留时不会导入，也可以直接改成要导入的数据',
    'Row 2 is an example: left unchanged it is not imported; you may overwrite it with real data',
  ],
  importDateHint: ['日期格式：YYYY-MM-DD，例如 2024-03-01', 'Date format: YYYY-MM-DD, e.g. 2024-03-01'],
});

export type CellType = 'text' | 'int' | 'date' | 'mobile' | 'enum';

export interface ImportOption {
  value: string | number;
  labels: readonly [string, string];
}

/** A column that names a record of another table (by code or by name), e.g. a shop. */
export interface ImportLookup {
  /** A table with `id`, `code`, `name` and `status` columns; only enabled records (status 1) may be named. */
  table: PgTable;
  /** How a cell may name the record; code is tried first. */
  by?: readonly ('code' | 'name')[];
  /** Narrows what may be named, e.g. the shops the user may see. */
  scope?: (auth: Auth) => SQL | undefined;
  /** The record must belong to the one named in column `key`: `column` (of this table) holds that record's id. */
  parent?: { key: string; column: PgColumn };
}

export interface ImportColumn {
  key: string;
  title: readonly [string, string];
  /** How the cell is read; lookups answer the record's id. Default `text`. */
  type?: CellType;
  required?: boolean;
  /** Allowed values of an `enum` column; a cell may hold either language's label or the value. */
  options?: readonly ImportOption[];
  lookup?: ImportLookup;
  /** Must be unique in the file and in the database (this column of the target table). */
  unique?: PgColumn;
  /** Value shown in the template's example row (the canonical value: an option's value, a date as YYYY-MM-DD). */
  example?: string | number;
  hint?: readonly [string, string];
  width?: number;
}

export interface ImportRow<R> {
  /** The row number as Excel shows it (the header is row 1). */
  row: number;
  value: R;
}

/** A problem found by a definition's own check, pinned to a row and a column key. */
export interface ImportProblem {
  row: number;
  key: string;
  message: string;
}

export interface ImportDef<R> {
  /** Names the sheet and the template file. */
  name: readonly [string, string];
  columns: ImportColumn[];
  /** Validates one row's values (by column key) into what `insert` stores. */
  schema: z.ZodType<R>;
  /** Checks over all rows after the per-row ones (one query for all rows, never one per row). */
  check?: (tx: Db, rows: ImportRow<R>[], auth: Auth, lang: Lang) => Promise<ImportProblem[]>;
  /** Stores every row in the request's transaction, in bulk (see `chunks`); answers how many were stored. */
  insert: (tx: Db, rows: R[], auth: Auth) => Promise<number>;
  /** Default 10 000. */
  maxRows?: number;
  /** Wider workbook limits for a sheet of more rows than the default (workbook-limits.ts). */
  limits?: Partial<WorkbookLimits>;
}

export interface ImportResult<R> {
  rows: ImportRow<R>[];
  errors: ImportError[];
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const zodLocales = { 'zh-CN': zhCN().localeError, 'en-US': en().localeError } as const;
const MAX_REPORTED = 1000;
const li = (lang: Lang) => (lang === 'en-US' ? 1 : 0);

/** Splits rows into chunks (bulk inserts, batched updates). */
export function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

type Returned<R extends Record<string, PgColumn>> = { [K in keyof R]: R[K]['_']['data'] };

/**
 * Inserts many rows of `table`, one statement per chunk of 5,000: the rows travel as one JSON
 * parameter unpacked by `jsonb_to_recordset`, several times faster than a multi-row VALUES of bound
 * parameters and free of the 65,535-parameter limit. The columns are the keys the rows carry
 * (give every row the same keys: a missing value is NULL, not the column default). Answers the
 * `returning` columns of the inserted rows.
 */
export async function bulkInsert<T extends PgTable, R extends Record<string, PgColumn>>(
  tx: Db,
  table: T,
  rows: T['$inferInsert'][],
  returning?: R,
): Promise<Returned<R>[]> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => columns[k]);
  const out: Returned<R>[] = [];
  if (!rows.length || !keys.length) return out;
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k].name)),
    sql`, `,
  );
  const types = sql.join(
    keys.map((k) => sql`${sql.identifier(columns[k].name)} ${sql.raw(columns[k].getSQLType())}`),
    sql`, `,
  );
  const back = Object.entries(returning ?? {});
  const returningSql = back.length
    ? sql` returning ${sql.join(
        back.map(([, c]) => sql.identifier(c.name)),
        sql`, `,
      )}`
    : sql``;
  for (const part of chunks(rows, 5000)) {
    const json = JSON.stringify(
      part.map((r) => {
        const record = r as Record<string, unknown>;
        return Object.fromEntries(
          keys.map((k) => [columns[k].name, record[k] instanceof Date ? (record[k] as Date).toISOString() : (record[k] ?? null)]),
        );
      }),
    );
    const result = (await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types})${returningSql}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    for (const row of result.rows ?? []) {
      out.push(
        Object.fromEntries(back.map(([key, c]) => [key, row[c.name] === null ? null : c.mapFromDriverValue(row[c.name])])) as Returned<R>,
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cells

type Raw = string | number | boolean | Date | null;

function rawOf(value: ExcelJS.CellValue): Raw {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return rawOf(value.richText.map((r) => r.text).join(''));
    if ('result' in value) return rawOf(value.result as ExcelJS.CellValue);
    if ('text' in value) return rawOf(value.text as ExcelJS.CellValue);
    if ('error' in value) return value.error;
    return null;
  }
  if (typeof value === 'string') {
    const s = value.trim();
    return s === '' ? null : s;
  }
  return value as Raw;
}

function shown(raw: Raw): string {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? '' : raw.toISOString().slice(0, 10);
  return String(raw ?? '');
}

function ymd(y: number, m: number, d: number): string | undefined {
  if (y < 1900 || y > 2200) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A date from a date cell, an Excel serial number, 20240301, or text like 2024-03-01, 2024/3/1, 2024年3月1日. */
export function toDate(raw: Raw): string | undefined {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? undefined : raw.toISOString().slice(0, 10);
  if (typeof raw === 'number') {
    if (Number.isInteger(raw) && raw >= 19000101 && raw <= 22001231)
      return ymd(Math.floor(raw / 10000), Math.floor(raw / 100) % 100, raw % 100);
    if (raw >= 1 && raw < 110000) return new Date(Date.UTC(1899, 11, 30) + Math.floor(raw) * 86_400_000).toISOString().slice(0, 10);
    return undefined;
  }
  if (typeof raw !== 'string') return undefined;
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(raw) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  return m ? ymd(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

type Converted = { value: unknown } | { error: string };

function convert(column: ImportColumn, raw: Raw, lang: Lang): Converted {
  const bad = (key: string, params: Record<string, string | number> = {}) => ({
    error: translate(lang, key, { value: shown(raw), ...params }),
  });
  switch (column.type ?? 'text') {
    case 'int': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[-+]?\d+$/.test(raw) ? Number(raw) : Number.NaN;
      return Number.isSafeInteger(n) ? { value: n } : bad('importBadInt');
    }
    case 'date': {
      const date = toDate(raw);
      return date ? { value: date } : bad('importBadDate');
    }
    case 'mobile': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.replace(/[\s-]/g, '').replace(/^\+?86/, '') : '';
      return /^1\d{10}$/.test(text) ? { value: text } : bad('importBadMobile');
    }
    case 'enum': {
      const text = shown(raw).toLowerCase();
      const option = column.options?.find((o) => String(o.value).toLowerCase() === text || o.labels.some((l) => l.toLowerCase() === text));
      if (option) return { value: option.value };
      return bad('importBadOption', { options: (column.options ?? []).map((o) => o.labels[li(lang)]).join('、') });
    }
    default: {
      if (typeof raw === 'number' && !Number.isSafeInteger(raw) && Number.isInteger(raw)) return bad('importNumberTooLong');
      return { value: shown(raw) };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Lookups: one query per looked-up table, never one per row

interface LookupRecord {
  id: number;
  code: string;
  name: string;
  parent: number | null;
}

interface LookupIndex {
  records: LookupRecord[];
  byCode: Map<string, LookupRecord>;
  byName: Map<string, LookupRecord[]>;
}

async function loadLookups(tx: Db, columns: ImportColumn[], auth: Auth): Promise<Map<string, LookupIndex>> {
  const out = new Map<string, LookupIndex>();
  for (const column of columns) {
    const lookup = column.lookup;
    if (!lookup) continue;
    const cols = getTableColumns(lookup.table) as Record<string, PgColumn>;
    const where: (SQL | undefined)[] = [eq(cols.status, 1), lookup.scope?.(auth)];
    if (cols.isDel) where.push(eq(cols.isDel, 0));
    const order = cols.sort ? [asc(cols.sort), asc(cols.code)] : [asc(cols.code)];
    const records = (await tx
      .select({ id: cols.id, code: cols.code, name: cols.name, parent: lookup.parent?.column ?? cols.id })
      .from(lookup.table)
      .where(and(...where))
      .orderBy(...order)) as LookupRecord[];
    if (!lookup.parent) for (const r of records) r.parent = null;
    const byCode = new Map(records.map((r) => [r.code.toLowerCase(), r]));
    const byName = new Map<string, LookupRecord[]>();
    for (const r of records) byName.set(r.name.toLowerCase(), [...(byName.get(r.name.toLowerCase()) ?? []), r]);
    out.set(column.key, { records, byCode, byName });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading

const normTitle = (s: string) => s.replace(/[*＊\s]/g, '').toLowerCase();
const titleOf = (column: ImportColumn, lang: Lang) => column.title[li(lang)];

export interface Sheet {
  /** Column key → cells by row number. */
  rows: { row: number; cells: Map<string, Raw> }[];
  errors: ImportError[];
}

/**
 * Reads the first visible sheet, streaming (no whole-workbook model: 5,000 rows parse several
 * times faster): the header row names the columns (either language, `*` ignored), later rows are data.
 * The workbook is first held to the limits of `workbook-limits.ts` (unpacked size, shared strings,
 * rows, columns): past them it is refused before the workbook reader sees it.
 */
export async function readImportSheet(buffer: Buffer, def: ImportDef<unknown>, lang: Lang): Promise<Sheet> {
  // Workbooks whose zip entries come in another order (other spreadsheet programs, streamed writers)
  // may be detected only as a zip: let the workbook reader decide for those.
  const type = await (await import('file-type')).fileTypeFromBuffer(buffer);
  if (type?.mime !== XLSX_MIME && type?.mime !== 'application/zip') throw fieldError('file', 'importNotXlsx');
  let zip: Buffer;
  try {
    zip = await boundWorkbook(buffer, lang, { ...workbookLimits, ...def.limits });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fieldError('file', 'importUnreadable');
  }
  const errors: ImportError[] = [];
  const maxRows = def.maxRows ?? 10_000;
  const example = exampleValues(def, lang);
  const rows: Sheet['rows'] = [];
  const positions = new Map<string, number>();
  let count = 0;
  let found = false;
  try {
    const reader = new (await excelJs()).stream.xlsx.WorkbookReader(Readable.from(padZipForStreaming(zip)), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      const state = (sheet as unknown as { state?: string }).state;
      if (found || state === 'hidden' || state === 'veryHidden') {
        for await (const _ of sheet) {
          // Drain sheets that are not read.
        }
        continue;
      }
      found = true;
      for await (const row of sheet) {
        if (row.number === 1) {
          row.eachCell((cell, col) => {
            const title = normTitle(shown(rawOf(cell.value)));
            const column = def.columns.find((c) => [c.key, ...c.title].some((t) => normTitle(t) === title));
            if (column && !positions.has(column.key)) positions.set(column.key, col);
          });
          continue;
        }
        const cells = new Map<string, Raw>();
        let filled = false;
        for (const [key, col] of positions) {
          const raw = rawOf(row.getCell(col).value);
          cells.set(key, raw);
          if (raw !== null) filled = true;
        }
        if (!filled) continue;
        if (row.number === 2 && isExample(def, cells, example, lang)) continue;
        count++;
        if (count <= maxRows) rows.push({ row: row.number, cells });
      }
    }
  } catch {
    throw fieldError('file', 'importUnreadable');
  }
  if (!found) throw fieldError('file', 'importUnreadable');
  for (const column of def.columns) {
    if (column.required && !positions.has(column.key)) {
      errors.push({ row: 1, column: titleOf(column, lang), message: translate(lang, 'importMissingColumn') });
    }
  }
  if (count > maxRows) errors.push({ row: 1, column: '', message: translate(lang, 'importTooMany', { max: maxRows, count }) });
  else if (count === 0 && errors.length === 0) errors.push({ row: 2, column: '', message: translate(lang, 'importEmpty') });
  return { rows, errors };
}

/** The example row's converted values (lookup columns excluded: their example is live data). */
function exampleValues(def: ImportDef<unknown>, lang: Lang) {
  const out = new Map<string, unknown>();
  for (const c of def.columns) {
    if (c.example === undefined || c.lookup) continue;
    const converted = convert(c, exampleCell(c, lang) as Raw, lang);
    if ('value' in converted) out.set(c.key, converted.value);
  }
  return out;
}

function isExample(def: ImportDef<unknown>, cells: Map<string, Raw>, example: Map<string, unknown>, lang: Lang) {
  if (example.size === 0) return false;
  for (const [key, value] of example) {
    const column = def.columns.find((c) => c.key === key) as ImportColumn;
    const converted = convert(column, cells.get(key) ?? null, lang);
    if (!('value' in converted) || converted.value !== value) return false;
  }
  return true;
}

function exampleCell(column: ImportColumn, lang: Lang): string | number | undefined {
  if (column.example === undefined) return undefined;
  if (column.type === 'enum') return column.options?.find((o) => o.value === column.example)?.labels[li(lang)] ?? column.example;
  return column.example;
}

// ---------------------------------------------------------------------------------------------
// Validation

/**
 * Checks every row of a read sheet: cell types and required cells, lookups, the row schema,
 * uniqueness in the file and against the database (one query per unique column), then the
 * definition's own check. Answers the rows ready to insert, or the errors.
 */
export async function validateImport<R>(tx: Db, def: ImportDef<R>, sheet: Sheet, auth: Auth, lang: Lang): Promise<ImportResult<R>> {
  const errors: ImportError[] = [...sheet.errors];
  if (errors.length) return { rows: [], errors };
  const columns = new Map(def.columns.map((c) => [c.key, c]));
  const lookups = await loadLookups(tx, def.columns, auth);
  const problem = (row: number, key: string, message: string) =>
    errors.push({ row, column: columns.has(key) ? titleOf(columns.get(key) as ImportColumn, lang) : '', message });
  const valid: ImportRow<R>[] = [];
  const firstSeen = new Map<string, Map<string, number>>();

  for (const { row, cells } of sheet.rows) {
    const values: Record<string, unknown> = {};
    const failed = new Set<string>();
    const fail = (key: string, message: string) => {
      failed.add(key);
      problem(row, key, message);
    };
    // Plain cells first, then lookups (a lookup may depend on another column's record).
    for (const column of def.columns) {
      if (column.lookup) continue;
      const raw = cells.get(column.key) ?? null;
      if (raw === null) {
        if (column.required) fail(column.key, translate(lang, 'importRequired'));
        continue;
      }
      const converted = convert(column, raw, lang);
      if ('error' in converted) fail(column.key, converted.error);
      else values[column.key] = converted.value;
    }
    for (const column of def.columns) {
      const lookup = column.lookup;
      if (!lookup) continue;
      const raw = cells.get(column.key) ?? null;
      if (raw === null) {
        if (column.required) fail(column.key, translate(lang, 'importRequired'));
        continue;
      }
      const text = shown(raw);
      const index = lookups.get(column.key) as LookupIndex;
      const by = lookup.by ?? ['code', 'name'];
      let candidates: LookupRecord[] = [];
      const byCode = by.includes('code') ? index.byCode.get(text.toLowerCase()) : undefined;
      if (byCode) candidates = [byCode];
      else if (by.includes('name')) candidates = index.byName.get(text.toLowerCase()) ?? [];
      if (lookup.parent && candidates.length) {
        const parentColumn = columns.get(lookup.parent.key) as ImportColumn;
        const parentId = values[lookup.parent.key];
        if (parentId === undefined) {
          if (!failed.has(lookup.parent.key))
            fail(column.key, translate(lang, 'importParentMissing', { parent: titleOf(parentColumn, lang) }));
          else failed.add(column.key);
          continue;
        }
        const inParent = candidates.filter((c) => c.parent === parentId);
        if (!inParent.length) {
          fail(
            column.key,
            translate(lang, 'importParentMismatch', {
              value: text,
              parent: titleOf(parentColumn, lang),
              parentValue: shown(cells.get(lookup.parent.key) ?? null),
            }),
          );
          continue;
        }
        candidates = inParent;
      }
      if (candidates.length === 0) fail(column.key, translate(lang, 'importNotFound', { value: text }));
      else if (candidates.length > 1) fail(column.key, translate(lang, 'importAmbiguous', { value: text }));
      else values[column.key] = candidates[0].id;
    }
    // Uniqueness within the file.
    for (const column of def.columns) {
      if (!column.unique || values[column.key] === undefined) continue;
      const seen = firstSeen.get(column.key) ?? new Map<string, number>();
      firstSeen.set(column.key, seen);
      const value = String(values[column.key]);
      const first = seen.get(value);
      if (first !== undefined) fail(column.key, translate(lang, 'importDuplicateInFile', { value, first }));
      else seen.set(value, row);
    }
    const parsed = def.schema.safeParse(values, { error: zodLocales[lang] });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (!failed.has(key)) fail(key, issue.message);
      }
    }
    if (failed.size === 0 && parsed.success) valid.push({ row, value: parsed.data });
  }

  // Uniqueness against the database: one query per unique column for the whole file.
  for (const column of def.columns) {
    const seen = firstSeen.get(column.key);
    if (!column.unique || !seen?.size) continue;
    const existing = [];
    // In chunks: a query holds at most 65,535 parameters.
    for (const part of chunks([...seen.keys()], 10_000))
      existing.push(...(await tx.select({ value: column.unique }).from(column.unique.table).where(inArray(column.unique, part))));
    for (const { value } of existing)
      problem(seen.get(String(value)) as number, column.key, translate(lang, 'importDuplicateInDb', { value: String(value) }));
  }
  if (def.check && valid.length) {
    for (const p of await def.check(tx, valid, auth, lang)) problem(p.row, p.key, p.message);
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows: errors.length ? [] : valid, errors };
}

// ---------------------------------------------------------------------------------------------
// HTTP: template and import

/**
 * The `upload` of an import route: the sheet is read (within the workbook limits) as soon as the
 * upload has arrived, before the request's transaction opens; `handleImport` validates and stores it.
 */
export function importUpload(defOf: (lang: Lang) => ImportDef<unknown>): UploadSpec {
  return { prepare: (file, { lang }) => oneAtATime(async () => readImportSheet(await fs.readFile(file.path), defOf(lang), lang)) };
}

let reading: Promise<unknown> = Promise.resolve();

/**
 * Workbooks are read one at a time per process: a workbook at the limits may take some 60 MB of
 * heap while it is read, and the server runs with a small heap (HEAP_MB). The wait happens before
 * the request's transaction opens.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = reading.then(work, work);
  reading = turn.catch(() => undefined);
  return turn;
}

/** The 400 of a sheet with problems: every problem by row and column (the first MAX_REPORTED of them). */
export function importFailure(errors: ImportError[], lang: Lang) {
  const reported = errors.slice(0, MAX_REPORTED);
  return new AppError(
    400,
    'importFailed',
    { count: errors.length },
    reported.map((e) => ({
      path: 'file',
      message: e.column ? translate(lang, 'importRowProblem', { row: e.row, column: e.column, message: e.message }) : e.message,
    })),
    '400',
    { errors: reported, errorCount: errors.length },
  );
}

/** Validates the uploaded sheet (read by `importUpload`) and stores it, or answers 400 with every problem. */
export async function handleImport<R>(def: ImportDef<R>, ctx: { tx: Db; auth: Auth; lang: Lang; file: Upload }) {
  const { tx, auth, lang, file } = ctx;
  const sheet =
    (file.prepared as Sheet | undefined) ?? (await readImportSheet(await fs.readFile(file.path), def as ImportDef<unknown>, lang));
  const result = await validateImport(tx, def, sheet, auth, lang);
  // Thrown, so that the request's transaction rolls back and the answer goes out after it.
  if (result.errors.length) throw importFailure(result.errors, lang);
  const imported = await def.insert(
    tx,
    result.rows.map((r) => r.value),
    auth,
  );
  return { imported };
}

/** The hidden sheet's drop-down values of each list column (lookups: names of enabled records; enums: labels). */
async function listValues(tx: Db, def: ImportDef<unknown>, auth: Auth, lang: Lang) {
  const lookups = await loadLookups(tx, def.columns, auth);
  const out = new Map<string, string[]>();
  for (const column of def.columns) {
    if (column.lookup) out.set(column.key, [...new Set((lookups.get(column.key) as LookupIndex).records.map((r) => r.name))]);
    else if (column.type === 'enum')
      out.set(
        column.key,
        (column.options ?? []).map((o) => o.labels[li(lang)]),
      );
  }
  return out;
}

const colLetter = (n: number): string => (n > 26 ? colLetter(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));

/** Builds the template workbook: header titles, an example row, drop-down lists from a hidden sheet. */
export async function buildTemplate(tx: Db, def: ImportDef<unknown>, auth: Auth, lang: Lang): Promise<ExcelJS.Workbook> {
  const workbook = new (await excelJs()).Workbook();
  const sheet = workbook.addWorksheet(sheetName(def.name[li(lang)]), { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = workbook.addWorksheet('lists', { state: 'hidden' });
  const values = await listValues(tx, def, auth, lang);
  const dataRows = (def.maxRows ?? 10_000) + 1;
  sheet.columns = def.columns.map((c) => ({
    header: `${c.required ? '*' : ''}${titleOf(c, lang)}`,
    key: c.key,
    width: c.width ?? 16,
    style: c.type === 'date' ? { numFmt: 'yyyy-mm-dd' } : c.type === 'int' ? {} : { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  let listCol = 0;
  for (const [i, column] of def.columns.entries()) {
    const cell = header.getCell(i + 1);
    if (column.required) cell.font = { bold: true, color: { argb: 'FFCC0000' } };
    const notes = [column.hint?.[li(lang)], column.type === 'date' ? translate(lang, 'importDateHint') : undefined];
    if (i === 0) notes.push(translate(lang, 'importExampleNote'));
    const note = notes.filter(Boolean).join('\n');
    if (note) cell.note = note;
    const list = values.get(column.key);
    if (!list?.length) continue;
    listCol++;
    const letter = colLetter(listCol);
    lists.getCell(`${letter}1`).value = titleOf(column, lang);
    list.forEach((v, j) => {
      lists.getCell(`${letter}${j + 2}`).value = v;
    });
    const target = colLetter(i + 1);
    (sheet as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${target}2:${target}${dataRows}`,
      {
        type: 'list',
        allowBlank: true,
        formulae: [`lists!$${letter}$2:$${letter}$${list.length + 1}`],
        showErrorMessage: true,
        errorStyle: 'warning',
        error: translate(lang, 'importListHint'),
      },
    );
  }
  const example = sheet.getRow(2);
  for (const [i, column] of def.columns.entries()) {
    const cell = example.getCell(i + 1);
    const value = column.lookup ? values.get(column.key)?.[0] : exampleCell(column, lang);
    if (value === undefined) continue;
    cell.value = column.type === 'date' && typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  }
  example.font = { italic: true, color: { argb: 'FF888888' } };
  return workbook;
}

export async function sendTemplate(reply: FastifyReply, workbook: ExcelJS.Workbook, filename: string) {
  const buffer = await workbook.xlsx.writeBuffer();
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}.xlsx`)
    .send(Buffer.from(buffer));
}

export interface ImportRoutes {
  /** Template URL, served by GET and POST unless `templateMethods` says otherwise. */
  templateUrl: string;
  templateMethods?: HTTPMethods[];
  importUrl: string;
  /** Permission of both routes (`templatePerm` overrides it for the template). */
  perm: string;
  templatePerm?: string;
  entity?: string;
}

/** Registers the template and the import of `def`. */
export function registerImport<R>(app: FastifyInstance, def: ImportDef<R>, routes: ImportRoutes) {
  route(
    app,
    routes.templateMethods ?? ['GET', 'POST'],
    routes.templateUrl,
    {
      summary: `${def.name[1]}: Excel import template (titles, an example row, drop-down lists of real values)`,
      perm: routes.templatePerm ?? routes.perm,
      raw: true,
      read: true,
    },
    async ({ tx, auth, lang, reply }) => {
      const workbook = await buildTemplate(tx, def as ImportDef<unknown>, auth, lang);
      const suffix = lang === 'en-US' ? ' import template' : '导入模板';
      return sendTemplate(reply, workbook, `${def.name[li(lang)]}${suffix}`);
    },
  );
  route(
    app,
    'POST',
    routes.importUrl,
    {
      summary: `${def.name[1]}: import an Excel sheet (multipart field \`file\`); all rows or none`,
      description:
        'Every row is validated first. Any problem: 400 with `data.errors` = [{row, column, message}] (row as Excel shows it) and nothing stored. Otherwise every row is stored: `data.imported`.',
      perm: routes.perm,
      entity: routes.entity,
      upload: importUpload(() => def as ImportDef<unknown>),
    },
    (ctx) => handleImport(def, ctx),
  );
}
