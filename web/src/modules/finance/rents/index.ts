import { dormRentPaymentBill, storeRentPaymentBill } from '@headoffice/contract';
import { billPages } from '../../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../../platform/pages';

const bills = () => import('./bills');
const contracts = () => import('./ContractsPage');

/** Rents and dormitories: contracts with their schedules, payments from reserve money, deduction rates. */
export const rentPages: PageDef[] = [
  {
    path: '/admin/finance/rents/store-contracts',
    title: 'finance.rents.storeTitle',
    component: lazyPage(() => contracts().then((m) => ({ default: m.StoreContractsPage }))),
  },
  {
    path: '/admin/finance/rents/dorm-contracts',
    title: 'finance.rents.dormTitle',
    component: lazyPage(() => contracts().then((m) => ({ default: m.DormContractsPage }))),
  },
  { path: '/admin/finance/rents/dorm-rates', title: 'finance.rents.ratesTitle', component: lazyPage(() => import('./DormRatesPage')) },
  ...billPages(storeRentPaymentBill, () => bills().then((m) => ({ list: m.StorePaymentsPage, detail: m.StorePaymentPage }))),
  ...billPages(dormRentPaymentBill, () => bills().then((m) => ({ list: m.DormPaymentsPage, detail: m.DormPaymentPage }))),
];
