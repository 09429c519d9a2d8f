import { EXPENSE_API, shopLimitRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { companyToday } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { formatMoney } from '../../../platform/money';
import { ShopSelect } from '../../../platform/shops';

type Row = z.infer<typeof shopLimitRow>;

/** /admin/finance/limits — every shop's spending limit per item for a month (getAllShopIolimitMoney). */
export default function LimitsPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState<Dayjs>(companyToday());
  const [shopId, setShopId] = useState<number | null>(null);
  const ym = month.format('YYYY-MM');
  const q = useQuery({
    queryKey: ['finance-limits', ym, shopId],
    queryFn: ({ signal }) =>
      http.read(z.array(shopLimitRow), EXPENSE_API.allShopLimits, { month: ym, shopId: shopId ?? undefined }, { signal }),
  });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker picker="month" value={month} allowClear={false} onChange={(v) => v && setMonth(v)} />
        <ShopSelect value={shopId} onChange={setShopId} allowClear style={{ width: 220 }} placeholder={t('finance.funds.shop')} />
        <Typography.Text type="secondary">{t('finance.funds.limitsHelp')}</Typography.Text>
      </Space>
      <Table<Row>
        rowKey={(r) => `${r.shopId}:${r.itemId}`}
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: t('finance.funds.shop'), dataIndex: 'shopName', width: 180 },
          { title: t('finance.funds.item'), dataIndex: 'itemName', width: 160 },
          { title: t('finance.funds.month'), dataIndex: 'month', width: 100 },
          { title: t('finance.funds.limit'), dataIndex: 'amount', width: 140, align: 'right', render: (v: number) => formatMoney(v) },
        ]}
      />
    </Card>
  );
}
