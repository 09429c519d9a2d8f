import { MEMBER_SUMMARY_PATH, type MemberSummaryRow, memberSummaryPage } from '@headoffice/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { atMinute, ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { moneyCell, NO_WRAP, useGender, YuanInput } from './parts';

/** /admin/statistics/member-summary — 会员数据汇总: members with their stored value and spending as kept on the member, most spending first. */
export default function MemberSummaryPage() {
  const { t } = useTranslation();
  const gender = useGender();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('statistics.allShops') },
    { kind: 'keyword', placeholder: t('statistics.keyword'), width: 200 },
  ]);
  const [minMoney, setMinMoney] = useState<number | undefined>();
  const [maxMoney, setMaxMoney] = useState<number | undefined>();
  const paged = usePaged(['statistics', 'member-summary'], { ...filters.params, minMoney, maxMoney }, (p) =>
    http.read(memberSummaryPage, MEMBER_SUMMARY_PATH, p as Record<string, string | number | undefined>),
  );
  const money = (key: keyof MemberSummaryRow, width = 110) => ({
    key,
    dataIndex: key,
    title: t(`statistics.summary.${key}`),
    width,
    align: 'right' as const,
    render: moneyCell,
  });
  const columns: TableColumnsType<MemberSummaryRow> = [
    { key: 'code', dataIndex: 'code', title: t('statistics.code'), width: 110, fixed: 'left' },
    { key: 'name', dataIndex: 'name', title: t('statistics.name'), width: 90, fixed: 'left', ellipsis: true },
    { key: 'mobile', dataIndex: 'mobile', title: t('statistics.mobile'), width: 120 },
    { key: 'gender', dataIndex: 'gender', title: t('statistics.gender'), width: 60, render: gender },
    { key: 'shopName', dataIndex: 'shopName', title: t('statistics.shop'), width: 130, ellipsis: true },
    money('principal'),
    money('gift'),
    money('balance', 120),
    money('packageValue'),
    money('spent', 120),
    { key: 'visits', dataIndex: 'visits', title: t('statistics.summary.visits'), width: 90, align: 'right' },
    money('perVisit'),
    {
      key: 'lastVisitAt',
      dataIndex: 'lastVisitAt',
      title: t('statistics.summary.lastVisitAt'),
      width: 140,
      render: (v: string | null) => <span style={NO_WRAP}>{atMinute(v)}</span>,
    },
  ];
  return (
    <ListCard
      filters={filters}
      bar={
        <>
          <YuanInput value={minMoney} onChange={setMinMoney} placeholder={t('statistics.summary.minMoney')} />
          <YuanInput value={maxMoney} onChange={setMaxMoney} placeholder={t('statistics.summary.maxMoney')} />
        </>
      }
      source={paged.query.data?.source}
      totals={{ testId: 'member-summary-total', text: paged.query.data ? t('statistics.total', { total: paged.query.data.total }) : null }}
    >
      <ListTable<MemberSummaryRow> paged={paged} columns={columns} rowKey="memberId" scrollX={1500} />
    </ListCard>
  );
}
