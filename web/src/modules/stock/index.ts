import { productOrderBill, stockEntryBill, stockOutBill, stockReasonRecord } from '@headoffice/contract';
import { billPages } from '../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

const bills = () => import('./bills');

/** The stock pages of the admin application: entries, outs, balances, product orders, reasons, settings. */
export const stockPages: PageDef[] = [
  ...billPages(stockEntryBill, () => bills().then((m) => ({ list: m.EntriesPage, detail: m.EntryDetailPage }))),
  ...billPages(stockOutBill, () => bills().then((m) => ({ list: m.OutsPage, detail: m.OutDetailPage }))),
  { path: '/admin/stock/balances', title: 'stock.menu.balances', component: lazyPage(() => import('./BalancesPage')) },
  ...billPages(productOrderBill, () => bills().then((m) => ({ list: m.OrdersPage, detail: m.OrderDetailPage }))),
  ...recordPages([stockReasonRecord]),
  { path: '/admin/stock/config', title: 'stock.menu.config', component: lazyPage(() => import('./ConfigPage')) },
];
export { stockEn, stockZh } from './locale';
