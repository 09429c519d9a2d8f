import { stockReasonRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

const numeric = (p: Record<string, string>) => /^\d+$/.test(p.id ?? '');

/** The stock pages of the admin application: entries, outs, balances, product orders, reasons, settings. */
export const stockPages: PageDef[] = [
  {
    path: '/admin/stock/entries',
    title: 'stock.menu.entries',
    component: lazyPage(() => import('./BillsPage').then((m) => ({ default: m.EntriesPage }))),
  },
  {
    path: '/admin/stock/entries/:id',
    title: 'stock.type.entry',
    component: lazyPage(() => import('./BillDetailPage').then((m) => ({ default: m.EntryDetailPage }))),
    menuUrl: () => '/admin/stock/entries',
    validate: numeric,
  },
  {
    path: '/admin/stock/outs',
    title: 'stock.menu.outs',
    component: lazyPage(() => import('./BillsPage').then((m) => ({ default: m.OutsPage }))),
  },
  {
    path: '/admin/stock/outs/:id',
    title: 'stock.type.out',
    component: lazyPage(() => import('./BillDetailPage').then((m) => ({ default: m.OutDetailPage }))),
    menuUrl: () => '/admin/stock/outs',
    validate: numeric,
  },
  { path: '/admin/stock/balances', title: 'stock.menu.balances', component: lazyPage(() => import('./BalancesPage')) },
  { path: '/admin/stock/orders', title: 'stock.menu.orders', component: lazyPage(() => import('./OrdersPage')) },
  {
    path: '/admin/stock/orders/:id',
    title: 'stock.menu.orders',
    component: lazyPage(() => import('./OrderDetailPage')),
    menuUrl: () => '/admin/stock/orders',
    validate: numeric,
  },
  ...recordPages([stockReasonRecord]),
  { path: '/admin/stock/config', title: 'stock.menu.config', component: lazyPage(() => import('./ConfigPage')) },
];
