import { refundDetail, refundPage, type refundRow } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { formatDateTime } from '../../platform/resource/cells';
import { pagerTotal, totalText } from '../../platform/resource/total';
import { ASSETS } from './api';

type Row = z.infer<typeof refundRow>;

/** /admin/assets/refunds — direct refunds of the chain, newest first; a refund's lines. */
export default function RefundsPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const params = { keyword: keyword || undefined, page, pageSize: 20 };
  const q = useQuery({
    queryKey: ['refunds', params],
    queryFn: ({ signal }) => http.read(refundPage, ASSETS.refunds, params, { signal }),
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({
    queryKey: ['refund', open],
    queryFn: ({ signal }) => http.read(refundDetail, `${ASSETS.refund}/${open}`, undefined, { signal }),
    enabled: open !== null,
  });
  return (
    <Card size="small">
      <Input.Search
        placeholder={t('assets.keywordPh')}
        allowClear
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Table<Row>
        className="ho-refunds"
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
          {
            title: t('assets.refundNo'),
            dataIndex: 'billNo',
            width: 170,
            render: (v: string, r) => <Typography.Link onClick={() => setOpen(r.id)}>{v}</Typography.Link>,
          },
          { title: t('assets.member'), dataIndex: 'memberName', width: 100 },
          { title: t('assets.mobile'), dataIndex: 'mobile', width: 120 },
          { title: t('assets.shop'), dataIndex: 'shopName', width: 130, render: (v: string | null) => v ?? t('assets.headOffice') },
          { title: t('assets.cardJe'), dataIndex: 'cardJe', width: 110, align: 'right', render: (v: number) => formatMoney(v) },
          { title: t('assets.fee'), dataIndex: 'freeCard', width: 100, align: 'right', render: (v: number) => formatMoney(v) },
          {
            title: t('assets.giftWrittenOff'),
            dataIndex: 'giftWrittenOff',
            width: 110,
            align: 'right',
            render: (v: number) => formatMoney(v),
          },
          { title: t('assets.createdAt'), dataIndex: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
          { title: t('assets.by'), dataIndex: 'createdBy', width: 90 },
          { title: t('assets.memo'), dataIndex: 'memo', ellipsis: true },
        ]}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} size={720} title={detail.data?.billNo} destroyOnHidden>
        {detail.data ? (
          <>
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'm', label: t('assets.member'), children: `${detail.data.memberName} ${detail.data.mobile}` },
                { key: 's', label: t('assets.shop'), children: detail.data.shopName ?? t('assets.headOffice') },
                { key: 'j', label: t('assets.cardJe'), children: formatMoney(detail.data.cardJe) },
                { key: 'f', label: t('assets.fee'), children: formatMoney(detail.data.freeCard) },
              ]}
            />
            <Table
              rowKey={(r) => `${r.cardId}-${r.shopId}`}
              size="small"
              pagination={false}
              dataSource={detail.data.lines}
              columns={[
                { title: t('assets.cardNo'), dataIndex: 'cardNo' },
                { title: t('assets.shop'), dataIndex: 'shopName' },
                { title: t('assets.refundPrincipal'), dataIndex: 'tkje', align: 'right', render: (v: number) => formatMoney(v) },
                { title: t('assets.refundGift'), dataIndex: 'tzje', align: 'right', render: (v: number) => formatMoney(v) },
                { title: '', dataIndex: 'closed', render: (v: boolean) => (v ? <Tag>{t('assets.closed')}</Tag> : null) },
              ]}
            />
          </>
        ) : null}
      </Drawer>
    </Card>
  );
}
