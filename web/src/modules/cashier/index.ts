import { payTypeRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The till settings pages: pay types (generic record page), templates, stations, wheel, bill settings, Meituan/Douyin. */
export const cashierPages: PageDef[] = [
  ...recordPages([payTypeRecord]),
  { path: '/admin/cashier/paytemplates', title: 'cashier.menu.templates', component: lazyPage(() => import('./PayTemplatesPage')) },
  { path: '/admin/cashier/stations', title: 'cashier.menu.stations', component: lazyPage(() => import('./StationsPage')) },
  { path: '/admin/cashier/wheel', title: 'cashier.menu.wheel', component: lazyPage(() => import('./WheelPage')) },
  { path: '/admin/cashier/billconfig', title: 'cashier.menu.billConfig', component: lazyPage(() => import('./BillConfigPage')) },
  { path: '/admin/cashier/third', title: 'cashier.menu.third', component: lazyPage(() => import('./ThirdPage')) },
];
export { cashierEn, cashierZh } from './locale';
