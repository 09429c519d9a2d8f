import { PassThrough } from 'node:stream';
import { type MaskedField, maskValue } from '@headoffice/contract';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { defineProvider } from './hooks.js';
import type { Lang } from './i18n.js';

/** The workbook library, loaded on the first export or import: it weighs about 30 MB in memory. */
export const excelJs = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/** A worksheet name Excel accepts: without `* ? : \\ / [ ]`, at most 31 characters ("Stock in/out reasons"). */
export const sheetName = (name: string) => name.replace(/[*?:\\/[\]]/g, '-').slice(0, 31);

export interface ExcelColumn<T> {
  key: string;
  title: readonly [string, string];
  width?: number;
  /** The cell of a row; `zone` is the company's time zone, in which a moment is written (`dateTimeText`). */
  value?: (row: T, lang: Lang, zone: string) => string | number | null | undefined;
  /** The masked field the column carries (a mobile, an ID card, a bank account): masked unless the tenant shows it in full. */
  masked?: MaskedField;
}

/**
 * The masked fields the tenant's workbooks show in full (数据管理's `exportMaskedFields`): the accounting
 * module, which keeps the data settings, provides it when it loads.
 */
export const fieldsShownInFull = defineProvider<(tx: Db) => Promise<readonly MaskedField[]>>('fieldsShownInFull');

/** What a sheet of these columns shows in full: nothing to ask when no column carries a masked field. */
export const shownInFull = (tx: Db, columns: readonly { masked?: MaskedField }[]): Promise<readonly MaskedField[]> =>
  columns.some((c) => c.masked) ? fieldsShownInFull.call(tx) : Promise.resolve([]);

/**
 * Sends rows as an .xlsx download, one column per spec, headers in the request's language. The
 * workbook is streamed row by row: a 50,000-row export would otherwise hold every cell in memory; rows
 * may come from an async source that reads them page by page (platform/list-export.ts).
 *
 * The first row is read before anything is sent: the query runs then, and what the database refuses
 * of it (a NUL character, a day that does not exist) is answered as the list answers it, a 400
 * envelope. Once the workbook has begun, a failure can only break the download off.
 */
export async function sendXlsx<T extends object>(
  reply: FastifyReply,
  lang: Lang,
  filename: string,
  columns: ExcelColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
  /** The company's time zone (`tenantZone`): moments are written on its clock. */
  zone: string,
  /** The masked fields shown in full (`shownInFull`); a column carrying another is masked. */
  shown: readonly MaskedField[] = [],
) {
  const source = (async function* () {
    yield* rows;
  })();
  const first = await source.next();
  const stream = new PassThrough();
  const workbook = new (await excelJs()).stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName(filename));
  sheet.columns = columns.map((c) => ({ header: c.title[lang === 'en-US' ? 1 : 0], key: c.key, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}.xlsx`)
    .send(stream);
  const cell = (c: ExcelColumn<T>, row: T) => (c.value ? c.value(row, lang, zone) : ((row as Record<string, unknown>)[c.key] as string));
  const add = (row: T) =>
    sheet
      .addRow(
        Object.fromEntries(
          columns.map((c) => [c.key, c.masked && !shown.includes(c.masked) ? maskValue(c.masked, cell(c, row)) : cell(c, row)]),
        ),
      )
      .commit();
  try {
    if (!first.done) add(first.value);
    for await (const row of source) add(row);
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    // The answer has begun: no envelope can follow it, and a workbook cut short must not look whole.
    stream.destroy(error as Error);
  }
  return reply;
}

export const statusText = (status: unknown, lang: Lang) =>
  status === 1 ? (lang === 'en-US' ? 'Enabled' : '启用') : lang === 'en-US' ? 'Disabled' : '停用';

/** Money travels as cents; a sheet shows yuan, as a number the reader can add up. */
export const yuanCell = (cents: unknown) => (typeof cents === 'number' ? cents / 100 : null);

/** One formatter per time zone (making one costs far more than formatting a moment). */
const secondFormats = new Map<string, Intl.DateTimeFormat>();

/** A stored instant on the company's clock (`zone`), to the second: `2026-03-02 04:25:07`, whatever the server's zone. */
export const dateTimeText = (at: unknown, zone: string) => {
  if (!(at instanceof Date) && typeof at !== 'string') return null;
  let format = secondFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' });
    secondFormats.set(zone, format);
  }
  return format.format(new Date(at));
};
