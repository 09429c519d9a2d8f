import {
  recordPick,
  SMS_MAX_CHARS,
  SMS_PATH,
  SMS_PERM,
  serviceTypeRecord,
  smsBirthdayList,
  type smsBirthdayRow,
  smsReturnList,
  type smsReturnRow,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, type FormInstance, Input, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { FormDialog } from '../../platform/list/FormDialog';
import { formatDateTime } from '../../platform/resource/cells';
import { ShopSelect } from '../../platform/shops';
import { useMeasurer } from './measure';
import { WxReturns } from './WxReturns';

const KEYS = { returns: ['sms-return-rules'], birthdays: ['sms-birthdays'] } as const;

type ReturnRow = z.output<typeof smsReturnRow>;
type BirthdayRow = z.output<typeof smsBirthdayRow>;
interface ReturnForm {
  scontent: string;
  serviceTypeIds: number[];
  afterDay: number;
  enabled: boolean;
}
interface BirthdayForm {
  shopid: number;
  autosend: boolean;
  autoMessage: string;
}

/** A text's field with its length and parts as the server counts them; `single` asks for one message. */
function TextItem({ name, form, single }: { name: string; form: FormInstance; single?: boolean }) {
  const { t } = useTranslation();
  const content = Form.useWatch(name, form) ?? '';
  const measureOf = useMeasurer();
  const fits = (text: string) => {
    const parts = measureOf(text).parts;
    return parts !== null && (!single || parts === 1);
  };
  const measure = measureOf(content);
  return (
    <Form.Item
      name={name}
      label={t('messaging.content')}
      rules={[
        { required: true, whitespace: true },
        {
          validator: (_, value?: string) =>
            fits(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('messaging.auto.tooLong'))),
        },
      ]}
      validateStatus={fits(content) ? undefined : 'error'}
      extra={
        single && measure.parts !== 1
          ? t('messaging.auto.oneMessage', { length: measure.length })
          : measure.parts === null
            ? t('messaging.tooLong', { length: measure.length })
            : `${t('messaging.length', { length: measure.length, parts: measure.parts })} · ${t('messaging.auto.variables', { signature: measure.signature })}`
      }
    >
      <Input.TextArea rows={3} maxLength={SMS_MAX_CHARS} />
    </Form.Item>
  );
}

/** The return-visit texts: N days after a settled service of the chosen types, each member once per bill. */
function ReturnRules() {
  const { t } = useTranslation();
  const can = usePermission();
  const [editing, setEditing] = useState<Partial<ReturnRow> | null>(null);
  const [form] = Form.useForm<ReturnForm>();
  const rules = useQuery({
    queryKey: KEYS.returns,
    queryFn: ({ signal }) => http.read(smsReturnList, `${SMS_PATH}/servicesmsreturn`, {}, { signal }),
  });
  const types = useQuery({
    queryKey: ['options', serviceTypeRecord.paths.all],
    queryFn: ({ signal }) => http.read(z.array(recordPick), serviceTypeRecord.paths.all, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  const typeName = new Map((types.data ?? []).map((s) => [s.id, s.name]));
  return (
    <Card
      size="small"
      title={t('messaging.auto.returnTitle')}
      extra={
        can(SMS_PERM.template) && (
          <Button type="primary" size="small" onClick={() => setEditing({ afterDay: 3, status: 1, serviceTypeIds: [] })}>
            {t('messaging.auto.newReturn')}
          </Button>
        )
      }
    >
      <Table<ReturnRow>
        className="ho-sms-return-rules"
        rowKey="id"
        size="small"
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={false}
        columns={[
          { title: t('messaging.content'), dataIndex: 'scontent' },
          {
            title: t('messaging.auto.serviceTypes'),
            dataIndex: 'serviceTypeIds',
            width: 240,
            render: (ids: number[]) => ids.map((id) => <Tag key={id}>{typeName.get(id) ?? id}</Tag>),
          },
          {
            title: t('messaging.auto.afterDay'),
            dataIndex: 'afterDay',
            width: 110,
            align: 'right',
            render: (v: number) => t('messaging.auto.days', { count: v }),
          },
          {
            title: t('messaging.state'),
            dataIndex: 'status',
            width: 90,
            render: (v: number) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'messaging.auto.on' : 'messaging.auto.off')}</Tag>,
          },
          { title: t('messaging.auto.updatedAt'), dataIndex: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
          {
            title: '',
            key: 'actions',
            width: 80,
            render: (_: unknown, r) =>
              can(SMS_PERM.template) && (
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('messaging.auto.edit')}
                </Button>
              ),
          },
        ]}
      />
      {editing && (
        <FormDialog<ReturnForm>
          open
          className="ho-sms-return-dialog"
          title={t('messaging.auto.returnTitle')}
          form={form}
          initialValues={{
            scontent: editing.scontent,
            serviceTypeIds: editing.serviceTypeIds,
            afterDay: editing.afterDay,
            enabled: editing.status !== 0,
          }}
          send={({ enabled, ...v }) =>
            http.send(smsReturnList.element, `${SMS_PATH}/servicesmsreturn`, {
              ...v,
              status: enabled ? 1 : 0,
              ...(editing.id ? { id: editing.id, version: editing.version } : {}),
            })
          }
          success="messaging.saved"
          invalidates={[KEYS.returns]}
          onClose={() => setEditing(null)}
        >
          <TextItem name="scontent" form={form} />
          <Form.Item name="serviceTypeIds" label={t('messaging.auto.serviceTypes')} rules={[{ required: true }]}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              loading={types.isLoading}
              options={(types.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="afterDay" label={t('messaging.auto.afterDay')} rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} addonAfter={t('messaging.auto.dayUnit')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('messaging.auto.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FormDialog>
      )}
    </Card>
  );
}

/** Each shop's birthday text, sent at nine on its members' birthdays when 自动发送 is on. */
function BirthdayTexts() {
  const { t } = useTranslation();
  const can = usePermission();
  const [editing, setEditing] = useState<Partial<BirthdayRow> | null>(null);
  const [form] = Form.useForm<BirthdayForm>();
  const list = useQuery({
    queryKey: KEYS.birthdays,
    queryFn: ({ signal }) => http.read(smsBirthdayList, `${SMS_PATH}/birthdaysms/list/findAllByShop`, {}, { signal }),
  });
  return (
    <Card
      size="small"
      title={t('messaging.auto.birthdayTitle')}
      extra={
        can(SMS_PERM.template) && (
          <Button type="primary" size="small" onClick={() => setEditing({ autosend: 1 })}>
            {t('messaging.auto.newBirthday')}
          </Button>
        )
      }
    >
      <Table<BirthdayRow>
        className="ho-sms-birthdays"
        rowKey="shopId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={false}
        columns={[
          { title: t('messaging.shop'), dataIndex: 'shopName', width: 160 },
          { title: t('messaging.content'), dataIndex: 'autoMessage' },
          {
            title: t('messaging.auto.autosend'),
            dataIndex: 'autosend',
            width: 100,
            render: (v: number) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'messaging.auto.on' : 'messaging.auto.off')}</Tag>,
          },
          { title: t('messaging.auto.updatedAt'), dataIndex: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
          {
            title: '',
            key: 'actions',
            width: 80,
            render: (_: unknown, r) =>
              can(SMS_PERM.template) && (
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('messaging.auto.edit')}
                </Button>
              ),
          },
        ]}
      />
      {editing && (
        <FormDialog<BirthdayForm>
          open
          className="ho-sms-birthday-dialog"
          title={t('messaging.auto.birthdayTitle')}
          form={form}
          initialValues={{ shopid: editing.shopId, autosend: editing.autosend !== 0, autoMessage: editing.autoMessage }}
          send={(v) => http.send(smsBirthdayList.element, `${SMS_PATH}/birthdaysms`, { ...v, autosend: v.autosend ? 1 : 0 })}
          success="messaging.saved"
          invalidates={[KEYS.birthdays]}
          onClose={() => setEditing(null)}
        >
          <Form.Item name="shopid" label={t('messaging.shop')} rules={[{ required: true }]}>
            <ShopSelect disabled={!!editing.shopId} />
          </Form.Item>
          <TextItem name="autoMessage" form={form} single />
          <Form.Item name="autosend" label={t('messaging.auto.autosend')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FormDialog>
      )}
    </Card>
  );
}

/** The automatic texts: return visits after services (by SMS and WeChat), and birthdays per shop (daily jobs send them). */
export function AutoTexts() {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ReturnRules />
      <WxReturns />
      <BirthdayTexts />
    </Space>
  );
}
