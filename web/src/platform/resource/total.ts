import { t as translate } from '../i18n';

/** What a paged answer tells about its total. */
export interface TotalInfo {
  total?: number;
  /** More than 10,000 rows match: the server stopped counting and `total` is 10,000. */
  totalCapped?: boolean;
  /** More match than the server counted (the operation log's window). */
  hasMore?: boolean;
}

/** The pager's total: "共 23 条", "共 10000+ 条" when the server stopped counting. */
export function totalText(
  total: number,
  info?: TotalInfo | null,
  t: (key: string, options?: Record<string, unknown>) => string = translate,
) {
  if (info?.totalCapped) return t('common.totalCapped', { total: info.total ?? total });
  if (info?.hasMore) return t('common.totalMore', { total: total.toLocaleString() });
  return t('common.total', { total });
}

/** The pager's row count: one past the total when the server stopped counting, so that "next" stays open. */
export const pagerTotal = (info?: TotalInfo | null) => (info?.total ?? 0) + (info?.totalCapped ? 1 : 0);
