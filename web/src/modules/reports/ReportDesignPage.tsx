import { PlusOutlined } from '@ant-design/icons';
import {
  REPORT_DESIGN_EDIT_PERM,
  REPORT_PATHS,
  type ReportHeadRow,
  reportHeadPage,
  reportRunUrl,
  reportSavedAnswer,
} from '@headoffice/contract';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyDateTime } from '../../platform/clock';
import { showFieldErrors } from '../../platform/forms';
import { http } from '../../platform/http';
import { ListTable, usePaged } from '../../platform/list/ListParts';
import { useTab } from '../../platform/pages';
import { REPORT_CODE } from './items';
import { ReportEditor } from './ReportEditor';

/** /admin/reports/design — 报表设计: every report's definition; editing, copying and deleting need the right to edit. */
export default function ReportDesignPage() {
  const { t } = useTranslation();
  const k = (key: string, params?: Record<string, unknown>) => t(`reports.design.${key}`, params);
  const tab = useTab();
  const may = usePermission();
  const canEdit = may(REPORT_DESIGN_EDIT_PERM);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [copying, setCopying] = useState<ReportHeadRow | null>(null);
  const paged = usePaged(['reports', 'heads'], { keyword: keyword || undefined, status }, (params) =>
    http.read(reportHeadPage, REPORT_PATHS.headList, params),
  );
  const remove = useAction({
    run: (row: ReportHeadRow) => http.del(REPORT_PATHS.headDelete, { params: { id: row.id } }),
    success: 'common.deleted',
    invalidates: [['reports']],
  });

  const columns: TableColumnsType<ReportHeadRow> = [
    { title: k('code'), dataIndex: 'code', width: 160, fixed: 'left' },
    { title: k('name'), dataIndex: 'name', width: 200, ellipsis: true },
    { title: k('itemCount'), dataIndex: 'itemCount', width: 80, align: 'right' },
    {
      title: k('status'),
      dataIndex: 'status',
      width: 80,
      render: (v: number) => (v === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>),
    },
    { title: k('shipped'), dataIndex: 'shipped', width: 80, render: (v: boolean) => (v ? <Tag color="blue">{k('shipped')}</Tag> : null) },
    { title: k('updatedAt'), dataIndex: 'updatedAt', width: 150, render: (v: string) => companyDateTime(v) },
    {
      title: k('actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, row) => (
        <Space size={12}>
          <Typography.Link onClick={() => setEditing(row.id)}>{canEdit && !row.shipped ? k('edit') : k('view')}</Typography.Link>
          {canEdit && <Typography.Link onClick={() => setCopying(row)}>{k('copy')}</Typography.Link>}
          <Typography.Link onClick={() => tab.open(reportRunUrl(row.code))}>{k('run')}</Typography.Link>
          {canEdit && (
            // a shipped report is refused by the server (409), whose message says why
            <Popconfirm title={k('deleteConfirm', { name: row.name })} onConfirm={() => remove.run(row)}>
              <Typography.Link type="danger">{k('delete')}</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Input.Search
            allowClear
            style={{ width: 220 }}
            placeholder={k('keyword')}
            aria-label={k('keyword')}
            onSearch={(v) => setKeyword(v.trim())}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={k('status')}
            aria-label={k('status')}
            value={status}
            onChange={(v) => setStatus(v ?? undefined)}
            options={[
              { value: 1, label: t('common.enabled') },
              { value: 0, label: t('common.disabled') },
            ]}
          />
        </Space>
      }
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {k('create')}
          </Button>
        )
      }
    >
      <ListTable paged={paged} columns={columns} scrollX={970} />
      {editing !== null && <ReportEditor headId={editing} readOnly={!canEdit} onClose={() => setEditing(null)} />}
      {copying && (
        <CopyDialog
          from={copying}
          onClose={() => setCopying(null)}
          onCopied={(copied) => {
            setCopying(null);
            setEditing(copied);
          }}
        />
      )}
    </Card>
  );
}

/** Copies a report (a shipped one, most often, to change it) under the code and name asked here; the copy opens for editing. */
function CopyDialog({ from, onClose, onCopied }: { from: ReportHeadRow; onClose: () => void; onCopied: (id: number) => void }) {
  const { t } = useTranslation();
  const k = (key: string, params?: Record<string, unknown>) => t(`reports.design.${key}`, params);
  const [form] = Form.useForm<{ code: string; name: string }>();
  const copy = useAction({
    run: async () => {
      const { code, name } = await form.validateFields();
      return http.send(reportSavedAnswer, REPORT_PATHS.headCopy, { id: from.id, code, name });
    },
    success: 'reports.design.copyDone',
    invalidates: [['reports', 'heads']],
    done: (copied) => onCopied(copied.id),
    failed: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={k('copyTitle', { name: from.name })}
      onCancel={onClose}
      onOk={() => copy.run()}
      okButtonProps={{ loading: copy.busy }}
      destroyOnHidden
      width={480}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ code: `${from.code}_copy`.slice(0, 40), name: `${from.name}${k('copyNameSuffix')}`.slice(0, 60) }}
      >
        <Form.Item
          name="code"
          label={k('code')}
          rules={[
            { required: true, message: t('common.pleaseEnter', { label: k('code') }) },
            { pattern: REPORT_CODE, message: k('codeRule') },
          ]}
        >
          <Input maxLength={40} autoFocus />
        </Form.Item>
        <Form.Item
          name="name"
          label={k('name')}
          rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: k('name') }) }]}
        >
          <Input maxLength={60} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
