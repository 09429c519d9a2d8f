import { cardBill, csadjBill, packageBill, serviceBill } from '@headoffice/contract';
import { billPages } from '../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Head office's bill records of the till. The cashier application itself is routed at /cashier (app/Root.tsx). */
export const tillPages: PageDef[] = [
  ...billPages(serviceBill, () => import('./RecordsPages').then((m) => ({ list: m.ServiceRecordsPage, detail: m.ServiceRecordPage }))),
  ...billPages(packageBill, () => import('./RecordsPages').then((m) => ({ list: m.PackageRecordsPage, detail: m.PackageRecordPage }))),
  { path: '/admin/cashier/turnover', title: 'till.menu.turnover', component: lazyPage(() => import('./TurnoverPage')) },
  { path: '/admin/cashier/prepaidorder', title: 'till.menu.prepaid', component: lazyPage(() => import('./PrepaidOrdersPage')) },
  ...billPages(cardBill, () => import('./RecordsPages').then((m) => ({ list: m.CardRecordsPage, detail: m.CardRecordPage }))),
  ...billPages(csadjBill, () => import('./CsadjPage').then((m) => ({ list: m.CsadjListPage, detail: m.CsadjDetailPage }))),
  { path: '/admin/cashier/batchcard', title: 'till.menu.batchCard', component: lazyPage(() => import('./BatchCardPage')) },
];
export { tillEn, tillZh } from './locale';
