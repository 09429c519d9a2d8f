import { VOUCHER_PATHS as V, type VoucherRow, voucherListPage, voucherRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

const statusColor: Record<number, string> = { 1: 'blue', 2: 'green', 4: 'default' };
const at = (v: string | null) => (v ? v.slice(0, 16).replace('T', ' ') : '');

/** /admin/cashier/thirdorder — Meituan and Douyin vouchers verified at the tills: filters, amounts by status, refund at the platform while no settled bill uses one. */
export default function VouchersPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const [shopid, setShopid] = useState<number | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<VoucherRow | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const params = {
    shopid: shopid ?? undefined,
    status: status ?? undefined,
    keyword: keyword || undefined,
    dateFrom: range?.[0].format('YYYY-MM-DD'),
    dateTo: range?.[1].format('YYYY-MM-DD'),
    page,
    pageSize: 20,
  };
  const list = useQuery({ queryKey: ['thirdorder', params], queryFn: () => http.read(voucherListPage, V.list, params) });
  const refund = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(voucherRow, V.refund, { id: refunding?.id, reason: v.reason }, { once: true });
    },
    success: 'vouchers.refunded',
    invalidates: [['thirdorder']],
    done: () => {
      setRefunding(null);
      form.resetFields();
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
            placeholder={t('vouchers.chooseShop')}
          />
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('vouchers.status')}
            value={status}
            onChange={(v) => {
              setStatus(v ?? null);
              setPage(1);
            }}
            options={[1, 2, 4].map((s) => ({ value: s, label: t(`vouchers.statuses.${s}`) }))}
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
            placeholder={t('vouchers.keyword')}
            style={{ width: 200 }}
            onSearch={(v) => {
              setKeyword(v);
              setPage(1);
            }}
          />
        </Space>
      }
    >
      {sums && (
        <Typography.Paragraph type="secondary" data-testid="voucher-sums">
          {t('vouchers.sums', {
            count: list.data?.total ?? 0,
            amount: formatMoney(sums.amount),
            verified: formatMoney(sums.verified),
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
        scroll={{ x: 1150 }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('vouchers.code'), dataIndex: 'code', width: 150 },
          {
            title: t('vouchers.channel'),
            dataIndex: 'channel',
            width: 70,
            render: (v: string) => t(`vouchers.channels.${v}`),
          },
          { title: t('vouchers.product'), dataIndex: 'productName', width: 160, ellipsis: true },
          { title: t('vouchers.amount'), dataIndex: 'amount', width: 100, render: (v) => formatMoney(v) },
          { title: t('vouchers.shop'), dataIndex: 'shopName', width: 130 },
          {
            title: t('vouchers.status'),
            dataIndex: 'status',
            width: 80,
            render: (v: number) => <Tag color={statusColor[v]}>{t(`vouchers.statuses.${v}`)}</Tag>,
          },
          { title: t('vouchers.bill'), dataIndex: 'billNo', width: 160 },
          { title: t('vouchers.verifiedAt'), dataIndex: 'verifiedAt', width: 140, render: at },
          { title: t('vouchers.verifiedBy'), dataIndex: 'verifiedByName', width: 90 },
          { title: t('vouchers.reason'), dataIndex: 'refundReason', width: 120, ellipsis: true },
          {
            title: t('vouchers.actions'),
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_, r) =>
              r.status === 1 &&
              may('cashier.thirdorder.refund') && (
                <Button type="link" size="small" danger onClick={() => setRefunding(r)}>
                  {t('vouchers.refund')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={refunding !== null}
        title={t('vouchers.refundTitle', {
          channel: refunding ? t(`vouchers.channels.${refunding.channel}`) : '',
          code: refunding?.code ?? '',
          amount: formatMoney(refunding?.amount),
        })}
        onCancel={() => setRefunding(null)}
        onOk={() => refund.run()}
        confirmLoading={refund.busy}
        destroyOnClose
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('vouchers.reason')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
