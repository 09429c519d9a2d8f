import { PACKAGE_RECORD_PATHS as K, packageGiftsPage } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { BillRecords, type BillRecordsKind } from './ServiceRecordsPage';

const packageKind: BillRecordsKind = {
  key: 'packagerecords',
  list: K.list,
  pageAll: K.pageAll,
  detail: K.detail,
  revoke: K.revoke,
  revokePerm: 'cashier.packagerecord.revoke',
  title: 'till.menu.packageRecords',
};

/** /admin/cashier/packagerecords — bills that sold a package or used package counts; below, the uses of gift counts (赠送). */
export default function PackageRecordsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const gifts = useQuery({
    queryKey: ['packagerecords-gifts', page],
    queryFn: () => http.read(packageGiftsPage, K.gifts, { page, pageSize: 10 }),
  });
  return (
    <>
      <BillRecords kind={packageKind} />
      <Card size="small" title={t('till.gifts')} style={{ marginTop: 12 }}>
        <Table
          size="small"
          rowKey="lineId"
          loading={gifts.isLoading}
          dataSource={gifts.data?.list}
          pagination={{ current: page, pageSize: 10, total: gifts.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('till.billNo'), dataIndex: 'billNo', width: 170 },
            { title: t('till.shop'), dataIndex: 'shopName', width: 140 },
            { title: t('till.businessDate'), dataIndex: 'businessDate', width: 110 },
            { title: t('till.member'), dataIndex: 'memberName', width: 110 },
            { title: t('till.item'), dataIndex: 'name' },
            { title: t('till.num'), dataIndex: 'num', width: 80 },
          ]}
        />
      </Card>
    </>
  );
}
