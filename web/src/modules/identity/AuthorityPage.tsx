import { ClearOutlined, EditOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { Page } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { ResourceList } from '../../platform/resource/ResourceList';
import { ForbiddenResult } from '../../platform/results';
import { API, type AuthorityRow, type PositionRoleRow } from './api';
import { authorityDef, discountText, Rights } from './defs';

/** /admin/system/cashier-authority — what may be done at the till: templates, and the template of each position. */
export default function AuthorityPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('templates');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      className="ho-inner-tabs"
      items={[
        {
          key: 'templates',
          label: t('identity.authority.templates'),
          children: <ResourceList<AuthorityRow, 'rights' | 'keyword'> def={authorityDef} />,
        },
        { key: 'positions', label: t('identity.authority.positions'), children: <PositionRoles /> },
      ]}
    />
  );
}

/** positionRoleList may answer a list or a page. */
function rowsOf(data: PositionRoleRow[] | Page<PositionRoleRow> | undefined): PositionRoleRow[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.list;
}

function PositionRoles() {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('identity.authority.edit');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<PositionRoleRow | null>(null);
  const q = useQuery({
    queryKey: ['authority', 'positions'],
    queryFn: ({ signal }) =>
      http.get<PositionRoleRow[] | Page<PositionRoleRow>>(API.positionRoles, { page: 1, pageSize: 200 }, { signal, quiet: ['403'] }),
  });
  const templates = useQuery({
    queryKey: ['authority', 'all'],
    queryFn: ({ signal }) => http.get<Page<AuthorityRow>>(API.authorities, { page: 1, pageSize: 200, status: 1 }, { signal }),
  });

  const clearing = useAction<number>({
    run: (id) => http.del(API.positionRoleDelete(id)),
    success: 'identity.authority.cleared',
    invalidates: [['authority']],
  });
  const clear = (row: PositionRoleRow) => (row.id ? clearing.run(row.id) : undefined);

  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  const kw = keyword.trim().toLowerCase();
  const rows = rowsOf(q.data).filter(
    (r) => !kw || [r.positionName, r.positionCode, r.authority?.name].some((v) => (v ?? '').toLowerCase().includes(kw)),
  );

  const columns: TableColumnsType<PositionRoleRow> = [
    { key: 'positionCode', dataIndex: 'positionCode', title: t('identity.authority.positionCode'), width: 110 },
    {
      key: 'positionName',
      title: t('identity.authority.position'),
      width: 150,
      render: (_: unknown, r) => (
        <Space size={6}>
          <span>{r.positionName}</span>
          {r.positionStatus === 0 ? <Tag>{t('common.disabled')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'authority',
      title: t('identity.authority.template'),
      width: 180,
      render: (_: unknown, r) =>
        r.authority ? (
          <Tag color={r.authority.status === 0 ? 'default' : 'blue'}>{r.authority.name}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('identity.authority.unset')}</Typography.Text>
        ),
    },
    {
      key: 'discount',
      title: t('identity.authority.discountFloor'),
      width: 120,
      render: (_: unknown, r) => (r.authority ? discountText(r.authority.discountFloor) : null),
    },
    {
      key: 'rights',
      title: t('identity.authority.rights'),
      width: 220,
      render: (_: unknown, r) => (r.authority ? <Rights row={r.authority} /> : null),
    },
    { key: 'memo', dataIndex: 'memo', title: t('common.memo'), width: 180, ellipsis: true },
  ];
  if (canEdit) {
    columns.push({
      key: '__actions',
      title: t('common.actions'),
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={r.id ? <EditOutlined /> : <SettingOutlined />} onClick={() => setEditing(r)}>
            {r.id ? t('identity.authority.change') : t('identity.authority.set')}
          </Button>
          {r.id ? (
            <Popconfirm
              title={t('identity.authority.clearConfirm', { name: r.positionName ?? '' })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => clear(r)}
            >
              <Button type="link" size="small" danger icon={<ClearOutlined />}>
                {t('identity.authority.clear')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Card
      size="small"
      title={<Typography.Text strong>{t('identity.authority.positionsTitle')}</Typography.Text>}
      extra={
        <Space>
          <Input.Search
            allowClear
            placeholder={t('identity.authority.positionSearch')}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 220 }}
          />
          <Tooltip title={t('common.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('common.refresh')}
              onClick={() => void q.refetch()}
              loading={q.isFetching && !q.isLoading}
            />
          </Tooltip>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('identity.authority.positionsHint')}
      </Typography.Paragraph>
      <Table<PositionRoleRow>
        rowKey={(r) => `${r.positionId}`}
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={q.isLoading}
        pagination={rows.length > 20 ? { pageSize: 20, showTotal: (total) => t('common.total', { total }) } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState /> }}
      />
      {editing ? <PositionRoleForm row={editing} templates={templates.data?.list ?? []} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function PositionRoleForm({ row, templates, onClose }: { row: PositionRoleRow; templates: AuthorityRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ authorityId: number; memo?: string }>();
  const saving = useAction({
    run: async () => {
      const values = await form.validateFields();
      const memo = values.memo?.trim() ? values.memo.trim() : null;
      if (!row.id) return http.post(API.positionRoleSave, { positionId: row.positionId, authorityId: values.authorityId, memo });
      return http.post(API.positionRoleEdit, {
        id: row.id,
        ...(row.version ? { version: row.version } : {}),
        positionId: row.positionId,
        authorityId: values.authorityId,
        memo,
      });
    },
    success: 'common.saved',
    invalidates: [['authority']],
    done: onClose,
  });
  return (
    <Modal
      open
      title={t('identity.authority.setFor', { name: row.positionName ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => saving.run()}
      onCancel={onClose}
      okButtonProps={{ loading: saving.busy }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ authorityId: row.authorityId ?? undefined, memo: row.memo ?? undefined }}>
        <Form.Item
          name="authorityId"
          label={t('identity.authority.template')}
          rules={[{ required: true, message: t('common.pleaseSelect', { label: t('identity.authority.template') }) }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'title' }}
            placeholder={t('common.pleaseSelect', { label: t('identity.authority.template') })}
            options={templates.map((a) => ({
              value: a.id,
              title: a.name,
              label: (
                <Space size={6}>
                  <span>{a.name}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {discountText(a.discountFloor)}
                  </Typography.Text>
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="memo" label={t('common.memo')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
