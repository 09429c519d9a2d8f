import { HistoryOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { type StockBalanceRow, type StockHistoryRow, stockBalancePage, stockHistoryPage } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Drawer, Input, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect, locationParams } from '../../platform/bills/pickers';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { formatDateTime } from '../../platform/resource/cells';
import { ExportButton } from '../../platform/resource/ExportButton';
import { pagerTotal, totalText } from '../../platform/resource/total';
import { filtersToUrl, useListUrlState } from '../../platform/tabs/urlState';
import { STOCK } from './api';

/** Movement history of one product in one location; every row opens its bill. */
function HistoryDrawer({ row, onClose }: { row: StockBalanceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tab = useTab();
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const params = row
    ? {
        productId: row.productId,
        ...(row.shopId === null ? { warehouse: 1 } : { shopid: row.shopId }),
        dateFrom: range?.[0]?.format('YYYY-MM-DD'),
        dateTo: range?.[1]?.format('YYYY-MM-DD'),
        page,
        pageSize: 20,
      }
    : {};
  const q = useQuery({
    queryKey: ['stock-history', params],
    queryFn: ({ signal }) => http.read(stockHistoryPage, STOCK.history, params, { signal }),
    enabled: !!row,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      size={820}
      destroyOnHidden
      title={row ? t('stock.balance.historyTitle', { product: row.productName, location: row.shopName }) : ''}
      className="ho-stock-history"
    >
      <Space style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
        {row ? (
          <Typography.Text type="secondary">
            {t('stock.balance.quantity')}: <Typography.Text strong>{row.quantity}</Typography.Text> {row.unit}
          </Typography.Text>
        ) : null}
      </Space>
      <Table<StockHistoryRow>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={{
          current: page,
          pageSize: 20,
          total: pagerTotal(q.data),
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (n) => totalText(n, q.data, t),
        }}
        columns={[
          { title: t('stock.balance.at'), dataIndex: 'at', width: 140, render: (v: string) => formatDateTime(v) },
          {
            title: t('stock.balance.bill'),
            dataIndex: 'billNo',
            width: 170,
            render: (v: string | null, r) =>
              r.link ? (
                <Typography.Link
                  onClick={() => {
                    onClose();
                    tab.open(r.link as string);
                  }}
                >
                  {v ?? r.billId}
                </Typography.Link>
              ) : (
                (v ?? '')
              ),
          },
          { title: t('stock.billDate'), dataIndex: 'billDate', width: 100 },
          {
            title: t('stock.reason'),
            dataIndex: 'reasonName',
            render: (v: string | null, r) => (
              <Space size={4}>
                {v}
                {r.reversesId ? <Tag color="orange">{t('stock.balance.reverses')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('stock.balance.delta'),
            dataIndex: 'delta',
            width: 90,
            align: 'right',
            render: (v: number) => (
              <Typography.Text type={v < 0 ? 'danger' : 'success'} strong>
                {v > 0 ? `+${v}` : v}
              </Typography.Text>
            ),
          },
          { title: t('stock.balance.after'), dataIndex: 'balance', width: 100, align: 'right' },
        ]}
      />
    </Drawer>
  );
}

/** /admin/stock/balances — balance by location × product with value; a product's movement history. */
export default function BalancesPage() {
  const { t } = useTranslation();
  // the location, search, sort and page live in the URL too, so a refresh shows the same list
  const [fromUrl, writeUrl] = useListUrlState(true);
  const urlLocation = Number(fromUrl.filters.location);
  const [location, setLocation] = useState<number | undefined>(Number.isInteger(urlLocation) ? urlLocation : undefined);
  const [keyword, setKeyword] = useState(fromUrl.filters.keyword ?? '');
  const [applied, setApplied] = useState(fromUrl.filters.keyword ?? '');
  const [nonZero, setNonZero] = useState(fromUrl.filters.nonZero === '1');
  const [page, setPage] = useState(fromUrl.page ?? 1);
  const [pageSize, setPageSize] = useState(fromUrl.pageSize ?? 20);
  const [sort, setSort] = useState<string | undefined>(fromUrl.sort);
  const [history, setHistory] = useState<StockBalanceRow | null>(null);
  useEffect(() => {
    writeUrl(
      { filters: filtersToUrl({ location, keyword: applied, nonZero: nonZero ? 1 : undefined }), page, pageSize, sort },
      { pageSize: 20 },
    );
  }, [writeUrl, location, applied, nonZero, page, pageSize, sort]);
  const params = { ...locationParams(location), keyword: applied, nonZero: nonZero ? 1 : undefined, sort, page, pageSize };
  const sortOrder = (key: string) => (sort === key ? ('ascend' as const) : sort === `-${key}` ? ('descend' as const) : null);
  const sorted = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) });
  const q = useQuery({
    queryKey: ['stock-balance', params],
    queryFn: ({ signal }) => http.read(stockBalancePage, STOCK.balance, params, { signal }),
    placeholderData: keepPreviousData,
  });
  const sum = q.data?.summary;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="ho-balances">
      <Card size="small">
        <Space wrap>
          <LocationSelect
            value={location}
            onChange={(v) => {
              setLocation(v);
              setPage(1);
            }}
            allowClear
            placeholder={t('stock.balance.allLocations')}
            style={{ width: 220 }}
          />
          <Input
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => {
              setApplied(keyword.trim());
              setPage(1);
            }}
            placeholder={t('stock.productPh')}
            style={{ width: 220 }}
            aria-label={t('stock.balance.keyword')}
          />
          <Checkbox
            checked={nonZero}
            onChange={(e) => {
              setNonZero(e.target.checked);
              setPage(1);
            }}
          >
            {t('stock.balance.nonZero')}
          </Checkbox>
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => {
              setApplied(keyword.trim());
              setPage(1);
            }}
          >
            {t('common.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} aria-label={t('common.refresh')} />
        </Space>
      </Card>
      <Card
        size="small"
        title={<Typography.Text strong>{t('stock.balance.title')}</Typography.Text>}
        extra={
          <Space>
            {sum ? (
              <Typography.Text type="secondary" className="ho-balance-summary">
                {t('stock.balance.summary', { quantity: sum.quantity, value: formatMoney(sum.value) })}
              </Typography.Text>
            ) : null}
            <ExportButton path={STOCK.balanceExport} params={params} fileName={t('stock.balance.title')} />
          </Space>
        }
      >
        <Table<StockBalanceRow>
          size="small"
          rowKey="id"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          scroll={{ x: 960 }}
          locale={{ emptyText: <EmptyState compact /> }}
          pagination={{
            current: page,
            pageSize,
            total: pagerTotal(q.data),
            showSizeChanger: true,
            showTotal: (n) => totalText(n, q.data, t),
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const next = s?.order ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : undefined;
            if (next !== sort) {
              setSort(next);
              setPage(1);
              return;
            }
            const size = pagination.pageSize ?? pageSize;
            setPage(size !== pageSize ? 1 : (pagination.current ?? 1));
            setPageSize(size);
          }}
          columns={[
            { title: t('stock.location'), dataIndex: 'shopName', width: 160, ellipsis: true, ...sorted('shopId') },
            { title: t('common.code'), dataIndex: 'pcode', width: 100, ...sorted('pcode') },
            { title: t('stock.product'), dataIndex: 'productName', ellipsis: true, ...sorted('productName') },
            { title: t('stock.spec'), dataIndex: 'spec', width: 90 },
            { title: t('stock.unit'), dataIndex: 'unit', width: 60 },
            {
              title: t('stock.balance.quantity'),
              dataIndex: 'quantity',
              width: 100,
              ...sorted('quantity'),
              align: 'right',
              render: (v: number) => (
                <Typography.Text strong type={v < 0 ? 'danger' : undefined} className="ho-balance-qty">
                  {v}
                </Typography.Text>
              ),
            },
            {
              title: t('stock.balance.purchasePrice'),
              dataIndex: 'purchasePrice',
              width: 100,
              align: 'right',
              render: (v: number) => formatMoney(v),
            },
            { title: t('stock.balance.value'), dataIndex: 'value', width: 120, align: 'right', render: (v: number) => formatMoney(v) },
            { title: t('common.updatedAt'), dataIndex: 'updatedAt', width: 140, render: (v: string) => formatDateTime(v) },
            {
              title: t('common.actions'),
              key: 'actions',
              width: 80,
              fixed: 'right',
              render: (_: unknown, r) => (
                <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistory(r)}>
                  {t('stock.balance.history')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <HistoryDrawer row={history} onClose={() => setHistory(null)} />
    </Space>
  );
}
