import { TURNOVER_PATH, turnoverAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { ListCard, useFilters } from '../../platform/list/ListParts';
import { formatMoney } from '../../platform/money';

/** /admin/cashier/turnover — money taken per shop and pay type over the chosen business days (this month by default). */
export default function TurnoverPage() {
  const { t } = useTranslation();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('till.chooseShop') },
    { kind: 'days', month: true },
  ]);
  const params = filters.params;
  const data = useQuery({ queryKey: ['turnover', params], queryFn: () => http.read(turnoverAnswer, TURNOVER_PATH, params) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ListCard filters={filters}>
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
      </ListCard>
      <Card size="small" title={t('till.byPayType')}>
        <Table
          size="small"
          rowKey={(r) => `${r.shopId}-${r.payTypeId}`}
          loading={data.isLoading}
          dataSource={data.data?.rows}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: t('till.shop'), dataIndex: 'shopName' },
            { title: t('till.payType'), dataIndex: 'payName' },
            { title: t('till.bills'), dataIndex: 'bills', width: 120 },
            { title: t('till.amount'), dataIndex: 'amount', width: 160, render: (v) => formatMoney(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
