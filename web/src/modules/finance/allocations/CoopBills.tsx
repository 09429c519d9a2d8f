import { coopBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** 合作项目单: partner projects' money and the shops' deduction, rendered from their definition. */
export const CoopBillsPage = () => <BillList def={coopBill} />;
export const CoopBillPage = () => <BillDetail def={coopBill} />;
