import { type CardRecordRow, cardRecordsPage } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { formatDateTime } from '../../platform/resource/cells';
import { pagerTotal, totalText } from '../../platform/resource/total';
import { ASSETS } from './api';

/** The card ledger (queryCardRecords), newest first: of one card, or filtered. */
export function CardRecords(props: { cardId?: number; filters?: Record<string, unknown>; compact?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const body = { ...(props.filters ?? {}), ...(props.cardId ? { cardId: props.cardId } : {}), page, pageSize };
  const q = useQuery({
    queryKey: ['card-records', body],
    queryFn: ({ signal }) => http.send(cardRecordsPage, ASSETS.records, body, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<CardRecordRow>
      className="ho-card-records"
      rowKey="id"
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: <EmptyState compact /> }}
      scroll={{ x: 1000 }}
      pagination={{
        current: page,
        pageSize,
        total: pagerTotal(q.data),
        onChange: (p, s) => {
          setPage(p);
          setPageSize(s);
        },
        showTotal: (n) => totalText(n, q.data, t),
      }}
      columns={[
        { title: t('assets.at'), dataIndex: 'at', width: 140, render: (v: string) => formatDateTime(v) },
        { title: t('assets.billNo'), dataIndex: 'billNo', width: 160 },
        ...(props.compact
          ? []
          : [
              { title: t('assets.cardNo'), dataIndex: 'cardNo', width: 140 },
              { title: t('assets.member'), dataIndex: 'memberName', width: 100 },
            ]),
        { title: t('assets.kind'), dataIndex: 'kind', width: 80, render: (v: string) => <Tag>{t(`assets.kinds.${v}`)}</Tag> },
        { title: t('assets.shop'), dataIndex: 'shopName', width: 130 },
        { title: t('assets.bucket'), dataIndex: 'bucket', width: 70, render: (v: string) => t(`assets.${v}`) },
        { title: t('assets.before'), dataIndex: 'balanceBefore', width: 100, align: 'right', render: (v: number) => formatMoney(v) },
        {
          title: t('assets.change'),
          dataIndex: 'amount',
          width: 100,
          align: 'right',
          render: (v: number) => (
            <Typography.Text type={v < 0 ? 'danger' : 'success'} strong>
              {v > 0 ? '+' : ''}
              {formatMoney(v)}
            </Typography.Text>
          ),
        },
        { title: t('assets.after'), dataIndex: 'balance', width: 100, align: 'right', render: (v: number) => formatMoney(v) },
        { title: t('assets.memo'), dataIndex: 'memo', ellipsis: true },
        { title: t('assets.by'), dataIndex: 'by', width: 90 },
      ]}
    />
  );
}
