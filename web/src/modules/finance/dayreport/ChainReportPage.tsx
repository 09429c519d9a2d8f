import { DownloadOutlined } from '@ant-design/icons';
import { CHAIN_REPORT, CHAIN_REPORT_COLUMNS, type ChainReport, chainReport } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Segmented, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '../../../platform/bills/labels';
import { companyToday } from '../../../platform/clock';
import { download, http } from '../../../platform/http';
import { currentLang } from '../../../platform/i18n';
import { formatMoney } from '../../../platform/money';
import { ShopMultiSelect } from '../../../platform/shops';

type Row = ChainReport['rows'][number];

/** The range of a day, or of the month of a day (never past the last day of that month). */
function rangeOf(mode: 'day' | 'month', day: string) {
  if (mode === 'day') return { srq: day, erq: day };
  const d = dayjs(day);
  return { srq: d.startOf('month').format('YYYY-MM-DD'), erq: d.endOf('month').format('YYYY-MM-DD') };
}

/**
 * /admin/finance/chain-report — 门店日报汇总: for a day (yesterday when opened) or a month, one row per shop the user
 * sees with the daily report's totals, the chain's total beneath; narrowed by region or shop; exported as a workbook.
 */
export default function ChainReportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLang();
  const k = (key: string, params?: Record<string, unknown>) => t(`finance.chainreport.${key}`, params);
  const [mode, setMode] = useState<'day' | 'month'>('day');
  const [day, setDay] = useState(() => companyToday().subtract(1, 'day').format('YYYY-MM-DD'));
  const [shopIds, setShopIds] = useState<number[]>([]);
  const range = rangeOf(mode, day);
  const params = { ...range, ...(shopIds.length ? { shopIds: shopIds.join(',') } : {}) };
  const q = useQuery({
    queryKey: ['finance-chainreport', params],
    queryFn: () => http.read(chainReport, CHAIN_REPORT.path, params),
  });
  const [exporting, setExporting] = useState(false);
  const exportBook = async () => {
    setExporting(true);
    try {
      await download(CHAIN_REPORT.exportPath, params, `${pickLabel(CHAIN_REPORT.label, lang)}.xlsx`);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<Row> = [
    { key: 'shopCode', dataIndex: 'shopCode', title: k('shopCode'), width: 90, fixed: 'left' },
    { key: 'shopName', dataIndex: 'shopName', title: k('shop'), width: 140, fixed: 'left' },
    { key: 'regionName', dataIndex: 'regionName', title: k('region'), width: 100, render: (v: string | null) => v ?? '—' },
    ...CHAIN_REPORT_COLUMNS.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: pickLabel(c.label, lang),
      align: 'right' as const,
      width: 120,
      render: (v: number) => formatMoney(v),
    })),
  ];
  const r = q.data;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as 'day' | 'month')}
            options={[
              { value: 'day', label: k('byDay') },
              { value: 'month', label: k('byMonth') },
            ]}
          />
          <DatePicker
            allowClear={false}
            picker={mode === 'month' ? 'month' : 'date'}
            value={dayjs(day)}
            onChange={(v) => v && setDay(v.format('YYYY-MM-DD'))}
          />
          <div style={{ width: 320 }}>
            <ShopMultiSelect value={shopIds} onChange={setShopIds} placeholder={k('allShops')} />
          </div>
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!r} onClick={() => void exportBook()}>
            {k('export')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {k('range', { srq: range.srq, erq: range.erq, count: r?.rows.length ?? 0 })}
      </Typography.Paragraph>
      <Table<Row>
        size="small"
        bordered
        rowKey="shopId"
        loading={q.isLoading}
        dataSource={r?.rows ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content', y: 520 }}
        data-testid="chainreport"
        summary={() =>
          r ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <strong>{k('total')}</strong>
                </Table.Summary.Cell>
                {CHAIN_REPORT_COLUMNS.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i + 3} align="right">
                    <strong data-testid={`chainreport-total-${c.key}`}>{formatMoney(r.total[c.key])}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}
