import { billPath } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import type { BillType } from './bills.js';
import { loadBill, runGuards } from './documents.js';
import { type ImportDef, registerImport } from './importer.js';

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
