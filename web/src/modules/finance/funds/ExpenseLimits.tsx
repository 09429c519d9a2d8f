import { expenseLimitBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** Expense limit adjustments (支出限额调整单), rendered from their definition. */
export const ExpenseLimitsPage = () => <BillList def={expenseLimitBill} />;
export const ExpenseLimitPage = () => <BillDetail def={expenseLimitBill} />;
