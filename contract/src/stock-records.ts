import { z } from 'zod';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, dictionaryVerbs, filter, type RecordRow } from './records.js';
import { stockDirection, stockReasonKind, stockReasonKindLabels, stockReasonKinds } from './stock.js';

const kindColors: Partial<Record<(typeof stockReasonKinds)[number], string>> = {
  transfer: 'blue',
  loss: 'red',
  order: 'cyan',
};

/**
 * In/out reasons (出入库类型, the seed's `dictinout`): the dictionary fields plus the direction
 * (1 in, 2 out) and the kind, which tells the system what a reason means (`transfer` outs create the
 * matching entry, `order` bills come from product orders). Served with the finance dictionaries'
 * verbs as well: the next code and sort order, the list without ids, the Excel import.
 */
export const stockReasonRecord = defineRecord({
  resource: 'dictinout',
  basePath: '/api-stock/dictinout',
  label: ['出入库类型', 'Stock in/out reasons'],
  perm: 'stock.reason',
  codePrefix: 'CR',
  page: '/admin/stock/reasons',
  fields: dictionaryRecordFields({
    direction: {
      schema: stockDirection,
      label: ['方向', 'Direction'],
      type: 'select',
      options: [
        { value: 1, label: ['入库', 'In'], color: 'green' },
        { value: 2, label: ['出库', 'Out'], color: 'orange' },
      ],
      table: { width: 90 },
      form: { required: true, initial: 1, disabledOnEdit: true },
    },
    kind: {
      schema: stockReasonKind.default('other'),
      label: ['用途', 'Kind'],
      type: 'select',
      options: stockReasonKinds.map((value) => ({ value, label: stockReasonKindLabels[value], color: kindColors[value] })),
      table: { width: 100 },
      form: { required: true, initial: 'other' },
    },
  }),
  filters: {
    ...dictionaryFilters,
    direction: filter.eq('direction', z.coerce.number().int().min(1).max(2)),
    kind: filter.eq('kind', stockReasonKind),
  },
  verbs: [...dictionaryVerbs, 'listBypage', 'list/allNoid', 'getMaxOrder', 'getNextCode', 'saveSystem', 'checkColname'],
  checks: { checkCode: { field: 'code' } },
  defaultSort: 'sort',
});

/** A reason as the API answers it. */
export type StockReasonRow = RecordRow<typeof stockReasonRecord>;
