/** A timestamp as the API answers it: ISO 8601, null kept. */
export const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

type Iso<T> = null extends T ? string | null : string;

/**
 * A till record row (a prepaid order, a platform voucher: its columns with the shop's name and the
 * bill's number) as answered: the named timestamp columns as ISO strings, the rest as selected.
 */
export function withIsoTimes<R extends Record<string, unknown>, K extends keyof R>(row: R, keys: readonly K[]) {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) out[k as string] = iso(row[k] as Date | string | null);
  return out as Omit<R, K> & { [P in K]: Iso<R[P]> };
}
