import fs from 'node:fs/promises';
import { billPath } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import type { BillType } from './bills.js';
import { loadBill, runGuards } from './documents.js';
import { type ImportDef, importFailure, importUpload, readImportSheet, registerImport, type Sheet, validateImport } from './importer.js';
import { route } from './route.js';

/** A bill type's sheet: its columns and rows as any import has them, and the draft bills (save bodies) the rows make. */
export type BillSheet<R> = Omit<ImportDef<R>, 'insert'> & { bills: (rows: R[]) => Record<string, unknown>[] };

/**
 * A bill type's Excel import, under its base path as the seed has it (`excelTemplate`, `saveSystem`)
 * with its edit right: each draft the rows make is saved as the save route saves it, and one a guard
 * refuses (dated in a locked period) fails the whole import.
 */
export function registerBillImport<R>(app: FastifyInstance, type: BillType, sheet: BillSheet<R>) {
  const { def, doc } = type;
  const { bills, ...rest } = sheet;
  const insert: ImportDef<R>['insert'] = async (tx, rows, auth) => {
    for (const body of bills(rows)) {
      const id = await type.impl.save({ tx, auth, lang: 'zh-CN' }, body);
      await runGuards(tx, auth, { doc, bill: await loadBill(tx, doc, id, null), operation: 'save' });
    }
    return rows.length;
  };
  registerImport(app, { ...rest, insert } as ImportDef<unknown>, {
    templateUrl: billPath(def, 'excelTemplate'),
    importUrl: billPath(def, def.paths.import ?? 'saveSystem'),
    perm: `${def.perm}.edit`,
    entity: def.basePath.split('/').pop(),
  });
}

/** A sheet read into lines of a bill's form: its columns and rows as an import has them, the query it takes, and what makes the lines. */
export interface LinesSheet<R, Q extends z.ZodObject> extends Omit<ImportDef<R>, 'insert'> {
  path: string;
  query: Q;
  response: z.ZodType;
  lines: (tx: Db, rows: R[], query: z.output<Q>) => Promise<unknown[]>;
}

/**
 * A bill type's conversion of an uploaded sheet into lines of its form (the seed's `saveSystemdj`), with
 * its edit right: the rows are validated as an import validates them (400 naming every row's problem) and
 * answered as lines; nothing is saved.
 */
export function registerLinesImport<R, Q extends z.ZodObject>(app: FastifyInstance, type: BillType, spec: LinesSheet<R, Q>) {
  const { path, query, response, lines, ...sheet } = spec;
  const def = { ...sheet, insert: async () => 0 } as ImportDef<R>;
  route(
    app,
    'POST',
    path,
    {
      summary: `${sheet.name[1]}: read an uploaded sheet (multipart field \`file\`) into lines of the form; nothing is saved`,
      description: 'Any row problem: 400 with `data.errors` = [{row, column, message}] (row as Excel shows it). Otherwise the lines.',
      perm: `${type.def.perm}.edit`,
      read: true,
      query,
      upload: importUpload(() => def as ImportDef<unknown>),
      response,
    },
    async ({ tx, auth, lang, file, query: q }) => {
      const read =
        (file.prepared as Sheet | undefined) ?? (await readImportSheet(await fs.readFile(file.path), def as ImportDef<unknown>, lang));
      const result = await validateImport(tx, def, read, auth, lang);
      if (result.errors.length) throw importFailure(result.errors, lang);
      return lines(
        tx,
        result.rows.map((r) => r.value),
        q as z.output<Q>,
      );
    },
  );
}
