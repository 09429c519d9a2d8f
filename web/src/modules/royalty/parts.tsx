import { QuestionCircleOutlined } from '@ant-design/icons';
import { perfExplanation, type RoyaltyEmployeeSum, type RoyaltyRow, type RoyaltyStatement, rateText } from '@headoffice/contract';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../platform/i18n';
import { formatMoney } from '../../platform/money';

/** The 业绩 column's title: what performance is made of, for every row. */
function PerfTitle() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('royalty.st.perfHelp')}>
      <Space size={4}>
        {t('royalty.st.money')}
        <QuestionCircleOutlined aria-label={t('royalty.st.perfHelp')} />
      </Space>
    </Tooltip>
  );
}

/** A row's 业绩 with where it comes from (the line's pay types, fees, what does not count, the employee's share). */
function PerfCell({ row }: { row: RoyaltyRow }) {
  const { t } = useTranslation();
  const why = perfExplanation(row, formatMoney, currentLang());
  if (!why) return <>{formatMoney(row.money)}</>;
  return (
    <Tooltip title={<span data-testid="perf-from">{`${t('royalty.st.perfFrom')}：${why}`}</span>}>
      <Typography.Text underline style={{ textDecorationStyle: 'dotted' }}>
        {formatMoney(row.money)}
      </Typography.Text>
    </Tooltip>
  );
}

/** Each employee's subtotal of the statement (every matching row, not only the page's). */
export function SubtotalsTable({ employees, onPick }: { employees: RoyaltyEmployeeSum[]; onPick?: (eeid: number) => void }) {
  const { t } = useTranslation();
  const money = (key: 'money' | 'base' | 'cost' | 'royalty', title: string) => ({
    key,
    dataIndex: key,
    title,
    width: 110,
    align: 'right' as const,
    render: (v: number) => formatMoney(v),
  });
  return (
    <Table<RoyaltyEmployeeSum>
      size="small"
      rowKey="eeid"
      title={() => t('royalty.st.subtotals')}
      dataSource={employees}
      pagination={false}
      scroll={{ y: 200 }}
      data-testid="royalty-subtotals"
      columns={[
        {
          key: 'eename',
          title: t('royalty.employee'),
          width: 140,
          render: (_: unknown, e) => (onPick ? <Typography.Link onClick={() => onPick(e.eeid)}>{e.eename}</Typography.Link> : e.eename),
        },
        { key: 'rows', dataIndex: 'rows', title: t('royalty.st.rows'), width: 70, align: 'right' as const },
        money('money', t('royalty.st.money')),
        money('base', t('royalty.st.base')),
        money('cost', t('royalty.st.cost')),
        money('royalty', t('royalty.st.royalty')),
      ]}
    />
  );
}

/** The month's figures line above a statement. */
export function SumLine({ data }: { data?: RoyaltyStatement }) {
  const { t } = useTranslation();
  if (!data) return null;
  const m = (n: number) => formatMoney(n);
  return (
    <Typography.Text strong>
      {t('royalty.st.sum', { money: m(data.sum.money), base: m(data.sum.base), cost: m(data.sum.cost), royalty: m(data.sum.royalty) })}
    </Typography.Text>
  );
}

/** The statement's rows: one per bill line and employee, with base, cost, rate, tier and commission. */
export function RowsTable({
  rows,
  loading,
  onBill,
  showEmployee = true,
  pagination,
}: {
  rows: RoyaltyRow[];
  loading?: boolean;
  onBill?: (billId: number) => void;
  showEmployee?: boolean;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (p: number, s: number) => void };
}) {
  const { t } = useTranslation();
  const money = (key: keyof RoyaltyRow, title: string, width = 96) => ({
    key,
    dataIndex: key,
    title,
    width,
    align: 'right' as const,
    render: (v: number) => formatMoney(v),
  });
  const causeColor: Record<string, string> = { settle: 'blue', revise: 'orange', revoke: 'red', adjust: 'purple' };
  return (
    <Table<RoyaltyRow>
      size="small"
      rowKey="perfId"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 1500, y: 420 }}
      pagination={
        pagination === false
          ? false
          : pagination && { ...pagination, showTotal: (total: number) => t('common.total', { total }), showSizeChanger: true }
      }
      columns={[
        ...(showEmployee
          ? [
              {
                key: 'eename',
                title: t('royalty.employee'),
                width: 110,
                fixed: 'left' as const,
                render: (_: unknown, r: RoyaltyRow) => r.eename,
              },
              {
                key: 'ps',
                title: t('royalty.st.position'),
                width: 110,
                render: (_: unknown, r: RoyaltyRow) => [r.psname, r.pslname].filter(Boolean).join(' / '),
              },
            ]
          : []),
        {
          key: 'billcode',
          title: t('royalty.st.billNo'),
          width: 150,
          render: (_: unknown, r: RoyaltyRow) =>
            onBill ? (
              <Typography.Link onClick={() => onBill(r.billId)} data-testid="royalty-bill-link">
                {r.billcode}
              </Typography.Link>
            ) : (
              r.billcode
            ),
        },
        { key: 'billdate', dataIndex: 'billdate', title: t('royalty.st.date'), width: 100 },
        { key: 'shopName', dataIndex: 'shopName', title: t('royalty.shop'), width: 120, ellipsis: true },
        { key: 'sername', dataIndex: 'sername', title: t('royalty.st.line'), width: 130, ellipsis: true },
        {
          key: 'isAppoint',
          title: t('royalty.st.appoint'),
          width: 96,
          render: (_: unknown, r: RoyaltyRow) => (r.isAppoint ? t('royalty.st.appoint') : t('royalty.st.notAppoint')),
        },
        { key: 'station', dataIndex: 'station', title: t('royalty.st.station'), width: 76, align: 'right' as const },
        {
          key: 'cause',
          title: t('royalty.st.cause'),
          width: 90,
          render: (_: unknown, r: RoyaltyRow) => (
            <>
              <Tag color={causeColor[r.cause]}>{t(`royalty.st.${r.cause}`)}</Tag>
              {r.lateFrom && <Tag>{t('royalty.lock.late', { month: r.lateFrom })}</Tag>}
            </>
          ),
        },
        { ...money('money', t('royalty.st.money')), title: <PerfTitle />, render: (_: unknown, r: RoyaltyRow) => <PerfCell row={r} /> },
        { key: 'paytype', dataIndex: 'paytype', title: t('royalty.st.paytype'), width: 120, ellipsis: true },
        money('base', t('royalty.st.base')),
        money('cost', t('royalty.st.cost'), 84),
        {
          key: 'rate',
          title: t('royalty.st.rate'),
          width: 110,
          align: 'right' as const,
          render: (_: unknown, r: RoyaltyRow) => rateText(r, formatMoney),
        },
        {
          key: 'tier',
          title: t('royalty.st.tier'),
          width: 110,
          render: (_: unknown, r: RoyaltyRow) => (r.tier ? `${r.tier} (${r.prnname ?? ''})` : ''),
        },
        { key: 'royaltyTypeName', dataIndex: 'royaltyTypeName', title: t('royalty.st.typeName'), width: 100, ellipsis: true },
        {
          key: 'schemeName',
          title: t('royalty.st.schemeName'),
          width: 110,
          ellipsis: true,
          render: (_: unknown, r: RoyaltyRow) => r.schemeName ?? t('royalty.st.noScheme'),
        },
        { ...money('royalty', t('royalty.st.royalty')), fixed: 'right' as const },
      ]}
    />
  );
}
