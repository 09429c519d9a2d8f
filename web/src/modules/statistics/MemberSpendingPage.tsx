import { MEMBER_SPENDING_EXPORT_PATH, MEMBER_SPENDING_PATH, type MemberSpendingRow, memberSpendingPage } from '@headoffice/contract';
import { DatePicker, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyMonth } from '../../platform/clock';
import { http } from '../../platform/http';
import { ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { ExportButton } from '../../platform/resource/ExportButton';
import { CountInput, moneyCell, useGender, YuanInput } from './parts';

/**
 * /admin/statistics/member-spending — 会员消费分析 (年月统计): each member's spending and visits in a month and in
 * its year to the month, with the workbook of the same filters.
 */
export default function MemberSpendingPage() {
  const { t } = useTranslation();
  const gender = useGender();
  const [yearMonth, setYearMonth] = useState(companyMonth());
  const filters = useFilters([
    { kind: 'shop', placeholder: t('statistics.allShops') },
    { kind: 'keyword', placeholder: t('statistics.keyword'), width: 200 },
  ]);
  const [min, setMin] = useState<{ minservTotal?: number; mincmMoney?: number; minservNum?: number; mincmNum?: number }>({});
  const query = { ...filters.params, yearMonth, ...min };
  const paged = usePaged(['statistics', 'member-spending'], query, (p) =>
    http.read(memberSpendingPage, MEMBER_SPENDING_PATH, p as Record<string, string | number | undefined>),
  );
  const money = (key: keyof MemberSpendingRow) => ({
    key,
    dataIndex: key,
    title: t(`statistics.spending.${key}`),
    width: 110,
    align: 'right' as const,
    render: moneyCell,
  });
  const times = (key: keyof MemberSpendingRow) => ({
    key,
    dataIndex: key,
    title: t(`statistics.spending.${key}`),
    width: 90,
    align: 'right' as const,
  });
  const columns: TableColumnsType<MemberSpendingRow> = [
    { key: 'code', dataIndex: 'code', title: t('statistics.code'), width: 110, fixed: 'left' },
    { key: 'name', dataIndex: 'name', title: t('statistics.name'), width: 90, fixed: 'left', ellipsis: true },
    { key: 'mobile', dataIndex: 'mobile', title: t('statistics.mobile'), width: 120 },
    { key: 'gender', dataIndex: 'gender', title: t('statistics.gender'), width: 60, render: gender },
    { key: 'shopName', dataIndex: 'shopName', title: t('statistics.shop'), width: 130, ellipsis: true },
    { key: 'month', title: t('statistics.spending.monthGroup'), children: [money('cmMoney'), times('cmNum'), money('cmUnivalent')] },
    { key: 'year', title: t('statistics.spending.yearGroup'), children: [money('servTotal'), times('servNum'), money('univalent')] },
  ];
  const setMinOf = (key: keyof typeof min) => (v: number | undefined) => setMin((old) => ({ ...old, [key]: v }));
  return (
    <ListCard
      filters={filters}
      bar={
        <>
          <DatePicker
            picker="month"
            allowClear={false}
            aria-label={t('statistics.spending.month')}
            value={dayjs(`${yearMonth}-01`)}
            onChange={(d) => d && setYearMonth(d.format('YYYY-MM'))}
          />
          <YuanInput value={min.mincmMoney} onChange={setMinOf('mincmMoney')} placeholder={t('statistics.spending.mincmMoney')} />
          <CountInput value={min.mincmNum} onChange={setMinOf('mincmNum')} placeholder={t('statistics.spending.mincmNum')} />
          <YuanInput value={min.minservTotal} onChange={setMinOf('minservTotal')} placeholder={t('statistics.spending.minservTotal')} />
          <CountInput value={min.minservNum} onChange={setMinOf('minservNum')} placeholder={t('statistics.spending.minservNum')} />
        </>
      }
      extra={<ExportButton path={MEMBER_SPENDING_EXPORT_PATH} params={query} fileName={`${t('statistics.spending.file')}${yearMonth}`} />}
      source={paged.query.data?.source}
      totals={{ testId: 'member-spending-total', text: paged.query.data ? t('statistics.total', { total: paged.query.data.total }) : null }}
    >
      <ListTable<MemberSpendingRow> paged={paged} columns={columns} rowKey="memberId" scrollX={1300} />
    </ListCard>
  );
}
