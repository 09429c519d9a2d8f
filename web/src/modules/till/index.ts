import { csadjBill, serviceBill } from '@headoffice/contract';
import { billPages } from '../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Head office's bill records of the till. The cashier application itself is routed at /cashier (app/Root.tsx). */
export const tillPages: PageDef[] = [
  ...billPages(serviceBill, () =>
    import('./ServiceRecordsPage').then((m) => ({ list: m.ServiceRecordsPage, detail: m.ServiceRecordPage })),
  ),
  { path: '/admin/cashier/packagerecords', title: 'till.menu.packageRecords', component: lazyPage(() => import('./PackageRecordsPage')) },
  { path: '/admin/cashier/turnover', title: 'till.menu.turnover', component: lazyPage(() => import('./TurnoverPage')) },
  { path: '/admin/cashier/prepaidorder', title: 'till.menu.prepaid', component: lazyPage(() => import('./PrepaidOrdersPage')) },
  { path: '/admin/cashier/cardrecords', title: 'till.menu.cardRecords', component: lazyPage(() => import('./CardRecordsPage')) },
  ...billPages(csadjBill, () => import('./CsadjPage').then((m) => ({ list: m.CsadjListPage, detail: m.CsadjDetailPage }))),
  { path: '/admin/cashier/batchcard', title: 'till.menu.batchCard', component: lazyPage(() => import('./BatchCardPage')) },
];
export { tillEn, tillZh } from './locale';
