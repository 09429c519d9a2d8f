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
