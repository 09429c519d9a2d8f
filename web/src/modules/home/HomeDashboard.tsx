import {
  AlertOutlined,
  AuditOutlined,
  CreditCardOutlined,
  DollarOutlined,
  QuestionCircleOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { HOME_FIGURES, HOME_PATH, type HomeAnswer, type HomeFigures, homeAnswer, LOW_STOCK_URL } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Space, Statistic, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../platform/FigureCard';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { ShopSelect } from '../../platform/shops';
import { INBOX_URL } from '../inbox/public';

type Field = keyof HomeFigures;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
type ShopRow = HomeAnswer['shops'][number];

const LOOK: Record<Field, { icon: ReactNode; color: string; money: boolean }> = {
  cash: { icon: <DollarOutlined />, color: '#2f54eb', money: true },
  cardUse: { icon: <CreditCardOutlined />, color: '#13c2c2', money: true },
  visits: { icon: <TeamOutlined />, color: '#52c41a', money: false },
  cardSales: { icon: <WalletOutlined />, color: '#fa8c16', money: true },
};

/**
 * The home page's figures for a business day (GET /api-home/dashboard), within the shops the user sees:
 * 现金业绩, 耗卡, 客数 and 售卡 of the day and of its month, then each shop's, then what waits (approvals, open
 * bills) and one line for the stock warnings, which are a list of their own.
 */
export function DashboardFigures() {
  const { t, i18n } = useTranslation();
  const tab = useTab();
  const [date, setDate] = useState<string | undefined>();
  const [shopid, setShopid] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['home', 'dashboard', date, shopid],
    queryFn: ({ signal }) => http.read(homeAnswer, HOME_PATH, { date, shopid: shopid ?? undefined }, { signal }),
  });
  const d = q.data;
  const show = (field: Field, n: number) => (LOOK[field].money ? formatMoney(n) : n.toLocaleString(i18n.language));
  const label = (field: Field) => (
    <Space size={4}>
      {t(`home.figures.${field}`)}
      <Tooltip title={t(`home.figureHelp.${field}`)}>
        <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />
      </Tooltip>
    </Space>
  );

  // widths from the content (a chain's month runs to eight figures): the table scrolls sideways when they do not fit
  const figureColumns = (period: 'today' | 'month'): TableColumnsType<ShopRow> =>
    HOME_FIGURES.map((field) => ({
      key: `${period}.${field}`,
      title: t(`home.figures.${field}`),
      align: 'right',
      sorter: (x, y) => x[period][field] - y[period][field],
      render: (_: unknown, r) => <span style={NO_WRAP}>{show(field, r[period][field])}</span>,
    }));
  const columns: TableColumnsType<ShopRow> = [
    { key: 'shop', title: t('home.shop'), dataIndex: 'shopName', render: (v: string) => <span style={NO_WRAP}>{v}</span> },
    { key: 'region', title: t('home.region'), dataIndex: 'regionName', render: (v: string) => <span style={NO_WRAP}>{v}</span> },
    { key: 'today', title: t('home.today'), children: figureColumns('today') },
    { key: 'month', title: t('home.month'), children: figureColumns('month') },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" variant="borderless">
        <Space wrap>
          <Typography.Text>{t('home.date')}</Typography.Text>
          <DatePicker
            allowClear={false}
            value={d ? dayjs(d.date) : date ? dayjs(date) : undefined}
            onChange={(v) => v && setDate(v.format('YYYY-MM-DD'))}
          />
          <ShopSelect value={shopid} onChange={setShopid} allowClear placeholder={t('home.allShops')} style={{ width: 240 }} />
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        {HOME_FIGURES.map((field) => (
          <Col xs={24} sm={12} xl={6} key={field}>
            <FigureCard icon={LOOK[field].icon} color={LOOK[field].color}>
              <div data-testid={`home-figure-${field}`}>
                <Statistic title={label(field)} value={d ? show(field, d.today[field]) : '—'} loading={q.isLoading} />
                <Typography.Text type="secondary">{t('home.monthValue', { value: d ? show(field, d.month[field]) : '—' })}</Typography.Text>
              </div>
            </FigureCard>
          </Col>
        ))}
      </Row>
      <Card size="small" variant="borderless">
        <Space wrap size={[24, 8]}>
          <Space size={8} data-testid="home-todo">
            <AuditOutlined style={{ color: '#fa8c16' }} />
            <Typography.Text strong>{t('home.todo')}</Typography.Text>
            <Typography.Text>{t('home.approvals', { count: d?.approvals.total ?? 0 })}</Typography.Text>
            {d?.approvals.total ? (
              <Button size="small" type="link" onClick={() => tab.open(INBOX_URL)}>
                {t('home.openInbox')}
              </Button>
            ) : null}
            <Typography.Text type="secondary">·</Typography.Text>
            <Typography.Text>{t('home.openBills', { count: d?.bills.open ?? 0 })}</Typography.Text>
            <Typography.Text type={d?.bills.expired ? 'danger' : undefined}>
              {t('home.expiredBills', { count: d?.bills.expired ?? 0 })}
            </Typography.Text>
          </Space>
          <Space size={8} data-testid="home-low-stock">
            <AlertOutlined style={{ color: d?.lowStock.total ? '#f5222d' : undefined }} />
            <Typography.Text strong>{t('home.lowStock')}</Typography.Text>
            {d?.lowStock.total ? (
              <>
                <Typography.Text type="danger">{t('home.lowStockLine', { count: d.lowStock.total })}</Typography.Text>
                <Button size="small" type="link" onClick={() => tab.open(LOW_STOCK_URL)}>
                  {t('home.seeList')}
                </Button>
              </>
            ) : (
              <Typography.Text type="secondary">{d ? t('home.noLowStock') : '—'}</Typography.Text>
            )}
          </Space>
        </Space>
      </Card>
      <Card size="small" variant="borderless" title={t('home.byShop')}>
        <Table<ShopRow>
          size="small"
          rowKey="shopId"
          loading={q.isLoading}
          dataSource={d?.shops ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={{ defaultPageSize: 20, hideOnSinglePage: true, showSizeChanger: true }}
          locale={{ emptyText: t('home.noFigures') }}
          summary={() =>
            d ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>{t('home.total')}</Typography.Text>
                </Table.Summary.Cell>
                {(['today', 'month'] as const).flatMap((period, p) =>
                  HOME_FIGURES.map((field, i) => (
                    <Table.Summary.Cell key={`${period}.${field}`} index={2 + p * HOME_FIGURES.length + i} align="right">
                      <Typography.Text strong style={NO_WRAP}>
                        {show(field, d[period][field])}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  )),
                )}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </Space>
  );
}
