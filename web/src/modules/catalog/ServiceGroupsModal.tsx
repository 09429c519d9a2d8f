import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ServiceGroupRow, ServicePick } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { useRemoteRows } from '../../platform/resource/options';
import { CATALOG } from './api';

interface GroupForm {
  code: string;
  name: string;
  sort: number;
  status: boolean;
  memo?: string;
  serviceIds: number[];
}

/** Service groups (服务分组): named, ordered sets of services for the till and the booking screens. */
export function ServiceGroupsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('catalog.service.edit');
  const [editing, setEditing] = useState<ServiceGroupRow | 'new' | null>(null);
  const [form] = Form.useForm<GroupForm>();
  const list = useQuery({
    queryKey: ['servicegroup', 'list'],
    queryFn: () => http.post<ServiceGroupRow[]>(CATALOG.serviceGroups, {}),
    enabled: open,
  });
  const services = useRemoteRows(editing ? CATALOG.serviceAll : undefined);
  const serviceOptions = ((services.data ?? []) as unknown as ServicePick[]).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }));

  const startEdit = (row: ServiceGroupRow | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row === 'new') form.setFieldsValue({ sort: 0, status: true, serviceIds: [] });
    else
      form.setFieldsValue({
        code: row.code,
        name: row.name,
        sort: row.sort,
        status: row.status === 1,
        memo: row.memo ?? undefined,
        serviceIds: row.services.map((s) => s.id),
      });
  };

  const saving = useAction({
    run: async () => {
      const v = await form.validateFields();
      const current = editing !== 'new' ? editing : null;
      return http.post(CATALOG.serviceGroupSave, {
        ...(current ? { id: current.id, version: current.version } : {}),
        code: v.code.trim(),
        name: v.name.trim(),
        sort: v.sort ?? 0,
        status: v.status ? 1 : 0,
        memo: v.memo?.trim() || null,
        serviceIds: v.serviceIds ?? [],
      });
    },
    success: 'common.saved',
    invalidates: [['servicegroup']],
    done: () => setEditing(null),
    failed: (e) => {
      if (isApiError(e) && e.errors.length) {
        form.setFields(e.errors.map((x) => ({ name: x.path.split('.')[0] as keyof GroupForm, errors: [x.message] })));
      }
    },
  });
  const save = () => saving.run();

  const removal = useAction<ServiceGroupRow>({
    run: (row) => http.del(CATALOG.serviceGroup(row.id)),
    success: 'common.deleted',
    invalidates: [['servicegroup']],
  });
  const remove = (row: ServiceGroupRow) => removal.run(row);

  return (
    <Modal
      open={open}
      title={editing ? (editing === 'new' ? t('catalog.group.create') : t('catalog.group.edit')) : t('catalog.group.title')}
      width={editing ? 640 : 860}
      onCancel={() => (editing ? setEditing(null) : onClose())}
      destroyOnHidden
      footer={
        editing ? (
          <Space>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button type="primary" loading={saving.busy} onClick={save}>
              {t('common.save')}
            </Button>
          </Space>
        ) : (
          <Space>
            {canEdit ? (
              <Button icon={<PlusOutlined />} onClick={() => startEdit('new')}>
                {t('catalog.group.create')}
              </Button>
            ) : null}
            <Button type="primary" onClick={onClose}>
              {t('common.confirm')}
            </Button>
          </Space>
        )
      }
    >
      {editing ? (
        <Form form={form} layout="vertical">
          <Space.Compact block>
            <Form.Item name="code" label={t('common.code')} rules={[{ required: true, max: 32 }]} style={{ width: '40%', marginRight: 12 }}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 64 }]} style={{ flex: 1 }}>
              <Input maxLength={64} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="serviceIds" label={t('catalog.group.services')} tooltip={t('catalog.group.servicesHelp')}>
            <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={serviceOptions} loading={services.isLoading} />
          </Form.Item>
          <Space size={24}>
            <Form.Item name="sort" label={t('common.sort')}>
              <InputNumber min={0} max={99999} />
            </Form.Item>
            <Form.Item name="status" label={t('common.status')} valuePropName="checked">
              <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
            </Form.Item>
          </Space>
          <Form.Item name="memo" label={t('common.memo')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      ) : (
        <Table<ServiceGroupRow>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ y: 420 }}
          locale={{ emptyText: <EmptyState compact /> }}
          columns={[
            { key: 'code', dataIndex: 'code', title: t('common.code'), width: 100 },
            { key: 'name', dataIndex: 'name', title: t('common.name'), width: 140 },
            {
              key: 'services',
              title: t('catalog.group.services'),
              render: (_, r) => (
                <Space size={[2, 4]} wrap>
                  {r.services.slice(0, 8).map((s) => (
                    <Tag key={s.id}>{s.name}</Tag>
                  ))}
                  {r.services.length > 8 ? <Tag>+{r.services.length - 8}</Tag> : null}
                </Space>
              ),
            },
            {
              key: 'status',
              title: t('common.status'),
              width: 80,
              render: (_, r) => (r.status === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>),
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: t('common.actions'),
                    width: 150,
                    render: (_: unknown, r: ServiceGroupRow) => (
                      <Space size={0}>
                        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => startEdit(r)}>
                          {t('common.edit')}
                        </Button>
                        <Popconfirm
                          title={t('common.deleteConfirm', { name: r.name })}
                          okText={t('common.delete')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('common.cancel')}
                          onConfirm={() => remove(r)}
                        >
                          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                            {t('common.delete')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
