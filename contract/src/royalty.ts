import { z } from 'zod';
import { month } from './attendance.js';
import { date, id, memo, name, pageAnswer, pageQuery, status } from './platform.js';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, dictionaryVerbs, namePick, type RecordRow } from './records.js';

// 提成 (royalty): commission types, schemes with their groups and items, the metrics tiers test,
// and the monthly statement computed from the till's performance rows (DOMAIN-DETAIL §7).

/**
 * The business a commission type pays on: the till's service lines, product lines, package sales, or
 * card business (开卡/充值/耗卡, which the till's service-bill statement does not hold). A group of a
 * type pays only on its lines, whatever its items name; a type without one pays on any line.
 */
export const royaltyLineKinds = ['service', 'product', 'package', 'card'] as const;
export type RoyaltyLineKind = (typeof royaltyLineKinds)[number];

/** Royalty types (提成分类 `royaltytype`): 服务提成, 产品提成, 开卡提成 ... */
export const royaltyTypeRecord = defineRecord({
  resource: 'royaltytype',
  basePath: '/api-pers/royaltytype',
  label: ['提成分类', 'Commission types'],
  perm: 'royalty.type',
  codePrefix: 'TC',
  page: '/admin/royalty/types',
  fields: dictionaryRecordFields({
    lineKind: {
      schema: z.enum(royaltyLineKinds).nullish(),
      label: ['适用业务', 'Pays on'],
      type: 'select',
      options: [
        { value: 'service', label: ['服务项目', 'Services'], color: 'blue' },
        { value: 'product', label: ['外卖产品', 'Products'], color: 'green' },
        { value: 'package', label: ['套餐', 'Packages'], color: 'purple' },
        { value: 'card', label: ['卡业务（开卡/充值/耗卡）', 'Cards (open, top-up, use)'], color: 'orange' },
      ],
      table: { width: 150 },
      form: { help: ['该分类下的分组只按这类业务计提成；不选则不限', "This type's groups pay only on these lines; empty: any line"] },
    },
  }),
  filters: dictionaryFilters,
  verbs: dictionaryVerbs,
});
export type RoyaltyTypeRow = RecordRow<typeof royaltyTypeRecord>;

/** What a line is matched by: the item itself, or its category. */
export const royaltyItemTypes = ['service', 'product', 'package', 'cardType', 'serviceType', 'productCategory'] as const;
export type RoyaltyItemType = (typeof royaltyItemTypes)[number];
export const royaltyItemTypeLabels: Record<RoyaltyItemType, [string, string]> = {
  service: ['服务项目', 'Services'],
  product: ['外卖产品', 'Products'],
  package: ['套餐', 'Packages'],
  cardType: ['卡类型', 'Card types'],
  serviceType: ['服务项目分类', 'Service categories'],
  productCategory: ['外卖产品分类', 'Product categories'],
};

/** The metrics (指标 `royaltynorm`) a tier tests, over the employee's month. Money in cents. */
export const royaltyNorms = [
  { code: 'yj', name: '月业绩', nameEn: 'Month performance', money: true },
  { code: 'fwyj', name: '月服务业绩', nameEn: 'Month service performance', money: true },
  { code: 'cpyj', name: '月产品业绩', nameEn: 'Month product performance', money: true },
  { code: 'ks', name: '月客数', nameEn: 'Month customers', money: false },
] as const;
export type RoyaltyNormCode = (typeof royaltyNorms)[number]['code'];
export const royaltyNormCode = z.enum(royaltyNorms.map((n) => n.code) as [RoyaltyNormCode, ...RoyaltyNormCode[]]);

const money = z.number().int().min(0).max(100_000_000);
/** A rate: percent in basis points (1500 = 15%) when normType 2, cents per unit when normType 1. */
const rate = z.number().int().min(0).max(100_000_000);

export const royaltyTier = z.strictObject({
  level: z.number().int().min(1).max(50),
  /** 1 every condition holds (AND) | 2 any holds (OR) */
  pcondition: z.union([z.literal(1), z.literal(2)]),
  subdescList: z
    .array(z.strictObject({ prnname: royaltyNormCode, pvalue: z.number().int().min(0).max(10_000_000_000) }))
    .min(1)
    .max(10),
  norm: rate,
  norm2: rate,
});
export type RoyaltyTier = z.infer<typeof royaltyTier>;

/** One desc of an item: what earns, how, at what rate when 指定 (norm) and 非指定 (norm2), with tiers. */
export const royaltyItemSave = z.strictObject({
  id: z.number().int().positive().optional(),
  groupId: z.number().int().positive(),
  name: z.string().trim().max(64).optional(),
  items: z
    .array(z.strictObject({ itemtype: z.enum(royaltyItemTypes), ids: z.array(z.number().int().positive()).max(2000) }))
    .max(20)
    .default([]),
  /** 1 fixed per unit | 2 percent */
  normType: z.union([z.literal(1), z.literal(2)]),
  /** 1 percent (basis points) | 2 fixed per unit (cents) */
  costType: z.union([z.literal(1), z.literal(2)]).default(1),
  cost: money.default(0),
  /** Pay types whose amounts count; empty = all. */
  payList: z.array(z.number().int().positive()).max(100).default([]),
  norm: rate,
  norm2: rate,
  levelList: z.array(royaltyTier).max(20).default([]),
  status: status.default(1),
});
export type RoyaltyItemSave = z.input<typeof royaltyItemSave>;
/** An item as a scheme's group answers it: the desc saved, its id, group and place. */
export const royaltyItem = royaltyItemSave.extend({ id: z.number(), groupId: z.number(), sort: z.number() });
export type RoyaltyItem = z.output<typeof royaltyItem>;

export const psEntry = z.strictObject({
  psid: z.number().int().positive(),
  /** position | level */
  type: z.enum(['position', 'level']),
  psname: z.string().max(64).optional(),
});

export const royaltyGroupSave = z.strictObject({
  id: z.number().int().positive().optional(),
  schemeId: z.number().int().positive(),
  royaltyTypeId: z.number().int().positive(),
  name,
  psList: z.array(psEntry).max(200).default([]),
});
export type RoyaltyGroupSave = z.input<typeof royaltyGroupSave>;

export const royaltyGroup = z.object({
  id: z.number(),
  schemeId: z.number(),
  royaltyTypeId: z.number(),
  royaltyTypeName: z.string().nullable(),
  name: z.string(),
  psList: z.array(psEntry),
  items: z.array(royaltyItem),
});
export type RoyaltyGroup = z.output<typeof royaltyGroup>;

export const royaltySchemeSave = z.strictObject({
  id: z.number().int().positive().optional(),
  prmcode: z.string().trim().max(32).optional(),
  prmname: name,
  memo,
  /** 1 shop scheme | 2 personal scheme */
  type: z.union([z.literal(1), z.literal(2)]),
  /** false: whole-amount tiering (the tier's rate on all the month) | true: bracket tiering */
  bracket: z.boolean().default(false),
  shops: z.array(z.number().int().positive()).max(2000).default([]),
  employees: z.array(z.number().int().positive()).max(2000).default([]),
});
export type RoyaltySchemeSave = z.input<typeof royaltySchemeSave>;

export const royaltyScheme = z.object({
  id: z.number(),
  prmcode: z.string(),
  prmname: z.string(),
  memo: z.string().nullable(),
  status: z.number(),
  type: z.number(),
  bracket: z.boolean(),
  shops: z.array(namePick),
  employees: z.array(namePick),
  updatedAt: z.string(),
});
export type RoyaltyScheme = z.output<typeof royaltyScheme>;
export const royaltySchemePage = pageAnswer(royaltyScheme);
/** A shop or employee bound to another scheme (`unableSelect…List`): its id, that scheme and its name. */
export const royaltyTaken = z.object({ id: z.number(), schemeId: z.number(), prmname: z.string() });

export const royaltySchemeQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
});
export const royaltySchemeIdQuery = z.object({ id: id.optional() });
export const royaltySchemeStatus = z.strictObject({ id: z.number().int().positive(), status });
export const royaltySchemeCopy = z.strictObject({ id: z.number().int().positive(), prmname: name });
export const royaltySchemeEmployees = z.strictObject({
  id: z.number().int().positive(),
  employees: z.array(z.number().int().positive()).max(2000),
});
export const royaltyGroupCopy = z.strictObject({ id: z.number().int().positive(), name: name.optional() });
export const royaltyGroupEmployee = z.strictObject({ employeeId: z.number().int().positive(), date: date.optional() });
export const royaltyItemStatus = z.strictObject({ id: z.number().int().positive(), status });
export const royaltyItemNew = z.strictObject({ groupId: z.number().int().positive() });

/** The statement's filters: a month, a shop, an employee, a commission type. */
export const royaltyStatementQuery = z.strictObject({
  month,
  shopId: z.number().int().positive().optional(),
  employeeId: z.number().int().positive().optional(),
  billNo: z.string().trim().max(64).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(500).default(50),
});
export const myRoyaltyQuery = z.object({ month, employeeId: id.optional() });

/**
 * How a line's 业绩 came about, per pay type that paid it: the amount paid, the fee taken from it
 * (a card terminal's, a platform's), and the performance it counts (gift money, coupons: none).
 */
export interface PerfPart {
  payName: string;
  amount: number;
  fee: number;
  perf: number;
}

/**
 * Where a row's 业绩 comes from, in words: each pay type of the line with the fee taken and what it does
 * not count (gift money, coupons), the line's performance, and the employee's share of it. Empty for a
 * row without its line's payments (locked before they were kept). `money` writes cents (¥1,234.50).
 */
export function perfExplanation(
  row: Pick<RoyaltyRow, 'perfParts' | 'money'>,
  money: (cents: number) => string,
  lang: 'zh-CN' | 'en-US',
): string {
  const parts = row.perfParts ?? [];
  if (!parts.length) return '';
  const en = lang === 'en-US';
  const paid = parts.map((p) => {
    const fee = p.fee ? (en ? ` − fee ${money(p.fee)}` : ` − 手续费 ${money(p.fee)}`) : '';
    const net = p.amount - p.fee;
    const counted =
      p.perf === 0 && net !== 0
        ? en
          ? ', not counted'
          : '，不计业绩'
        : p.perf !== net
          ? en
            ? `, counts ${money(p.perf)}`
            : `，计业绩 ${money(p.perf)}`
          : '';
    return `${p.payName} ${money(p.amount)}${fee}${counted}`;
  });
  const line = parts.reduce((sum, p) => sum + p.perf, 0);
  return en
    ? `${paid.join('; ')} → line ${money(line)}, this employee's share ${money(row.money)}`
    : `${paid.join('；')} → 本行业绩 ${money(line)}，本人分得 ${money(row.money)}`;
}

/** A row's rate as read: a percentage for percent items, an amount per unit (`money` writes cents) for fixed ones. */
export function rateText(r: Pick<RoyaltyRow, 'normType' | 'royaltyRate'>, money: (cents: number) => string): string {
  if (r.royaltyRate === null || r.normType === null) return '';
  return r.normType === 2 ? `${(r.royaltyRate / 100).toFixed(2)}%` : `${money(r.royaltyRate)}/u`;
}

/** One row of the statement: a performance row of a bill line and an employee, with its commission. */
export interface RoyaltyRow {
  perfId: number;
  eeid: number;
  eecode: string;
  eename: string;
  psname: string | null;
  pslname: string | null;
  shopId: number;
  shopName: string | null;
  billId: number;
  billcode: string;
  billdate: string;
  /** service | product */
  btype: string;
  sername: string;
  num: number;
  station: number;
  isAppoint: boolean;
  /** settle | revise | revoke */
  cause: string;
  /** 业绩 of the row: the employee's share of the line's performance (Σ perfParts.perf) */
  money: number;
  /** The line's payments, fees and counted performance (rows locked before they were kept have none). */
  perfParts?: PerfPart[];
  /** the counted part (pay types), before cost */
  base: number;
  cost: number;
  /** the counted pay types' names */
  paytype: string;
  schemeName: string | null;
  royaltyTypeName: string | null;
  itemName: string | null;
  normType: number | null;
  /** basis points (percent) or cents per unit; bracket tiering gives a blended rate */
  royaltyRate: number | null;
  tier: number | null;
  prnname: string | null;
  royalty: number;
  /** A correction of a month locked before it: the month it belongs to (it lands in this open month). */
  lateFrom: string | null;
}

export interface RoyaltyStatement {
  list: RoyaltyRow[];
  total: number;
  page: number;
  pageSize: number;
  sum: { money: number; base: number; cost: number; royalty: number };
  /** The month's lock: its rows are final; null while open (days are provisional). */
  locked: { lockedAt: string; lockedByName: string | null } | null;
  /** Per employee (the statement's subtotals, over every matching row, not only the page): month metrics and sums. */
  employees: RoyaltyEmployeeSum[];
}

/** One employee's subtotal of a statement. */
export interface RoyaltyEmployeeSum {
  eeid: number;
  eecode: string;
  eename: string;
  metrics: Record<RoyaltyNormCode, number>;
  rows: number;
  money: number;
  base: number;
  cost: number;
  royalty: number;
}

/** The statement as a workbook (same filters, no page): its rows, each employee's subtotal after them, the total. */
export const ROYALTY_STATEMENT_EXPORT = '/api-pers/employeeroyalty/chain/export';
export const royaltyStatementExportQuery = z.object({
  month,
  shopId: id.optional(),
  employeeId: id.optional(),
  billNo: z.string().trim().max(64).optional(),
});

/** Award and penalty items (奖罚项目 `awarddesc` items): padtype 1 奖项 (adds) | 2 扣/罚项 (deducts). */
export const awardItemRecord = defineRecord({
  resource: 'awarditem',
  basePath: '/api-pers/awarditem',
  label: ['奖罚项目', 'Awards and penalties'],
  perm: 'royalty.awarditem',
  codePrefix: 'JF',
  page: '/admin/royalty/awarditems',
  fields: dictionaryRecordFields({
    padtype: {
      schema: z.union([z.literal(1), z.literal(2)]),
      label: ['类型', 'Kind'],
      type: 'select',
      options: [
        { value: 1, label: ['奖项', 'Award'], color: 'green' },
        { value: 2, label: ['扣/罚项', 'Penalty'], color: 'red' },
      ],
      table: { width: 100 },
      form: { required: true, initial: 1 },
    },
  }),
  filters: dictionaryFilters,
  verbs: dictionaryVerbs,
});
export type AwardItemRow = RecordRow<typeof awardItemRecord>;

export const awardListQuery = pageQuery.extend({
  month,
  shopId: id.optional(),
  keyword: z.string().trim().max(64).optional(),
});
/** Amounts of a month per employee and item (cents, ≥ 0; 0 removes the amount). */
export const awardBatchUpdate = z.strictObject({
  month,
  rows: z
    .array(
      z.strictObject({
        employeeId: z.number().int().positive(),
        itemId: z.number().int().positive(),
        amount: z.number().int().min(0).max(100_000_000),
      }),
    )
    .min(1)
    .max(5000),
});
/** The same by codes, as read from a workbook (员工编号, 项目编码, 金额). */
export const awardBatchImport = z.strictObject({
  month,
  rows: z
    .array(
      z.strictObject({
        eecode: z.string().trim().min(1).max(32),
        padcode: z.string().trim().min(1).max(32),
        amount: z.number().int().min(0).max(100_000_000),
      }),
    )
    .min(1)
    .max(5000),
});
export const awardSumQuery = z.object({ month, shopId: id.optional() });

export const awardRow = z.object({
  eeid: z.number(),
  eecode: z.string(),
  eename: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  /** itemId → cents */
  amounts: z.record(z.string(), z.number()),
  zmoney: z.number(),
  fmoney: z.number(),
});
export type AwardRow = z.output<typeof awardRow>;
/** `awarddesc/list`: the enabled award items and a page of employees with their amounts. */
export const awardPage = pageAnswer(awardRow).extend({
  items: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), padtype: z.number() })),
});
/** `awarddesc/sum`: the month's awards and penalties in total. */
export const awardSumAnswer = z.object({
  month: z.string(),
  zmoney: z.number(),
  fmoney: z.number(),
  employees: z.number(),
  net: z.number(),
});

/** Monthly base pay per employee (cents), paid in proportion to the days attended. */
export const basePaySave = z.strictObject({
  rows: z
    .array(z.strictObject({ employeeId: z.number().int().positive(), amount: z.number().int().min(0).max(100_000_000) }))
    .min(1)
    .max(5000),
});
export const salaryQuery = pageQuery.extend({ month, shopId: id.optional(), keyword: z.string().trim().max(64).optional() });
export const salaryRow = z.object({
  eeid: z.number(),
  eecode: z.string(),
  eename: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  /** the month's base pay (full) and the days it is paid for */
  monthlyBase: z.number(),
  scheduledDays: z.number(),
  attendedDays: z.number(),
  base: z.number(),
  /** commission, by royalty type */
  royalty: z.number(),
  royaltyByType: z.record(z.string(), z.number()),
  performance: z.number(),
  zmoney: z.number(),
  fmoney: z.number(),
  /** base + royalty + zmoney − fmoney */
  totalMoney: z.number(),
});
export type SalaryRow = z.output<typeof salaryRow>;
export const salaryPage = pageAnswer(salaryRow);

/** Month locks: a locked month's statement is final; later corrections land in the open month. */
export const royaltyLockBody = z.strictObject({ month });
