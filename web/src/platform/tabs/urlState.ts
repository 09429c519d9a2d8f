import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTab } from '../pages';

/** A list's state as its URL keeps it: the query parameters it sends, the page and the sort. */
export interface ListUrlState {
  filters: Record<string, string>;
  page?: number;
  pageSize?: number;
  sort?: string;
}

const PAGING = new Set(['page', 'pageSize', 'sort']);

/** `?keyword=国贸&status=1&page=3&sort=-code` → the list's state (unknown page numbers are left out). */
export function decodeListState(search: string): ListUrlState {
  const q = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const [k, v] of q) if (!PAGING.has(k) && v !== '') filters[k] = v;
  const positive = (v: string | null) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  return { filters, page: positive(q.get('page')), pageSize: positive(q.get('pageSize')), sort: q.get('sort') || undefined };
}

/** The list's state as a query string: empty values, the first page and the default sort are left out. */
export function encodeListState(state: ListUrlState, defaults: { pageSize?: number; sort?: string } = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters)) if (v !== '') q.set(k, v);
  if (state.sort && state.sort !== defaults.sort) q.set('sort', state.sort);
  if (state.page && state.page > 1) q.set('page', String(state.page));
  if (state.pageSize && state.pageSize !== defaults.pageSize) q.set('pageSize', String(state.pageSize));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Query parameters as the URL holds them (arrays joined by commas, as the HTTP client sends them). */
export function filtersToUrl(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

/**
 * A page's list state kept in its URL query: read once when the page opens (a refresh, a shared link),
 * written (replacing the history entry) whenever it changes while the page's tab is the one shown.
 */
export function useListUrlState(
  enabled: boolean,
): [ListUrlState, (state: ListUrlState, defaults?: { pageSize?: number; sort?: string }) => void] {
  const tab = useTab();
  const location = useLocation();
  const navigate = useNavigate();
  const shown = location.pathname === tab.key;
  const [initial] = useState(() => (enabled && shown ? decodeListState(location.search) : { filters: {} }));
  const write = useCallback(
    (state: ListUrlState, defaults?: { pageSize?: number; sort?: string }) => {
      if (!enabled || !shown) return;
      const search = encodeListState(state, defaults);
      if (search !== location.search) navigate({ pathname: location.pathname, search }, { replace: true });
    },
    [enabled, shown, location.pathname, location.search, navigate],
  );
  return [initial, write];
}
