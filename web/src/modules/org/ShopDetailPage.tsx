import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { useTab } from '../../platform/pages';
import { formatDateTime, OptionTag } from '../../platform/resource/cells';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { ForbiddenResult, NotFoundResult } from '../../platform/results';
import { API, shopDef } from './defs';
import type { ShopRow } from './types';

const field = (key: string) => shopDef.fields.find((f) => f.key === key);

/** /admin/org/shops/:id — one shop: its details and photos. */
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
