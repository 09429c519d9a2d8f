import { fundRedepositBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** /admin/finance/fund-redeposits — petty cash paid back by shops: audited, then reviewed by finance. */
export function FundRedepositsPage() {
  return <BillList def={fundRedepositBill} />;
}

export function FundRedepositPage() {
  return <BillDetail def={fundRedepositBill} />;
}
