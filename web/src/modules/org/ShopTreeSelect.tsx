import { regionTreeNode, shopListPath } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { http, isApiError } from '../../platform/http';
import { optionsQueryKey, useRemoteRows } from '../../platform/resource/options';
import { type ShopPickerNode, shopIdsOf, shopPickerTree } from './shopTree';

export const SHOP_TREE_URL = '/api-chain/dictregion/shopTree';

interface Props {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
  placeholder?: string;
  /** Ticking a region picks all its shops. */
  maxTagCount?: number | 'responsive';
}

/** Multi-select of shops grouped by region: tick shops, or a region for all its shops. */
export function ShopTreeSelect({ id, value, onChange, disabled, placeholder, maxTagCount = 'responsive' }: Props) {
  const { t } = useTranslation();
  // the region tree needs the region permission; without it the flat shop list serves
  const q = useQuery({
    queryKey: optionsQueryKey(SHOP_TREE_URL),
    queryFn: () => http.read(z.array(regionTreeNode), SHOP_TREE_URL, undefined, { quiet: ['403'] }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const denied = isApiError(q.error) && q.error.status === 403;
  const flat = useRemoteRows(denied ? shopListPath : undefined);
  const tree = useMemo<ShopPickerNode[]>(() => {
    if (denied) {
      const rows = (Array.isArray(flat.data) ? flat.data : []) as unknown as { id: number; name: string }[];
      return rows.map((r) => ({ value: r.id, title: r.name, label: r.name }));
    }
    return shopPickerTree(Array.isArray(q.data) ? q.data : []);
  }, [q.data, denied, flat.data]);
  return (
    <TreeSelect
      // mounted again once the tree arrives, so that it opens expanded
      key={tree.length ? 'ready' : 'loading'}
      id={id}
      treeData={tree}
      value={value ?? []}
      onChange={(v: unknown) => onChange?.(shopIdsOf(v))}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      loading={q.isLoading || flat.isLoading}
      disabled={disabled}
      maxTagCount={maxTagCount}
      placeholder={placeholder ?? t('identity.user.pickShops')}
      style={{ width: '100%' }}
      listHeight={320}
    />
  );
}
