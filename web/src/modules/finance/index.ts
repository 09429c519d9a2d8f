import { financeDictionaryRecords, fundTravelRecord, landlordRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';
import { allocationPages } from './allocations';
import { closePages } from './close';
import { dayReportPages } from './dayreport';
import { fundsPages } from './funds';
import { reconcilePages } from './reconcile';
import { refundPages } from './refunds';
import { rentPages } from './rents';
import { reservePages } from './reserve';

/** Finance: closing the books, the shops' finance settings, payee accounts, landlords and the finance dictionaries. */
export const financePages: PageDef[] = [
  ...closePages,
  { path: '/admin/finance/shops', title: 'finance.shops.title', component: lazyPage(() => import('./ShopFinancePage')) },
  { path: '/admin/finance/payee-accounts', title: 'finance.accounts.title', component: lazyPage(() => import('./PayeeAccountsPage')) },
  ...recordPages([landlordRecord, fundTravelRecord, ...financeDictionaryRecords]),
  ...fundsPages,
  ...refundPages,
  ...dayReportPages,
  ...reconcilePages,
  ...allocationPages,
  ...reservePages,
  ...rentPages,
];
export { financeEn, financeZh } from './locale';
