import { cardDispatchBill } from '@headoffice/contract';
import { BillDetail } from '../../platform/bills/BillDetail';
import { BillList } from '../../platform/bills/BillList';

/** /admin/cards/dispatch — physical card dispatch bills: card number ranges per shop, saved then audited. */
export function DispatchPage() {
  return <BillList def={cardDispatchBill} />;
}

export function DispatchDetailPage() {
  return <BillDetail def={cardDispatchBill} />;
}
