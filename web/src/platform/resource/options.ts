import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../http';
import type { OptionSource } from './types';

export interface SelectOption {
  value: string | number;
  label: string;
  color?: string;
}
export interface TreeOption {
  value: string | number;
  title: string;
  label: string;
  selectable?: boolean;
  children?: TreeOption[];
}
export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

type Row = Record<string, unknown>;

const asKey = (v: unknown): string | number => (typeof v === 'number' ? v : String(v));

function toTree(rows: Row[], value: string, label: string, leafOnly: boolean): TreeOption[] {
  return rows.map((r) => {
    const kids = Array.isArray(r.children) ? (r.children as Row[]) : [];
    const text = String(r[label] ?? '');
    return {
      value: asKey(r[value]),
      title: text,
      label: text,
      selectable: leafOnly ? kids.length === 0 : true,
      children: kids.length ? toTree(kids, value, label, leafOnly) : undefined,
    };
  });
}

function toArea(rows: Row[]): CascaderOption[] {
  return rows.map((r) => {
    const kids = Array.isArray(r.children) ? (r.children as Row[]) : [];
    return {
      value: String(r.code),
      label: String(r.name),
      children: kids.length ? toArea(kids) : undefined,
    };
  });
}

/** Picker data are small and change rarely: cached for five minutes, shared by every form and filter. */
export function optionsQueryKey(url: string, params?: Record<string, unknown>) {
  return ['options', url, params ?? {}] as const;
}

export function useRemoteRows(url: string | undefined, params?: Record<string, unknown>) {
  return useQuery({
    queryKey: optionsQueryKey(url ?? '', params),
    queryFn: () => http.get<Row[]>(url ?? '', params),
    enabled: !!url,
    staleTime: 5 * 60_000,
  });
}

export function useOptions(source: OptionSource | undefined): {
  options: SelectOption[];
  tree: TreeOption[];
  area: CascaderOption[];
  loading: boolean;
} {
  const { t } = useTranslation();
  const remoteUrl = source && source.kind !== 'static' ? source.url : undefined;
  const params = source?.kind === 'remote' ? source.params : undefined;
  const q = useRemoteRows(remoteUrl, params);
  const rows = Array.isArray(q.data) ? q.data : [];
  if (!source) return { options: [], tree: [], area: [], loading: false };
  switch (source.kind) {
    case 'static':
      return {
        options: source.items.map((i) => ({ value: i.value, label: source.raw ? i.label : t(i.label), color: i.color })),
        tree: [],
        area: [],
        loading: false,
      };
    case 'remote': {
      const v = source.value ?? 'id';
      const l = source.label ?? 'name';
      return {
        options: rows.map((r) => ({ value: asKey(r[v]), label: String(r[l] ?? '') })),
        tree: [],
        area: [],
        loading: q.isLoading,
      };
    }
    case 'tree':
      return {
        options: [],
        tree: toTree(rows, source.value ?? 'id', source.label ?? 'name', !!source.leafOnly),
        area: [],
        loading: q.isLoading,
      };
    case 'area':
      return { options: [], tree: [], area: toArea(rows), loading: q.isLoading };
  }
}
