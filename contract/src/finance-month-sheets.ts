import { z } from 'zod';
import { instant } from './bills.js';
import { id, type Label, pageAnswer, pageQuery } from './platform.js';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, filter, type RecordOption } from './records.js';

// The month sheets (DOMAIN-DETAIL §9.8, §9.10): the columns of the shops' month sheet (月结表栏目, dicbalance:
// col1…col50 with a name, an order and a kind), the sheet itself per shop and month (门店月结表,
// shopmonthbalance: the values of those columns, saved or imported from a workbook), and the shops' month of
// losses (门店月度亏损, shopmonthloss: imported only). A month the general close holds (period locks, lock kind
// `close`, of the chain or of the shop) refuses saves and imports. docs/DECISIONS.md ("The month sheets").

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** The kinds of a month sheet column: money (cents), a number, a text. */
export const MONTH_SHEET_COLUMN_TYPES = {
  1: ['金额', 'Money'],
  2: ['数值', 'Number'],
  3: ['文本', 'Text'],
} as const satisfies Record<number, Label>;
const typeOptions: readonly RecordOption[] = Object.entries(MONTH_SHEET_COLUMN_TYPES).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** The column codes a month sheet may hold: col1…col50. */
export const MONTH_SHEET_CODES = Array.from({ length: 50 }, (_, i) => `col${i + 1}`);
const columnCode = z
  .string()
  .trim()
  .regex(/^col([1-9]|[1-4]\d|50)$/, { error: '栏目须为 col1 至 col50' });

/** 月结表栏目 (dicbalance). */
export const monthSheetColumnRecord = defineRecord({
  resource: 'dicbalance',
  basePath: '/api-finance/dicbalance',
  label: ['月结表栏目', 'Month sheet columns'],
  perm: 'finance.dicbalance',
  codePrefix: 'col',
  page: '/admin/finance/month-sheet-columns',
  fields: {
    ...dictionaryRecordFields({
      type: {
        schema: z.number().int().min(1).max(3).default(1),
        label: ['栏目类型', 'Kind'],
        type: 'select',
        options: typeOptions,
        table: { width: 100 },
        form: { required: true, initial: 1 },
      },
    }),
    code: {
      schema: columnCode,
      label: ['栏目', 'Column'],
      table: { width: 100, sortable: true },
      form: {
        required: true,
        maxLength: 5,
        help: ['门店月结表中的栏位：col1 至 col50，同一连锁内不能重复', "The sheet's column, col1 to col50, unique in the chain"],
      },
    },
  },
  filters: { ...dictionaryFilters, type: filter.eq('type', z.coerce.number().int().min(1).max(3)) },
  verbs: ['list', 'list/all', 'list/allNoid', 'getMaxOrder', 'save', 'saveSystem', 'delete'],
  defaultSort: 'sort',
});

const SB = '/api-finance/shopmonthbalance';
/** 门店月结表 (shopmonthbalance). */
export const MONTH_SHEET = {
  label: ['门店月结表', 'Shop month sheets'] satisfies Label,
  page: '/admin/finance/month-sheets',
  paths: {
    list: `${SB}/list`,
    all: `${SB}/list/all`,
    save: `${SB}/save`,
    /** Not in the seed: the workbook of the defined columns, and its import. */
    template: `${SB}/excelTemplate`,
    import: `${SB}/import`,
  },
  perms: { view: 'finance.shopmonthbalance.view', edit: 'finance.shopmonthbalance.edit' },
} as const;

export const monthSheetQuery = pageQuery.extend({ shopid: id.optional(), yearmonth: month.optional() });
export const monthSheetAllQuery = z.object({ shopid: id.optional(), yearmonth: month.optional() });

/** A value of a column: cents of a money column, a number, or a text. */
const cellValue = z.union([z.number().finite(), z.string().trim().max(200)]);

/** Saves a shop's month (the one sheet of that shop and month: made, or its values replaced). */
export const monthSheetSave = z.strictObject({
  shopId: z.number().int().positive(),
  yearmonth: month,
  values: z.record(columnCode, cellValue),
  memo: z.string().trim().max(200).nullish(),
});

export const monthSheetRow = z.object({
  id: z.number(),
  version: z.number(),
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  yearmonth: z.string(),
  values: z.record(z.string(), z.union([z.number(), z.string()])),
  memo: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedAt: instant,
});
export type MonthSheetRow = z.infer<typeof monthSheetRow>;
export const monthSheetPage = pageAnswer(monthSheetRow);

const LB = '/api-finance/shopmonthloss';
/** The money fields of a shop's month of losses, in their order (cents). */
export const MONTH_LOSS_FIELDS = {
  ks: ['亏损', 'Loss'],
  orgjkyl: ['管理处借款（预留）', 'Loan from the office (reserve)'],
  shopjk: ['分店内借款', 'Loans within the shop'],
  jfxj: ['借风险金', 'Borrowed from the risk fund'],
  gcjk: ['还工程公司借款', 'Repaid to the works company'],
  wfgz: ['未发工资', 'Wages not paid'],
  fzqk: ['房租缺口', 'Rent shortfall'],
  totalks: ['亏损合计', 'Total loss'],
} as const satisfies Record<string, Label>;
export type MonthLossField = keyof typeof MONTH_LOSS_FIELDS;

/** 门店月度亏损 (shopmonthloss): imported only (saveSystem). */
export const MONTH_LOSS = {
  label: ['门店月度亏损', 'Shop monthly losses'] satisfies Label,
  page: '/admin/finance/month-losses',
  paths: { list: `${LB}/list`, all: `${LB}/list/all`, template: `${LB}/excelTemplate`, saveSystem: `${LB}/saveSystem` },
  perms: { view: 'finance.shopmonthloss.view', edit: 'finance.shopmonthloss.edit' },
} as const;

export const monthLossQuery = pageQuery.extend({
  shopid: id.optional(),
  year: z.coerce.number().int().min(2000).max(2999).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
});
export const monthLossAllQuery = monthLossQuery.omit({ page: true, pageSize: true, sort: true });

const cents = z.number();
export const monthLossRow = z.object({
  id: z.number(),
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  year: z.number(),
  month: z.number(),
  ks: cents,
  orgjkyl: cents,
  shopjk: cents,
  jfxj: cents,
  gcjk: cents,
  wfgz: cents,
  fzqk: cents,
  totalks: cents,
  createdByName: z.string().nullable(),
  updatedAt: instant,
});
export type MonthLossRow = z.infer<typeof monthLossRow>;
export const monthLossPage = pageAnswer(monthLossRow);
