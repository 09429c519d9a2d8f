import {
  cardBill,
  PACKAGE_RECORD_PATHS,
  packageBill,
  type packageGiftRow,
  packageGiftsPage,
  serviceBill,
  serviceRecordDetail,
} from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BillDetail } from '../../platform/bills/BillDetail';
import { BillList } from '../../platform/bills/BillList';
import { useBillsChanged } from '../../platform/bills/parts';
import { http } from '../../platform/http';
import { ListTable, usePaged } from '../../platform/list/ListParts';
import { BillParts } from './BillView';

/** One till bill as a records list reads it: head, lines and bill log from the definition; the till's cards, gifts, payments and performance below. */
function TillRecord({ def }: { def: typeof serviceBill }) {
  return (
    <BillDetail
      def={def}
      schema={serviceRecordDetail}
      extra={(bill) => (
        <Card size="small">
          <BillParts bill={bill} />
        </Card>
      )}
    />
  );
}

/** /admin/cashier/servicerecords — settled service bills, built from their point-of-sale definition. */
export const ServiceRecordsPage = () => <BillList def={serviceBill} />;
export const ServiceRecordPage = () => <TillRecord def={serviceBill} />;

type PackageGiftRow = z.infer<typeof packageGiftRow>;
const GIFTS = 'packagerecords-gifts';

/** The lines paid with counts of gift package lines (赠送), newest first; they follow the till's bills as the list does. */
function PackageGifts() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const gifts = usePaged([GIFTS], {}, (params) => http.read(packageGiftsPage, PACKAGE_RECORD_PATHS.gifts, params), 10);
  useBillsChanged(packageBill.docType, () => void qc.invalidateQueries({ queryKey: [GIFTS] }));
  return (
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
  );
}

/** /admin/cashier/packagerecords — bills that sold a package or used package counts; below, the uses of gift counts. */
export const PackageRecordsPage = () => (
  <>
    <BillList def={packageBill} />
    <PackageGifts />
  </>
);
export const PackageRecordPage = () => <TillRecord def={packageBill} />;

/** /admin/cashier/cardrecords — 充值单: bills that opened or recharged cards; a bill's page takes an activity's gift back (撤销活动). */
export const CardRecordsPage = () => <BillList def={cardBill} />;
export const CardRecordPage = () => <TillRecord def={cardBill} />;
