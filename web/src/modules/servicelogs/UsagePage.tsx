import { SERVICE_LOG_PATHS as P, type UsageRecordRow, usageRecordPage } from '@headoffice/contract';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { atMinute, ListCard, ListTable, useFilters, usePaged } from '../../platform/list/ListParts';
import { formatMoney } from '../../platform/money';

type Kind = 'coupons' | 'redEnvelopes';

/**
 * /admin/members/couponrecords — where members' coupons and red envelopes were used: each till payment of a
 * settled, not revoked bill that spent one, by the bill's shop and business day, with the count and amount.
 */
export default function UsagePage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('coupons');
  return (
    <Tabs
      activeKey={kind}
      onChange={(k) => setKind(k as Kind)}
      destroyOnHidden
      items={(['coupons', 'redEnvelopes'] as const).map((k) => ({
        key: k,
        label: t(`servicelogs.usage.${k}`),
        children: <UsageList kind={k} />,
      }))}
    />
  );
}

function UsageList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const filters = useFilters([
    { kind: 'shop', placeholder: t('servicelogs.allShops') },
    { kind: 'days', month: true },
    { kind: 'keyword', placeholder: t('servicelogs.usage.keyword'), width: 220 },
  ]);
  const url = kind === 'coupons' ? P.couponRecords : P.redEnvelopeRecords;
  const paged = usePaged(['servicelogs', 'usage', kind], filters.params, (p) => http.read(usageRecordPage, url, p));
  const sum = paged.query.data?.sum;
  return (
    <ListCard
      filters={filters}
      totals={{
        testId: 'usage-sums',
        text: sum ? t('servicelogs.usage.sums', { count: sum.count, amount: formatMoney(sum.amount) }) : null,
      }}
    >
      <ListTable<UsageRecordRow>
        paged={paged}
        scrollX={1500}
        columns={[
          { title: t('servicelogs.usage.code'), dataIndex: 'code', width: 150 },
          { title: t('servicelogs.usage.definition'), dataIndex: 'definitionName', width: 140, ellipsis: true },
          { title: t('servicelogs.name'), dataIndex: 'memberName', width: 90 },
          { title: t('servicelogs.mobile'), dataIndex: 'mobile', width: 120 },
          {
            title: t('servicelogs.usage.faceValue'),
            dataIndex: 'faceValue',
            width: 100,
            align: 'right',
            render: (v: number) => formatMoney(v),
          },
          { title: t('servicelogs.usage.amount'), dataIndex: 'amount', width: 110, align: 'right', render: (v: number) => formatMoney(v) },
          { title: t('servicelogs.usage.issuedShop'), dataIndex: 'issuedShopName', width: 120 },
          { title: t('servicelogs.usage.issuedAt'), dataIndex: 'issuedAt', width: 140, render: atMinute },
          { title: t('servicelogs.billNo'), dataIndex: 'billNo', width: 170 },
          { title: t('servicelogs.usage.usedShop'), dataIndex: 'shopName', width: 120 },
          { title: t('servicelogs.usage.businessDate'), dataIndex: 'businessDate', width: 110 },
          { title: t('servicelogs.usage.usedAt'), dataIndex: 'usedAt', width: 140, render: atMinute },
        ]}
      />
    </ListCard>
  );
}
