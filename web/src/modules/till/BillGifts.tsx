import type { MemberCouponState, ServiceBillDetail } from '@headoffice/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberCouponStateTag, memberCouponColumns } from '../assets/public';

type GiftRow = ServiceBillDetail['gifts'][number];

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
        ...memberCouponColumns(t, { compact: true }),
        { title: t('till.billGifts.activity'), dataIndex: 'activityName', width: 110, render: (v: string | null) => v ?? '' },
        {
          // The state, with the bill that used it or the reason it was withdrawn.
          title: t('assets.coupon.state'),
          dataIndex: 'state',
          render: (v: MemberCouponState, r) => {
            const note = v === 'used' ? r.usedBillNo : v === 'withdrawn' ? r.withdrawReason : null;
            return (
              <span>
                <MemberCouponStateTag state={v} />
                {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
              </span>
            );
          },
        },
      ]}
    />
  );
}
