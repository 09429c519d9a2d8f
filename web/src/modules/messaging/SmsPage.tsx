import {
  SMS_MAX_CHARS,
  SMS_PATH,
  SMS_PERM,
  SMS_TASK_TOPIC,
  SMS_VARIABLES,
  smsConfigAnswer,
  smsShopList,
  smsStatList,
  smsTaskAnswer,
  smsTaskPage,
  type smsTaskRow,
  smsTemplatePage,
  type smsTemplateRow,
  smsTenantAllowance,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAction } from '../../platform/action';
import { useMe, usePermission } from '../../platform/auth';
import { companyToday } from '../../platform/clock';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { useLiveEvent } from '../../platform/live';
import { formatMoney } from '../../platform/money';
import { formatDateTime } from '../../platform/resource/cells';
import { ShopMultiSelect, ShopSelect } from '../../platform/shops';
import { AutoTexts } from './AutoTexts';
import { useMeasure } from './measure';

const P = SMS_PATH;
const KEYS = { shops: ['sms-shops'], tenant: ['sms-tenant'], tasks: ['sms-tasks'], templates: ['sms-templates'] } as const;

function Allowance() {
  const { t } = useTranslation();
  const { can, isHeadOffice } = usePerms();
  const shops = useQuery({
    queryKey: KEYS.shops,
    queryFn: ({ signal }) => http.read(smsShopList, `${P}/smsshop/chain/list`, {}, { signal }),
  });
  const tenant = useQuery({
    queryKey: KEYS.tenant,
    enabled: isHeadOffice,
    queryFn: ({ signal }) => http.read(smsTenantAllowance, `${P}/smsallowance/getSmsAllowanceByTenement`, {}, { signal }),
  });
  const config = useQuery({
    queryKey: ['sms-config'],
    queryFn: ({ signal }) => http.read(smsConfigAnswer, `${P}/smsconfig`, {}, { signal }),
  });
  const [buying, setBuying] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [buyForm] = Form.useForm<{ pack: number; ptype: 1 | 2 }>();
  const [assignForm] = Form.useForm<{ shopIds: number[]; count: number }>();
  const buy = useAction({
    run: (v: { pack: number; ptype: 1 | 2 }) => {
      const pack = config.data?.packages.find((p) => p.count === v.pack);
      return http.post<{ rechargenum: number }>('/api-chain/smsorder/create', { rechargenum: v.pack, payje: pack?.price, ptype: v.ptype });
    },
    success: (r) => t('messaging.boughtOk', { count: r.rechargenum }),
    invalidates: [KEYS.tenant],
    done: () => setBuying(false),
  });
  const assign = useAction({
    run: (v: { shopIds: number[]; count: number }) => http.post(`${P}/smsshop/batchAssign`, v),
    success: 'messaging.assignedOk',
    invalidates: [KEYS.tenant, KEYS.shops],
    done: () => setAssigning(false),
  });
  const figures = tenant.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {figures && (
        <Row gutter={16}>
          {(['bought', 'pool', 'assigned', 'used', 'shopsRemaining'] as const).map((k) => (
            <Col key={k} span={3}>
              <Statistic title={t(`messaging.${k}`)} value={figures[k]} />
            </Col>
          ))}
          <Col flex="auto" style={{ textAlign: 'right' }}>
            <Space wrap>
              {can(SMS_PERM.buy) && (
                <Button type="primary" onClick={() => setBuying(true)}>
                  {t('messaging.buy')}
                </Button>
              )}
              {can(SMS_PERM.assign) && <Button onClick={() => setAssigning(true)}>{t('messaging.assign')}</Button>}
            </Space>
          </Col>
        </Row>
      )}
      <Table
        className="ho-sms-shops"
        rowKey="shopId"
        size="small"
        loading={shops.isFetching}
        dataSource={shops.data ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={false}
        columns={[
          { title: t('messaging.shop'), dataIndex: 'shopName' },
          { title: t('messaging.assigned'), dataIndex: 'assigned', width: 120, align: 'right' },
          { title: t('messaging.used'), dataIndex: 'used', width: 120, align: 'right' },
          { title: t('messaging.remaining'), dataIndex: 'remaining', width: 120, align: 'right' },
        ]}
      />
      <Modal
        open={buying}
        title={t('messaging.buyTitle')}
        onCancel={() => setBuying(false)}
        confirmLoading={buy.busy}
        onOk={() => buyForm.validateFields().then((v) => buy.run(v))}
        destroyOnHidden
      >
        <Form form={buyForm} layout="vertical" preserve={false} initialValues={{ ptype: 1, pack: config.data?.packages[0]?.count }}>
          <Form.Item name="pack" rules={[{ required: true }]}>
            <Radio.Group
              options={(config.data?.packages ?? []).map((p) => ({
                value: p.count,
                label: t('messaging.pack', { count: p.count, price: formatMoney(p.price) }),
              }))}
            />
          </Form.Item>
          <Form.Item name="ptype" label={t('messaging.payType')}>
            <Radio.Group options={[1, 2].map((v) => ({ value: v, label: t(`messaging.payTypes.${v}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={assigning}
        title={t('messaging.assignTitle')}
        onCancel={() => setAssigning(false)}
        confirmLoading={assign.busy}
        onOk={() => assignForm.validateFields().then((v) => assign.run(v))}
        destroyOnHidden
      >
        <Form form={assignForm} layout="vertical" preserve={false}>
          <Form.Item name="shopIds" label={t('messaging.shops')} rules={[{ required: true }]}>
            <ShopMultiSelect />
          </Form.Item>
          <Form.Item name="count" label={t('messaging.assignCount')} rules={[{ required: true }]}>
            <InputNumber precision={0} style={{ width: 200 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

interface TaskForm {
  shopid: number;
  content: string;
  addcw: boolean;
  mobiles?: string;
  minVisits?: number;
  hasBalance?: boolean;
  sendAt?: Dayjs;
}
type Preview = z.output<typeof smsTaskAnswer>['preview'];

function Tasks() {
  const { t } = useTranslation();
  const { can } = usePerms();
  const [form] = Form.useForm<TaskForm>();
  const content = Form.useWatch('content', form) ?? '';
  const addcw = Form.useWatch('addcw', form) ?? false;
  const typed = (Form.useWatch('mobiles', form) ?? '').trim().length > 0;
  const measure = useMeasure(content, addcw && !typed);
  const [preview, setPreview] = useState<Preview | null>(null);
  const tasks = useQuery({
    queryKey: KEYS.tasks,
    queryFn: ({ signal }) => http.read(smsTaskPage, `${P}/smstask`, { pageSize: 50 }, { signal }),
  });
  const templates = useQuery({
    queryKey: KEYS.templates,
    queryFn: ({ signal }) => http.read(smsTemplatePage, `${P}/smstemplate/list`, { pageSize: 200 }, { signal }),
  });
  const bodyOf = (v: TaskForm, confirm: boolean) => {
    const mobiles = (v.mobiles ?? '')
      .split(/\s+/)
      .map((m) => m.trim())
      .filter(Boolean);
    return {
      shopid: v.shopid,
      content: v.content,
      addcw: v.addcw ? 1 : 0,
      sendtype: v.sendAt ? 2 : 1,
      sendtime: v.sendAt?.toISOString(),
      ...(mobiles.length
        ? { mobiles }
        : { filter: { shopid: v.shopid, minVisits: v.minVisits ?? undefined, hasBalance: v.hasBalance || undefined } }),
      confirm,
    };
  };
  const work = useAction({
    run: ({ confirm }: { confirm: boolean }) =>
      form.validateFields().then((v) => http.send(smsTaskAnswer, `${P}/smstask`, bodyOf(v, confirm))),
    success: (r) => (r.task ? t('messaging.sentOk') : null),
    invalidates: (r) => (r.task ? [KEYS.tasks, KEYS.shops] : []),
    done: (r) => {
      setPreview(r.task ? null : r.preview);
      if (r.task) form.resetFields(['content', 'mobiles', 'sendAt']);
    },
  });
  const toggle = useAction({
    run: (v: { id: number; action: 'cancel' | 'resume' }) => http.post(`${P}/smstask/updateTaskConnetById`, v),
    invalidates: [KEYS.tasks, KEYS.shops],
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {can(SMS_PERM.send) && (
        <Card size="small" title={t('messaging.newTask')}>
          <Form form={form} layout="vertical" initialValues={{ addcw: false }} onValuesChange={() => setPreview(null)}>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item name="shopid" label={t('messaging.shop')} rules={[{ required: true }]}>
                  <ShopSelect />
                </Form.Item>
                <Form.Item label={t('messaging.template')}>
                  <Select
                    allowClear
                    options={(templates.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
                    onChange={(id?: number) => {
                      const tpl = templates.data?.list.find((x) => x.id === id);
                      if (tpl) form.setFieldValue('content', tpl.content);
                    }}
                  />
                </Form.Item>
                <Form.Item name="sendAt" label={t('messaging.sendAt')}>
                  <DatePicker showTime minDate={companyToday()} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item
                  name="content"
                  label={t('messaging.content')}
                  rules={[{ required: true }]}
                  extra={
                    measure.parts === null
                      ? t('messaging.tooLong', { length: measure.length })
                      : `${t('messaging.length', { length: measure.length, parts: measure.parts })} · ${t('messaging.contentHelp', { signature: measure.signature, variables: SMS_VARIABLES.join(' ') })}`
                  }
                  validateStatus={measure.parts === null ? 'error' : undefined}
                >
                  <Input.TextArea rows={4} maxLength={SMS_MAX_CHARS} />
                </Form.Item>
                <Form.Item name="addcw" valuePropName="checked">
                  <Checkbox>{t('messaging.addcw')}</Checkbox>
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="mobiles" label={t('messaging.mobiles')}>
                  <Input.TextArea rows={3} />
                </Form.Item>
                <Form.Item name="minVisits" label={t('messaging.minVisits')}>
                  <InputNumber min={0} precision={0} disabled={typed} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name="hasBalance" valuePropName="checked">
                  <Checkbox disabled={typed}>{t('messaging.hasBalance')}</Checkbox>
                </Form.Item>
              </Col>
            </Row>
            {preview && (
              <Alert
                type={preview.cost > preview.remaining ? 'warning' : 'info'}
                style={{ marginBottom: 12 }}
                message={t('messaging.previewLine', preview)}
                description={preview.allMembers ? t('messaging.allMembers') : undefined}
              />
            )}
            <Space>
              <Button onClick={() => work.run({ confirm: false })} loading={work.busy && !preview}>
                {t('messaging.preview')}
              </Button>
              <Button type="primary" disabled={!preview} loading={work.busy && !!preview} onClick={() => work.run({ confirm: true })}>
                {t('messaging.confirmSend')}
              </Button>
            </Space>
          </Form>
        </Card>
      )}
      <Table<z.output<typeof smsTaskRow>>
        className="ho-sms-tasks"
        rowKey="id"
        size="small"
        loading={tasks.isFetching}
        dataSource={tasks.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={false}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('messaging.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
          { title: t('messaging.shop'), dataIndex: 'shopName', width: 140 },
          { title: t('messaging.content'), dataIndex: 'content', ellipsis: true },
          { title: t('messaging.recipients'), dataIndex: 'recipients', width: 90, align: 'right' },
          { title: t('messaging.cost'), dataIndex: 'cost', width: 90, align: 'right' },
          { title: t('messaging.sentCount'), dataIndex: 'sent', width: 80, align: 'right' },
          { title: t('messaging.failedCount'), dataIndex: 'failed', width: 80, align: 'right' },
          { title: t('messaging.sendtime'), dataIndex: 'sendtime', width: 150, render: (v: string | null) => formatDateTime(v) },
          {
            title: t('messaging.state'),
            dataIndex: 'state',
            width: 100,
            render: (v: string) => (
              <Tag color={v === 'sent' ? 'green' : v === 'cancelled' ? 'default' : 'blue'}>{t(`messaging.states.${v}`)}</Tag>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 100,
            render: (_: unknown, r) =>
              can(SMS_PERM.send) && r.state === 'pending' && r.queued === 0 ? (
                <Button size="small" onClick={() => toggle.run({ id: r.id, action: 'cancel' })}>
                  {t('messaging.cancel')}
                </Button>
              ) : can(SMS_PERM.send) && r.state === 'cancelled' ? (
                <Button size="small" onClick={() => toggle.run({ id: r.id, action: 'resume' })}>
                  {t('messaging.resume')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}

function Templates() {
  const { t } = useTranslation();
  const { can } = usePerms();
  const [editing, setEditing] = useState<Partial<z.output<typeof smsTemplateRow>> | null>(null);
  const [form] = Form.useForm<{ name: string; stype: 1 | 2; content: string }>();
  const content = Form.useWatch('content', form) ?? '';
  const measure = useMeasure(content, false);
  const list = useQuery({
    queryKey: KEYS.templates,
    queryFn: ({ signal }) => http.read(smsTemplatePage, `${P}/smstemplate/list`, { pageSize: 200 }, { signal }),
  });
  const save = useAction({
    run: (v: { name: string; stype: 1 | 2; content: string }) =>
      http.post(`${P}/smstemplate/save`, { ...v, ...(editing?.id ? { id: editing.id, version: editing.version } : {}) }),
    success: 'messaging.saved',
    invalidates: [KEYS.templates],
    done: () => setEditing(null),
  });
  const remove = useAction({ run: (id: number) => http.del(`${P}/smstemplate/${id}`), invalidates: [KEYS.templates] });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {can(SMS_PERM.template) && (
        <Button type="primary" onClick={() => setEditing({ stype: 2 })}>
          {t('messaging.newTemplate')}
        </Button>
      )}
      <Table<z.output<typeof smsTemplateRow>>
        className="ho-sms-templates"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={false}
        columns={[
          { title: t('messaging.name'), dataIndex: 'name', width: 180 },
          { title: t('messaging.stype'), dataIndex: 'stype', width: 130, render: (v: number) => t(`messaging.stypes.${v}`) },
          { title: t('messaging.content'), dataIndex: 'content' },
          { title: t('messaging.parts'), dataIndex: 'parts', width: 80, align: 'right' },
          {
            title: '',
            key: 'actions',
            width: 150,
            render: (_: unknown, r) =>
              can(SMS_PERM.template) && (
                <Space>
                  <Button size="small" onClick={() => setEditing(r)}>
                    {t('messaging.save')}
                  </Button>
                  <Button size="small" danger onClick={() => remove.run(r.id)}>
                    {t('messaging.remove')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={t('messaging.template')}
        onCancel={() => setEditing(null)}
        confirmLoading={save.busy}
        onOk={() => form.validateFields().then((v) => save.run(v))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? undefined}>
          <Form.Item name="name" label={t('messaging.name')} rules={[{ required: true, max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="stype" label={t('messaging.stype')}>
            <Radio.Group options={[1, 2].map((v) => ({ value: v, label: t(`messaging.stypes.${v}`) }))} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('messaging.content')}
            rules={[{ required: true }]}
            validateStatus={measure.parts === null ? 'error' : undefined}
            extra={
              measure.parts === null
                ? t('messaging.tooLong', { length: measure.length })
                : t('messaging.length', { length: measure.length, parts: measure.parts })
            }
          >
            <Input.TextArea rows={4} maxLength={SMS_MAX_CHARS} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

function Statistics() {
  const { t } = useTranslation();
  const [per, setPer] = useState<'day' | 'month'>('day');
  const today = companyToday();
  const params = { from: today.subtract(per === 'day' ? 30 : 365, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
  const q = useQuery({
    queryKey: ['sms-stats', per, params],
    queryFn: ({ signal }) => http.read(smsStatList, `${P}/${per === 'day' ? 'smsdstatis' : 'smsmstatis'}/chain/list`, params, { signal }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group
        value={per}
        onChange={(e) => setPer(e.target.value)}
        options={[
          { value: 'day', label: t('messaging.perDay') },
          { value: 'month', label: t('messaging.perMonth') },
        ]}
        optionType="button"
      />
      <Table
        className="ho-sms-stats"
        rowKey={(r) => `${r.period}-${r.shopId ?? 0}`}
        size="small"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t('messaging.period'), dataIndex: 'period', width: 110 },
          { title: t('messaging.shop'), dataIndex: 'shopName', render: (v: string | null) => v ?? t('messaging.chain') },
          ...(['code', 'task', 'returnVisit', 'birthday', 'recharge'] as const).map((k) => ({
            title: t(`messaging.${k}`),
            dataIndex: k,
            width: 100,
            align: 'right' as const,
          })),
          { title: t('messaging.assignStat'), dataIndex: 'assign', width: 100, align: 'right' as const },
          { title: t('messaging.remaining'), dataIndex: 'remaining', width: 100, align: 'right' as const },
        ]}
      />
    </Space>
  );
}

/** The rights of the page's buttons; the chain's own figures are head office's (a user limited to shops is refused them). */
function usePerms() {
  const can = usePermission();
  const me = useMe().data;
  return { can, isHeadOffice: !!me && (!!me.isSuper || (!me.loginShops.length && !me.managerShops.length)) };
}

/** /admin/messaging/sms — the SMS allowance (buy, assign), campaigns with their cost first, templates, statistics. */
export default function SmsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // A campaign is sent by a job after the page queued it: its state and what it took follow live.
  useLiveEvent(SMS_TASK_TOPIC, () => {
    for (const key of [KEYS.tasks, KEYS.shops, KEYS.tenant]) void qc.invalidateQueries({ queryKey: key });
  });
  return (
    <Card size="small">
      <Tabs
        items={[
          { key: 'allowance', label: t('messaging.tabs.allowance'), children: <Allowance /> },
          { key: 'tasks', label: t('messaging.tabs.tasks'), children: <Tasks /> },
          { key: 'templates', label: t('messaging.tabs.templates'), children: <Templates /> },
          { key: 'auto', label: t('messaging.tabs.auto'), children: <AutoTexts /> },
          { key: 'statistics', label: t('messaging.tabs.statistics'), children: <Statistics /> },
        ]}
      />
    </Card>
  );
}
