import { offlineRefundBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** /admin/finance/offline-refunds — 线下退款: asked by the shop, approved by customer service, reviewed by finance. */
export const OfflineRefundsPage = () => <BillList def={offlineRefundBill} />;
export const OfflineRefundPage = () => <BillDetail def={offlineRefundBill} />;
