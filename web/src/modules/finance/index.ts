import {
  financeDictionaryRecords,
  fundTravelRecord,
  landlordRecord,
  monthSheetColumnRecord,
  unionpayAccountRecord,
} from '@headoffice/contract';
import { pickLabel } from '../../platform/i18n';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';
import { allocationPages } from './allocations';
import { closePages } from './close';
import { dayReportPages } from './dayreport';
import { fundsPages } from './funds';
import { monthSheetPages } from './monthsheets';
import { reconcilePages } from './reconcile';
import { refundPages } from './refunds';
import { rentPages } from './rents';
import { reservePages } from './reserve';

/** Finance: closing the books, the shops' finance settings, payee accounts, landlords and the finance dictionaries. */
export const financePages: PageDef[] = [
  ...closePages,
  { path: '/admin/finance/shops', title: 'finance.shops.title', component: lazyPage(() => import('./ShopFinancePage')) },
  { path: '/admin/finance/payee-accounts', title: 'finance.accounts.title', component: lazyPage(() => import('./PayeeAccountsPage')) },
  ...recordPages([landlordRecord, fundTravelRecord, ...financeDictionaryRecords, monthSheetColumnRecord]),
  {
    path: unionpayAccountRecord.page as string,
    title: () => pickLabel(unionpayAccountRecord.label),
    component: lazyPage(() => import('./unionpay/UnionpayAccountsPage')),
  },
  ...fundsPages,
  ...refundPages,
  ...dayReportPages,
  ...monthSheetPages,
  ...reconcilePages,
  ...allocationPages,
  ...reservePages,
  ...rentPages,
];
export { financeEn, financeZh } from './locale';
