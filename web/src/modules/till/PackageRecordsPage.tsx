import { PACKAGE_RECORD_PATHS as K, type packageGiftRow, packageGiftsPage } from '@headoffice/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http } from '../../platform/http';
import { ListTable, usePaged } from '../../platform/list/ListParts';
import { BillRecords, type BillRecordsKind } from './BillRecords';

type PackageGiftRow = z.infer<typeof packageGiftRow>;

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
  const gifts = usePaged(['packagerecords-gifts'], {}, (params) => http.read(packageGiftsPage, K.gifts, params), 10);
  return (
    <>
      <BillRecords kind={packageKind} />
      <Card size="small" title={t('till.gifts')} style={{ marginTop: 12 }}>
        <ListTable<PackageGiftRow>
          paged={gifts}
          rowKey="lineId"
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
