import { TURNOVER_PATH, turnoverAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

/** /admin/cashier/turnover — money taken per shop and pay type over the chosen business days (this month by default). */
export default function TurnoverPage() {
  const { t } = useTranslation();
  const [shopid, setShopid] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const params = { shopid: shopid ?? undefined, dateFrom: range[0].format('YYYY-MM-DD'), dateTo: range[1].format('YYYY-MM-DD') };
  const data = useQuery({ queryKey: ['turnover', params], queryFn: () => http.read(turnoverAnswer, TURNOVER_PATH, params) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <ShopSelect value={shopid} onChange={setShopid} allowClear placeholder={t('till.chooseShop')} />
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              onChange={(v) => {
                if (v?.[0] && v[1]) setRange([v[0], v[1]]);
              }}
            />
          </Space>
        }
      >
        <Typography.Paragraph data-testid="turnover-total">
          {t('till.turnoverTotal', { amount: formatMoney(data.data?.total ?? 0) })}
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey="shopId"
          loading={data.isLoading}
          dataSource={data.data?.shops}
          pagination={false}
          columns={[
            { title: t('till.shop'), dataIndex: 'shopName' },
            { title: t('till.bills'), dataIndex: 'bills', width: 120 },
            { title: t('till.amount'), dataIndex: 'amount', width: 160, render: (v) => formatMoney(v) },
          ]}
        />
      </Card>
      <Card size="small" title={t('till.byPayType')}>
        <Table
          size="small"
          rowKey={(r) => `${r.shopId}-${r.payTypeId}`}
          loading={data.isLoading}
          dataSource={data.data?.rows}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: t('till.shop'), dataIndex: 'shopName' },
            { title: t('till.payType'), render: (_, r) => `${r.payCode} ${r.payName}` },
            { title: t('till.bills'), dataIndex: 'bills', width: 120 },
            { title: t('till.amount'), dataIndex: 'amount', width: 160, render: (v) => formatMoney(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
