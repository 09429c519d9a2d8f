import { smsOutboxPage } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatDateTime } from '../../platform/resource/cells';
import { pagerTotal, totalText } from '../../platform/resource/total';
import { ASSETS } from './api';

/** /admin/assets/sms — the text messages the product sent: number, text, time. */
export default function SmsPage() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState<string>();
  const [page, setPage] = useState(1);
  const params = { mobile: mobile || undefined, page, pageSize: 20 };
  const q = useQuery({
    queryKey: ['sms-outbox', params],
    queryFn: ({ signal }) => http.read(smsOutboxPage, ASSETS.outbox, params, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card size="small">
      <Input.Search
        placeholder={t('assets.mobile')}
        allowClear
        maxLength={11}
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(v) => {
          setMobile(v.trim());
          setPage(1);
        }}
      />
      <Table
        className="ho-sms-outbox"
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <EmptyState compact /> }}
        pagination={{
          current: page,
          pageSize: 20,
          total: pagerTotal(q.data),
          onChange: setPage,
          showTotal: (n) => totalText(n, q.data, t),
        }}
        columns={[
          { title: t('assets.at'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
          { title: t('assets.mobile'), dataIndex: 'mobile', width: 130 },
          { title: t('assets.text'), dataIndex: 'text' },
          {
            title: t('assets.state'),
            dataIndex: 'state',
            width: 100,
            render: (v: string) => <Tag color={v === 'sent' ? 'green' : v === 'failed' ? 'red' : 'blue'}>{t(`assets.states.${v}`)}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
