import { type BillDetailOf, csadjBill, sharedPerfLabel } from '@headoffice/contract';
import { Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BillDetail } from '../../platform/bills/BillDetail';
import { BillList } from '../../platform/bills/BillList';
import { useLabel } from '../../platform/bills/labels';
import { formatMoney } from '../../platform/money';

type CsadjDetail = BillDetailOf<typeof csadjBill>;

/** /admin/cashier/csadjrecords — recharge performance adjustment bills (充值单业绩调整单). */
export function CsadjListPage() {
  return <BillList def={csadjBill} />;
}

/** The card bill an adjustment names, and its performance before (the lines are the split after). */
function cardItems(bill: CsadjDetail, t: TFunction) {
  const { card } = bill;
  return [
    {
      key: 'card',
      label: 'till.csadj.card',
      children: (
        <span>
          {card.billNo} {card.isHc ? <Tag color="red">{t('till.csadj.revoked')}</Tag> : null}
        </span>
      ),
    },
    { key: 'member', label: 'till.csadj.member', children: card.memberName ?? '—' },
    { key: 'cardNo', label: 'till.csadj.cardNo', children: card.cardNo ?? '—' },
    { key: 'amount', label: 'till.csadj.amount', children: formatMoney(card.amount) },
    { key: 'shop', label: 'till.csadj.shop', children: card.shopName },
    {
      key: 'payments',
      label: 'till.csadj.payments',
      children: card.payments.map((p) => `${p.payname} ${formatMoney(p.payje)}`).join('，'),
    },
    {
      key: 'linePerf',
      label: 'till.csadj.linePerf',
      children: card.lines.map((l) => `${l.lineName} ${formatMoney(l.perf)}`).join('，'),
    },
    { key: 'before', label: 'till.csadj.before', span: 3, children: <BeforeTable bill={bill} /> },
  ];
}

function BeforeTable({ bill }: { bill: CsadjDetail }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.lineId}-${r.station}-${r.employeeId ?? 'shared'}-${r.amount}`}
      pagination={false}
      dataSource={bill.before}
      columns={[
        { title: t('till.csadj.station'), dataIndex: 'station', width: 110, render: (v) => t(`till.station.${v}`) },
        { title: t('till.staff'), dataIndex: 'employeeName', render: (v) => v ?? label(sharedPerfLabel) },
        {
          title: t('till.appointed'),
          dataIndex: 'appointed',
          width: 80,
          render: (v) => (v ? t('till.appointed') : t('till.notAppointed')),
        },
        { title: t('till.perf'), dataIndex: 'amount', width: 120, render: (v) => formatMoney(v) },
      ]}
    />
  );
}

export function CsadjDetailPage() {
  const { t } = useTranslation();
  return <BillDetail def={csadjBill} items={(bill) => cardItems(bill, t).map((i) => ({ ...i, label: t(i.label) }))} />;
}
