import { z } from 'zod';
import { date, id, pageQuery } from './platform.js';

/**
 * Bill sync to the accounting system (单据同步, DOMAIN-DETAIL §10) and the chain's data settings (数据管理, §11).
 * Every settled, revoked or reviewed money bill is queued in the transaction of its change; a job pushes the
 * queue through the chosen adapter (a dated voucher file per day, or an HTTP endpoint) with retries.
 */
export const ACCOUNTING_PATHS = {
  /** The queue: one row per money bill's change to push (seed `billheadsync`). */
  sync: '/api-report/billheadsync',
  /** The push log: every try of a row (seed `billheadlog`, `?id=` the row). */
  log: '/api-report/billheadlog',
  /** Re-queue the chosen rows, failed or pushed (seed `billheadsync/saveBatch`). */
  saveBatch: '/api-report/billheadsync/saveBatch',
  dataGet: '/api-chain/datamanager/get',
  dataSave: '/api-chain/datamanager/save',
} as const;

export const ACCOUNTING_SYNC_PERM = 'accounting.sync.view';
export const ACCOUNTING_SYNC_EDIT_PERM = 'accounting.sync.edit';
export const DATA_SETTINGS_PERM = 'accounting.data.view';
export const DATA_SETTINGS_EDIT_PERM = 'accounting.data.edit';
export const ACCOUNTING_SYNC_URL = '/admin/accounting/sync';
export const DATA_SETTINGS_URL = '/admin/accounting/data';

/** Tries of a row before it stays failed (re-queued by hand). */
export const ACCOUNTING_MAX_TRIES = 5;

/** A row's state: waiting its first try, tried and waiting again, out of tries, pushed. */
export const syncStates = ['queued', 'retrying', 'failed', 'pushed'] as const;
export type SyncState = (typeof syncStates)[number];
export const syncStateLabels: Record<SyncState, readonly [string, string]> = {
  queued: ['待推送', 'Queued'],
  retrying: ['重试中', 'Retrying'],
  failed: ['推送失败', 'Failed'],
  pushed: ['已推送', 'Pushed'],
};

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

export const syncListQuery = pageQuery.extend({
  /** The bill type (docType). */
  btname: z.string().trim().max(64).optional(),
  shopid: id.optional(),
  yearmonth: yearMonth.optional(),
  state: z.enum(syncStates).optional(),
  /** Contained in the bill number. */
  keyword: z.string().trim().max(64).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});

export const syncRow = z.object({
  id: z.number(),
  docType: z.string(),
  /** The bill type's name in the reader's language. */
  btname: z.string(),
  billId: z.number(),
  billNo: z.string(),
  action: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  businessDate: z.string(),
  yearmonth: z.string(),
  /** Cents; negative on a reversal. */
  amount: z.number(),
  isTs: z.number(),
  isHc: z.number(),
  reversesId: z.number().nullable(),
  jobcount: z.number(),
  joblog: z.string().nullable(),
  state: z.enum(syncStates),
  nextTryAt: z.string().nullable(),
  pushedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SyncRow = z.output<typeof syncRow>;

export const syncPage = z.object({
  list: z.array(syncRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
  /** The matching rows' amount, summed. */
  amount: z.number(),
  /** The bill types that may appear, for the filter: [docType, name]. */
  types: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const syncLogQuery = z.object({ id });
export const syncLogRow = z.object({
  id: z.number(),
  adapter: z.string(),
  ok: z.number(),
  message: z.string().nullable(),
  at: z.string(),
});
export const syncLogAnswer = z.array(syncLogRow);

export const saveBatchBody = z.object({ ids: z.array(id).min(1).max(500) });
export const saveBatchAnswer = z.object({ requeued: z.number() });

/** The accounting system's adapters: a dated voucher file per day in the data folder, or an HTTP endpoint. */
export const accountingAdapters = ['file', 'http'] as const;
/**
 * Masked fields an export may show in full when chosen here. A workbook column carrying one (its `masked`)
 * shows it masked unless the data settings name it: 138****5678, an ID card's first 6 and last 4, an
 * account's last 4. Lists on screen show them as they are.
 */
export const maskedFields = ['mobile', 'idCard', 'bankAccount'] as const;
export type MaskedField = (typeof maskedFields)[number];

/** A value as an export shows a masked field (null and empty stay as they are). */
export function maskValue(field: MaskedField, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  const text = String(value);
  const stars = (n: number) => '*'.repeat(Math.max(n, 0));
  if (field === 'mobile')
    return text.length > 7 ? `${text.slice(0, 3)}${stars(text.length - 7)}${text.slice(-4)}` : `${stars(text.length - 2)}${text.slice(-2)}`;
  if (field === 'idCard')
    return text.length > 10
      ? `${text.slice(0, 6)}${stars(text.length - 10)}${text.slice(-4)}`
      : `${stars(text.length - 4)}${text.slice(-4)}`;
  return text.length > 4 ? `${stars(text.length - 4)}${text.slice(-4)}` : stars(text.length);
}
export const maskedFieldLabels: Record<(typeof maskedFields)[number], readonly [string, string]> = {
  mobile: ['手机号', 'Mobile'],
  idCard: ['身份证号', 'ID card number'],
  bankAccount: ['银行账号', 'Bank account'],
};

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'http(s)://');

/** The chain's data settings (datamanager): a small key/value record. */
export const dataSettings = z
  .object({
    accountingAdapter: z.enum(accountingAdapters).default('file'),
    /** Where the HTTP adapter POSTs each voucher (required with it). */
    accountingUrl: httpUrl.nullish().transform((v) => v || null),
    /** Days the push log is kept. */
    retentionDays: z.coerce.number().int().min(30).max(3650).default(365),
    exportMaskedFields: z.array(z.enum(maskedFields)).max(maskedFields.length).default([]),
  })
  .refine((s) => s.accountingAdapter !== 'http' || !!s.accountingUrl, {
    path: ['accountingUrl'],
    message: 'required with the HTTP adapter',
  });
export type DataSettings = z.output<typeof dataSettings>;
export const DATA_SETTINGS_DEFAULT: DataSettings = {
  accountingAdapter: 'file',
  accountingUrl: null,
  retentionDays: 365,
  exportMaskedFields: [],
};

/** The same settings as a GET's query (the seed's default method): the masked fields comma-separated. */
export const dataSettingsQuery = z
  .object({
    accountingAdapter: z.enum(accountingAdapters).default('file'),
    accountingUrl: httpUrl.nullish().transform((v) => v || null),
    retentionDays: z.coerce.number().int().min(30).max(3650).default(365),
    exportMaskedFields: z
      .string()
      .max(200)
      .optional()
      .transform((s) => (s ? s.split(',').filter(Boolean) : []))
      .pipe(z.array(z.enum(maskedFields)).max(maskedFields.length)),
  })
  .refine((s) => s.accountingAdapter !== 'http' || !!s.accountingUrl, {
    path: ['accountingUrl'],
    message: 'required with the HTTP adapter',
  });
export const dataSettingsAnswer = z.object({
  accountingAdapter: z.enum(accountingAdapters),
  accountingUrl: z.string().nullable(),
  retentionDays: z.number(),
  exportMaskedFields: z.array(z.enum(maskedFields)),
});
