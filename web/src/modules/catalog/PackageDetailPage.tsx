import { CrownOutlined, EditOutlined } from '@ant-design/icons';
import { type PackageDetail, type PackageItemRow, packageItemsTotal } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { formatDateTime } from '../../platform/resource/cells';
import { DetailGate } from '../../platform/results';
import { CATALOG } from './api';
import { productDetailPath } from './defs';
import { PackageForm, packageResource } from './PackageForm';
import { serviceDetailPath } from './serviceDef';

/** /admin/catalog/packages/:id — one package: its terms, what it holds (each item's share of the price) and the shops that sell it. */
export default function PackageDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const id = Number(tab.params.id ?? 0);
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: [packageResource.key, 'detail', id],
    queryFn: ({ signal }) => http.get<PackageDetail>(CATALOG.packageDetail(id), undefined, { signal, quiet: ['403', '404'] }),
  });
  const { setTitle } = tab;
  useEffect(() => {
    if (q.data) setTitle(`${t('catalog.package.detail')} · ${q.data.name}`);
  }, [q.data, setTitle, t]);

  return (
    <DetailGate query={q}>
      {(pkg) => (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Card
            size="small"
            title={
              <Space>
                <Typography.Text strong>{pkg.name}</Typography.Text>
                <Tag>{pkg.code}</Tag>
                {pkg.isSystem ? (
                  <Tag color="gold" icon={<CrownOutlined />}>
                    {t('catalog.package.system')}
                  </Tag>
                ) : null}
              </Space>
            }
            extra={
              can('catalog.package.edit') ? (
                <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  {t('common.edit')}
                </Button>
              ) : null
            }
          >
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={[
                { key: 'code', label: t('catalog.package.code'), children: pkg.code },
                { key: 'name', label: t('catalog.package.name'), children: pkg.name },
                { key: 'type', label: t('catalog.package.type'), children: pkg.packageTypeName },
                { key: 'price', label: t('catalog.package.price'), children: formatMoney(pkg.price) },
                {
                  key: 'validity',
                  label: t('catalog.package.validity'),
                  children: pkg.validityDays ? t('catalog.package.daysN', { count: pkg.validityDays }) : t('catalog.package.unlimited'),
                },
                {
                  key: 'status',
                  label: t('common.status'),
                  children: pkg.status === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>,
                },
                { key: 'updatedAt', label: t('common.updatedAt'), children: formatDateTime(pkg.updatedAt) },
                { key: 'memo', label: t('common.memo'), children: pkg.memo, span: 2 },
              ]}
            />
          </Card>
          <Card size="small" title={t('catalog.package.items')}>
            <Table<PackageItemRow>
              size="small"
              rowKey="id"
              dataSource={pkg.items}
              pagination={false}
              locale={{ emptyText: <EmptyState compact description={t('catalog.package.itemsEmpty')} /> }}
              columns={[
                {
                  key: 'kind',
                  title: t('catalog.package.itemKind'),
                  width: 80,
                  render: (_v, r) =>
                    r.serviceId ? <Tag color="blue">{t('catalog.package.service')}</Tag> : <Tag>{t('catalog.package.product')}</Tag>,
                },
                { key: 'code', dataIndex: 'itemCode', title: t('common.code'), width: 110 },
                {
                  key: 'name',
                  title: t('catalog.package.item'),
                  width: 200,
                  render: (_v, r) => {
                    const path = r.serviceId ? serviceDetailPath(r.serviceId) : r.productId ? productDetailPath(r.productId) : null;
                    return path ? <Typography.Link onClick={() => tab.open(path)}>{r.itemName}</Typography.Link> : r.itemName;
                  },
                },
                {
                  key: 'quantity',
                  title: t('catalog.package.quantity'),
                  width: 110,
                  align: 'right',
                  render: (_v, r) => `${r.quantity} ${r.unit ?? ''}`,
                },
                {
                  key: 'listPrice',
                  title: t('catalog.package.listPrice'),
                  width: 110,
                  align: 'right',
                  render: (_v, r) => formatMoney(r.listPrice),
                },
                { key: 'amount', title: t('catalog.package.amount'), width: 110, align: 'right', render: (_v, r) => formatMoney(r.amount) },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={5}>
                    {t('catalog.package.itemsTotal')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {formatMoney(packageItemsTotal(pkg.items))}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Card>
          <Card size="small" title={`${t('catalog.package.shopCount')} (${pkg.shops.length})`}>
            {pkg.shops.length ? (
              <Space wrap>
                {pkg.shops.map((s) => (
                  <Tag key={s.id} style={{ cursor: 'pointer' }} onClick={() => tab.open(`/admin/org/shops/${s.id}`)}>
                    {s.code} · {s.name}
                  </Tag>
                ))}
              </Space>
            ) : (
              <EmptyState compact description={t('catalog.package.noShops')} />
            )}
          </Card>
          <PackageForm
            open={editing}
            packageId={pkg.id}
            onClose={() => {
              setEditing(false);
              void q.refetch();
            }}
          />
        </Space>
      )}
    </DetailGate>
  );
}
