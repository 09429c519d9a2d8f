import {
  type MemberCouponKind,
  type MemberCouponState,
  memberCouponKindLabels,
  memberCouponStateLabels,
  type ServiceBillDetail,
} from '@headoffice/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';

type GiftRow = ServiceBillDetail['gifts'][number];
const stateColors: Record<MemberCouponState, string> = { unused: 'green', used: 'blue', expired: 'default', withdrawn: 'orange' };

/** The coupons and red envelopes marketing activities gave the member on this bill, with their state now. */
export function BillGifts({ bill }: { bill: ServiceBillDetail }) {
  const { t } = useTranslation();
  if (!bill.gifts.length) return null;
  return (
    <Table<GiftRow>
      className="ho-bill-gifts"
      size="small"
      rowKey="id"
      pagination={false}
      style={{ marginTop: 12 }}
      title={() => t('till.billGifts.title')}
      dataSource={bill.gifts}
      scroll={{ x: 1000 }}
      columns={[
        {
          title: t('till.billGifts.kind'),
          dataIndex: 'kind',
          width: 80,
          render: (v: MemberCouponKind) => pickLabel(memberCouponKindLabels[v]),
        },
        { title: t('till.billGifts.code'), dataIndex: 'code', width: 170 },
        { title: t('till.billGifts.definition'), dataIndex: 'definitionName', width: 150 },
        { title: t('till.billGifts.faceValue'), dataIndex: 'faceValue', width: 90, align: 'right', render: (v: number) => formatMoney(v) },
        { title: t('till.billGifts.valid'), key: 'valid', width: 190, render: (_: unknown, r) => `${r.validFrom} ~ ${r.validTo}` },
        { title: t('till.billGifts.activity'), dataIndex: 'activityName', width: 150, render: (v: string | null) => v ?? '' },
        {
          title: t('till.billGifts.state'),
          dataIndex: 'state',
          width: 90,
          render: (v: MemberCouponState) => <Tag color={stateColors[v]}>{pickLabel(memberCouponStateLabels[v])}</Tag>,
        },
        {
          title: t('till.billGifts.note'),
          key: 'note',
          render: (_: unknown, r) => (r.state === 'used' ? r.usedBillNo : r.state === 'withdrawn' ? r.withdrawReason : '') ?? '',
        },
      ]}
    />
  );
}
