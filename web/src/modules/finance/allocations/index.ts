import { coopBill, djBill, djMonthBill } from '@headoffice/contract';
import { billPages } from '../../../platform/bills/pages';
import type { PageDef } from '../../../platform/pages';

/** The dj bills (代缴单) the daily report reads, their month form (收支变动维护单), and the partner project bills (合作项目单). */
export const allocationPages: PageDef[] = [
  ...billPages(djBill, () => import('./DjBills').then((m) => ({ list: m.DjBillsPage, detail: m.DjBillPage }))),
  ...billPages(djMonthBill, () => import('./DjMonthBills').then((m) => ({ list: m.DjMonthBillsPage, detail: m.DjMonthBillPage }))),
  ...billPages(coopBill, () => import('./CoopBills').then((m) => ({ list: m.CoopBillsPage, detail: m.CoopBillPage }))),
];
