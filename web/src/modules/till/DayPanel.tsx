import { TILL_PATHS as T, tillDay } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';

/** 今日汇总: the shop's day at the till (company calendar): settled bills, takings by pay type, open bills; revoked bills count nowhere. */
export function DayPanel({ shopId, open, onClose }: { shopId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const day = useQuery({
    queryKey: ['till-day', shopId],
    queryFn: () => http.read(tillDay, T.day, { shopid: shopId }),
    enabled: open,
  });
  const d = day.data;
  return (
    <Drawer open={open} onClose={onClose} title={d ? t('till.day.title', { date: d.date }) : t('till.day.button')} width={420}>
      {d && (
        <>
          <Descriptions size="small" column={1} bordered data-testid="till-day">
            <Descriptions.Item label={t('till.day.bills')}>{d.bills}</Descriptions.Item>
            <Descriptions.Item label={t('till.day.amount')}>{formatMoney(d.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('till.day.open')}>
              {t('till.day.openBills', { count: d.open.bills, amount: formatMoney(d.open.amount) })}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('till.day.note')}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="payCode"
            pagination={false}
            dataSource={d.payTypes}
            locale={{ emptyText: t('till.day.none') }}
            columns={[
              { title: t('till.payType'), dataIndex: 'payName' },
              { title: t('till.bills'), dataIndex: 'bills', width: 70, align: 'right' },
              { title: t('till.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => formatMoney(v) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
