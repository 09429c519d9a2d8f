import { type SalaryRow, salaryPage } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyMonth } from '../../platform/clock';
import { http } from '../../platform/http';
import { centsToYuan, formatMoney, yuanToCents } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

/** /admin/royalty/salary — base pay by days attended + commission + awards − penalties, per employee of the month. */
export default function SalaryPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const [month, setMonth] = useState(companyMonth());
  const [shopId, setShopId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SalaryRow | null>(null);
  const [base, setBase] = useState<number | null>(null);
  const params = { month, shopId: shopId ?? undefined, keyword: keyword || undefined, page, pageSize: 20 };
  const q = useQuery({
    queryKey: ['royalty-salary', params],
    queryFn: () => http.read(salaryPage, '/api-pers/salary/detail', params),
  });
  const save = useAction({
    run: () => http.post('/api-pers/salary/base', { rows: [{ employeeId: editing?.eeid, amount: yuanToCents(base ?? 0) ?? 0 }] }),
    success: 'common.saved',
    invalidates: [['royalty-salary']],
    done: () => setEditing(null),
  });
  const money = (key: keyof SalaryRow, title: string, width = 100) => ({
    key,
    title,
    width,
    align: 'right' as const,
    render: (_: unknown, r: SalaryRow) => formatMoney(r[key] as number),
  });
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
    >
      <Table<SalaryRow>
        size="small"
        rowKey="eeid"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1200, y: 460 }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { key: 'eecode', dataIndex: 'eecode', title: t('royalty.award.eecode'), width: 100, fixed: 'left' },
          { key: 'eename', dataIndex: 'eename', title: t('royalty.employee'), width: 110, fixed: 'left' },
          { key: 'shopName', dataIndex: 'shopName', title: t('royalty.shop'), width: 130, ellipsis: true },
          {
            key: 'monthlyBase',
            title: t('royalty.salary.monthlyBase'),
            width: 110,
            align: 'right' as const,
            render: (_: unknown, r: SalaryRow) =>
              may('royalty.salary.edit') ? (
                <Typography.Link
                  onClick={() => {
                    setEditing(r);
                    setBase(centsToYuan(r.monthlyBase));
                  }}
                >
                  {formatMoney(r.monthlyBase)}
                </Typography.Link>
              ) : (
                formatMoney(r.monthlyBase)
              ),
          },
          {
            key: 'days',
            title: t('royalty.salary.days'),
            width: 96,
            align: 'right' as const,
            render: (_: unknown, r: SalaryRow) => `${r.attendedDays}/${r.scheduledDays}`,
          },
          money('base', t('royalty.salary.base')),
          money('performance', t('royalty.st.money')),
          {
            ...money('royalty', t('royalty.st.royalty')),
            render: (_: unknown, r: SalaryRow) => (
              <span
                title={Object.entries(r.royaltyByType)
                  .map(([k, v]) => `${k}: ${formatMoney(v)}`)
                  .join('\n')}
              >
                {formatMoney(r.royalty)}
              </span>
            ),
          },
          money('zmoney', t('royalty.award.zmoney')),
          money('fmoney', t('royalty.award.fmoney')),
          { ...money('totalMoney', t('royalty.salary.total'), 110), fixed: 'right' as const },
        ]}
      />
      <Modal
        open={editing !== null}
        title={`${t('royalty.salary.monthlyBase')} ${editing?.eename ?? ''}`}
        onCancel={() => setEditing(null)}
        onOk={() => save.run()}
        confirmLoading={save.busy}
      >
        <InputNumber min={0} precision={2} prefix="¥" style={{ width: 200 }} value={base} onChange={(v) => setBase(v)} />
      </Modal>
    </Card>
  );
}
