import { ROYALTY_STATEMENT_EXPORT, type RoyaltyStatement, serviceBillDetail } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Drawer, Input, Popconfirm, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { companyDateTime, companyMonth } from '../../platform/clock';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ExportButton } from '../../platform/resource/ExportButton';
import { ShopSelect, useShops } from '../../platform/shops';
import { BillView } from '../till/public';
import { RY, useOptions } from './api';
import { RowsTable, SubtotalsTable, SumLine } from './parts';

/** /admin/royalty/statement — the month's commission rows by shop, employee and bill, each opening its bill. */
export default function StatementPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(companyMonth());
  // A big chain's whole month is heavy: the page opens on the first shop; clearing it asks for every shop.
  const [chosenShop, setShopId] = useState<number | null | undefined>(undefined);
  const { shops } = useShops();
  const shopId = chosenShop === undefined ? (shops[0]?.id ?? null) : chosenShop;
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [billNo, setBillNo] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const [bill, setBill] = useState<number | null>(null);
  const staff = useOptions('/api-base/employee/chain/list/all');
  const body = { month, shopId: shopId ?? undefined, employeeId: employeeId ?? undefined, billNo: billNo || undefined, ...page };
  const q = useQuery({
    queryKey: ['royalty-statement', body],
    enabled: chosenShop !== undefined || shops.length > 0,
    queryFn: () => http.post<RoyaltyStatement>(RY.statement, body),
  });
  const detail = useQuery({
    queryKey: ['royalty-bill', bill],
    enabled: bill !== null,
    queryFn: () => http.read(serviceBillDetail, RY.billDetail(bill as number)),
  });
  const may = usePermission();
  const lock = useAction({
    run: () => http.post(RY.lock, { month }),
    success: 'common.saved',
    invalidates: [['royalty-statement']],
  });
  const current = month === companyMonth();
  const locked = q.data?.locked;
  const one = q.data?.employees.length === 1 ? q.data.employees[0] : undefined;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
            data-testid="royalty-month"
          />
          <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={t('royalty.shop')} style={{ width: 200 }} />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('royalty.employee')}
            style={{ width: 180 }}
            value={employeeId}
            onChange={(v) => setEmployeeId(v ?? null)}
            options={staff.data ?? []}
          />
          <Input.Search
            allowClear
            placeholder={t('royalty.st.billNoSearch')}
            style={{ width: 180 }}
            onSearch={(v) => setBillNo(v.trim())}
          />
        </Space>
      }
      extra={
        <Space>
          <ExportButton path={ROYALTY_STATEMENT_EXPORT} params={body} fileName={`${t('royalty.menu.statement')}${month}`} />
          {may('royalty.statement.lock') && !locked && month < companyMonth() && (
            <Popconfirm title={t('royalty.lock.confirm', { month })} onConfirm={() => lock.run()}>
              <Button loading={lock.busy}>{t('royalty.lock.action')}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={8}>
        {current && <Alert type="info" showIcon title={t('royalty.st.provisional')} />}
        {locked && (
          <Alert
            type="success"
            showIcon
            title={t('royalty.lock.locked', { at: companyDateTime(locked.lockedAt), by: locked.lockedByName ?? '' })}
          />
        )}
        <SumLine data={q.data} />
        {one && (
          <span>
            {t('royalty.st.metrics', {
              yj: formatMoney(one.metrics.yj),
              fwyj: formatMoney(one.metrics.fwyj),
              cpyj: formatMoney(one.metrics.cpyj),
              ks: one.metrics.ks,
            })}
          </span>
        )}
        {q.data && q.data.employees.length > 1 && <SubtotalsTable employees={q.data.employees} onPick={setEmployeeId} />}
        <RowsTable
          rows={q.data?.list ?? []}
          loading={q.isLoading}
          onBill={setBill}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: q.data?.total ?? 0,
            onChange: (p, s) => setPage({ page: p, pageSize: s }),
          }}
        />
      </Space>
      <Drawer width={900} open={bill !== null} onClose={() => setBill(null)} title={detail.data?.billNo}>
        {detail.data && <BillView bill={detail.data} />}
      </Drawer>
    </Card>
  );
}
