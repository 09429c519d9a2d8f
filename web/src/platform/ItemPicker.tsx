import type { ProductPick, ServicePick } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Input, Modal, Table, Tag } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './Empty';
import { http } from './http';
import { formatMoney } from './money';

/** What the picker offers: services or products of the catalogue. */
export type PackageItemKind = 'service' | 'product';

/** The catalogue's lists the picker reads (the catalogue's pages use the same). */
export const CATALOG_ITEM_URLS = {
  productInList: '/api-chain/product/inlist',
  serviceAll: '/api-chain/serviceinfo/findServiceList',
  packageServices: '/api-chain/servicepackage/servinfo',
  packageProductPrices: '/api-chain/servicepackage/productForPrice',
};

export interface PickedItem {
  kind: PackageItemKind;
  id: number;
  code: string;
  name: string;
  unit: string | null;
  price: number;
}

interface Row {
  id: number;
  code: string;
  name: string;
  group: string | null;
  spec: string | null;
  unit: string | null;
  price: number;
}

function toRows(kind: PackageItemKind, data: unknown, t: (k: string) => string): Row[] {
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { list?: unknown[] } | null)?.list)
      ? (data as { list: unknown[] }).list
      : [];
  if (kind === 'service') {
    return (list as ServicePick[]).map((s) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      group: s.serviceTypeName,
      spec: null,
      unit: t('itemPicker.times'),
      price: s.basePrice,
    }));
  }
  return (list as ProductPick[]).map((p) => ({
    id: p.id,
    code: p.pcode,
    name: p.name,
    group: p.categoryName,
    spec: p.spec,
    unit: p.unit,
    price: p.retailPrice,
  }));
}

/** Pick services or products for a package; items already in it are shown ticked and cannot be picked twice. */
export function ItemPicker({
  kind,
  open,
  taken,
  onClose,
  onPick,
  source = 'package',
}: {
  /** Which routes list the candidates: the package's own, or the open pickers (price pages). */
  source?: 'package' | 'pricing';
  kind: PackageItemKind;
  open: boolean;
  taken: number[];
  onClose: () => void;
  onPick: (items: PickedItem[]) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [picked, setPicked] = useState<Map<number, Row>>(new Map());
  const url =
    source === 'package'
      ? kind === 'service'
        ? CATALOG_ITEM_URLS.packageServices
        : CATALOG_ITEM_URLS.packageProductPrices
      : kind === 'service'
        ? CATALOG_ITEM_URLS.serviceAll
        : CATALOG_ITEM_URLS.productInList;
  const q = useQuery({
    queryKey: ['item-picker', source, kind, keyword],
    queryFn: ({ signal }) => http.get<unknown>(url, { keyword: keyword || undefined }, { signal }),
    enabled: open,
    staleTime: 30_000,
  });
  const rows = toRows(kind, q.data, t);

  const close = () => {
    setSelected([]);
    setPicked(new Map());
    setKeyword('');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={kind === 'service' ? t('itemPicker.pickServices') : t('itemPicker.pickProducts')}
      width={760}
      onCancel={close}
      okText={t('itemPicker.addN', { count: selected.length })}
      okButtonProps={{ disabled: !selected.length }}
      onOk={() => {
        onPick(
          selected
            .map((k) => picked.get(Number(k)))
            .filter((r): r is Row => !!r)
            .map((r) => ({ kind, id: r.id, code: r.code, name: r.name, unit: r.unit, price: r.price })),
        );
        close();
      }}
      destroyOnHidden
    >
      <Input.Search allowClear placeholder={t('common.keywordPh')} onSearch={(v) => setKeyword(v.trim())} style={{ marginBottom: 12 }} />
      <Table<Row>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        scroll={{ y: 380 }}
        pagination={false}
        locale={{ emptyText: <EmptyState compact /> }}
        rowSelection={{
          selectedRowKeys: [...taken, ...selected],
          getCheckboxProps: (r) => ({ disabled: taken.includes(r.id) }),
          onChange: (keys, selRows) => {
            setSelected(keys.filter((k) => !taken.includes(Number(k))));
            setPicked((m) => {
              const next = new Map(m);
              for (const r of selRows) if (r) next.set(r.id, r);
              return next;
            });
          },
        }}
        onRow={(r) => ({
          onClick: () => {
            if (taken.includes(r.id)) return;
            setPicked((m) => new Map(m).set(r.id, r));
            setSelected((s) => (s.includes(r.id) ? s.filter((x) => x !== r.id) : [...s, r.id]));
          },
        })}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('common.code'), width: 110 },
          { key: 'name', dataIndex: 'name', title: t('common.name') },
          {
            key: 'group',
            title: kind === 'service' ? t('catalog.service.type') : t('catalog.product.category'),
            width: 120,
            render: (_, r) => (r.group ? <Tag>{r.group}</Tag> : null),
          },
          ...(kind === 'product' ? [{ key: 'spec', dataIndex: 'spec', title: t('catalog.product.spec'), width: 100 }] : []),
          {
            key: 'price',
            title: kind === 'service' ? t('catalog.service.basePrice') : t('catalog.product.retailPrice'),
            width: 110,
            align: 'right' as const,
            render: (_: unknown, r: Row) => formatMoney(r.price),
          },
        ]}
      />
    </Modal>
  );
}
