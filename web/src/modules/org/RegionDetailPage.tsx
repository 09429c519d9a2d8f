import { EditOutlined } from '@ant-design/icons';
import { regionTreeNode } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { useTab } from '../../platform/pages';
import { formatDateTime, OptionTag } from '../../platform/resource/cells';
import { PagedTable } from '../../platform/resource/PagedTable';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { DetailGate } from '../../platform/results';
import { API, regionDef, regionDetailPath, shopDef } from './defs';
import type { RegionNode, ShopRow } from './types';

/** /admin/org/regions/:id — one region: where it sits, its sub-regions with their shop counts, and its shops. */
export default function RegionDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const id = Number(tab.params.id ?? 0);
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: ['region', 'detail', id],
    queryFn: ({ signal }) => http.get<RegionNode & { updatedAt?: string }>(API.region(id), undefined, { signal, quiet: ['403', '404'] }),
  });
  // The tree carries the shop counts and the sub-regions; the same query the regions page refreshes.
  const tree = useQuery({
    queryKey: ['region', 'tree'],
    queryFn: ({ signal }) => http.read(z.array(regionTreeNode), API.regionTree, undefined, { signal }),
  });
  const areas = tree.data ?? [];
  const node = useMemo(() => areas.flatMap((a) => [a, ...(a.children ?? [])]).find((n) => n.id === id), [areas, id]);
  const parent = areas.find((a) => a.id === q.data?.parentId);
  const def = useMemo(() => regionDef(areas), [areas]);
  const { setTitle } = tab;
  useEffect(() => {
    if (q.data) setTitle(`${t('org.region.detail')} · ${q.data.name}`);
  }, [q.data, setTitle, t]);
  const statusField = shopDef.fields.find((f) => f.key === 'status');

  return (
    <DetailGate query={q}>
      {(region) => (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Card
            size="small"
            title={
              <Space>
                <Typography.Text strong>{region.name}</Typography.Text>
                <Tag>{region.code}</Tag>
                <Tag color={region.parentId ? 'default' : 'geekblue'}>{t(region.parentId ? 'org.region.level2' : 'org.region.level1')}</Tag>
              </Space>
            }
            extra={
              can('org.region.edit') ? (
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
                { key: 'code', label: t('org.region.code'), children: region.code },
                { key: 'name', label: t('org.region.name'), children: region.name },
                {
                  key: 'parent',
                  label: t('org.region.parent'),
                  children: parent ? (
                    <Typography.Link onClick={() => tab.open(regionDetailPath(parent.id))}>{parent.name}</Typography.Link>
                  ) : (
                    '—'
                  ),
                },
                { key: 'shopCount', label: t('org.region.shopCount'), children: node?.shopCount ?? '—' },
                {
                  key: 'status',
                  label: t('common.status'),
                  children: region.status === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>,
                },
                { key: 'updatedAt', label: t('common.updatedAt'), children: formatDateTime(region.updatedAt) },
                { key: 'memo', label: t('common.memo'), children: region.memo, span: 3 },
              ]}
            />
          </Card>
          {region.parentId ? null : (
            <Card size="small" title={t('org.region.children')}>
              <Table<RegionNode>
                size="small"
                rowKey="id"
                loading={tree.isLoading}
                dataSource={node?.children ?? []}
                // a region has no level below it: no tree expanders
                expandable={{ childrenColumnName: 'none' }}
                pagination={false}
                locale={{ emptyText: <EmptyState compact description={t('org.region.noChildren')} /> }}
                columns={[
                  { key: 'code', dataIndex: 'code', title: t('org.region.code'), width: 110 },
                  {
                    key: 'name',
                    title: t('org.region.name'),
                    width: 200,
                    render: (_v, r) => <Typography.Link onClick={() => tab.open(regionDetailPath(r.id))}>{r.name}</Typography.Link>,
                  },
                  { key: 'shopCount', dataIndex: 'shopCount', title: t('org.region.shopCount'), width: 90, align: 'right' },
                ]}
              />
            </Card>
          )}
          <Card size="small" title={t('org.region.shopsOf', { name: region.name })}>
            <PagedTable<ShopRow>
              url={API.shop}
              params={{ regionId: region.id }}
              rowKey="id"
              empty={t('org.region.noShops')}
              columns={[
                { key: 'code', dataIndex: 'code', title: t('org.shop.code'), width: 110 },
                {
                  key: 'name',
                  title: t('org.shop.name'),
                  width: 200,
                  render: (_v, r) => <Typography.Link onClick={() => tab.open(`/admin/org/shops/${r.id}`)}>{r.name}</Typography.Link>,
                },
                { key: 'region', dataIndex: 'regionName', title: t('org.shop.region'), width: 140 },
                { key: 'brand', dataIndex: 'brandName', title: t('org.shop.brand'), width: 120 },
                { key: 'phone', dataIndex: 'phone', title: t('org.shop.phone'), width: 140 },
                {
                  key: 'status',
                  title: t('org.shop.status'),
                  width: 90,
                  render: (_v, r) => (statusField ? <OptionTag field={statusField} value={r.status} /> : r.status),
                },
              ]}
            />
          </Card>
          <ResourceForm
            def={def}
            open={editing}
            row={region}
            onClose={() => setEditing(false)}
            onSaved={() => {
              void q.refetch();
              void tree.refetch();
            }}
          />
        </Space>
      )}
    </DetailGate>
  );
}
