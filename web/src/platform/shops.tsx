import { shopListPath } from '@headoffice/contract';
import { Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteRows } from './resource/options';

export const REGION_TREE_URL = '/api-chain/dictregion/tree/allNoNum';

export interface ShopLite {
  id: number;
  code: string;
  name: string;
  regionId?: number | null;
}

interface RegionLite {
  id: number;
  name: string;
  children?: RegionLite[];
}

/** Open shops the user may see (cached, shared by every picker). */
export function useShops() {
  const q = useRemoteRows(shopListPath);
  const shops = useMemo(() => (Array.isArray(q.data) ? (q.data as unknown as ShopLite[]) : []), [q.data]);
  return { shops, loading: q.isLoading };
}

/** `0` in a value means the chain (head office) rather than a shop. */
export const CHAIN = 0;

/** One shop, or (withChain) the chain default. */
export function ShopSelect({
  value,
  onChange,
  withChain,
  style,
  allowClear,
  placeholder,
  disabled,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  withChain?: boolean;
  style?: React.CSSProperties;
  allowClear?: boolean;
  placeholder?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { shops, loading } = useShops();
  const options = [
    ...(withChain ? [{ value: CHAIN, label: t('pricing.chainDefault') }] : []),
    ...shops.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` })),
  ];
  return (
    <Select
      value={value ?? (withChain ? CHAIN : undefined)}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={options}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder ?? t('pricing.pickShop')}
      style={{ minWidth: 220, ...style }}
    />
  );
}

interface PickerNode {
  value: number | string;
  title: string;
  disabled?: boolean;
  children?: PickerNode[];
}

/**
 * Many shops, grouped by region (ticking a region ticks its shops). `disabled` shops cannot be picked
 * (e.g. shops already on another price template), `disabledTitle` says why.
 */
export function ShopMultiSelect({
  value,
  onChange,
  disabled,
  disabledTitle,
  placeholder,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: Set<number>;
  disabledTitle?: (shopId: number) => string | undefined;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const { shops, loading } = useShops();
  const regions = useRemoteRows(REGION_TREE_URL);
  const tree = useMemo(() => {
    const roots = Array.isArray(regions.data) ? (regions.data as unknown as RegionLite[]) : [];
    const used = new Set<number>();
    const build = (rs: RegionLite[]): PickerNode[] =>
      rs.flatMap((r) => {
        const own = shops
          .filter((s) => s.regionId === r.id)
          .map((s) => {
            used.add(s.id);
            const why = disabled?.has(s.id) ? disabledTitle?.(s.id) : undefined;
            return { value: s.id, title: `${s.name}（${s.code}）${why ? ` · ${why}` : ''}`, disabled: disabled?.has(s.id) };
          });
        const children = [...build(r.children ?? []), ...own];
        return children.length ? [{ value: `r${r.id}`, title: r.name, children }] : [];
      });
    const nodes = build(roots);
    const rest = shops.filter((s) => !used.has(s.id));
    if (rest.length) {
      nodes.push({
        value: 'r0',
        title: t('pricing.otherShops'),
        children: rest.map((s) => ({ value: s.id, title: `${s.name}（${s.code}）`, disabled: disabled?.has(s.id) })),
      });
    }
    return nodes;
  }, [regions.data, shops, disabled, disabledTitle, t]);

  return (
    <TreeSelect
      treeData={tree}
      value={value ?? []}
      onChange={(v: unknown) => onChange?.(Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [])}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      loading={loading || regions.isLoading}
      maxTagCount="responsive"
      placeholder={placeholder ?? t('pricing.pickShops')}
      style={{ width: '100%' }}
      listHeight={360}
    />
  );
}
