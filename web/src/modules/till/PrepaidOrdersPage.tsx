import {
  CASHIER_PATHS,
  PREPAID_PATHS as P,
  type PrepaidOrderRow,
  payTypePick,
  prepaidListPage,
  prepaidOrderRow,
  prepaidStatusLabels,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { http } from '../../platform/http';
import { atMinute, ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { ReasonDialog } from '../../platform/list/ReasonDialog';
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
  const label = useLabel();
  const statusText = (s: number) => label(prepaidStatusLabels[s]);
  const filters = useFilters([
    { kind: 'shop', placeholder: t('till.chooseShop') },
    { kind: 'select', param: 'status', placeholder: t('till.status'), width: 120, labels: prepaidStatusLabels },
    { kind: 'days' },
    { kind: 'keyword', placeholder: t('till.prepaid.keyword'), width: 200 },
  ]);
  const list = usePaged(['prepaidorder'], filters.params, (params) => http.read(prepaidListPage, P.list, params));
  const [creating, setCreating] = useState(false);
  const [refunding, setRefunding] = useState<PrepaidOrderRow | null>(null);
  const [createForm] = Form.useForm<NewOrder>();
  const payTypes = useQuery({
    queryKey: ['paytype-all'],
    queryFn: () => http.read(z.array(payTypePick), CASHIER_PATHS.payTypeAll),
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
  const sums = list.query.data?.sums;
  return (
    <ListCard
      filters={filters}
      extra={
        may('cashier.prepaidorder.edit') && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('till.prepaid.create')}
          </Button>
        )
      }
      totals={{
        testId: 'prepaid-sums',
        text:
          sums &&
          t('till.prepaid.sums', {
            count: sums.count,
            amount: formatMoney(sums.amount),
            unused: formatMoney(sums.unused),
            used: formatMoney(sums.used),
          }),
        apart: [
          !!sums?.apart.refunded.count &&
            t('till.prepaid.sumsRefunded', { count: sums.apart.refunded.count, amount: formatMoney(sums.apart.refunded.amount) }),
        ],
      }}
    >
      <ListTable<PrepaidOrderRow>
        paged={list}
        scrollX={1100}
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
            render: (v: number) => <Tag color={statusColor[v]}>{statusText(v)}</Tag>,
          },
          { title: t('till.prepaid.bill'), dataIndex: 'billNo', width: 170 },
          { title: t('till.prepaid.reason'), dataIndex: 'refundReason', width: 140, ellipsis: true },
          { title: t('till.prepaid.createdAt'), dataIndex: 'createdAt', width: 160, render: atMinute },
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
      <ReasonDialog
        row={refunding}
        title={t('till.prepaid.refundTitle', { orderNo: refunding?.orderNo ?? '', amount: formatMoney(refunding?.amount) })}
        label={t('till.prepaid.reason')}
        onClose={() => setRefunding(null)}
        send={(row, v) => http.send(prepaidOrderRow, P.refund, { id: row.id, reason: v.reason }, { once: true })}
        success="till.prepaid.refunded"
        invalidates={[['prepaidorder']]}
      />
    </ListCard>
  );
}
