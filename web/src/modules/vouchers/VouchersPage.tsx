import {
  VOUCHER_PATHS as V,
  type VoucherRow,
  voucherChannelLabels,
  voucherListPage,
  voucherRow,
  type voucherStatuses,
  voucherStatusLabels,
} from '@headoffice/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { http } from '../../platform/http';
import { atMinute, ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { ReasonDialog } from '../../platform/list/ReasonDialog';
import { formatMoney } from '../../platform/money';

const statusColor: Record<number, string> = { 1: 'blue', 2: 'green', 4: 'default' };

/** /admin/cashier/thirdorder — Meituan and Douyin vouchers verified at the tills: filters, amounts by status, refund at the platform while no settled bill uses one. */
export default function VouchersPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const label = useLabel();
  const statusText = (s: number) => label(voucherStatusLabels[s as (typeof voucherStatuses)[number]]);
  const filters = useFilters([
    { kind: 'shop', placeholder: t('vouchers.chooseShop') },
    { kind: 'select', param: 'status', placeholder: t('vouchers.status'), width: 110, labels: voucherStatusLabels },
    { kind: 'days' },
    { kind: 'keyword', placeholder: t('vouchers.keyword'), width: 200 },
  ]);
  const list = usePaged(['thirdorder'], filters.params, (params) => http.read(voucherListPage, V.list, params));
  const [refunding, setRefunding] = useState<VoucherRow | null>(null);
  const sums = list.query.data?.sums;
  return (
    <ListCard
      filters={filters}
      totals={{
        testId: 'voucher-sums',
        text:
          sums &&
          t('vouchers.sums', {
            count: sums.count,
            amount: formatMoney(sums.amount),
            verified: formatMoney(sums.verified),
            used: formatMoney(sums.used),
          }),
        apart: [
          !!sums?.apart.refunded.count &&
            t('vouchers.sumsRefunded', { count: sums.apart.refunded.count, amount: formatMoney(sums.apart.refunded.amount) }),
        ],
      }}
    >
      <ListTable<VoucherRow>
        paged={list}
        scrollX={1150}
        columns={[
          { title: t('vouchers.code'), dataIndex: 'code', width: 150 },
          {
            title: t('vouchers.channel'),
            dataIndex: 'channel',
            width: 70,
            render: (v: keyof typeof voucherChannelLabels) => label(voucherChannelLabels[v]),
          },
          { title: t('vouchers.product'), dataIndex: 'productName', width: 160, ellipsis: true },
          { title: t('vouchers.amount'), dataIndex: 'amount', width: 100, render: (v) => formatMoney(v) },
          { title: t('vouchers.shop'), dataIndex: 'shopName', width: 130 },
          {
            title: t('vouchers.status'),
            dataIndex: 'status',
            width: 80,
            render: (v: number) => <Tag color={statusColor[v]}>{statusText(v)}</Tag>,
          },
          { title: t('vouchers.bill'), dataIndex: 'billNo', width: 160 },
          { title: t('vouchers.verifiedAt'), dataIndex: 'verifiedAt', width: 140, render: atMinute },
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
      <ReasonDialog
        row={refunding}
        title={t('vouchers.refundTitle', {
          channel: refunding ? label(voucherChannelLabels[refunding.channel]) : '',
          code: refunding?.code ?? '',
          amount: formatMoney(refunding?.amount),
        })}
        label={t('vouchers.reason')}
        onClose={() => setRefunding(null)}
        send={(row, v) => http.send(voucherRow, V.refund, { id: row.id, reason: v.reason }, { once: true })}
        success="vouchers.refunded"
        invalidates={[['thirdorder']]}
      />
    </ListCard>
  );
}
