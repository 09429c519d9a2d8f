import { EXPENSE_API, type fundRecordRow, fundRecords } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http } from '../../../platform/http';
import { formatMoney } from '../../../platform/money';
import { ShopSelect, useShops } from '../../../platform/shops';

type Row = z.infer<typeof fundRecordRow>;
const kindColor = { request: 'blue', expense: 'orange', redeposit: 'purple', adjustment: 'gold' } as const;

/** /admin/finance/fund-records — a shop's petty-cash ledger: the float, then every movement with the running balance. */
export default function FundRecordsPage() {
  const { t } = useTranslation();
  const { shops } = useShops();
  const [picked, setPicked] = useState<number | null>(null);
  const shopId = picked ?? shops[0]?.id ?? null;
  const q = useQuery({
    queryKey: ['fund-records', shopId],
    enabled: shopId !== null,
    queryFn: ({ signal }) => http.read(fundRecords, EXPENSE_API.fundRecords, { shopId: shopId ?? undefined }, { signal }),
  });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <ShopSelect value={shopId} onChange={setPicked} style={{ width: 240 }} />
        <Typography.Text type="secondary">{t('finance.funds.recordsHelp')}</Typography.Text>
      </Space>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('finance.funds.float')}>{formatMoney(q.data?.float ?? 0)}</Descriptions.Item>
        <Descriptions.Item label={t('finance.funds.currentBalance')}>
          <Typography.Text strong>{formatMoney(q.data?.balance ?? 0)}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Table<Row>
        rowKey={(r) => `${r.kind}:${r.billNo}`}
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.rows ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: t('finance.funds.day'), dataIndex: 'date', width: 110 },
          {
            title: t('finance.funds.kind'),
            dataIndex: 'kind',
            width: 110,
            render: (k: Row['kind']) => <Tag color={kindColor[k]}>{t(`finance.funds.recordKind.${k}`)}</Tag>,
          },
          { title: t('finance.funds.billNo'), dataIndex: 'billNo', width: 180 },
          { title: t('finance.funds.amount'), dataIndex: 'amount', width: 130, align: 'right', render: (v: number) => formatMoney(v) },
          {
            title: t('finance.funds.runningBalance'),
            dataIndex: 'balance',
            width: 130,
            align: 'right',
            render: (v: number) => formatMoney(v),
          },
        ]}
      />
    </Card>
  );
}
