import { reserveAdjustBill, reserveConvertBill, reserveSpendBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** Reserve adjustments (预留款调整单), spending (预留款支出单) and conversions (预留款转换单), rendered from their definitions. */
export const AdjustmentsPage = () => <BillList def={reserveAdjustBill} />;
export const AdjustmentPage = () => <BillDetail def={reserveAdjustBill} />;
export const SpendingPage = () => <BillList def={reserveSpendBill} />;
export const SpendPage = () => <BillDetail def={reserveSpendBill} />;
export const ConversionsPage = () => <BillList def={reserveConvertBill} />;
export const ConversionPage = () => <BillDetail def={reserveConvertBill} />;
