import {
  type MemberCouponKind,
  type MemberCouponState,
  memberCouponKindLabels,
  memberCouponStateLabels,
  type ServiceBillDetail,
} from '@headoffice/contract';
import { Table, Tag, Typography } from 'antd';
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
      scroll={{ x: 850 }}
      columns={[
        {
          title: t('till.billGifts.kind'),
          dataIndex: 'kind',
          width: 60,
          render: (v: MemberCouponKind) => pickLabel(memberCouponKindLabels[v]),
        },
        { title: t('till.billGifts.code'), dataIndex: 'code', width: 160 },
        { title: t('till.billGifts.definition'), dataIndex: 'definitionName', width: 120 },
        { title: t('till.billGifts.faceValue'), dataIndex: 'faceValue', width: 80, align: 'right', render: (v: number) => formatMoney(v) },
        { title: t('till.billGifts.valid'), key: 'valid', width: 180, render: (_: unknown, r) => `${r.validFrom} ~ ${r.validTo}` },
        { title: t('till.billGifts.activity'), dataIndex: 'activityName', width: 110, render: (v: string | null) => v ?? '' },
        {
          // The state, with the bill that used it or the reason it was withdrawn.
          title: t('till.billGifts.state'),
          dataIndex: 'state',
          render: (v: MemberCouponState, r) => {
            const note = v === 'used' ? r.usedBillNo : v === 'withdrawn' ? r.withdrawReason : null;
            return (
              <span>
                <Tag color={stateColors[v]}>{pickLabel(memberCouponStateLabels[v])}</Tag>
                {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
              </span>
            );
          },
        },
      ]}
    />
  );
}
