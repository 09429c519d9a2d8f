import { CASHIER_PATHS, PREPAID_PATHS as P, type PrepaidOrderRow, prepaidListPage, prepaidOrderRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { formatMoney, yuanToCents } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

const statusColor: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };

interface NewOrder {
  shopId: number;
  payTypeId: number;
  amount: number;
  orderNo?: string;
  customerName?: string;
  mobile?: string;
  memo?: string;
}

/** /admin/cashier/prepaidorder — orders paid beforehand: filters, amounts by status, record one, refund an unused one with a reason. */
export default function PrepaidOrdersPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const [shopid, setShopid] = useState<number | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [refunding, setRefunding] = useState<PrepaidOrderRow | null>(null);
  const [createForm] = Form.useForm<NewOrder>();
  const [refundForm] = Form.useForm<{ reason: string }>();
  const params = {
    shopid: shopid ?? undefined,
    status: status ?? undefined,
    keyword: keyword || undefined,
    dateFrom: range?.[0].format('YYYY-MM-DD'),
    dateTo: range?.[1].format('YYYY-MM-DD'),
    page,
    pageSize: 20,
  };
  const list = useQuery({ queryKey: ['prepaidorder', params], queryFn: () => http.read(prepaidListPage, P.list, params) });
  const payTypes = useQuery({
    queryKey: ['paytype-all'],
    queryFn: () => http.get<{ id: number; code: string; name: string; kind?: string | null }[]>(CASHIER_PATHS.payTypeAll),
    enabled: creating,
  });
  const create = useAction({
    run: async () => {
      const v = await createForm.validateFields();
      return http.send(prepaidOrderRow, P.create, { ...v, amount: yuanToCents(v.amount) }, { once: true });
    },
    success: 'till.prepaid.created',
    invalidates: [['prepaidorder']],
    done: () => {
      setCreating(false);
      createForm.resetFields();
    },
  });
  const refund = useAction({
    run: async () => {
      const v = await refundForm.validateFields();
      return http.send(prepaidOrderRow, P.refund, { id: refunding?.id, reason: v.reason }, { once: true });
    },
    success: 'till.prepaid.refunded',
    invalidates: [['prepaidorder']],
    done: () => {
      setRefunding(null);
      refundForm.resetFields();
    },
  });
  const sums = list.data?.sums;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <ShopSelect
            value={shopid}
            onChange={(v) => {
              setShopid(v);
              setPage(1);
            }}
            allowClear
            placeholder={t('till.chooseShop')}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('till.status')}
            value={status}
            onChange={(v) => {
              setStatus(v ?? null);
              setPage(1);
            }}
            options={[1, 2, 3].map((s) => ({ value: s, label: t(`till.prepaid.statuses.${s}`) }))}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => {
              setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
              setPage(1);
            }}
          />
          <Input.Search
            allowClear
            placeholder={t('till.prepaid.keyword')}
            style={{ width: 200 }}
            onSearch={(v) => {
              setKeyword(v);
              setPage(1);
            }}
          />
        </Space>
      }
      extra={
        may('cashier.prepaidorder.edit') && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('till.prepaid.create')}
          </Button>
        )
      }
    >
      {sums && (
        <Typography.Paragraph type="secondary" data-testid="prepaid-sums">
          {t('till.prepaid.sums', {
            count: list.data?.total ?? 0,
            amount: formatMoney(sums.amount),
            unused: formatMoney(sums.unused),
            used: formatMoney(sums.used),
            refunded: formatMoney(sums.refunded),
          })}
        </Typography.Paragraph>
      )}
      <Table
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        scroll={{ x: 1100 }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('till.prepaid.orderNo'), dataIndex: 'orderNo', width: 170 },
          { title: t('till.shop'), dataIndex: 'shopName', width: 140 },
          { title: t('till.payType'), dataIndex: 'payName', width: 100 },
          { title: t('till.amount'), dataIndex: 'amount', width: 110, render: (v) => formatMoney(v) },
          { title: t('till.prepaid.customer'), dataIndex: 'customerName', width: 100 },
          { title: t('till.mobile'), dataIndex: 'mobile', width: 120 },
          {
            title: t('till.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: number) => <Tag color={statusColor[v]}>{t(`till.prepaid.statuses.${v}`)}</Tag>,
          },
          { title: t('till.prepaid.bill'), dataIndex: 'billNo', width: 170 },
          { title: t('till.prepaid.reason'), dataIndex: 'refundReason', width: 140, ellipsis: true },
          {
            title: t('till.prepaid.createdAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: (v: string) => v.slice(0, 16).replace('T', ' '),
          },
          {
            title: t('till.actions'),
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_, r) =>
              r.status === 1 &&
              may('cashier.prepaidorder.refund') && (
                <Button type="link" size="small" danger onClick={() => setRefunding(r)}>
                  {t('till.prepaid.refund')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('till.prepaid.create')}
        onCancel={() => setCreating(false)}
        onOk={() => create.run()}
        confirmLoading={create.busy}
        destroyOnClose
      >
        <Form form={createForm} layout="vertical">
          <Form.Item name="shopId" label={t('till.shop')} rules={[{ required: true }]}>
            <ShopSelect />
          </Form.Item>
          <Form.Item name="payTypeId" label={t('till.payType')} rules={[{ required: true }]}>
            <Select
              loading={payTypes.isLoading}
              options={(payTypes.data ?? []).filter((p) => !p.kind).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
            />
          </Form.Item>
          <Form.Item name="amount" label={t('till.amount')} rules={[{ required: true }]}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="orderNo" label={t('till.prepaid.orderNo')}>
            <Input maxLength={64} placeholder={t('till.prepaid.orderNoAuto')} />
          </Form.Item>
          <Space>
            <Form.Item name="customerName" label={t('till.prepaid.customer')}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="mobile" label={t('till.mobile')}>
              <Input maxLength={20} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      <Modal
        open={refunding !== null}
        title={t('till.prepaid.refundTitle', { orderNo: refunding?.orderNo ?? '', amount: formatMoney(refunding?.amount) })}
        onCancel={() => setRefunding(null)}
        onOk={() => refund.run()}
        confirmLoading={refund.busy}
        destroyOnClose
      >
        <Form form={refundForm} layout="vertical">
          <Form.Item name="reason" label={t('till.prepaid.reason')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
