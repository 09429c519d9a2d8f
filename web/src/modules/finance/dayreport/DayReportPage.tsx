import { PrinterOutlined } from '@ant-design/icons';
import {
  DAY_CLOSE,
  DAY_REPORT_COLUMNS,
  DAY_REPORT_CONSUMPTION,
  DAY_REPORT_FUND_ITEMS,
  DAY_REPORT_ROWS,
  type DayReport,
  type DayReportRow,
  dayReport,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../platform/auth';
import { pickLabel } from '../../../platform/bills/labels';
import { companyDateTime, companyToday } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { currentLang } from '../../../platform/i18n';
import { formatMoney } from '../../../platform/money';
import { ShopSelect, useShops } from '../../../platform/shops';
import { DayClosePanel } from './DayClosePanel';

const money = (v: number) => formatMoney(v);
const NO_WRAP: React.CSSProperties = { whiteSpace: 'nowrap' };

/** One section of the report: a titled small table, never paged (a shop's day is short), never scrolled (it prints whole). */
function Section<T extends object>({
  title,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  rows: T[];
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
}) {
  return (
    <div className="ho-dayreport-section">
      <Typography.Title level={5}>{title}</Typography.Title>
      <Table<T>
        size="small"
        bordered
        pagination={false}
        rowKey={rowKey}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}

/** /admin/finance/day-report — 日报表: a shop's business day (yesterday when opened), printed alone on A4; above it, the day's close (日结). */
export default function DayReportPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const { shops } = useShops();
  const [picked, setPicked] = useState<number | null>(null);
  const shopId = picked ?? shops[0]?.id ?? null;
  const [day, setDay] = useState(() => companyToday().subtract(1, 'day').format('YYYY-MM-DD'));
  const q = useQuery({
    queryKey: ['finance-dayreport', shopId, day],
    enabled: !!shopId,
    queryFn: () => http.read(dayReport, '/api-finance/dayreport', { shopid: shopId, day }),
  });
  const r = q.data;
  const k = (key: string) => t(`finance.dayreport.${key}`);
  const may = usePermission();

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {shopId && may(DAY_CLOSE.perms.view) ? <DayClosePanel shopId={shopId} day={day} onPickDay={setDay} /> : null}
      <Card
        size="small"
        className="ho-dayreport-card"
        title={
          <Space wrap>
            <ShopSelect value={shopId} onChange={setPicked} style={{ width: 240 }} />
            <Typography.Text>{k('day')}</Typography.Text>
            <DatePicker allowClear={false} value={dayjs(day)} onChange={(v) => v && setDay(v.format('YYYY-MM-DD'))} />
            <Button icon={<PrinterOutlined />} disabled={!r} onClick={() => window.print()}>
              {k('print')}
            </Button>
          </Space>
        }
        loading={q.isLoading}
      >
        {r ? <Report r={r} k={k} lang={lang} title={t('finance.dayreport.title', { shop: r.shopName, day: r.day })} /> : null}
      </Card>
    </Space>
  );
}

/** A line of the services or products section, or one of its totals. */
type FigureRow = { key: string; code: string; name: string; group: string; qty: number; amount: number; perf: number };

function Report({ r, k, lang, title }: { r: DayReport; k: (key: string) => string; lang: ReturnType<typeof currentLang>; title: string }) {
  const rowLabel = (row: DayReportRow) => pickLabel(DAY_REPORT_ROWS[row], lang);
  const payColumns: TableColumnsType<DayReport['pay'][number]> = [
    { key: 'row', title: k('item'), render: (_, x) => <span style={NO_WRAP}>{rowLabel(x.row)}</span> },
    ...DAY_REPORT_COLUMNS.map((c) => ({
      key: c.key,
      title: pickLabel(c.label, lang),
      align: 'right' as const,
      render: (_: unknown, x: DayReport['pay'][number]) => {
        const cell = x.cells[c.key] ?? { amount: 0, fee: 0 };
        return (
          <span style={NO_WRAP}>
            {money(cell.amount - (c.fee ? cell.fee : 0))}
            {c.fee && cell.fee ? <Typography.Text type="secondary"> +{money(cell.fee)}</Typography.Text> : null}
          </span>
        );
      },
    })),
  ];
  const moneyColumn = (key: string, title: string) => ({ key, dataIndex: key, title, align: 'right' as const, render: money });
  const figureColumns = [moneyColumn('amount', k('amount')), moneyColumn('perf', k('perf'))];
  const itemColumns: TableColumnsType<FigureRow> = [
    { key: 'code', dataIndex: 'code', title: k('code') },
    { key: 'name', dataIndex: 'name', title: k('name') },
    { key: 'qty', dataIndex: 'qty', title: k('qty'), align: 'right' },
  ];
  return (
    <div className="ho-dayreport" data-testid="dayreport">
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {title}
      </Typography.Title>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} title={k('totals')}>
        <Descriptions.Item label={k('main')}>{money(r.totals.main)}</Descriptions.Item>
        <Descriptions.Item label={k('nonOperating')}>{money(r.totals.nonOperating)}</Descriptions.Item>
        {DAY_REPORT_FUND_ITEMS.map((f) => (
          <Descriptions.Item key={f.key} label={pickLabel(f.label, lang)}>
            {money(r.totals[f.key])}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={k('funds')}>
          <strong data-testid="dayreport-funds">{money(r.totals.funds)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={k('customers')}>
          {k('billCount')} {r.customers.bills} / {k('visits')} {r.customers.visits}
        </Descriptions.Item>
        <Descriptions.Item label={k('expensesTotal')}>{money(r.totals.expenses)}</Descriptions.Item>
        <Descriptions.Item label={k('refundsTotal')}>{money(r.totals.refunds)}</Descriptions.Item>
        <Descriptions.Item label={k('withheldTotal')}>{money(r.totals.withheld)}</Descriptions.Item>
        {(Object.keys(DAY_REPORT_CONSUMPTION) as (keyof typeof DAY_REPORT_CONSUMPTION)[]).map((c) => (
          <Descriptions.Item key={c} label={pickLabel(DAY_REPORT_CONSUMPTION[c].label, lang)}>
            {money(r.consumption[c])}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Section title={k('pay')} rows={r.pay} rowKey="row" columns={payColumns} />
      {(['dj', 'djMonth'] as const).map((part) => (
        <Section
          key={part}
          title={k(part)}
          rows={r[part]}
          rowKey="djItemId"
          columns={[
            { key: 'code', dataIndex: 'code', title: k('code') },
            { key: 'name', dataIndex: 'name', title: k('name') },
            { key: 'colname', dataIndex: 'colname', title: k('colname') },
            { key: 'kind', dataIndex: 'isBk', title: k('djKind'), render: (v: number) => k(v ? 'allocation' : 'withholding') },
            moneyColumn('amount', k('amount')),
            moneyColumn('signed', k('signed')),
          ]}
        />
      ))}
      <Section<FigureRow>
        title={k('services')}
        rows={[
          ...r.services.map((x) => ({ ...x, key: `${x.itemId}-${x.serType}`, group: k(x.serType === 1 ? 'big' : 'small') })),
          { key: 'big', code: '', name: k('bigTotal'), group: '', ...r.serviceTotals.big },
          { key: 'small', code: '', name: k('smallTotal'), group: '', ...r.serviceTotals.small },
        ]}
        rowKey="key"
        columns={[...itemColumns, { key: 'group', dataIndex: 'group', title: k('serType') }, ...figureColumns]}
      />
      <Section<FigureRow>
        title={k('products')}
        rows={[
          ...r.products.map((x) => ({
            ...x,
            key: `${x.itemId}-${x.staffPurchase}`,
            group: k(x.staffPurchase ? 'staffPurchase' : 'takeHome'),
          })),
          { key: 'takeHome', code: '', name: k('takeHomeTotal'), group: '', ...r.productTotals.takeHome },
          { key: 'staff', code: '', name: k('staffTotal'), group: '', ...r.productTotals.staff },
        ]}
        rowKey="key"
        columns={[...itemColumns, { key: 'group', dataIndex: 'group', title: k('productKind') }, ...figureColumns]}
      />
      <Section
        title={k('cards')}
        rows={r.cards}
        rowKey="cardTypeId"
        columns={[
          { key: 'type', dataIndex: 'cardTypeName', title: k('cardType') },
          { key: 'openQty', dataIndex: 'openQty', title: k('openQty'), align: 'right' },
          moneyColumn('openAmount', k('openAmount')),
          { key: 'rechargeQty', dataIndex: 'rechargeQty', title: k('rechargeQty'), align: 'right' },
          moneyColumn('rechargeAmount', k('rechargeAmount')),
          moneyColumn('total', k('cardTotal')),
        ]}
      />
      <Section
        title={k('bills')}
        rows={r.bills}
        rowKey="id"
        columns={[
          { key: 'billNo', dataIndex: 'billNo', title: k('billNo') },
          { key: 'member', dataIndex: 'memberName', title: k('member'), render: (v: string | null) => v ?? '—' },
          moneyColumn('amount', k('amount')),
          { key: 'settledAt', dataIndex: 'settledAt', title: k('settledAt'), render: (v: string | null) => companyDateTime(v) },
        ]}
      />
      <Section
        title={k('expenses')}
        rows={r.expenses}
        rowKey="id"
        columns={[
          { key: 'billNo', dataIndex: 'billNo', title: k('billNo') },
          { key: 'item', dataIndex: 'itemName', title: k('item'), render: (v: string | null) => v ?? '—' },
          moneyColumn('total', k('amount')),
          { key: 'memo', dataIndex: 'memo', title: k('memo') },
        ]}
      />
      <Section
        title={k('refunds')}
        rows={r.refunds}
        rowKey="billNo"
        columns={[
          { key: 'billNo', dataIndex: 'billNo', title: k('billNo') },
          {
            key: 'kind',
            dataIndex: 'kind',
            title: k('refundKind'),
            render: (v: 'card' | 'offline') => k(v === 'card' ? 'cardRefund' : 'offlineRefund'),
          },
          moneyColumn('totalMoney', k('amount')),
          { key: 'reviewedAt', dataIndex: 'reviewedAt', title: k('reviewedAt'), render: (v: string | null) => companyDateTime(v) },
        ]}
      />
    </div>
  );
}
