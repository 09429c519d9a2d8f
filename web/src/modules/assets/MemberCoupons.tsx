import {
  couponDefinitionPick,
  type MemberCouponKind,
  type MemberCouponRow,
  type MemberCouponState,
  memberCouponKindLabels,
  memberCouponPaths,
  memberCouponRow,
  memberCouponSourceLabels,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePermission } from '../../platform/auth';
import { LocationSelect } from '../../platform/bills/pickers';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { pickLabel } from '../../platform/i18n';
import { FormDialog } from '../../platform/list/FormDialog';
import { MemberCouponStateTag, memberCouponColumns } from './couponColumns';

const couponsKey = (memberId: number) => ['member-coupons', memberId];
const definitionPaths: Record<MemberCouponKind, string> = {
  coupon: '/api-chain/couponinfo/list/all',
  redEnvelope: '/api-chain/redenvelopeinfo/list/all',
};

/** A member's coupons (优惠券) and red envelopes (红包) with their state; head office issues and withdraws them. */
export function MemberCoupons({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const can = usePermission();
  const [dialog, setDialog] = useState<'issue' | MemberCouponRow | null>(null);
  const q = useQuery({
    queryKey: couponsKey(memberId),
    queryFn: ({ signal }) => http.read(z.array(memberCouponRow), memberCouponPaths.list, { memid: memberId }, { signal }),
    enabled: can('assets.coupon.view'),
  });
  if (!can('assets.coupon.view')) return null;
  const close = () => setDialog(null);
  return (
    <Card
      size="small"
      title={t('assets.coupon.title')}
      style={{ marginTop: 12 }}
      extra={
        can('assets.coupon.issue') ? (
          <Button size="small" className="ho-issue-coupon" onClick={() => setDialog('issue')}>
            {t('assets.coupon.issue')}
          </Button>
        ) : null
      }
    >
      <Table<MemberCouponRow>
        className="ho-member-coupons"
        rowKey="id"
        size="small"
        loading={q.isLoading}
        pagination={false}
        dataSource={q.data ?? []}
        locale={{ emptyText: <EmptyState compact description={t('assets.coupon.none')} /> }}
        scroll={{ x: 1320 }}
        columns={[
          ...memberCouponColumns(t),
          {
            title: t('assets.coupon.state'),
            dataIndex: 'state',
            width: 90,
            render: (v: MemberCouponState) => <MemberCouponStateTag state={v} />,
          },
          {
            // How it was issued; an activity's gift names the activity and the bill that gave it.
            title: t('assets.coupon.source'),
            dataIndex: 'source',
            width: 170,
            render: (v: MemberCouponRow['source'], r) => (
              <span className="ho-coupon-source">
                {pickLabel(memberCouponSourceLabels[v])}
                {r.activityName ? <Typography.Text type="secondary"> {r.activityName}</Typography.Text> : null}
                {r.issuedBillNo ? (
                  <div>
                    <Typography.Text type="secondary">
                      {t('assets.coupon.issuedBill')} {r.issuedBillNo}
                    </Typography.Text>
                  </div>
                ) : null}
              </span>
            ),
          },
          {
            title: t('assets.coupon.shop'),
            dataIndex: 'shopName',
            width: 120,
            render: (v: string, r) => (
              <span>
                {v} {r.usableShopId ? <Tag>{t('assets.coupon.onlyHere')}</Tag> : null}
              </span>
            ),
          },
          {
            title: t('assets.coupon.note'),
            key: 'note',
            width: 160,
            render: (_: unknown, r) => (r.state === 'used' ? r.usedBillNo : r.state === 'withdrawn' ? r.withdrawReason : r.memo) ?? '',
          },
          {
            title: '',
            key: 'actions',
            width: 80,
            fixed: 'right',
            render: (_: unknown, r) =>
              can('assets.coupon.withdraw') && r.state === 'unused' ? (
                <Button size="small" type="link" onClick={() => setDialog(r)}>
                  {t('assets.coupon.withdraw')}
                </Button>
              ) : null,
          },
        ]}
      />
      {dialog === 'issue' ? <IssueModal memberId={memberId} onClose={close} /> : null}
      {dialog && dialog !== 'issue' ? <WithdrawModal memberId={memberId} item={dialog} onClose={close} /> : null}
    </Card>
  );
}

interface IssueForm {
  kind: MemberCouponKind;
  definitionId: number;
  shopId: number;
  count?: number;
  memo?: string;
}

function IssueModal({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t('assets.pkg.required') }];
  return (
    <FormDialog<IssueForm, MemberCouponRow[]>
      open
      title={t('assets.coupon.issueTitle')}
      className="ho-issue-coupon-modal"
      initialValues={{ kind: 'coupon', count: 1 }}
      send={(v) =>
        http.post<MemberCouponRow[]>(
          memberCouponPaths.issue,
          {
            memberId,
            kind: v.kind,
            definitionId: v.definitionId,
            shopId: v.shopId,
            count: v.count ?? 1,
            memo: v.memo?.trim() || undefined,
          },
          { once: true },
        )
      }
      success={(issued) => t('assets.coupon.issued', { count: issued.length })}
      invalidates={[couponsKey(memberId)]}
      onClose={onClose}
    >
      <DefinitionPick />
      <Form.Item name="shopId" label={t('assets.coupon.shop')} rules={required}>
        <LocationSelect withWarehouse={false} />
      </Form.Item>
      <Form.Item name="count" label={t('assets.coupon.count')}>
        <InputNumber min={1} max={20} precision={0} />
      </Form.Item>
      <Form.Item name="memo" label={t('assets.pkg.memo')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

/** The kind, then an enabled definition of that kind (discount coupons have no face value and are left out). */
function DefinitionPick() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const kind: MemberCouponKind = Form.useWatch('kind', form) ?? 'coupon';
  const definitions = useQuery({
    queryKey: ['coupon-definitions', kind],
    queryFn: () => http.read(z.array(couponDefinitionPick), definitionPaths[kind]),
  });
  return (
    <>
      <Form.Item name="kind" label={t('assets.coupon.kind')}>
        <Radio.Group
          onChange={() => form.setFieldValue('definitionId', undefined)}
          options={(['coupon', 'redEnvelope'] as const).map((k) => ({ value: k, label: pickLabel(memberCouponKindLabels[k]) }))}
        />
      </Form.Item>
      <Form.Item name="definitionId" label={t('assets.coupon.definition')} rules={[{ required: true, message: t('assets.pkg.required') }]}>
        <Select
          loading={definitions.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(definitions.data ?? [])
            .filter((d) => d.couponType !== 2)
            .map((d) => ({ value: d.id, label: `${d.name}（${d.code}）` }))}
        />
      </Form.Item>
    </>
  );
}

function WithdrawModal({ memberId, item, onClose }: { memberId: number; item: MemberCouponRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ reason: string }>
      open
      title={t('assets.coupon.withdrawTitle', { code: item.code })}
      initialValues={{}}
      send={(v) => http.post(memberCouponPaths.withdraw, { id: item.id, reason: v.reason.trim() }, { once: true })}
      success="assets.coupon.withdrawn"
      invalidates={[couponsKey(memberId)]}
      onClose={onClose}
    >
      <Form.Item
        name="reason"
        label={t('assets.coupon.reason')}
        rules={[{ required: true, whitespace: true, message: t('assets.coupon.reasonRequired') }]}
      >
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
