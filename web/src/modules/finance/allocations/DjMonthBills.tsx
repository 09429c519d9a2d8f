import { djMonthBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** 收支变动维护单: the 代扣代缴 items of shops for a month, rendered from their definition. */
export const DjMonthBillsPage = () => <BillList def={djMonthBill} />;
export const DjMonthBillPage = () => <BillDetail def={djMonthBill} />;
