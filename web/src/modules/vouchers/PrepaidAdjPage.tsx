import {
  PREPAID_ADJ_PATHS as A,
  type PrepaidOrderRow,
  prepaidAdjCandidates,
  prepaidAdjPage,
  type prepaidAdjRow,
  prepaidOrderRow,
  prepaidStatusLabels,
} from '@headoffice/contract';
import { Button, Card, Form, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { http } from '../../platform/http';
import { atMinute, ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { ReasonDialog } from '../../platform/list/ReasonDialog';
import { formatMoney } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

type PrepaidAdjRow = z.infer<typeof prepaidAdjRow>;

/**
 * /admin/cashier/prepaidadj — an unused prepaid order paid at the wrong shop's QR is found (by its
 * merchant order number, or in the list of unused orders) and moved to the shop that served the
 * customer, with a reason; below, every move made.
 */
export default function PrepaidAdjPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const label = useLabel();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('vouchers.chooseShop') },
    { kind: 'keyword', placeholder: t('vouchers.adj.lookupHint'), width: 280, enterButton: t('vouchers.adj.find') },
  ]);
  const keyword = filters.params.keyword;
  const candidates = usePaged(['prepaidadj', 'candidates'], filters.params, (p) => http.read(prepaidAdjCandidates, A.queryList, p), 10);
  const history = usePaged(['prepaidadj', 'history'], filters.params, (p) => http.read(prepaidAdjPage, A.list, p), 10);
  const [moving, setMoving] = useState<PrepaidOrderRow | null>(null);
  const lookup = useAction({
    run: () => http.read(prepaidOrderRow, A.lookup, { paymentNo: keyword }),
    done: (order) => setMoving(order.status === 1 ? order : null),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ListCard
        filters={filters}
        bar={
          keyword &&
          may('cashier.prepaidadj.edit') && (
            <Button onClick={() => lookup.run()} loading={lookup.busy}>
              {t('vouchers.adj.move')}
            </Button>
          )
        }
      >
        <ListTable<PrepaidOrderRow>
          paged={candidates}
          title={t('vouchers.adj.candidates')}
          scrollX={900}
          columns={[
            { title: t('vouchers.adj.orderNo'), dataIndex: 'orderNo', width: 180 },
            { title: t('vouchers.shop'), dataIndex: 'shopName', width: 140 },
            { title: t('vouchers.adj.payType'), dataIndex: 'payName', width: 100 },
            { title: t('vouchers.amount'), dataIndex: 'amount', width: 110, render: (v) => formatMoney(v) },
            {
              title: t('vouchers.status'),
              dataIndex: 'status',
              width: 80,
              render: (v: number) => <Tag color="blue">{label(prepaidStatusLabels[v])}</Tag>,
            },
            { title: t('vouchers.adj.paidAt'), dataIndex: 'createdAt', width: 140, render: atMinute },
            {
              title: t('vouchers.actions'),
              key: 'actions',
              width: 100,
              fixed: 'right',
              render: (_, r) =>
                may('cashier.prepaidadj.edit') && (
                  <Button type="link" size="small" onClick={() => setMoving(r)}>
                    {t('vouchers.adj.move')}
                  </Button>
                ),
            },
          ]}
        />
      </ListCard>
      <Card size="small" title={t('vouchers.adj.history')}>
        <ListTable<PrepaidAdjRow>
          paged={history}
          scrollX={1000}
          columns={[
            { title: t('vouchers.adj.orderNo'), dataIndex: 'orderNo', width: 180 },
            { title: t('vouchers.amount'), dataIndex: 'amount', width: 100, render: (v) => formatMoney(v) },
            { title: t('vouchers.adj.fromShop'), dataIndex: 'fromShopName', width: 130 },
            { title: t('vouchers.adj.toShop'), dataIndex: 'toShopName', width: 130 },
            { title: t('vouchers.adj.reason'), dataIndex: 'reason', width: 160, ellipsis: true },
            { title: t('vouchers.adj.by'), dataIndex: 'createdByName', width: 90 },
            { title: t('vouchers.adj.at'), dataIndex: 'createdAt', width: 140, render: atMinute },
          ]}
        />
      </Card>
      <ReasonDialog
        row={moving}
        title={t('vouchers.adj.moveTitle', { orderNo: moving?.orderNo ?? '', amount: formatMoney(moving?.amount) })}
        label={t('vouchers.adj.reason')}
        rows={2}
        onClose={() => setMoving(null)}
        send={(row, v) => http.send(prepaidOrderRow, A.save, { orderId: row.id, version: row.version, ...v }, { once: true })}
        success="vouchers.adj.moved"
        invalidates={[['prepaidadj'], ['prepaidorder']]}
      >
        <Form.Item label={t('vouchers.adj.fromShop')}>{moving?.shopName}</Form.Item>
        <Form.Item name="adjShopId" label={t('vouchers.adj.toShop')} rules={[{ required: true }]}>
          <ShopSelect />
        </Form.Item>
      </ReasonDialog>
    </Space>
  );
}
