import { coopBill, djBill } from '@headoffice/contract';
import { billPages } from '../../../platform/bills/pages';
import type { PageDef } from '../../../platform/pages';

/** The dj bills (代缴单) the daily report reads, and the partner project bills (合作项目单). */
export const allocationPages: PageDef[] = [
  ...billPages(djBill, () => import('./DjBills').then((m) => ({ list: m.DjBillsPage, detail: m.DjBillPage }))),
  ...billPages(coopBill, () => import('./CoopBills').then((m) => ({ list: m.CoopBillsPage, detail: m.CoopBillPage }))),
];
