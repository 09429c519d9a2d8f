import { SERVICE_LOG_PATHS as P, type ReviewRow, reviewPage, reviewRateLabels, type ServiceLogRow } from '@headoffice/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { useLabel } from '../../platform/bills/labels';
import { companyToday } from '../../platform/clock';
import { download, http } from '../../platform/http';
import { atMinute, ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { LogDrawer } from './LogDrawer';
import { DaysPicker, useDays } from './parts';

/**
 * /admin/members/reviews — 顾客评价记录: the reviews of the shops the user sees, by shop, member, 评价时间 (the
 * last three months at first) and 整体评价, with the workbook; a row opens its bill's drawer to reply.
 */
export default function ReviewsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('servicelogs.allShops') },
    { kind: 'keyword', placeholder: t('servicelogs.memberKeyword'), width: 180 },
    { kind: 'select', param: 'rate', placeholder: t('servicelogs.rate'), width: 110, labels: reviewRateLabels },
  ]);
  const days = useDays([companyToday().subtract(3, 'month'), companyToday()]);
  const params = { ...filters.params, ...days.params('dateFrom', 'dateTo') };
  const paged = usePaged(['servicelogs', 'reviews'], params, (p) => http.read(reviewPage, P.reviews, p));
  const exporting = useAction({ run: () => download(P.reviewsExport, params, `${t('servicelogs.menu.reviews')}.xlsx`) });
  const [open, setOpen] = useState<ServiceLogRow | null>(null);
  return (
    <>
      <ListCard
        filters={filters}
        bar={
          <>
            <DaysPicker value={days.days} onChange={days.setDays} placeholder={t('servicelogs.reviewedAt')} />
            <Button onClick={() => exporting.run()} loading={exporting.busy}>
              {t('servicelogs.export')}
            </Button>
          </>
        }
      >
        <ListTable<ReviewRow>
          paged={paged}
          scrollX={1600}
          columns={[
            { title: t('servicelogs.billNo'), dataIndex: 'billNo', width: 170 },
            { title: t('servicelogs.settledAt'), dataIndex: 'settledAt', width: 140, render: atMinute },
            { title: t('servicelogs.name'), dataIndex: 'memberName', width: 90 },
            { title: t('servicelogs.mobile'), dataIndex: 'mobile', width: 120 },
            { title: t('servicelogs.shop'), dataIndex: 'shopName', width: 120 },
            { title: t('servicelogs.servicesLabel'), dataIndex: 'items', width: 140, ellipsis: true },
            { title: t('servicelogs.servedBy'), dataIndex: 'staffNames', width: 110, ellipsis: true },
            { title: t('servicelogs.reviewed'), dataIndex: 'employeeName', width: 100 },
            {
              title: t('servicelogs.rate'),
              dataIndex: 'rate',
              width: 90,
              render: (v: 1 | 2 | 3) => <Tag color={v === 1 ? 'green' : v === 3 ? 'red' : 'gold'}>{label(reviewRateLabels[v])}</Tag>,
            },
            { title: t('servicelogs.comment'), dataIndex: 'comment', width: 200, ellipsis: true },
            { title: t('servicelogs.reviewedAt'), dataIndex: 'reviewedAt', width: 140, render: atMinute },
            {
              title: t('servicelogs.replied'),
              dataIndex: 'replied',
              width: 100,
              render: (v: boolean) => (v ? t('servicelogs.yes') : t('servicelogs.no')),
            },
            {
              title: t('servicelogs.actions'),
              key: 'actions',
              width: 80,
              fixed: 'right',
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => setOpen({ billId: r.billId, billNo: r.billNo } as ServiceLogRow)}>
                  {t('servicelogs.view')}
                </Button>
              ),
            },
          ]}
        />
      </ListCard>
      <LogDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
