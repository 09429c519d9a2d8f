import type { RoyaltyStatement } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyMonth } from '../../platform/clock';
import { http, isApiError } from '../../platform/http';
import { centsToYuan } from '../../platform/money';
import { RY } from './api';
import { RowsTable } from './parts';

/** /m/my-pay — the signed-in employee's month: performance and commission line by line, nobody else's. */
export default function MyPayPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(companyMonth());
  const q = useQuery({ queryKey: ['royalty-my', month], retry: false, queryFn: () => http.get<RoyaltyStatement>(RY.my, { month }) });
  return (
    <div>
      <Card
        size="small"
        title={t('royalty.my.title')}
        extra={
          <DatePicker picker="month" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} />
        }
      >
        {q.error && <Alert type="warning" showIcon message={isApiError(q.error) ? q.error.message : t('royalty.my.unlinked')} />}
        {q.data && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space size={48}>
              <Statistic title={t('royalty.my.perf')} value={centsToYuan(q.data.sum.money) ?? 0} precision={2} prefix="¥" />
              <Statistic
                title={t('royalty.my.total')}
                value={centsToYuan(q.data.sum.royalty) ?? 0}
                precision={2}
                prefix="¥"
                data-testid="my-royalty"
              />
            </Space>
            {month === companyMonth() && <Alert type="info" showIcon message={t('royalty.st.provisional')} />}
            <RowsTable rows={q.data.list} showEmployee={false} pagination={false} />
          </Space>
        )}
      </Card>
    </div>
  );
}
