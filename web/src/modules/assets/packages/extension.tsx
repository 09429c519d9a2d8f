import { packageExtensionBill } from '@headoffice/contract';
import { BillDetail } from '../../../platform/bills/BillDetail';
import { BillList } from '../../../platform/bills/BillList';

/** /admin/assets/package-extensions — package extension bills (会员套餐延期单): new expiry dates, moved when audited. */
export function PackageExtensionsPage() {
  return <BillList def={packageExtensionBill} />;
}

export function PackageExtensionPage() {
  return <BillDetail def={packageExtensionBill} />;
}
