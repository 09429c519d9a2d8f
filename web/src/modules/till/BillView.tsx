import { type RevokeReason, revokeReasons, type ServiceBillDetail, serviceBill, sharedPerfLabel } from '@headoffice/contract';
import { Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../platform/bills/labels';
import { companyDateTime } from '../../platform/clock';
import { formatMoney } from '../../platform/money';
import { BillCards } from './BillCards';
import { BillGifts } from './BillGifts';

/** A service bill: head (a revoked one: when, by whom, why), lines with their staff and shares, cards, activity gifts, payments, performance rows. */
export function BillView({ bill }: { bill: ServiceBillDetail }) {
  const { t } = useTranslation();
  const label = useLabel();
  // A revoked bill says when, by whom and why, labelled as head office's records label them.
  const head = (key: 'hcAt' | 'hcByName' | 'hcReason') => label(serviceBill.headFields[key]?.label ?? [key, key]);
  return (
    <>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('till.billNo')}>{bill.billNo}</Descriptions.Item>
        <Descriptions.Item label={t('till.handTag')}>{bill.handTag}</Descriptions.Item>
        <Descriptions.Item label={t('till.status')}>
          <StatusTag status={bill.status} isHc={bill.isHc} />
        </Descriptions.Item>
        <Descriptions.Item label={t('till.member')}>{bill.memberName ?? t('till.walkIn')}</Descriptions.Item>
        <Descriptions.Item label={t('till.cardNo')}>{bill.cardNo ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('till.amount')}>{formatMoney(bill.amount)}</Descriptions.Item>
        {bill.isHc ? <Descriptions.Item label={head('hcAt')}>{companyDateTime(bill.hcAt)}</Descriptions.Item> : null}
        {bill.isHc ? <Descriptions.Item label={head('hcByName')}>{bill.hcByName ?? '—'}</Descriptions.Item> : null}
        {bill.isHc ? (
          <Descriptions.Item label={head('hcReason')}>
            {[bill.hcReason && bill.hcReason in revokeReasons ? label(revokeReasons[bill.hcReason as RevokeReason]) : '', bill.hcMemo]
              .filter(Boolean)
              .join(' · ')}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        style={{ marginTop: 12 }}
        title={() => t('till.lines')}
        dataSource={bill.lines}
        columns={[
          {
            title: t('till.item'),
            dataIndex: 'name',
            render: (v, r) => `${t(`till.kind.${r.kind}`)} · ${v}${r.packageLineId ? ` (${t('till.byPackage')})` : ''}`,
          },
          { title: t('till.num'), dataIndex: 'num', width: 60 },
          { title: t('till.price'), dataIndex: 'price', width: 90, render: (v) => formatMoney(v) },
          { title: t('till.amount'), dataIndex: 'amount', width: 100, render: (v) => formatMoney(v) },
          { title: t('till.paid'), dataIndex: 'paid', width: 100, render: (v) => formatMoney(v) },
          {
            title: t('till.staff'),
            dataIndex: 'staff',
            render: (staff: ServiceBillDetail['lines'][number]['staff']) =>
              staff.map((s) => (
                <Tag key={`${s.station}-${s.employeeId}`} color={s.appointed ? 'blue' : undefined}>
                  {t(`till.station.${s.station}`)} {s.employeeName}
                </Tag>
              )),
          },
        ]}
      />
      <BillParts bill={bill} />
    </>
  );
}

/** What a service bill holds besides its head and lines: cards, activity gifts, payments, performance rows. */
export function BillParts({ bill }: { bill: ServiceBillDetail }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <>
      <BillCards bill={bill} />
      <BillGifts bill={bill} />
      {bill.payments.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          style={{ marginTop: 12 }}
          title={() => t('till.payments')}
          dataSource={bill.payments}
          columns={[
            {
              title: t('till.payType'),
              dataIndex: 'payName',
              render: (v, r) => `${r.payCode} ${v}${r.cardNo ? ` · ${r.cardNo}` : ''}${r.couponCode ? ` · ${r.couponCode}` : ''}`,
            },
            { title: t('till.amount'), dataIndex: 'amount', width: 110, render: (v) => formatMoney(v) },
            { title: t('till.perf'), dataIndex: 'perf', width: 110, render: (v) => formatMoney(v) },
            { title: t('till.fee'), dataIndex: 'fee', width: 90, render: (v) => formatMoney(v) },
          ]}
        />
      )}
      {bill.perf.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          style={{ marginTop: 12 }}
          title={() => t('till.perf')}
          dataSource={bill.perf}
          columns={[
            { title: t('till.item'), dataIndex: 'lineName' },
            {
              title: t('till.staff'),
              dataIndex: 'employeeName',
              render: (v, r) => `${t(`till.station.${r.station}`)} ${v ?? label(sharedPerfLabel)}`,
            },
            {
              title: t('till.appointed'),
              dataIndex: 'appointed',
              width: 90,
              render: (v) => (v ? t('till.appointed') : t('till.notAppointed')),
            },
            { title: t('till.perf'), dataIndex: 'amount', width: 110, render: (v) => formatMoney(v) },
            { title: '', dataIndex: 'cause', width: 80, render: (v) => t(`till.cause.${v}`) },
          ]}
        />
      )}
    </>
  );
}

export function StatusTag({ status, isHc }: { status: number; isHc: number }) {
  const { t } = useTranslation();
  if (isHc) return <Tag color="red">{t('till.revoked')}</Tag>;
  const colors: Record<number, string> = { 1: 'processing', 2: 'warning', 3: 'default', 4: 'success' };
  return <Tag color={colors[status]}>{t(`till.statuses.${status}`)}</Tag>;
}
