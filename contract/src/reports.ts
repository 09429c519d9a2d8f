import { z } from 'zod';
import type { Label } from './platform.js';
import { id, memo } from './platform.js';

/**
 * Reports (报表): a report is defined once — a head (its SQL and how the page behaves) and its items (the
 * columns and the filters) — and one page runs any of them. The SQL is one SELECT that the server checks
 * with PostgreSQL's own parser and runs read-only, as a role that can only read, under the tenant's row
 * security, with a time limit and a row cap (the server's `platform/report-sql.ts`).
 */
export const REPORT_BASE = '/api-config/report';
export const REPORT_HEAD = `${REPORT_BASE}/head`;
export const REPORT_ITEM = `${REPORT_BASE}/item`;
export const REPORT_PARAM = `${REPORT_BASE}/param`;
export const REPORT_UDIY = `${REPORT_BASE}/udiy`;
export const SQL_REPORT = '/api-config/sqlreport';
/** The seed serves the runner's two reads under every one of the four resources. */
export const REPORT_RESOURCES = [REPORT_HEAD, REPORT_ITEM, REPORT_PARAM, REPORT_UDIY] as const;

export const REPORT_PATHS = {
  headList: `${REPORT_HEAD}/list`,
  headGet: `${REPORT_HEAD}/queryById`,
  headSave: `${REPORT_HEAD}/saveOrUpdate`,
  headDelete: `${REPORT_HEAD}/delete`,
  headDeleteBatch: `${REPORT_HEAD}/deleteBatch`,
  /** Copies a report (a shipped one, most often) under a new code. Ours. */
  headCopy: `${REPORT_HEAD}/copy`,
  /** The reports the signed-in user may run, for the report centre. Ours. */
  headMine: `${REPORT_HEAD}/mine`,
  itemList: `${REPORT_ITEM}/list`,
  itemGet: `${REPORT_ITEM}/queryById`,
  itemSave: `${REPORT_ITEM}/saveOrUpdate`,
  itemEdit: `${REPORT_ITEM}/edit`,
  itemDelete: `${REPORT_ITEM}/delete`,
  itemDeleteBatch: `${REPORT_ITEM}/deleteBatch`,
  paramList: `${REPORT_PARAM}/list`,
  paramGet: `${REPORT_PARAM}/queryById`,
  paramSave: `${REPORT_PARAM}/saveOrUpdate`,
  paramDelete: `${REPORT_PARAM}/delete`,
  paramDeleteBatch: `${REPORT_PARAM}/deleteBatch`,
  udiyList: `${REPORT_UDIY}/list`,
  udiyGet: `${REPORT_UDIY}/queryById`,
  udiySave: `${REPORT_UDIY}/saveOrUpdate`,
  udiyDelete: `${REPORT_UDIY}/delete`,
  udiyDeleteBatch: `${REPORT_UDIY}/deleteBatch`,
  sqlParse: `${SQL_REPORT}/parse`,
  sqlResult: `${SQL_REPORT}/result`,
  sqlReport: `${SQL_REPORT}/report/:code`,
  /** The report's whole result as an Excel workbook, streamed. Ours. */
  export: `${SQL_REPORT}/export/:code`,
} as const;

/** The runner's two reads, served under each of the four resources (`/head/getColumns`, `/item/getColumns`, …). */
export const reportColumnsPath = (resource: (typeof REPORT_RESOURCES)[number]) => `${resource}/getColumns`;
export const reportDataPath = (resource: (typeof REPORT_RESOURCES)[number]) => `${resource}/getColumnsAndData`;

export const REPORT_DESIGN_PERM = 'reports.design.view';
export const REPORT_DESIGN_EDIT_PERM = 'reports.design.edit';
export const REPORT_RUN_PERM = 'reports.run';
export const REPORT_DESIGN_URL = '/admin/reports/design';
export const REPORT_CENTRE_URL = '/admin/reports/centre';
/** One report run from its definition. */
export const REPORT_RUN_URL = '/admin/reports/run/:code';
/** A report run with its filters given (a chart's click): `{ day: ['2026-12-01', '2026-12-01'], shop_id: '3' }`. */
export const reportRunUrl = (code: string, filters: Record<string, string | readonly [string, string]> = {}) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) query.set(name, typeof value === 'string' ? value : value.join(','));
  const search = query.toString();
  return `/admin/reports/run/${encodeURIComponent(code)}${search ? `?${search}` : ''}`;
};
/** The codes of the shipped reports the charts read and open (their definitions: the server's `shipped.ts`). */
export const CHART_REPORTS = {
  tillBills: 'TILL_BILLS',
  turnoverDay: 'TURNOVER_DAY',
  turnoverShop: 'TURNOVER_SHOP',
  turnoverRegion: 'TURNOVER_REGION',
  payMix: 'PAY_MIX',
  staffPerformance: 'STAFF_PERFORMANCE',
  memberGrowth: 'MEMBER_GROWTH',
  newMembers: 'NEW_MEMBERS',
} as const;
/** 经营图表: turnover and visits over time, shops or regions compared, the pay-kind mix, staff ranking, member growth. */
export const REPORT_CHARTS_URL = '/admin/reports/charts';

/**
 * Parameters the server fills itself, whatever the user sends: `:shop_ids` the shops the user may see (every
 * shop for head office), `:today` the company's today, `:user_id` the signed-in user.
 */
export const REPORT_BUILT_IN_PARAMS = ['shop_ids', 'today', 'user_id'] as const;

/**
 * A save sent as GET (the seed's default method for `saveOrUpdate`): the same body as JSON in the query's `data`,
 * `?data={"code":"R1",…}`.
 */
export const saveByQuery = <T extends z.ZodType>(body: T) =>
  z.object({
    data: z
      .string()
      .max(200_000)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'data 须为 JSON' });
          return z.NEVER;
        }
      })
      .pipe(body),
  });

/** What a save, a copy or a column's save answers: the record's id. */
export const reportSavedAnswer = z.object({ id });
/** What a delete answers: how many went. */
export const reportDeletedAnswer = z.object({ deleted: z.number() });

/** How a column shows its values; `money` columns hold cents. */
export const reportFieldTypes = ['text', 'number', 'money', 'percent', 'date', 'datetime', 'select'] as const;
export type ReportFieldType = (typeof reportFieldTypes)[number];
export const reportFieldTypeLabels: Record<ReportFieldType, Label> = {
  text: ['文本', 'Text'],
  number: ['数字', 'Number'],
  money: ['金额', 'Money'],
  percent: ['百分比', 'Percent'],
  date: ['日期', 'Date'],
  datetime: ['日期时间', 'Date and time'],
  select: ['下拉选择', 'Choice'],
};

/** A report's code: letters, digits and underscores, a letter first (it is in the report's address). */
export const reportCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{1,39}$/, '2–40 个字母、数字或下划线，以字母开头');
/** A column of the report's result: how its SQL names it. */
export const reportFieldName = z
  .string()
  .trim()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, '小写字母、数字或下划线，以字母或下划线开头');

/**
 * Where a choice filter takes its options: a read of this API (GET, a path of ours), the option's label and
 * value keys in each row of its answer (a list, or a page's `list`).
 */
/** A choice filter's source: an API path of ours. */
export const REPORT_DICT_URL = /^\/api-[a-z]+\/[A-Za-z0-9/_-]+$/;
/** A cell's link: a page of ours, where `:column` takes the row's value. */
export const REPORT_LINK = /^\/admin\/[A-Za-z0-9/_:-]+$/;
export const reportDict = z.object({
  url: z.string().trim().regex(REPORT_DICT_URL, '本系统的接口路径，如 /api-chain/shop/list/all'),
  label: z.string().trim().min(1).max(40),
  value: z.string().trim().min(1).max(40),
});
export type ReportDict = z.infer<typeof reportDict>;
const dictRow = z.record(z.string(), z.unknown());
/** What a choice filter's read answers: a list of rows, or a page of them. */
export const reportDictAnswer = z.union([z.array(dictRow), z.looseObject({ list: z.array(dictRow) })]);

/** A column of a report, and (`isSearch`) a filter of it. */
export const reportItemFields = z.object({
  fieldName: reportFieldName,
  fieldTxt: z.string().trim().min(1).max(40),
  /** The column's width in pixels (the header's words set the least). */
  fieldWidth: z.number().int().min(40).max(600).nullable().default(null),
  fieldType: z.enum(reportFieldTypes).default('text'),
  /** A filter by a range (two dates, two numbers): the SQL reads `:name_from` and `:name_to`. */
  isRange: z.boolean().default(false),
  /** A choice filter's options. */
  dict: reportDict.nullable().default(null),
  /**
   * A click on the cell opens this page of ours: `:name` takes the row's value of column `name`
   * (`/admin/cashier/servicerecords/:bill_id`); a link whose values are missing shows no link.
   */
  link: z
    .string()
    .trim()
    .max(200)
    .regex(REPORT_LINK, '本系统的页面路径，如 /admin/cashier/servicerecords/:bill_id')
    .nullable()
    .default(null),
  /** The heading over a group of columns. */
  fieldGroup: z.string().trim().max(20).nullable().default(null),
  memo,
  /** A column of the table (a filter may be a parameter only). */
  isShow: z.boolean().default(true),
  /** A filter of the report. */
  isSearch: z.boolean().default(false),
  /** The table sorts by it. */
  isOrder: z.boolean().default(false),
  /** Kept at the left while the table scrolls. */
  isFixed: z.boolean().default(false),
  /** The filter must be given before the report runs. */
  isNonull: z.boolean().default(false),
  /** The totals line sums it (number and money columns). */
  isSum: z.boolean().default(false),
  /** Only users with one of these roles receive the column (none: everyone). */
  fieldRole: z.array(id).max(50).default([]),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const reportItemSave = reportItemFields.extend({ id: id.optional(), headId: id });
export type ReportItemSave = z.input<typeof reportItemSave>;
export const reportItem = reportItemFields.extend({ id, headId: id });
export type ReportItem = z.infer<typeof reportItem>;
/** `PUT item/edit`: some settings of one column changed in place. */
export const reportItemEdit = reportItemFields.partial().extend({ id });

/** What the page does; the SQL. */
export const reportHeadFields = z.object({
  code: reportCode,
  name: z.string().trim().min(1).max(60),
  /** Runs as soon as the page opens. */
  isAuto: z.boolean().default(true),
  /** Hides the filter bar (a report with nothing to choose). */
  hideQuery: z.boolean().default(false),
  /** Paged; otherwise every row up to the cap on one page. */
  isPage: z.boolean().default(true),
  /** A totals line. */
  isSummary: z.boolean().default(false),
  isPrint: z.boolean().default(true),
  isExcel: z.boolean().default(true),
  /** Each user may choose the columns they see. */
  isUdiy: z.boolean().default(true),
  /** Shows `content` (plain text) above the table. */
  isContent: z.boolean().default(false),
  content: z.string().max(2000).nullable().default(null),
  /** Values of the parameters for a test run in the designer. */
  testParams: z.record(z.string(), z.string().max(200)).default({}),
  reportSql: z.string().trim().min(1).max(20_000),
  /** Only users with one of these roles may run it (none: everyone allowed the report centre). */
  roles: z.array(id).max(50).default([]),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  memo,
});
export const reportHeadSave = reportHeadFields.extend({
  id: id.optional(),
  /** When given, the report's columns become exactly these (ids keep a column, none adds one). */
  items: z
    .array(reportItemFields.extend({ id: id.optional() }))
    .max(200)
    .optional(),
});
export type ReportHeadSave = z.input<typeof reportHeadSave>;
export const reportHead = reportHeadFields.extend({
  id,
  /** Shipped with HeadOffice: run as it is or copied and changed. */
  shipped: z.boolean(),
  items: z.array(reportItem),
  updatedAt: z.string(),
});
export type ReportHead = z.infer<typeof reportHead>;

export const reportHeadListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  /** Code or name contains. */
  keyword: z.string().trim().max(60).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export const reportHeadRow = reportHeadFields.omit({ reportSql: true, testParams: true }).extend({
  id,
  shipped: z.boolean(),
  itemCount: z.number(),
  updatedAt: z.string(),
});
export type ReportHeadRow = z.infer<typeof reportHeadRow>;
export const reportHeadPage = z.object({ list: z.array(reportHeadRow), total: z.number() });

/** A report the user may run, for the report centre. */
export const reportMineRow = z.object({ code: z.string(), name: z.string(), memo: z.string().nullable() });
export const reportMineAnswer = z.array(reportMineRow);

/** A column as the runner shows it (the SQL and other users' roles are not sent). */
export const reportColumn = reportItemFields.omit({ fieldRole: true, sort: true }).extend({ id });
export type ReportColumn = z.infer<typeof reportColumn>;
/** The head as the runner needs it. */
export const reportRunHead = reportHeadFields.pick({
  code: true,
  name: true,
  isAuto: true,
  hideQuery: true,
  isPage: true,
  isSummary: true,
  isPrint: true,
  isExcel: true,
  isUdiy: true,
  isContent: true,
  content: true,
  status: true,
});
export const reportColumnsQuery = z.object({ code: reportCode });
export const reportColumnsAnswer = z.object({
  head: reportRunHead,
  /** The columns and filters the user may see, in order. */
  columns: z.array(reportColumn),
  /** The columns this user chose to hide. */
  hidden: z.array(z.string()),
});
export type ReportColumnsAnswer = z.infer<typeof reportColumnsAnswer>;

/**
 * The filters' values, as one JSON object in the query (`params={"shop_id":"3","bill_date":["2026-11-01","2026-11-30"]}`):
 * a range is a pair, either end may be empty.
 */
export const reportParamValues = z.record(z.string(), z.union([z.string().max(200), z.tuple([z.string().max(200), z.string().max(200)])]));
export type ReportParamValues = z.infer<typeof reportParamValues>;
const jsonParams = z
  .string()
  .max(4000)
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      const parsed = reportParamValues.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {}
    ctx.addIssue({ code: 'custom', message: '查询条件格式不正确' });
    return z.NEVER;
  });
export const reportDataQuery = z.object({
  code: reportCode,
  params: jsonParams,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  /** Sort by this column (one marked `isOrder`). */
  columnOrder: reportFieldName.optional(),
  specification: z.enum(['ASC', 'DESC']).default('ASC'),
});
export type ReportDataQuery = z.input<typeof reportDataQuery>;
export const reportExportQuery = reportDataQuery.omit({ code: true, page: true, pageSize: true });

/** Where a report read its rows: the primary, or a replica and how far behind it was. */
export const reportSource = z.object({ replica: z.boolean(), lagSeconds: z.number().nullable() });
export type ReportSource = z.infer<typeof reportSource>;

export const reportDataAnswer = reportColumnsAnswer.extend({
  rows: z.array(z.record(z.string(), z.unknown())),
  total: z.number(),
  /** The sums of the `isSum` columns over every row that matched (not the page only). */
  totals: z.record(z.string(), z.number()).nullable(),
  source: reportSource,
});
export type ReportDataAnswer = z.infer<typeof reportDataAnswer>;

/** The designer's checks of a SQL text: `parse` names the columns without running it; `result` runs it on the test parameters. */
export const sqlReportBody = z.object({
  reportSql: z.string().trim().min(1).max(20_000),
  params: reportParamValues.default({}),
});
export const sqlReportColumn = z.object({ name: z.string(), type: z.string() });
export const sqlParseAnswer = z.object({ columns: z.array(sqlReportColumn), params: z.array(z.string()) });
export type SqlParseAnswer = z.infer<typeof sqlParseAnswer>;
export const sqlResultAnswer = z.object({
  columns: z.array(sqlReportColumn),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** More rows than the test run shows. */
  more: z.boolean(),
  source: reportSource,
});
export type SqlResultAnswer = z.infer<typeof sqlResultAnswer>;
export const sqlReportQuery = reportDataQuery.omit({ code: true });
export const sqlReportAnswer = z.object({ rows: z.array(z.record(z.string(), z.unknown())), total: z.number(), source: reportSource });

/** A user's hidden columns of one report (`udiy`). */
export const reportLayoutSave = z.object({ code: reportCode, hidden: z.array(reportFieldName).max(200) });
export const reportLayout = z.object({ id, code: z.string(), hidden: z.array(z.string()) });
export const reportLayoutQuery = z.object({ code: reportCode });

/** The items of one report (`item/list`, `param/list`: the filters only). */
export const reportItemListQuery = z.object({ headId: z.coerce.number().int().positive() });
export const reportByIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const reportByIdsBody = z.object({ ids: z.array(id).min(1).max(200) });
export const reportByIdsQuery = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(z.coerce.number().int().positive()).min(1).max(200),
  ),
});
