import { cardBillKinds } from '@headoffice/contract';
import { Card, DatePicker, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../platform/bills/pickers';
import { CardRecords } from './CardRecords';

/** /admin/assets/records — the card ledger of the chain with filters. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const [cardNo, setCardNo] = useState<string>();
  const [shopId, setShopId] = useState<number>();
  const [kind, setKind] = useState<string>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const filters = {
    cardNo: cardNo || undefined,
    shopId,
    kind,
    dateFrom: range?.[0]?.format('YYYY-MM-DD'),
    dateTo: range?.[1]?.format('YYYY-MM-DD'),
  };
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search placeholder={t('assets.cardNo')} allowClear style={{ width: 200 }} onSearch={(v) => setCardNo(v.trim())} />
        <LocationSelect
          withWarehouse={false}
          allowClear
          placeholder={t('assets.shop')}
          value={shopId}
          onChange={setShopId}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          placeholder={t('assets.kind')}
          style={{ width: 120 }}
          value={kind}
          onChange={setKind}
          options={cardBillKinds.map((k) => ({ value: k, label: t(`assets.kinds.${k}`) }))}
        />
        <DatePicker.RangePicker value={range} onChange={setRange} />
      </Space>
      <CardRecords filters={filters} />
    </Card>
  );
}
