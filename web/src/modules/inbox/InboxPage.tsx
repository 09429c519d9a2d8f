import { AuditOutlined, ReloadOutlined } from '@ant-design/icons';
import type { InboxGroup, InboxItem } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionButtons, invalidateBills, type TransitionView } from '../../platform/bills/parts';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';

const STATE_COLORS: Record<string, string> = { draft: 'default', submitted: 'blue', audited: 'green', rejected: 'red' };

/** A group's transitions as its buttons offer them (the server sends the type's labels). */
const transitionsOf = (g: InboxGroup): Record<string, TransitionView> =>
  Object.fromEntries(Object.entries(g.actionLabels).map(([a, label]) => [a, { label, memoRequired: g.memoRequired.includes(a) }]));

/** /admin/inbox — bills waiting for the signed-in user, grouped by document type, with their actions. */
export default function InboxPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const tab = useTab();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['inbox', 'list'],
    queryFn: ({ signal }) => http.get<InboxGroup[]>('/api-user/inbox', undefined, { signal }),
  });
  const pick = (l: readonly [string, string] | undefined, fallback: string) => (l ? (en ? l[1] : l[0]) : fallback);

  const run = (group: InboxGroup, item: InboxItem) => async (action: string, memo?: string) => {
    try {
      await http.post(
        '/api-user/inbox/transition',
        { docType: group.docType, id: item.id, action, version: item.version, memo },
        { once: true },
      );
    } finally {
      await invalidateBills(qc);
    }
  };

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (q.isError)
    return (
      <Result status="warning" title={q.error.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );
  const groups = q.data ?? [];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="ho-inbox">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space>
            <AuditOutlined style={{ color: '#2f54eb', fontSize: 18 }} />
            <Typography.Text strong>{t('stock.inbox.title')}</Typography.Text>
            {groups.map((g) => (
              <Tag key={g.docType} color="blue">
                {pick(g.label, g.docType)} · {g.count}
              </Tag>
            ))}
          </Space>
          <Button icon={<ReloadOutlined />} onClick={() => void invalidateBills(qc)} loading={q.isFetching}>
            {t('common.refresh')}
          </Button>
        </Space>
      </Card>
      {groups.length === 0 ? (
        <Card>
          <EmptyState description={t('stock.inbox.empty')} />
        </Card>
      ) : null}
      {groups.map((g) => (
        <Card
          key={g.docType}
          size="small"
          className="ho-inbox-group"
          data-doctype={g.docType}
          title={
            <Space>
              <span>{pick(g.label, g.docType)}</span>
              <Badge count={g.count} overflowCount={999} />
            </Space>
          }
          extra={
            g.items.length < g.count ? (
              <Typography.Text type="secondary">{t('stock.inbox.shownOf', { shown: g.items.length, count: g.count })}</Typography.Text>
            ) : null
          }
        >
          <Table<InboxItem>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={g.items}
            scroll={{ x: 1000 }}
            columns={[
              {
                title: t('stock.billNo'),
                dataIndex: 'billNo',
                width: 170,
                render: (v: string, r) => (
                  <Typography.Link onClick={() => tab.open(r.link)} title={t('stock.inbox.open')}>
                    {v}
                  </Typography.Link>
                ),
              },
              { title: t('stock.location'), dataIndex: 'shopName', width: 150, ellipsis: true },
              { title: t('stock.billDate'), dataIndex: 'billDate', width: 110 },
              {
                title: t('stock.state'),
                dataIndex: 'state',
                width: 90,
                render: (v: string) => <Tag color={STATE_COLORS[v] ?? 'default'}>{pick(g.states[v], v)}</Tag>,
              },
              { title: t('stock.totalQuantity'), dataIndex: 'totalQuantity', width: 90, align: 'right' },
              {
                title: t('stock.totalAmount'),
                dataIndex: 'totalAmount',
                width: 120,
                align: 'right',
                render: (v: unknown) => (typeof v === 'number' ? formatMoney(v) : ''),
              },
              { title: t('stock.createdBy'), dataIndex: 'createdByName', width: 110 },
              {
                title: t('common.actions'),
                key: 'actions',
                fixed: 'right',
                width: 230,
                render: (_: unknown, r) => (
                  <Space size={6}>
                    <ActionButtons size="small" transitions={transitionsOf(g)} actions={r.actions} billNo={r.billNo} run={run(g, r)} />
                    <Button size="small" type="link" onClick={() => tab.open(r.link)}>
                      {t('stock.inbox.open')}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
