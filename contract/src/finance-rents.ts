import { z } from 'zod';
import {
  type BillFieldDef,
  type BillFilterInput,
  billLine,
  billRow,
  billSave,
  defineBill,
  instant,
  savedFields,
  submitThenApprove,
} from './bills.js';
import { reserveTypeField } from './finance-reserve.js';
import { date, id, memo, pageQuery } from './platform.js';

// Rents (DOMAIN-DETAIL §9.5): store rent contracts (storerentcont) and dormitory contracts
// (dormrentcont) generate their rent schedule; payment bills (storerentrecords, dormrentrecords)
// cover whole periods and are paid from the shop's reserve money. Money in cents.

export const RENT_CYCLES = ['month', 'quarter', 'year'] as const;
export type RentCycle = (typeof RENT_CYCLES)[number];
const CYCLE_MONTHS: Record<RentCycle, number> = { month: 1, quarter: 3, year: 12 };
/** At most this many years in one contract (a monthly contract: 360 periods). */
export const RENT_MAX_YEARS = 30;

export interface RentTerms {
  startDate: string;
  endDate: string;
  cycle: RentCycle;
  /** The contract total, cents: the periods add up to it exactly. */
  totalMoney: number;
  /** The first period is rent-free (免租期). */
  firstPeriodFree: 0 | 1 | boolean;
  /** Basis points added to the rent at the start of each contract year (compounded). */
  increaseRate: number;
}

export interface RentPeriod {
  seq: number;
  startDate: string;
  endDate: string;
  /** Paid in advance: due on the period's first day. */
  dueDate: string;
  amount: number;
}

const DAY = 86_400_000;
const parse = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const format = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The date `months` after `start`, the day clamped to the month's last (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(start: string, months: number): string {
  const y = Number(start.slice(0, 4));
  const m = Number(start.slice(5, 7)) - 1 + months;
  const day = Number(start.slice(8, 10));
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return format(Date.UTC(y, m, Math.min(day, last)));
}

/** Days from `a` to `b`, both included. */
const daysBetween = (a: string, b: string) => Math.round((parse(b) - parse(a)) / DAY) + 1;
const dayBefore = (d: string) => format(parse(d) - DAY);

/**
 * The rent schedule of a contract: periods of the cycle from its start (each counted from the start
 * date, not from the period before), the last one cut at the end date. The total is shared by weight:
 * a period's months (a cut period by its share of days), times (1 + increase)^(contract year); a
 * rent-free first period weighs nothing. Each period is rounded to the cent by largest remainder, so
 * the periods add up to the total exactly.
 */
export function rentSchedule(terms: RentTerms): RentPeriod[] {
  const months = CYCLE_MONTHS[terms.cycle];
  const rate = 1 + terms.increaseRate / 10_000;
  const periods: (Omit<RentPeriod, 'amount'> & { weight: number })[] = [];
  for (let k = 0; ; k++) {
    const start = addMonths(terms.startDate, k * months);
    if (start > terms.endDate) break;
    const fullEnd = dayBefore(addMonths(terms.startDate, (k + 1) * months));
    const end = [fullEnd, terms.endDate].sort()[0];
    const share = end === fullEnd ? 1 : daysBetween(start, end) / daysBetween(start, fullEnd);
    const year = Math.floor((k * months) / 12);
    const free = k === 0 && Boolean(terms.firstPeriodFree);
    periods.push({ seq: k + 1, startDate: start, endDate: end, dueDate: start, weight: free ? 0 : months * share * rate ** year });
  }
  const totalWeight = periods.reduce((s, p) => s + p.weight, 0);
  if (totalWeight === 0) return periods.map(({ weight: _w, ...p }) => ({ ...p, amount: 0 }));
  const raw = periods.map((p) => (terms.totalMoney * p.weight) / totalWeight);
  const amounts = raw.map(Math.floor);
  let left = terms.totalMoney - amounts.reduce((s, a) => s + a, 0);
  // The cents rounding left over go to the periods that lost most by it (earlier first on a tie).
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (periods[i].weight === 0) continue;
    amounts[i] += 1;
    left -= 1;
  }
  return periods.map(({ weight: _w, ...p }, i) => ({ ...p, amount: amounts[i] }));
}

// ---------------------------- contracts ----------------------------

export const rentKinds = ['store', 'dorm'] as const;
export type RentKind = (typeof rentKinds)[number];

const money = z.number().int().min(0).max(100_000_000_000);
/** A bank account number: 8 to 30 digits (spaces are dropped). */
export const bankno = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{8,30}$/, '银行账号须为 8 到 30 位数字'));

export const rentContractSave = z
  .strictObject({
    id: id.optional(),
    version: z.number().int().positive().optional(),
    code: z.string().trim().min(1).max(40),
    shopId: z.number().int().positive(),
    /** A store contract's landlord (landlordinfo); a dormitory contract names its landlord in `landlordName`. */
    landlordId: z.number().int().positive().nullish(),
    landlordName: z.string().trim().max(60).nullish(),
    payee: z.string().trim().max(60).nullish(),
    bank: z.string().trim().max(60).nullish(),
    bankno: bankno.nullish(),
    tel: z.string().trim().max(30).nullish(),
    address: z.string().trim().max(200).nullish(),
    startDate: date,
    endDate: date,
    cycle: z.enum(RENT_CYCLES),
    totalMoney: money,
    deposit: money.default(0),
    firstPeriodFree: z.union([z.literal(0), z.literal(1)]).default(0),
    increaseRate: z.number().int().min(0).max(10_000).default(0),
    rentType: z.union([z.literal(1), z.literal(2)]).default(1),
    status: z.union([z.literal(1), z.literal(2)]).default(1),
    memo,
  })
  .superRefine((v, ctx) => {
    const real = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= '1900-01-01' && d <= '2199-12-31' && format(parse(d)) === d;
    for (const key of ['startDate', 'endDate'] as const)
      if (!real(v[key])) ctx.addIssue({ code: 'custom', path: [key], message: '日期无效' });
    if (!real(v.startDate) || !real(v.endDate)) return;
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
    else if (v.endDate >= addMonths(v.startDate, RENT_MAX_YEARS * 12))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `合同期最长 ${RENT_MAX_YEARS} 年` });
    else if (v.firstPeriodFree && v.totalMoney > 0 && v.endDate <= rentSchedule({ ...v, totalMoney: 0 })[0].endDate)
      ctx.addIssue({ code: 'custom', path: ['firstPeriodFree'], message: '只有一期的合同不能免租' });
  });
export type RentContractSave = z.input<typeof rentContractSave>;

/**
 * A dormitory contract's approval (DOMAIN-DETAIL §9.5, billstatus 2 已提交 → 3 已审核 | 0 已驳回): saved
 * submitted; finance approves it (not its maker) or rejects it with a reason; a rejected contract is
 * corrected and saved again, which submits it again. Only an approved one can be paid or falls due;
 * an approved one no longer changes. Store contracts have none (null).
 */
export const CONTRACT_APPROVALS = ['submitted', 'approved', 'rejected'] as const;
export type ContractApproval = (typeof CONTRACT_APPROVALS)[number];
export const contractApprovalLabels: Record<ContractApproval, readonly [string, string]> = {
  submitted: ['已提交', 'Submitted'],
  approved: ['已审核', 'Approved'],
  rejected: ['已驳回', 'Rejected'],
};

export const rentContractQuery = pageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  shopid: id.optional(),
  landlordId: id.optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
  approval: z.enum(CONTRACT_APPROVALS).optional(),
});

export const rentContractRow = z.object({
  id: z.number(),
  kind: z.enum(rentKinds),
  code: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  landlordId: z.number().nullable(),
  landlordName: z.string().nullable(),
  payee: z.string().nullable(),
  bank: z.string().nullable(),
  bankno: z.string().nullable(),
  tel: z.string().nullable(),
  address: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  cycle: z.enum(RENT_CYCLES),
  totalMoney: z.number(),
  deposit: z.number(),
  firstPeriodFree: z.number(),
  increaseRate: z.number(),
  rentType: z.number(),
  status: z.number(),
  /** pldate: the end of the last paid period. */
  paidTo: z.string().nullable(),
  approval: z.enum(CONTRACT_APPROVALS).nullable(),
  rejectMemo: z.string().nullable(),
  createdByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  paidMoney: z.number(),
  /** The first unpaid period: when and how much. */
  nextDueDate: z.string().nullable(),
  nextAmount: z.number().nullable(),
  /** Days the first unpaid period is past its due date (逾期) on the company's today; 0 when not overdue, void or not approved. */
  overdueDays: z.number(),
  memo: z.string().nullable(),
  version: z.number(),
  updatedAt: instant,
});
export type RentContractRow = z.output<typeof rentContractRow>;

export const rentPeriodRow = z.object({
  id: z.number(),
  seq: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  dueDate: z.string(),
  amount: z.number(),
  paymentId: z.number().nullable(),
  paymentBillNo: z.string().nullable(),
  /** A payment bill not yet approved holds it. */
  pendingBillNo: z.string().nullable(),
});
export type RentPeriodRow = z.output<typeof rentPeriodRow>;

export const rentContractDetail = rentContractRow.extend({ periods: z.array(rentPeriodRow) });
export type RentContractDetail = z.output<typeof rentContractDetail>;

/** Contracts whose first unpaid period falls due within `days` days, or is overdue. */
export const rentDueQuery = pageQuery.extend({
  days: z.coerce.number().int().min(0).max(366).default(30),
  shopid: id.optional(),
});
export const rentDueRow = rentContractRow;
export type RentDueRow = z.output<typeof rentDueRow>;

export const banknoCheck = z.strictObject({ bankno, id: z.number().int().positive().optional() });
export const banknoAnswer = z.object({ free: z.boolean(), usedBy: z.string().nullable() });

/** The base paths of the two kinds of contracts. */
export const RENT_CONTRACT_API: Record<RentKind, string> = {
  store: '/api-finance/storerentcont',
  dorm: '/api-finance/dormrentcont',
};

/**
 * A new contract's proposed number (`<base>/getCode`): the kind's prefix and the year, then the next
 * number of that series (ZJ2026004 after ZJ2026003); the form may change it.
 */
export const RENT_CONTRACT_CODE_PREFIX: Record<RentKind, string> = { store: 'ZJ', dorm: 'SS' };
export const rentContractCodePath = (kind: RentKind) => `${RENT_CONTRACT_API[kind]}/getCode`;

// ---------------------------- payments ----------------------------

/** A reserve type paying part of the rent. */
export const rentPaymentLine = billLine({
  reserveTypeId: z.number().int().positive(),
  money: z.number().int().min(1).max(100_000_000_000),
  memo,
});

export const rentPaymentSave = billSave({
  contractId: z.number().int().positive(),
  /** The bill pays the contract's unpaid periods up to this one (whole periods, from the first unpaid). */
  periodTo: z.number().int().positive(),
  billDate: date.optional(),
  memo,
  lines: z.array(rentPaymentLine).min(1).max(20),
});

const paymentStates = ['draft', 'submitted', 'approved', 'rejected'] as const;
export const rentPaymentLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  ...savedFields(rentPaymentLine),
  reserveTypeName: z.string(),
  balanceBefore: z.number().nullable(),
  balanceAfter: z.number().nullable(),
});
export const rentPaymentRow = billRow(paymentStates, {
  ...savedFields(rentPaymentSave),
  shopId: z.number(),
  shopName: z.string(),
  contractCode: z.string(),
  periodFrom: z.number(),
  /** The first day of the first period and the last of the last period paid. */
  coversFrom: z.string().nullable(),
  coversTo: z.string().nullable(),
  totalMoney: z.number(),
  sumType: z.number(),
  rejectMemo: z.string().nullable(),
  createdByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(rentPaymentLineRow),
});
export type RentPaymentRow = z.output<typeof rentPaymentRow>;

/** How a payment is paid out: on its own or in a summary batch. */
const sumTypes = { 1: ['单笔支付', 'Single'], 2: ['汇总支付', 'Summary batch'] } as const;

const paymentFilterFields = {
  billNo: true,
  dateRange: { label: ['单据日期', 'Bill date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
  state: true,
  shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'] },
  sumType: true,
  contractId: { label: ['合同', 'Contract'], kind: 'select', keys: ['contractId'], hidden: true },
} as const satisfies Record<string, BillFilterInput>;

function rentPaymentBill<K extends RentKind>(kind: K) {
  const store = kind === 'store';
  const perm = store ? 'finance.rent.store' : 'finance.rent.dorm';
  const contracts = { url: `${RENT_CONTRACT_API[kind]}/list/all`, value: 'id', label: 'code' } as const;
  return defineBill({
    docType: store ? 'finance.storeRent' : 'finance.dormRent',
    locks: ['close'],
    label: store ? ['房租付款单', 'Store rent payment'] : ['宿舍租金付款单', 'Dormitory rent payment'],
    perm,
    basePath: store ? '/api-finance/storerentrecords' : '/api-finance/dormrentrecords',
    webPath: store ? '/admin/finance/rents/store-payments' : '/admin/finance/rents/dorm-payments',
    ...submitThenApprove(perm),
    after: {
      sumType: {
        label: ['汇总类型', 'payout'],
        perm: `${perm}.audit`,
        states: ['submitted', 'approved'],
        path: 'changeSumType',
        batchPath: 'changeSumTypeBatch',
        kind: 'select',
        options: sumTypes,
        value: z.union([z.literal(1), z.literal(2)]),
      },
    },
    save: rentPaymentSave,
    filterFields: paymentFilterFields,
    row: rentPaymentRow,
    headFields: {
      billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
      shopName: { label: ['门店', 'Shop'], kind: 'text', column: { width: 140 } },
      contractId: {
        label: ['合同', 'Contract'],
        kind: 'select',
        options: contracts,
        column: { width: 130, display: 'contractCode' },
        form: {},
      },
      periodTo: { label: ['付至第几期', 'Pay up to period'], kind: 'number', form: {}, detail: true },
      coversFrom: { label: ['租期自', 'Covers from'], kind: 'date', column: { width: 110 } },
      coversTo: { label: ['租期至', 'Covers to'], kind: 'date', column: { width: 110 } },
      billDate: { label: ['单据日期', 'Bill date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
      state: { label: ['状态', 'State'], kind: 'select', column: { width: 90, sortable: true } },
      totalMoney: { label: ['金额', 'Amount'], kind: 'money', column: { width: 120, sortable: true } },
      sumType: { label: ['汇总类型', 'Payout'], kind: 'select', options: sumTypes, column: { width: 100 } },
      createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
      rejectMemo: { label: ['驳回原因', 'Rejection reason'], kind: 'text', detail: true },
      memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
    } satisfies Record<string, BillFieldDef>,
    lineFields: {
      reserveTypeId: reserveTypeField(['预留款项目', 'Reserve type'], 140),
      money: { label: ['金额', 'Amount'], kind: 'money', column: { width: 120 }, form: {} },
      balanceBefore: { label: ['支付前余额', 'Before'], kind: 'money', column: { width: 120 } },
      balanceAfter: { label: ['支付后余额', 'After'], kind: 'money', column: { width: 120 } },
      memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
    },
    paths: {
      list: ['billListForChain'],
      pick: 'list/allForchain',
      save: ['saveBill'],
      detail: 'detail/:id',
      remove: 'deleteBill',
      export: 'export',
    },
  });
}

export const storeRentPaymentBill = rentPaymentBill('store');
export const dormRentPaymentBill = rentPaymentBill('dorm');

// ---------------------------- dormitory deduction rates ----------------------------

export const dormRateQuery = pageQuery.extend({ shopid: id.optional(), keyword: z.string().trim().max(60).optional() });
export const dormRateRow = z.object({
  /** The shop's id: one row per shop, set or not. */
  id: z.number(),
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  /** Basis points of the dormitory rent deducted from staff pay. */
  rate: z.number(),
  memo: z.string().nullable(),
});
export type DormRateRow = z.output<typeof dormRateRow>;
export const dormRateSave = z.strictObject({
  shopId: z.number().int().positive(),
  rate: z.number().int().min(0).max(10_000),
  memo,
  version: z.number().int().positive().optional(),
});
/** The same rate for several shops (saveRate). */
export const dormRateBatch = z.strictObject({
  shopIds: z.array(z.number().int().positive()).min(1).max(1000),
  rate: z.number().int().min(0).max(10_000),
});
