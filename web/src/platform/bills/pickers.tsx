import { type ProductPick as CatalogProductPick, MEMBER_FIND_PATH, memberFindRow, productPick, shopListPath } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMe, usePermission } from '../auth';
import { http } from '../http';
import { useRemoteRows } from '../resource/options';

/** The catalogue's products and the user's shops (list/all routes), for the pickers of every bill form. */
export const PICKER_PATHS = { products: '/api-chain/product/list/all', shops: shopListPath } as const;

/** The head-office warehouse in location pickers (the wire sends null, a list filter `warehouse=1`). */
export const WAREHOUSE = 0;
/** Who may pick the head-office warehouse as a location. */
const WAREHOUSE_PERM = 'stock.warehouse';

/** A product of the picker: the catalogue's picker row. */
export type ProductPick = CatalogProductPick;

/** Product picker searching the catalogue by code, barcode or name (server side, debounced). */
export function ProductPicker({
  value,
  onChange,
  onPick,
  exclude,
  style,
  placeholder,
  fallbackLabel,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  onPick?: (p: ProductPick) => void;
  exclude?: number[];
  style?: CSSProperties;
  placeholder?: string;
  /** Label of the current value when it is not among the searched products. */
  fallbackLabel?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useQuery({
    queryKey: ['options', PICKER_PATHS.products, { keyword }],
    queryFn: ({ signal }) => http.read(z.array(productPick), PICKER_PATHS.products, { keyword }, { signal }),
    staleTime: 60_000,
  });
  const rows = q.data ?? [];
  const options = rows
    .filter((p) => !exclude?.includes(p.id) || p.id === value)
    .slice(0, 50)
    .map((p) => ({ value: p.id, label: `${p.pcode} ${p.name}`, desc: [p.barcode, p.spec, p.unit].filter(Boolean).join(' · ') }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: fallbackLabel ?? String(value), desc: '' });
  return (
    <Select
      className="ho-product-picker"
      style={style ?? { width: '100%' }}
      value={value}
      placeholder={placeholder ?? t('bill.productPh')}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={q.isFetching}
      allowClear
      options={options}
      optionRender={(o) => (
        <Space orientation="vertical" size={0}>
          <span>{o.data.label}</span>
          {o.data.desc ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.data.desc}
            </Typography.Text>
          ) : null}
        </Space>
      )}
      onChange={(id: number | undefined) => {
        onChange?.(id);
        const p = rows.find((r) => r.id === id);
        if (p) onPick?.(p);
        setTyped('');
      }}
      notFoundContent={q.isFetching ? t('common.loading') : t('common.empty')}
    />
  );
}

interface ShopOption {
  id: number;
  code: string;
  name: string;
}

/** The shops the user may see, and whether the head-office warehouse is among the locations. */
export function useLocations(withWarehouse = true) {
  const { t } = useTranslation();
  const can = usePermission();
  const me = useMe();
  const shops = useRemoteRows(PICKER_PATHS.shops);
  const warehouse = withWarehouse && can(WAREHOUSE_PERM);
  const list = (shops.data ?? []) as unknown as ShopOption[];
  const options = useMemo(
    () => [
      ...(warehouse ? [{ value: WAREHOUSE, label: t('bill.warehouse') }] : []),
      ...list.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` })),
    ],
    [warehouse, list, t],
  );
  const own = me.data ? [...me.data.loginShops, ...me.data.managerShops] : [];
  return { options, warehouse, loading: shops.isLoading, firstShop: own[0]?.id ?? list[0]?.id };
}

/** A shop, or (with the permission) the head-office warehouse. */
export function LocationSelect(props: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  withWarehouse?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
}) {
  const { options, loading } = useLocations(props.withWarehouse ?? true);
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      disabled={props.disabled}
      style={props.style ?? { width: '100%' }}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
    />
  );
}

/** Location picked → list parameters. */
export const locationParams = (loc: number | undefined | null) =>
  loc === undefined || loc === null ? {} : loc === WAREHOUSE ? { warehouse: 1 } : { shopid: loc };

/** Location picked ↔ the wire's shop id (null: the warehouse). */
export const toShopId = (loc: unknown) => (loc === WAREHOUSE ? null : loc);
export const fromShopId = (shopId: unknown) => (shopId === null ? WAREHOUSE : shopId);

/**
 * A member of the shops the user sees, found as the member pages find one (a whole mobile or its last
 * 4 digits, a card or member number, a name): the value is the member's id.
 */
export function MemberSelect({
  placeholder,
  shown,
  ...control
}: {
  placeholder?: string;
  /** The saved member's name, shown until another is searched for. */
  shown?: string;
  value?: number;
  onChange?: (id: number) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['member-find', keyword],
    queryFn: ({ signal }) => http.read(z.array(memberFindRow), MEMBER_FIND_PATH, { keyword }, { signal }),
    enabled: keyword.length > 0,
  });
  const options = (found.data ?? []).map((m) => ({ value: m.id, label: `${m.name} ${m.mobile}${m.shopName ? `（${m.shopName}）` : ''}` }));
  if (control.value !== undefined && shown && !options.some((o) => o.value === control.value))
    options.unshift({ value: control.value, label: shown });
  return (
    <Select
      className="ho-member-select"
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      loading={found.isFetching}
      placeholder={placeholder}
      options={options}
      notFoundContent={null}
      {...control}
    />
  );
}
