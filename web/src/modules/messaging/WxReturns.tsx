import {
  brandRecord,
  namePick,
  recordPick,
  SMS_PATH,
  SMS_PERM,
  serviceTypeRecord,
  smsTemplateList,
  wxReturnAnswer,
  wxReturnList,
  type wxReturnRow,
  wxTaskList,
  wxTaskRow,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, List, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { FormDialog } from '../../platform/list/FormDialog';

const P = SMS_PATH;
const KEYS = { rules: ['wx-return-rules'], tasks: ['wx-return-tasks'] } as const;
const SERVICES = '/api-chain/serviceinfo/findServiceList';

type RuleRow = z.output<typeof wxReturnRow>;
interface RuleForm {
  servtid: number;
  servids: number[];
  brandid?: number;
  postion: number;
  staff: boolean;
  customer: boolean;
}

/** id → name of a picker path's entries (cached across the page). */
function useNames(path: string, query: Record<string, unknown> = {}) {
  const q = useQuery({
    queryKey: ['options', path, query],
    queryFn: ({ signal }) => http.read(z.array(namePick), path, query, { signal }),
    staleTime: 5 * 60_000,
  });
  return { rows: q.data ?? [], name: new Map((q.data ?? []).map((r) => [r.id, r.name])), loading: q.isLoading };
}

/** One kind of reminder of a setting (1 staff, 2 customer): its days and templates, added and removed here. */
function Reminders({ rule, type, editable }: { rule: RuleRow; type: 1 | 2; editable: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ afterDay: number; pstid: number }>();
  const list = useQuery({
    queryKey: [...KEYS.tasks, rule.id, type],
    queryFn: () => http.send(wxTaskList, `${P}/servicewxtask/findByIdAndType`, { wrid: rule.id, type }),
  });
  const templates = useQuery({
    queryKey: ['sms-templates-all'],
    queryFn: ({ signal }) => http.read(smsTemplateList, `${P}/smstemplate/getTemplateListForChain`, {}, { signal }),
    staleTime: 60_000,
  });
  const add = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(wxTaskRow, `${P}/servicewxtask`, { wrid: rule.id, type, ...v });
    },
    success: 'messaging.saved',
    invalidates: [[...KEYS.tasks, rule.id, type]],
    done: () => form.resetFields(),
  });
  const remove = useAction({
    run: (id: number) => http.del(`${P}/servicewxtask/${id}`),
    success: 'messaging.wx.removed',
    invalidates: [[...KEYS.tasks, rule.id, type]],
  });
  return (
    <div className={`ho-wx-reminders-${type}`}>
      <Typography.Text strong>{t(type === 1 ? 'messaging.wx.staffReminders' : 'messaging.wx.customerMessages')}</Typography.Text>
      <List
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('messaging.wx.noReminder') }}
        renderItem={(r) => (
          <List.Item
            actions={
              editable
                ? [
                    <Button key="remove" size="small" danger onClick={() => remove.run(r.id)}>
                      {t('messaging.wx.remove')}
                    </Button>,
                  ]
                : []
            }
          >
            {t('messaging.auto.days', { count: r.afterDay })} · {r.pstname}
          </List.Item>
        )}
      />
      {editable && (
        <Form form={form} layout="inline" initialValues={{ afterDay: 1 }}>
          <Form.Item name="afterDay" label={t('messaging.auto.afterDay')} rules={[{ required: true }]}>
            <InputNumber min={1} max={10} precision={0} style={{ width: 80 }} />
          </Form.Item>
          <Form.Item name="pstid" label={t('messaging.wx.template')} rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              loading={templates.isLoading}
              options={(templates.data ?? []).filter((m) => m.stype === type).map((m) => ({ value: m.id, label: m.name }))}
            />
          </Form.Item>
          <Button loading={add.busy} onClick={() => add.run()}>
            {t('messaging.wx.add')}
          </Button>
        </Form>
      )}
    </div>
  );
}

/** The WeChat return visits: per group of services of a type, the staff reminder and the customer message, N days after. */
export function WxReturns() {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can(SMS_PERM.template);
  const [editing, setEditing] = useState<Partial<RuleRow> | null>(null);
  const [form] = Form.useForm<RuleForm>();
  const chosenType = Form.useWatch('servtid', form);
  const rules = useQuery({
    queryKey: KEYS.rules,
    queryFn: ({ signal }) => http.read(wxReturnList, `${P}/servicewxreturn`, {}, { signal }),
  });
  const types = useNames(serviceTypeRecord.paths.all);
  const brands = useNames(brandRecord.paths.all);
  const services = useNames(SERVICES);
  const typeServices = useQuery({
    queryKey: ['options', SERVICES, chosenType],
    enabled: !!chosenType,
    queryFn: ({ signal }) => http.read(z.array(recordPick), SERVICES, { serviceTypeId: chosenType }, { signal }),
  });
  const remove = useAction({
    run: (id: number) => http.send(wxReturnAnswer, `${P}/servicewxreturn`, { id, isDel: '1' }),
    success: 'messaging.wx.removed',
    invalidates: [KEYS.rules],
  });
  const onOff = (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{t(v === 1 ? 'messaging.auto.on' : 'messaging.auto.off')}</Tag>;
  return (
    <Card
      size="small"
      title={t('messaging.wx.title')}
      extra={
        editable && (
          <Button type="primary" size="small" onClick={() => setEditing({ postion: 1, serStatus: 1, cusStatus: 1 })}>
            {t('messaging.wx.new')}
          </Button>
        )
      }
    >
      <Table<RuleRow>
        className="ho-wx-returns"
        rowKey="id"
        size="small"
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={false}
        expandable={{
          expandedRowRender: (r) => (
            <Space align="start" size={48}>
              <Reminders rule={r} type={1} editable={editable} />
              <Reminders rule={r} type={2} editable={editable} />
            </Space>
          ),
        }}
        columns={[
          { title: t('messaging.wx.serviceType'), dataIndex: 'servtid', width: 120, render: (v: number) => types.name.get(v) ?? v },
          {
            title: t('messaging.wx.services'),
            dataIndex: 'servids',
            render: (ids: number[]) => ids.map((id) => <Tag key={id}>{services.name.get(id) ?? id}</Tag>),
          },
          {
            title: t('messaging.wx.brand'),
            dataIndex: 'brandid',
            width: 120,
            render: (v: number | null) => (v === null ? t('messaging.wx.allBrands') : (brands.name.get(v) ?? v)),
          },
          {
            title: t('messaging.wx.station'),
            dataIndex: 'postion',
            width: 100,
            render: (v: number) => t('messaging.wx.stationN', { n: v }),
          },
          { title: t('messaging.wx.staff'), dataIndex: 'serStatus', width: 90, render: onOff },
          { title: t('messaging.wx.customer'), dataIndex: 'cusStatus', width: 90, render: onOff },
          {
            title: '',
            key: 'actions',
            width: 140,
            render: (_: unknown, r) =>
              editable && (
                <Space size={4}>
                  <Button size="small" onClick={() => setEditing(r)}>
                    {t('messaging.auto.edit')}
                  </Button>
                  <Popconfirm title={t('messaging.wx.removeSetting')} onConfirm={() => remove.run(r.id)}>
                    <Button size="small" danger>
                      {t('messaging.wx.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <FormDialog<RuleForm>
          open
          className="ho-wx-return-dialog"
          title={t('messaging.wx.title')}
          form={form}
          initialValues={{
            servtid: editing.servtid,
            servids: editing.servids,
            brandid: editing.brandid ?? undefined,
            postion: editing.postion,
            staff: editing.serStatus === 1,
            customer: editing.cusStatus === 1,
          }}
          send={({ staff, customer, ...v }) =>
            http.send(wxReturnAnswer, `${P}/servicewxreturn`, {
              ...v,
              brandid: v.brandid ?? null,
              serStatus: staff ? 1 : 2,
              cusStatus: customer ? 1 : 2,
              ...(editing.id ? { id: editing.id, version: editing.version } : {}),
            })
          }
          success="messaging.saved"
          invalidates={[KEYS.rules]}
          onClose={() => setEditing(null)}
        >
          <Form.Item name="servtid" label={t('messaging.wx.serviceType')} rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={types.loading}
              options={types.rows.map((s) => ({ value: s.id, label: s.name }))}
              onChange={() => form.setFieldValue('servids', [])}
            />
          </Form.Item>
          <Form.Item name="servids" label={t('messaging.wx.services')} rules={[{ required: true }]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              disabled={!chosenType}
              loading={typeServices.isLoading}
              options={(typeServices.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="brandid" label={t('messaging.wx.brand')}>
            <Select
              allowClear
              placeholder={t('messaging.wx.allBrands')}
              options={brands.rows.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="postion" label={t('messaging.wx.station')} rules={[{ required: true }]}>
            <Select options={[1, 2, 3].map((n) => ({ value: n, label: t('messaging.wx.stationN', { n }) }))} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="staff" label={t('messaging.wx.staff')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="customer" label={t('messaging.wx.customer')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FormDialog>
      )}
    </Card>
  );
}
