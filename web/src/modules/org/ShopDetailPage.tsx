import { EditOutlined } from '@ant-design/icons';
import type { EmployeeRow, ProductPriceGridRow, ShopPriceRow, StockBalanceRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { formatDateTime, OptionTag } from '../../platform/resource/cells';
import { PagedTable } from '../../platform/resource/PagedTable';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { ForbiddenResult, NotFoundResult } from '../../platform/results';
import { PRICING } from '../pricing/public';
import { API as STAFF } from '../staff/public';
import { STOCK } from '../stock/public';
import { API, shopDef } from './defs';
import type { ShopRow } from './types';

const field = (key: string) => shopDef.fields.find((f) => f.key === key);

const sold = (status: number | undefined, t: (k: string) => string) =>
  status === 1 ? <Tag color="green">{t('org.shop.selling')}</Tag> : <Tag>{t('org.shop.notSelling')}</Tag>;

/** Who works in the shop, what it charges and what it holds: each from its own list route, filtered to the shop. */
function ShopRecords({ shopId }: { shopId: number }) {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const items = [
    can('staff.employee.view') && {
      key: 'staff',
      label: t('org.shop.staff'),
      children: (
        <PagedTable<EmployeeRow>
          url={STAFF.employees}
          params={{ shopId, status: 1 }}
          rowKey="id"
          empty={t('org.shop.noStaff')}
          columns={[
            { key: 'eecode', dataIndex: 'eecode', title: t('staff.employee.eecode'), width: 110 },
            {
              key: 'name',
              title: t('staff.employee.name'),
              width: 120,
              render: (_v, r) => <Typography.Link onClick={() => tab.open(`/admin/staff/employees/${r.id}`)}>{r.name}</Typography.Link>,
            },
            { key: 'position', dataIndex: 'positionName', title: t('staff.employee.position'), width: 120 },
            { key: 'level', dataIndex: 'levelName', title: t('staff.employee.level'), width: 120 },
            { key: 'mobile', dataIndex: 'mobile', title: t('staff.employee.mobile'), width: 130 },
            { key: 'entryDate', dataIndex: 'entryDate', title: t('staff.employee.entryDate'), width: 110 },
          ]}
        />
      ),
    },
    can('pricing.serviceprice.view') && {
      key: 'servicePrices',
      label: t('org.shop.servicePrices'),
      children: (
        <PagedTable<ShopPriceRow>
          url={PRICING.serviceSearch}
          params={{ shopId }}
          rowKey="id"
          empty={t('org.shop.noServicePrices')}
          columns={[
            { key: 'code', dataIndex: 'itemCode', title: t('catalog.service.code'), width: 110 },
            { key: 'name', dataIndex: 'itemName', title: t('catalog.service.name'), width: 180 },
            { key: 'base', title: t('org.shop.basePrice'), width: 110, align: 'right', render: (_v, r) => formatMoney(r.basePrice) },
            { key: 'price', title: t('org.shop.shopPrice'), width: 110, align: 'right', render: (_v, r) => formatMoney(r.price) },
            { key: 'template', dataIndex: 'templateName', title: t('org.shop.template'), width: 140 },
            { key: 'status', title: t('org.shop.sale'), width: 90, render: (_v, r) => sold(r.status, t) },
          ]}
        />
      ),
    },
    can('pricing.productprice.view') && {
      key: 'productPrices',
      label: t('org.shop.productPrices'),
      children: (
        <PagedTable<ProductPriceGridRow>
          url={PRICING.productGrid}
          params={{ shopIds: String(shopId), sold: 1 }}
          rowKey="productId"
          empty={t('org.shop.noProductPrices')}
          columns={[
            { key: 'pcode', dataIndex: 'pcode', title: t('catalog.product.pcode'), width: 110 },
            { key: 'name', dataIndex: 'name', title: t('catalog.product.name'), width: 180 },
            { key: 'spec', dataIndex: 'spec', title: t('catalog.product.spec'), width: 100 },
            {
              key: 'retail',
              title: t('catalog.product.retailPrice'),
              width: 110,
              align: 'right',
              render: (_v, r) => formatMoney(r.retailPrice),
            },
            {
              key: 'price',
              title: t('org.shop.shopPrice'),
              width: 110,
              align: 'right',
              render: (_v, r) => formatMoney(r.prices[String(shopId)]?.price),
            },
            { key: 'status', title: t('org.shop.sale'), width: 90, render: (_v, r) => sold(r.prices[String(shopId)]?.status, t) },
          ]}
        />
      ),
    },
    can('stock.balance.view') && {
      key: 'stock',
      label: t('org.shop.stock'),
      children: (
        <PagedTable<StockBalanceRow>
          url={STOCK.balance}
          params={{ shopid: shopId }}
          rowKey="id"
          empty={t('org.shop.noStock')}
          columns={[
            { key: 'pcode', dataIndex: 'pcode', title: t('catalog.product.pcode'), width: 110 },
            { key: 'name', dataIndex: 'productName', title: t('catalog.product.name'), width: 180 },
            { key: 'spec', dataIndex: 'spec', title: t('catalog.product.spec'), width: 100 },
            { key: 'quantity', title: t('org.shop.quantity'), width: 100, align: 'right', render: (_v, r) => `${r.quantity} ${r.unit}` },
            { key: 'value', title: t('org.shop.stockValue'), width: 120, align: 'right', render: (_v, r) => formatMoney(r.value) },
            { key: 'updatedAt', title: t('common.updatedAt'), width: 150, render: (_v, r) => formatDateTime(r.updatedAt) },
          ]}
        />
      ),
    },
  ].filter((item) => !!item);
  if (!items.length) return null;
  return (
    <Card size="small">
      <Tabs items={items} />
    </Card>
  );
}

/** /admin/org/shops/:id — one shop: its details and photos, its staff, its prices and its stock. */
export default function ShopDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const id = tab.params.id ?? '';
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: [shopDef.key, 'detail', id],
    queryFn: ({ signal }) => http.get<ShopRow>(API.shopInfo(id), undefined, { signal, quiet: ['403', '404'] }),
  });
  const shop = q.data;
  const { setTitle } = tab;

  useEffect(() => {
    if (shop) setTitle(`${t('org.shop.detail')} · ${shop.name}`);
  }, [shop, setTitle, t]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  if (isApiError(q.error) && q.error.status === 404) return <NotFoundResult />;
  if (!shop) {
    return (
      <Result status="warning" title={q.error?.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );
  }

  const typeField = field('type');
  const statusField = field('status');
  const items = [
    { key: 'code', label: t('org.shop.code'), children: shop.code },
    { key: 'name', label: t('org.shop.name'), children: shop.name },
    { key: 'shortName', label: t('org.shop.shortName'), children: shop.shortName },
    { key: 'brand', label: t('org.shop.brand'), children: shop.brandName },
    { key: 'region', label: t('org.shop.region'), children: shop.regionName },
    { key: 'type', label: t('org.shop.type'), children: typeField ? <OptionTag field={typeField} value={shop.type} /> : shop.type },
    {
      key: 'status',
      label: t('org.shop.status'),
      children: statusField ? <OptionTag field={statusField} value={shop.status} /> : shop.status,
    },
    { key: 'phone', label: t('org.shop.phone'), children: shop.phone },
    { key: 'openDate', label: t('org.shop.openDate'), children: shop.openDate },
    { key: 'hours', label: t('org.shop.hours'), children: `${shop.openTime} - ${shop.closeTime}` },
    { key: 'stations', label: t('org.shop.stations'), children: shop.stations },
    {
      key: 'area',
      label: t('org.shop.area'),
      children: [shop.provinceName, shop.cityName, shop.areaName].filter(Boolean).join(' '),
    },
    { key: 'address', label: t('org.shop.address'), children: shop.address, span: 2 },
    { key: 'updatedAt', label: t('common.updatedAt'), children: formatDateTime(shop.updatedAt) },
    { key: 'memo', label: t('common.memo'), children: shop.memo, span: 3 },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>{shop.name}</Typography.Text>
            <Tag>{shop.code}</Tag>
          </Space>
        }
        extra={
          can(shopDef.editPerm) ? (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('common.edit')}
            </Button>
          ) : null
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} title={t('org.shop.basic')} items={items} />
      </Card>
      <ShopRecords shopId={shop.id} />
      <Card size="small" title={t('org.shop.gallery')}>
        {shop.images?.length ? (
          <Image.PreviewGroup>
            <div className="ho-gallery">
              {shop.images.map((url) => (
                <Image key={url} src={url} width={180} height={135} />
              ))}
            </div>
          </Image.PreviewGroup>
        ) : (
          <EmptyState compact description={t('org.shop.noImages')} />
        )}
      </Card>
      <ResourceForm def={shopDef} open={editing} row={shop} onClose={() => setEditing(false)} onSaved={() => void q.refetch()} />
    </Space>
  );
}
