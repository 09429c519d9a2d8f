import { type AwardRow, awardPage, awardSumAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, InputNumber, Space, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyMonth } from '../../platform/clock';
import { http } from '../../platform/http';
import { centsToYuan, formatMoney, yuanToCents } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

/** /admin/royalty/awards — a month's awards and penalties, employees × items, edited in the grid and saved in one batch. */
export default function AwardsPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const canEdit = may('royalty.award.edit');
  const [month, setMonth] = useState(companyMonth());
  const [shopId, setShopId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Record<string, number>>({});
  const params = { month, shopId: shopId ?? undefined, keyword: keyword || undefined, page, pageSize: 20 };
  const q = useQuery({ queryKey: ['royalty-awards', params], queryFn: () => http.read(awardPage, '/api-pers/awarddesc/list', params) });
  const sum = useQuery({
    queryKey: ['royalty-awards-sum', month, shopId],
    queryFn: () => http.read(awardSumAnswer, '/api-pers/awarddesc/sum', { month, shopId: shopId ?? undefined }),
  });
  const save = useAction({
    run: () =>
      http.post('/api-pers/awarddesc/batchUpate', {
        month,
        rows: Object.entries(edits).map(([k, amount]) => {
          const [employeeId, itemId] = k.split(':').map(Number);
          return { employeeId, itemId, amount };
        }),
      }),
    success: 'common.saved',
    invalidates: [['royalty-awards'], ['royalty-awards-sum']],
    done: () => setEdits({}),
  });
  const cell = (r: AwardRow, itemId: number) => edits[`${r.eeid}:${itemId}`] ?? r.amounts[String(itemId)] ?? 0;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <DatePicker picker="month" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} />
          <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={t('royalty.shop')} style={{ width: 200 }} />
          <Input.Search allowClear placeholder={t('royalty.employee')} style={{ width: 160 }} onSearch={(v) => setKeyword(v.trim())} />
        </Space>
      }
      extra={
        canEdit && (
          <Button type="primary" disabled={!Object.keys(edits).length} loading={save.busy} onClick={() => save.run()}>
            {t('royalty.award.save', { count: Object.keys(edits).length })}
          </Button>
        )
      }
    >
      <Space size={48} style={{ marginBottom: 8 }}>
        <Statistic title={t('royalty.award.zmoney')} value={centsToYuan(sum.data?.zmoney) ?? 0} precision={2} prefix="¥" />
        <Statistic title={t('royalty.award.fmoney')} value={centsToYuan(sum.data?.fmoney) ?? 0} precision={2} prefix="¥" />
        <Statistic title={t('royalty.award.net')} value={centsToYuan(sum.data?.net) ?? 0} precision={2} prefix="¥" />
      </Space>
      <Table<AwardRow>
        size="small"
        rowKey="eeid"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 400 + (q.data?.items.length ?? 0) * 120, y: 420 }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { key: 'eecode', dataIndex: 'eecode', title: t('royalty.award.eecode'), width: 100, fixed: 'left' },
          { key: 'eename', dataIndex: 'eename', title: t('royalty.employee'), width: 110, fixed: 'left' },
          { key: 'shopName', dataIndex: 'shopName', title: t('royalty.shop'), width: 130, ellipsis: true },
          ...(q.data?.items ?? []).map((i) => ({
            key: `i${i.id}`,
            title: `${i.name}${i.padtype === 2 ? ' (−)' : ''}`,
            width: 120,
            render: (_: unknown, r: AwardRow) =>
              canEdit ? (
                <InputNumber
                  size="small"
                  min={0}
                  precision={2}
                  style={{ width: 100 }}
                  value={centsToYuan(cell(r, i.id))}
                  onChange={(v) => setEdits((e) => ({ ...e, [`${r.eeid}:${i.id}`]: yuanToCents(v ?? 0) ?? 0 }))}
                />
              ) : (
                formatMoney(cell(r, i.id))
              ),
          })),
          {
            key: 'zmoney',
            title: t('royalty.award.zmoney'),
            width: 100,
            align: 'right' as const,
            render: (_: unknown, r: AwardRow) => formatMoney(r.zmoney),
          },
          {
            key: 'fmoney',
            title: t('royalty.award.fmoney'),
            width: 100,
            align: 'right' as const,
            render: (_: unknown, r: AwardRow) => formatMoney(r.fmoney),
          },
        ]}
      />
    </Card>
  );
}
