import { memberPackagePaths, packageLinesPage, packageStates } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Pagination, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../../platform/bills/pickers';
import { http } from '../../../platform/http';
import { pagerTotal, totalText } from '../../../platform/resource/total';
import { PackageLinesTable } from './MemberPackages';

/** /admin/assets/packages — members' package lines of the chain (pagePackages): by mobile, selling shop, item and state. */
export default function PackagesPage() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState<string>();
  const [scodename, setScodename] = useState<string>();
  const [shopId, setShopId] = useState<number>();
  const [state, setState] = useState<string>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const body = { mobile, scodename, shopId, state, page, pageSize };
  const q = useQuery({
    queryKey: ['package-lines', body],
    queryFn: ({ signal }) => http.send(packageLinesPage, memberPackagePaths.page, body, { signal }),
    placeholderData: keepPreviousData,
  });
  const from =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder={t('assets.mobile')}
          allowClear
          style={{ width: 180 }}
          onSearch={(v) => from(setMobile)(/^\d{11}$/.test(v.trim()) ? v.trim() : undefined)}
        />
        <Input.Search
          placeholder={t('assets.pkg.item')}
          allowClear
          style={{ width: 180 }}
          onSearch={(v) => from(setScodename)(v.trim() || undefined)}
        />
        <LocationSelect
          withWarehouse={false}
          allowClear
          placeholder={t('assets.pkg.soldAt')}
          value={shopId}
          onChange={from(setShopId)}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          placeholder={t('assets.pkg.state')}
          style={{ width: 120 }}
          value={state}
          onChange={from(setState)}
          options={packageStates.map((s) => ({ value: s, label: t(`assets.pkg.states.${s}`) }))}
        />
      </Space>
      <PackageLinesTable lines={q.data?.list ?? []} loading={q.isFetching} withMember />
      <Pagination
        style={{ marginTop: 12, textAlign: 'right' }}
        size="small"
        current={page}
        pageSize={pageSize}
        total={pagerTotal(q.data)}
        showTotal={(n) => totalText(n, q.data, t)}
        onChange={(p, s) => {
          setPage(p);
          setPageSize(s);
        }}
      />
    </Card>
  );
}
