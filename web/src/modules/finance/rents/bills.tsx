import { dormRentPaymentBill, storeRentPaymentBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** Store and dormitory rent payments, rendered from their definitions. */
export const StorePaymentsPage = () => <BillList def={storeRentPaymentBill} />;
export const StorePaymentPage = () => <BillDetail def={storeRentPaymentBill} />;
export const DormPaymentsPage = () => <BillList def={dormRentPaymentBill} />;
export const DormPaymentPage = () => <BillDetail def={dormRentPaymentBill} />;
