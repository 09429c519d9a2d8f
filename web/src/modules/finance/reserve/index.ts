import { reserveAdjustBill, reserveConvertBill, reserveSpendBill } from '@headoffice/contract';
import { billPages } from '../../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../../platform/pages';

const bills = () => import('./bills');

/** Reserve money: the balances with their ledger, and the three bill types that move them. */
export const reservePages: PageDef[] = [
  { path: '/admin/finance/reserve/balances', title: 'finance.reserve.balances.title', component: lazyPage(() => import('./BalancesPage')) },
  ...billPages(reserveAdjustBill, () => bills().then((m) => ({ list: m.AdjustmentsPage, detail: m.AdjustmentPage }))),
  ...billPages(reserveSpendBill, () => bills().then((m) => ({ list: m.SpendingPage, detail: m.SpendPage }))),
  ...billPages(reserveConvertBill, () => bills().then((m) => ({ list: m.ConversionsPage, detail: m.ConversionPage }))),
];
