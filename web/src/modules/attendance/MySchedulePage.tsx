import { MY_SCHEDULE_PATH, mySchedule } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyMonth, shopClock } from '../../platform/clock';
import { http } from '../../platform/http';
import { StatusTag } from './parts';

/** /m/my-schedule — the signed-in employee's month on a phone: each day's shift and punches. */
export default function MySchedulePage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(companyMonth());
  const q = useQuery({
    queryKey: ['attendance-my-schedule', month],
    queryFn: ({ signal }) => http.read(mySchedule, MY_SCHEDULE_PATH, { month }, { signal }),
  });
  const data = q.data;
  return (
    <Card
      size="small"
      title={t('attendance.mySchedule.title')}
      extra={
        <DatePicker
          picker="month"
          allowClear={false}
          inputReadOnly
          value={dayjs(`${month}-01`)}
          onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
        />
      }
    >
      {data && data.eeid === null ? <Alert type="warning" showIcon title={t('attendance.sign.noEmployee')} /> : null}
      <List
        size="small"
        loading={q.isLoading}
        dataSource={data?.days ?? []}
        locale={{ emptyText: t('attendance.mySchedule.none') }}
        renderItem={(day) => (
          <List.Item data-testid={`my-day-${day.cdate}`}>
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                <Typography.Text strong={day.cdate === data?.today}>
                  {day.cdate} {dayjs(day.cdate).format('ddd')}
                </Typography.Text>
                {day.className ? (
                  <Tag color={day.color ?? undefined}>
                    {day.className} {day.startTime}-{day.endTime}
                  </Tag>
                ) : (
                  <Tag>{t('attendance.rest')}</Tag>
                )}
              </Space>
              {day.onWork || day.offWork ? (
                <Typography.Text type="secondary">
                  {t('attendance.record.signIn')} {shopClock(day.onWork, day.cdate, data?.zone ?? undefined) || '—'}{' '}
                  <StatusTag status={day.onStatus} makeup={day.onBk} />
                  {t('attendance.record.signOut')} {shopClock(day.offWork, day.cdate, data?.zone ?? undefined) || '—'}{' '}
                  <StatusTag status={day.offStatus} makeup={day.offBk} />
                </Typography.Text>
              ) : null}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
