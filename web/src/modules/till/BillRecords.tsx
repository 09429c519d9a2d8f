import { type ServiceBillDetail, type ServiceBillRow, serviceBillDetail, serviceRecordsPage } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { ReasonDialog } from '../../platform/list/ReasonDialog';
import { formatMoney } from '../../platform/money';
import { ExportButton } from '../../platform/resource/ExportButton';
import { BillView, StatusTag } from './BillView';

/** The paths, permission and names of one head-office list of settled bills. */
export interface BillRecordsKind {
  key: string;
  list: string;
  pageAll: string;
  detail: (id: number) => string;
  revoke: string;
  revokePerm: string;
  title: string;
}

/** A list of settled package or card bills with totals, detail, export and 撤单. */
export function BillRecords({ kind }: { kind: BillRecordsKind }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const may = usePermission();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('till.chooseShop') },
    // This month by default: the totals of a chain's whole history are neither wanted nor cheap.
    { kind: 'days', month: true },
    { kind: 'keyword', placeholder: t('till.keyword'), width: 240 },
  ]);
  const list = usePaged([kind.key], filters.params, (params) => http.read(serviceRecordsPage, kind.list, params));
  const [open, setOpen] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<ServiceBillRow | null>(null);
  const detail = useQuery({
    queryKey: [`${kind.key}-one`, open],
    queryFn: () => http.read(serviceBillDetail, kind.detail(open as number)),
    enabled: open !== null,
  });
  const sum = list.query.data?.sum;
  return (
    <ListCard
      filters={filters}
      extra={<ExportButton path={kind.pageAll} params={list.params} fileName={t(kind.title)} />}
      totals={{
        testId: 'records-sum',
        text:
          sum &&
          t('till.sum', {
            count: sum.count,
            listTotal: formatMoney(sum.listTotal),
            discountTotal: formatMoney(sum.discountTotal),
            amount: formatMoney(sum.amount),
          }),
      }}
    >
      <ListTable<ServiceBillRow>
        paged={list}
        scrollX={1000}
        columns={[
          {
            title: t('till.billNo'),
            dataIndex: 'billNo',
            width: 170,
            render: (v, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                {v}
              </Button>
            ),
          },
          { title: t('till.shop'), dataIndex: 'shopName', width: 140 },
          { title: t('till.businessDate'), dataIndex: 'businessDate', width: 110 },
          { title: t('till.handTag'), dataIndex: 'handTag', width: 80 },
          { title: t('till.member'), dataIndex: 'memberName', width: 110, render: (v) => v ?? t('till.walkIn') },
          { title: t('till.listTotal'), dataIndex: 'listTotal', width: 110, render: (v) => formatMoney(v) },
          { title: t('till.amount'), dataIndex: 'amount', width: 110, render: (v) => formatMoney(v) },
          { title: t('till.status'), dataIndex: 'status', width: 90, render: (v, r) => <StatusTag status={v} isHc={r.isHc} /> },
          {
            title: t('till.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                  {t('till.detail')}
                </Button>
                {may(kind.revokePerm) && !r.isHc && (
                  <Button type="link" size="small" onClick={() => setRevoking(r)}>
                    {t('till.revoke')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer width={900} open={open !== null} onClose={() => setOpen(null)} title={detail.data?.billNo}>
        {detail.data && <BillView bill={detail.data} />}
      </Drawer>
      <ReasonDialog
        row={revoking}
        title={`${t('till.revoke')} ${revoking?.billNo ?? ''}`}
        label={t('till.revokeMemo')}
        name="hcMemo"
        maxLength={30}
        rows={0}
        okText={t('till.revoke')}
        danger
        onClose={() => setRevoking(null)}
        send={(row, v) => http.send(serviceBillDetail, kind.revoke, { id: row.id, hcMemo: v.hcMemo }, { once: true })}
        success="till.revokeDone"
        invalidates={[[kind.key], [`${kind.key}-one`]]}
        done={(bill: ServiceBillDetail) => qc.setQueryData([`${kind.key}-one`, bill.id], bill)}
      />
    </ListCard>
  );
}
