// Locks that really lock (DOMAIN-DETAIL §9.1, §9.2): the named kinds of period lock, declared once.
// A bill type names the kinds that cover it in its definition (`locks`); the documents engine refuses
// every save, transition and after-approval change of a covered bill dated in a period one of them
// holds, naming the period and the lock. Each kind locks months, days or both.

export const LOCK_KINDS = {
  /** The general close of a month or a day (stock, cards, packages, the till and every finance bill). */
  close: { periods: ['month', 'day'], label: ['结账', 'Period close'] },
  /** monthlock type 1: petty-cash requests and redeposits of the month. */
  fund: { periods: ['month'], label: ['资金锁', 'Fund lock'] },
  /** monthlock type 2: reserve money bills of the month. */
  reserveDeclaration: { periods: ['month'], label: ['预留申报锁', 'Reserve declaration lock'] },
  /** fundlock: a day on which shops may not date petty-cash requests. */
  fundRequestDay: { periods: ['day'], label: ['备用金申请锁定日', 'Petty-cash request lock day'] },
} as const satisfies Record<string, { periods: readonly ('month' | 'day')[]; label: readonly [string, string] }>;

export type LockKind = keyof typeof LOCK_KINDS;
export type LockPeriod = 'month' | 'day';

/** The month lock kinds by their seed type (`monthlock`: 1 fund lock, 2 reserve declaration lock). */
export const MONTH_LOCK_TYPES = { 1: 'fund', 2: 'reserveDeclaration' } as const satisfies Record<number, LockKind>;
