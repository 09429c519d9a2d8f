import { INAPP_PERM, INAPP_TOPIC, inappPage, type inappRow, inappSentPage, type inappSentRow } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Radio, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAction } from '../../platform/action';
import { useMe, usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { showFieldErrors } from '../../platform/forms';
import { http } from '../../platform/http';
import { useLiveEvent } from '../../platform/live';
import { formatDateTime } from '../../platform/resource/cells';
import { ShopMultiSelect, ShopSelect, useShops } from '../../platform/shops';

const NOTICES = '/api-push/adminmstatus';
const INSIDE = '/api-push/insidemsg';
const KEYS = { sent: ['inapp-sent'], fromShops: ['inapp-from-shops'] } as const;

type SentRow = z.output<typeof inappSentRow>;
type Row = z.output<typeof inappRow>;
interface NoticeForm {
  title: string;
  content: string;
  to: 'all' | 'shops';
  shopIds?: number[];
}
interface LetterForm {
  shopid: number;
  title: string;
  content: string;
}

function useShopName() {
  const { shops } = useShops();
  const names = new Map(shops.map((s) => [s.id, s.name]));
  return (id: number | null) => (id === null ? null : (names.get(id) ?? `#${id}`));
}

/** Head office's notice: to every shop (one message), or one message to each chosen shop, so each shop's reading shows. */
function PublishNotice() {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeForm>();
  const to = Form.useWatch('to', form);
  const publish = useAction({
    run: async () => {
      const v = await form.validateFields();
      const base = { title: v.title, content: v.content };
      if (v.to === 'all') await http.post(`${NOTICES}/publish`, base);
      else for (const shopid of v.shopIds ?? []) await http.post(`${NOTICES}/publish`, { ...base, shopid });
    },
    success: 'messaging.notices.published',
    invalidates: [KEYS.sent],
    done: () => form.resetFields(),
    failed: (error) => showFieldErrors(form, error),
  });
  return (
    <Card size="small" title={t('messaging.notices.new')} className="ho-notice-form">
      <Form form={form} layout="vertical" initialValues={{ to: 'all' }} style={{ maxWidth: 640 }}>
        <Form.Item name="title" label={t('messaging.notices.title')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="content" label={t('messaging.notices.content')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="to" label={t('messaging.notices.to')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('messaging.notices.allShops') },
              { value: 'shops', label: t('messaging.notices.chosenShops') },
            ]}
          />
        </Form.Item>
        {to === 'shops' && (
          <Form.Item name="shopIds" label={t('messaging.notices.shops')} rules={[{ required: true, type: 'array', min: 1 }]}>
            <ShopMultiSelect />
          </Form.Item>
        )}
        <Button type="primary" loading={publish.busy} onClick={() => publish.run()}>
          {t('messaging.notices.publish')}
        </Button>
      </Form>
    </Card>
  );
}

/** What head office sent, with how many accounts have read each message. */
function Sent() {
  const { t } = useTranslation();
  const shopName = useShopName();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...KEYS.sent, page],
    queryFn: ({ signal }) => http.read(inappSentPage, `${NOTICES}/list/published`, { page, pageSize: 10 }, { signal }),
  });
  return (
    <Card size="small" title={t('messaging.notices.sent')}>
      <Table<SentRow>
        className="ho-notices-sent"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('messaging.notices.title'), dataIndex: 'title', width: 180 },
          { title: t('messaging.notices.content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('messaging.notices.to'),
            dataIndex: 'toShopId',
            width: 160,
            render: (v: number | null) => (v === null ? <Tag color="blue">{t('messaging.notices.allShops')}</Tag> : shopName(v)),
          },
          { title: t('messaging.notices.by'), dataIndex: 'publishedByName', width: 110 },
          { title: t('messaging.notices.at'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
          { title: t('messaging.notices.readers'), dataIndex: 'readers', width: 110, align: 'right' },
        ]}
      />
    </Card>
  );
}

/** A shop's message to head office (its own shops only: the server refuses another's). */
function WriteToHeadOffice() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LetterForm>();
  const { shops } = useShops();
  // An account of one shop writes from it without choosing (the shops arrive after the form).
  const only = shops.length === 1 ? shops[0].id : undefined;
  useEffect(() => {
    if (only && !form.getFieldValue('shopid')) form.setFieldValue('shopid', only);
  }, [only, form]);
  const send = useAction({
    run: async () => http.post(`${INSIDE}/publishchain`, await form.validateFields()),
    success: 'messaging.notices.sentToHeadOffice',
    invalidates: [KEYS.fromShops],
    done: () => form.resetFields(['title', 'content']),
    failed: (error) => showFieldErrors(form, error),
  });
  return (
    <Card size="small" title={t('messaging.notices.write')} className="ho-letter-form">
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item name="shopid" label={t('messaging.notices.fromShop')} rules={[{ required: true }]}>
          <ShopSelect />
        </Form.Item>
        <Form.Item name="title" label={t('messaging.notices.title')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="content" label={t('messaging.notices.content')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Button type="primary" loading={send.busy} onClick={() => send.run()}>
          {t('messaging.notices.send')}
        </Button>
      </Form>
    </Card>
  );
}

/** The shops' messages to head office (a shop's account sees those of its own shops). */
function FromShops() {
  const { t } = useTranslation();
  const shopName = useShopName();
  const list = useQuery({
    queryKey: KEYS.fromShops,
    queryFn: ({ signal }) => http.read(inappPage, `${INSIDE}/list/accountchain`, { pageSize: 50 }, { signal }),
  });
  const rows = (list.data?.list ?? []).filter((m) => m.fromShopId !== null);
  return (
    <Card size="small" title={t('messaging.notices.fromShops')}>
      <Table<Row>
        className="ho-notices-from-shops"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={false}
        columns={[
          { title: t('messaging.shop'), dataIndex: 'fromShopId', width: 160, render: (v: number | null) => shopName(v) },
          { title: t('messaging.notices.title'), dataIndex: 'title', width: 180 },
          { title: t('messaging.notices.content'), dataIndex: 'content', ellipsis: true },
          { title: t('messaging.notices.by'), dataIndex: 'publishedByName', width: 110 },
          { title: t('messaging.notices.at'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
}

/** /admin/messaging/notices — head office publishes notices and follows their reading; shops write to head office. */
export default function NoticesPage() {
  const can = usePermission();
  const me = useMe().data;
  const qc = useQueryClient();
  // A shop's letter (or another account's notice) arrives live; the read counts follow on the next reading.
  useLiveEvent(INAPP_TOPIC, () => {
    for (const key of [KEYS.sent, KEYS.fromShops]) void qc.invalidateQueries({ queryKey: key });
  });
  if (!me) return null;
  const headOffice = !!me.isSuper || (!me.loginShops.length && !me.managerShops.length);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {headOffice && can(INAPP_PERM) && <PublishNotice />}
      {!headOffice && can(INAPP_PERM) && <WriteToHeadOffice />}
      {can(INAPP_PERM) && <Sent />}
      <FromShops />
    </Space>
  );
}
