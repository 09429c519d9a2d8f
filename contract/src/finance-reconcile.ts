import { z } from 'zod';
import { instant } from './bills.js';
import { date, id, type Label } from './platform.js';

// Bank reconciliation (银行对账, financialdaily, DOMAIN-DETAIL §9.7): per shop, day and money type the
// amount the system expects in the bank (read from the daily figures, and the reviewed petty-cash
// redeposits), matched against the lines of the bank's statement imported from its workbook. One
// definition read by the server (routes, rights, menu) and the web (page, labels). docs/DECISIONS.md
// ("Bank reconciliation").

const P = '/api-finance/financialdaily';

export const RECONCILE = {
  label: ['银行对账', 'Bank reconciliation'] satisfies Label,
  page: '/admin/finance/reconcile',
  paths: {
    getFd: `${P}/getFd`,
    getUnbalance: `${P}/getUnbalance`,
    importFd: `${P}/importFd`,
    template: `${P}/excelTemplate`,
    deleteFd: `${P}/deleteFd`,
    saveMemo: `${P}/saveMemo`,
    doSplit: `${P}/doSplit`,
    doLock: `${P}/doLock`,
    autoLock: `${P}/autoLock`,
    doFree: `${P}/doFree`,
    getFundhcList: `${P}/getFundhcList`,
    updateFundhc: `${P}/updateFundhc`,
  },
  /** view: read both sides; edit: import, split, note and delete statement lines, mark redeposits; match: 对账 and 取消对账. */
  perms: { view: 'finance.financialdaily.view', edit: 'finance.financialdaily.edit', match: 'finance.financialdaily.match' },
  rights: { edit: ['导入/拆分/删除流水', 'Import, split and delete statement lines'], match: ['对账/取消对账', 'Match and unmatch'] },
} as const;

/**
 * The money types of the system side, each with the pay code of its statement lines. 回存 (petty cash paid
 * back into the bank) is paid in cash: its lines carry 01 like 现金's. A match of pay code 01 must be exact;
 * every other within less than 1 元.
 */
export const RECONCILE_TYPES = {
  1: { label: ['现金', 'Cash'], payCode: '01' },
  2: { label: ['POS', 'POS'], payCode: '07' },
  3: { label: ['微信', 'WeChat'], payCode: '23' },
  5: { label: ['医美', 'Medical beauty'], payCode: '26' },
  6: { label: ['口碑', 'Koubei'], payCode: '33' },
  4: { label: ['回存', 'Redeposits'], payCode: '01' },
} as const satisfies Record<number, { label: Label; payCode: string }>;
export type ReconcileType = keyof typeof RECONCILE_TYPES;
export const RECONCILE_TYPE_IDS = [1, 2, 3, 5, 6, 4] as const;
/** The pay codes a statement line may carry, with their labels. */
export const RECONCILE_PAY_CODES = {
  '01': ['现金', 'Cash'],
  '07': ['POS', 'POS'],
  '23': ['微信', 'WeChat'],
  '26': ['医美', 'Medical beauty'],
  '33': ['口碑', 'Koubei'],
} as const satisfies Record<string, Label>;
/** The difference a non-cash match may have, exclusive (cents): |system − Σ lines| < 100. */
export const RECONCILE_TOLERANCE = 100;
/** A line's origin: 1 imported from the workbook, 2 split off an imported line. */
export const RECONCILE_INPUT_TYPES = { 1: ['导入', 'Imported'], 2: ['拆分', 'Split'] } as const satisfies Record<number, Label>;
/** A redeposit's mark: 0 对账 (counted in 回存), 2 非对账 (left out). */
export const RECONCILE_FA_MARKS = { 0: ['对账', 'Reconciled'], 2: ['非对账', 'Not reconciled'] } as const satisfies Record<number, Label>;
export const RECONCILE_IMPORT_TYPES = { 1: ['覆盖', 'Replace'], 2: ['补充', 'Add'] } as const satisfies Record<number, Label>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
const reconcileType = z.coerce
  .number()
  .int()
  .refine((v) => v in RECONCILE_TYPES, 'type');
const cents = z.number().int();
const ids = z.array(z.number().int().positive()).min(1).max(500);

export const reconcileQuery = z.object({
  shopid: id,
  month,
  type: reconcileType.optional(),
  /** 0 未对账, 1 已对账. */
  status: z.coerce.number().int().min(0).max(1).optional(),
});

/** Unmatched statement lines of a shop dated from `from` through `to`. */
export const unbalanceQuery = z.object({ shopid: id, from: date, to: date, paycode: z.string().max(8).optional() });

export const statementLine = z.object({
  id: z.number(),
  shopId: z.number(),
  day: z.string(),
  rowIndex: z.number(),
  /** je: what this line holds (after splits). */
  amount: cents,
  /** serije: the amount of the bank's line as imported. */
  statementAmount: cents,
  payCode: z.string(),
  memo: z.string().nullable(),
  inputType: z.number(),
  /** The line this one was split off (crowindex). */
  splitFrom: z.number().nullable(),
  matchId: z.number().nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const systemRow = z.object({
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  day: z.string(),
  type: z.number(),
  payCode: z.string(),
  /** sysje: what the system expects now. */
  amount: cents,
  status: z.number(),
  matchId: z.number().nullable(),
  /** The system amount when matched, and the sum of the matched lines. */
  matchedAmount: cents.nullable(),
  linesAmount: cents.nullable(),
  matchedBy: z.string().nullable(),
  matchedAt: instant.nullable(),
  lines: z.array(statementLine),
});
export type SystemRow = z.infer<typeof systemRow>;
export const systemRows = z.array(systemRow);

export const importFdQuery = z.object({ importType: z.coerce.number().int().min(1).max(2).default(2) });
export const linesBody = z.strictObject({ ids });
export const memoBody = z.strictObject({
  lines: z
    .array(z.strictObject({ id: z.number().int().positive(), memo: z.string().trim().max(200).nullable() }))
    .min(1)
    .max(500),
});
/** splitje: the part split off into a line of its own, 0 < part < the line's amount. */
export const splitBody = z.strictObject({ id: z.number().int().positive(), amount: z.number().int() });
export const lockBody = z.strictObject({ shopId: z.number().int().positive(), day: date, type: reconcileType, lineIds: ids });
export const autoLockBody = z.strictObject({ shopId: z.number().int().positive(), month });
export const freeBody = z.strictObject({ matchIds: ids });
export const lockAnswer = z.object({ matched: z.number() });

export const redepositRow = z.object({
  id: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  day: z.string(),
  amount: cents,
  reviewedBy: z.string().nullable(),
  reviewedAt: instant.nullable(),
  isFa: z.number(),
  faMemo: z.string().nullable(),
});
export type RedepositRow = z.infer<typeof redepositRow>;
export const redepositRows = z.array(redepositRow);
export const updateFundhcBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        isFa: z.union([z.literal(0), z.literal(2)]),
        faMemo: z.string().trim().max(200).nullable(),
      }),
    )
    .min(1)
    .max(500),
});
