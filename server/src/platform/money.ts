// Money travels and is stored as integer cents; these write it as text for people (messages, SMS).
// A spreadsheet cell takes `yuanCell` of excel.ts instead: a number the reader can add up.

function parts(cents: number) {
  const abs = Math.abs(Math.round(cents));
  return { sign: cents < 0 && abs > 0 ? '-' : '', whole: Math.floor(abs / 100), fraction: String(abs % 100).padStart(2, '0') };
}

/** ¥1,234.50 from cents (the same in both languages): a text that stands for the amount on its own. */
export function yuan(cents: number): string {
  const { sign, whole, fraction } = parts(cents);
  return `${sign}¥${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * 1234.50 from cents, without ¥ or grouping (a minus kept): for a message whose template writes the unit itself
 * (`¥{amount}`, `{amount} 元`), so that neither language shows the unit twice.
 */
export function yuanAmount(cents: number): string {
  const { sign, whole, fraction } = parts(cents);
  return `${sign}${whole}.${fraction}`;
}
