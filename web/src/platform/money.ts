/** Money travels as integer cents (分); people read and type yuan. */

function group(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 123450 → "¥1,234.50"; -5 → "-¥0.05"; null → "". */
export function formatMoney(cents: number | null | undefined, symbol = '¥'): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const yuan = Math.floor(abs / 100);
  const fen = abs % 100;
  return `${whole < 0 ? '-' : ''}${symbol}${group(String(yuan))}.${String(fen).padStart(2, '0')}`;
}

export function centsToYuan(cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return null;
  return Math.round(cents) / 100;
}

/** 12.34 → 1234 (rounded to the nearest cent, never a float). */
export function yuanToCents(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const n = typeof yuan === 'number' ? yuan : Number(yuan);
  if (!Number.isFinite(n)) return null;
  return Math.round(Number((n * 100).toFixed(4)));
}

/** What a typed price is: cents, or why it cannot be saved as it stands (never silently ¥0.00). */
export type MoneyEntry = { kind: 'cents'; cents: number } | { kind: 'empty' } | { kind: 'negative' } | { kind: 'invalid' };

/** Reads a price as typed (yuan): empty stays empty, a negative or unreadable one is named, not clamped to 0. */
export function readMoney(yuan: number | string | null | undefined): MoneyEntry {
  if (yuan === null || yuan === undefined || (typeof yuan === 'string' && yuan.trim() === '')) return { kind: 'empty' };
  const cents = yuanToCents(typeof yuan === 'string' ? yuan.trim() : yuan);
  if (cents === null) return { kind: 'invalid' };
  if (cents < 0) return { kind: 'negative' };
  return { kind: 'cents', cents };
}
