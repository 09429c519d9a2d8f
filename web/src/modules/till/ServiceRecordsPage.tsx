import { serviceBill, serviceRecordDetail } from '@headoffice/contract';
import { Card } from 'antd';
import { BillDetail } from '../../platform/bills/BillDetail';
import { BillList } from '../../platform/bills/BillList';
import { BillParts } from './BillView';

/** /admin/cashier/servicerecords — settled service bills, built from their point-of-sale definition. */
export function ServiceRecordsPage() {
  return <BillList def={serviceBill} />;
}

/** One service bill: head, lines and bill log from the definition; the till's cards, gifts, payments and performance below. */
export function ServiceRecordPage() {
  return (
    <BillDetail
      def={serviceBill}
      schema={serviceRecordDetail}
      extra={(bill) => (
        <Card size="small">
          <BillParts bill={bill} />
        </Card>
      )}
    />
  );
}
