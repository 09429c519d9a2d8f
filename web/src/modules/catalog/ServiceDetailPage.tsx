import { EditOutlined } from '@ant-design/icons';
import type { ServiceEmployee, ServiceRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { formatDateTime, OptionTag } from '../../platform/resource/cells';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { ForbiddenResult, NotFoundResult } from '../../platform/results';
import { PriceTrial } from '../pricing/public';
import { CATALOG } from './api';
import { ServiceCardsTab } from './ServiceCardsTab';
import { ServicePerfTab } from './ServicePerfTab';
import { ServiceShopsTable } from './ServiceShopsTable';
import { ServiceSpecialsTab } from './ServiceSpecialsTab';
import { formatDuration, formatRatio, serviceDef } from './serviceDef';

const field = (key: string) => serviceDef.fields.find((f) => f.key === key);

function Performers({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['service', 'employees', serviceId],
    queryFn: ({ signal }) => http.get<ServiceEmployee[]>(CATALOG.serviceEmployees, { serviceId }, { signal, quiet: ['403'] }),
  });
  return (
    <Table<ServiceEmployee>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={(q.data?.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: <EmptyState compact description={t('catalog.service.noPerformers')} /> }}
      columns={[
        { key: 'eecode', dataIndex: 'eecode', title: t('catalog.service.eecode'), width: 100 },
        { key: 'name', dataIndex: 'name', title: t('catalog.service.employee'), width: 120 },
        { key: 'shopName', dataIndex: 'shopName', title: t('catalog.service.shop'), width: 160 },
        { key: 'positionName', dataIndex: 'positionName', title: t('catalog.service.position'), width: 110 },
        { key: 'levelName', dataIndex: 'levelName', title: t('catalog.service.level'), width: 110 },
        {
          key: 'named',
          title: t('catalog.service.how'),
          width: 110,
          render: (_, r) => (r.named ? <Tag color="blue">{t('catalog.service.named')}</Tag> : <Tag>{t('catalog.service.byPosition')}</Tag>),
        },
      ]}
    />
  );
}

/** /admin/catalog/services/:id — one service: basic info, level prices, card prices, performance ratio. */
export default function ServiceDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const id = Number(tab.params.id ?? 0);
  const [editing, setEditing] = useState(false);
  const [active, setActive] = useState('basic');
  const q = useQuery({
    queryKey: [serviceDef.key, 'detail', id],
    queryFn: ({ signal }) => http.get<ServiceRow>(`/api-chain/serviceinfo/${id}`, undefined, { signal, quiet: ['403', '404'] }),
  });
  const service = q.data;
  const { setTitle } = tab;

  useEffect(() => {
    if (service) setTitle(`${t('catalog.service.detail')} · ${service.name}`);
  }, [service, setTitle, t]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  if (isApiError(q.error) && q.error.status === 404) return <NotFoundResult />;
  if (!service) {
    return (
      <Result status="warning" title={q.error?.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );
  }

  const lineField = field('line');
  const statusField = field('status');
  const items = [
    { key: 'code', label: t('catalog.service.code'), children: service.code },
    { key: 'name', label: t('catalog.service.name'), children: service.name },
    { key: 'type', label: t('catalog.service.type'), children: service.serviceTypeName },
    {
      key: 'line',
      label: t('catalog.service.line'),
      children: lineField ? <OptionTag field={lineField} value={service.line} /> : service.line,
    },
    { key: 'branch', label: t('catalog.service.branch'), children: service.branchName },
    { key: 'duration', label: t('catalog.service.duration'), children: formatDuration(service.durationMinutes) },
    {
      key: 'basePrice',
      label: t('catalog.service.basePrice'),
      children: <Typography.Text strong>{formatMoney(service.basePrice)}</Typography.Text>,
    },
    { key: 'perfRatio', label: t('catalog.service.perfRatio'), children: formatRatio(service.perfRatio) || t('catalog.perf.notSet') },
    {
      key: 'status',
      label: t('common.status'),
      children: statusField ? <OptionTag field={statusField} value={service.status} /> : service.status,
    },
    {
      key: 'positions',
      label: t('catalog.service.positions'),
      span: 3,
      children: service.positions.length ? (
        <Space size={[4, 4]} wrap>
          {service.positions.map((p) => (
            <Tag key={p.id}>{p.name}</Tag>
          ))}
        </Space>
      ) : (
        t('common.none')
      ),
    },
    { key: 'updatedAt', label: t('common.updatedAt'), children: formatDateTime(service.updatedAt) },
    { key: 'memo', label: t('common.memo'), children: service.memo, span: 2 },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          <Typography.Text strong>{service.name}</Typography.Text>
          <Tag>{service.code}</Tag>
          <Typography.Text type="secondary">{formatMoney(service.basePrice)}</Typography.Text>
        </Space>
      }
      extra={
        can(serviceDef.editPerm) && active === 'basic' ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('common.edit')}
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={active}
        onChange={setActive}
        items={[
          {
            key: 'basic',
            label: t('catalog.service.tabBasic'),
            children: (
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />
                <PriceTrial kind="service" itemId={service.id} />
                <ServiceShopsTable serviceId={service.id} basePrice={service.basePrice} />
                <div>
                  <Typography.Title level={5}>{t('catalog.service.performers')}</Typography.Title>
                  <Performers serviceId={service.id} />
                </div>
              </Space>
            ),
          },
          { key: 'specials', label: t('catalog.service.tabSpecials'), children: <ServiceSpecialsTab service={service} /> },
          { key: 'cards', label: t('catalog.service.tabCards'), children: <ServiceCardsTab service={service} /> },
          {
            key: 'perf',
            label: t('catalog.service.tabPerf'),
            children: <ServicePerfTab service={service} onChanged={() => void q.refetch()} />,
          },
        ]}
      />
      <ResourceForm def={serviceDef} open={editing} row={service} onClose={() => setEditing(false)} onSaved={() => void q.refetch()} />
    </Card>
  );
}
