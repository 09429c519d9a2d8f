import {
  type MemberCouponKind,
  type MemberCouponRow,
  type MemberCouponState,
  memberCouponKindLabels,
  memberCouponStateColors,
  memberCouponStateLabels,
} from '@headoffice/contract';
import { type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { pickLabel } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';

/** A member coupon's state as a coloured tag. */
export function MemberCouponStateTag({ state }: { state: MemberCouponState }) {
  return <Tag color={memberCouponStateColors[state]}>{pickLabel(memberCouponStateLabels[state])}</Tag>;
}

/**
 * The columns every list of member coupons starts with: kind, code, definition, face value, validity.
 * The member page and a till bill's activity gifts add their own after these. `compact` (a bill's
 * gifts, in the bill's drawer beside its other tables): narrower, the definition by its name alone.
 */
export function memberCouponColumns(t: TFunction, { compact = false } = {}): TableColumnsType<MemberCouponRow> {
  return [
    {
      title: t('assets.coupon.kind'),
      dataIndex: 'kind',
      width: compact ? 60 : 80,
      render: (v: MemberCouponKind) => pickLabel(memberCouponKindLabels[v]),
    },
    { title: t('assets.coupon.code'), dataIndex: 'code', width: compact ? 160 : 170 },
    {
      title: t('assets.coupon.definition'),
      dataIndex: 'definitionName',
      width: compact ? 120 : 160,
      render: (v: string, r) =>
        compact ? (
          v
        ) : (
          <span>
            {v} <Typography.Text type="secondary">{r.definitionCode}</Typography.Text>
          </span>
        ),
    },
    {
      title: t('assets.coupon.faceValue'),
      dataIndex: 'faceValue',
      width: compact ? 80 : 110,
      align: 'right',
      // A red envelope spent over several bills shows what it has left.
      render: (v: number, r) =>
        r.state === 'unused' && r.remaining !== v ? (
          <span>
            {formatMoney(v)}
            <br />
            <Typography.Text type="secondary">{t('assets.coupon.left', { amount: formatMoney(r.remaining) })}</Typography.Text>
          </span>
        ) : (
          formatMoney(v)
        ),
    },
    {
      title: t('assets.coupon.valid'),
      key: 'valid',
      width: compact ? 180 : 190,
      render: (_: unknown, r) => `${r.validFrom} ~ ${r.validTo}`,
    },
  ];
}
