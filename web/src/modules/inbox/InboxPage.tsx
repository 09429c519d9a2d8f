import { AuditOutlined, ReloadOutlined } from '@ant-design/icons';
import { type InboxGroup, type InboxItem, inboxGroups } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Result, Skeleton, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { billListDef, type ListRow } from '../../platform/bills/BillList';
import { billDefOf } from '../../platform/bills/pages';
import { ActionButtons, invalidateBills, type TransitionView } from '../../platform/bills/parts';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { useTab } from '../../platform/pages';
import { renderValue } from '../../platform/resource/cells';

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
    queryFn: ({ signal }) => http.read(inboxGroups, '/api-user/inbox', undefined, { signal }),
  });
  const pick = (l: readonly [string, string] | undefined, fallback: string) => (l ? (en ? l[1] : l[0]) : fallback);

  /**
   * A group's columns: its bill type's list columns, as its own list shows them (the bill number opens
   * the bill); a type whose pages this application does not have shows its number, shop and state.
   */
  const columnsOf = (g: InboxGroup): TableColumnsType<InboxItem> => {
    const def = billDefOf(g.docType);
    if (!def)
      return [
        {
          title: t('inbox.billNo'),
          dataIndex: 'billNo',
          width: 170,
          render: (v: string, r) => <Typography.Link onClick={() => tab.open(r.link)}>{v}</Typography.Link>,
        },
        { title: t('inbox.shop'), dataIndex: 'shopName', width: 150, ellipsis: true },
        {
          title: t('inbox.state'),
          dataIndex: 'state',
          width: 90,
          render: (v: string) => <Tag>{pick(g.states[v], v)}</Tag>,
        },
      ];
    const open = (id: number) => tab.open(`${def.webPath}/${id}`);
    return billListDef(def, i18n.language, open)
      .fields.filter((f) => f.table !== false && f.key !== 'lines')
      .map((f) => ({
        key: f.key,
        title: t(f.title),
        width: f.table ? f.table.width : undefined,
        fixed: f.table ? f.table.fixed : undefined,
        ellipsis: f.table ? f.table.ellipsis : undefined,
        align: f.type === 'money' || f.type === 'number' ? ('right' as const) : undefined,
        render: (_: unknown, r: InboxItem) => renderValue(f, r as unknown as ListRow),
      }));
  };

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
            <Typography.Text strong>{t('inbox.title')}</Typography.Text>
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
          <EmptyState description={t('inbox.empty')} />
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
              <Typography.Text type="secondary">{t('inbox.shownOf', { shown: g.items.length, count: g.count })}</Typography.Text>
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
              ...columnsOf(g),
              {
                title: t('common.actions'),
                key: 'actions',
                fixed: 'right',
                width: 230,
                render: (_: unknown, r) => (
                  <Space size={6}>
                    <ActionButtons size="small" transitions={transitionsOf(g)} actions={r.actions} billNo={r.billNo} run={run(g, r)} />
                    <Button size="small" type="link" onClick={() => tab.open(r.link)}>
                      {t('inbox.open')}
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
