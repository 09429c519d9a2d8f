import { djBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** 代缴单: the dj items of shops for a day, rendered from their definition. */
export const DjBillsPage = () => <BillList def={djBill} />;
export const DjBillPage = () => <BillDetail def={djBill} />;
