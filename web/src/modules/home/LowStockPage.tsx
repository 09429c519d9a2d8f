import { LOW_STOCK_PATH, type LowStockRow, lowStockPage } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { pagerTotal, totalText } from '../../platform/resource/total';
import { ShopSelect } from '../../platform/shops';

const PAGE_SIZE = 20;

/** /admin/home/low-stock — 库存预警: products below their safety stock per location, the largest shortfall first. */
export default function LowStockPage() {
  const { t } = useTranslation();
  const [shopid, setShopid] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const params = { shopid: shopid ?? undefined, page, pageSize };
  const q = useQuery({
    queryKey: ['home', 'low-stock', params],
    queryFn: ({ signal }) => http.read(lowStockPage, LOW_STOCK_PATH, params, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      size="small"
      variant="borderless"
      title={
        <Space>
          <Typography.Text strong>{t('home.lowStockPage.title')}</Typography.Text>
          <ShopSelect
            value={shopid}
            onChange={(v) => {
              setShopid(v);
              setPage(1);
            }}
            allowClear
            placeholder={t('home.allShops')}
            style={{ width: 240 }}
          />
        </Space>
      }
    >
      <Table<LowStockRow>
        size="small"
        rowKey={(r) => `${r.shopId ?? 0}-${r.productId}`}
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact description={t('home.lowStockPage.empty')} /> }}
        pagination={{
          current: page,
          pageSize,
          total: pagerTotal(q.data),
          showSizeChanger: true,
          onChange: (p, size) => {
            setPage(size === pageSize ? p : 1);
            setPageSize(size);
          },
          showTotal: (n) => totalText(n, q.data, t),
        }}
        columns={[
          { key: 'code', title: t('home.lowStockPage.code'), dataIndex: 'productCode', width: 120 },
          { key: 'product', title: t('home.lowStockPage.product'), dataIndex: 'productName', ellipsis: { showTitle: true } },
          {
            key: 'location',
            title: t('home.lowStockPage.location'),
            dataIndex: 'shopName',
            ellipsis: { showTitle: true },
            render: (v: string | null) => v ?? t('home.lowStockPage.warehouse'),
          },
          { key: 'quantity', title: t('home.lowStockPage.quantity'), dataIndex: 'quantity', width: 96, align: 'right' },
          { key: 'safety', title: t('home.lowStockPage.safetyStock'), dataIndex: 'safetyStock', width: 110, align: 'right' },
          {
            key: 'shortfall',
            title: t('home.lowStockPage.shortfall'),
            dataIndex: 'shortfall',
            width: 96,
            align: 'right',
            render: (v: number) => <Typography.Text type="danger">{v}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
