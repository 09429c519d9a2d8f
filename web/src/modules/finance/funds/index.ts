import { expenseLimitBill, fundBill, fundRedepositBill } from '@headoffice/contract';
import { billPages } from '../../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../../platform/pages';

/** Petty cash: requests and redeposits (list, detail), the locked days and the month locks. */
export const fundsPages: PageDef[] = [
  ...billPages(fundBill, () => import('./FundRequests').then((m) => ({ list: m.FundRequestsPage, detail: m.FundRequestPage }))),
  ...billPages(fundRedepositBill, () =>
    import('./FundRedeposits').then((m) => ({ list: m.FundRedepositsPage, detail: m.FundRedepositPage })),
  ),
  ...billPages(expenseLimitBill, () => import('./ExpenseLimits').then((m) => ({ list: m.ExpenseLimitsPage, detail: m.ExpenseLimitPage }))),
  { path: '/admin/finance/budgets', title: 'finance.funds.budgets', component: lazyPage(() => import('./BudgetsPage')) },
  { path: '/admin/finance/limits', title: 'finance.funds.limits', component: lazyPage(() => import('./LimitsPage')) },
  { path: '/admin/finance/fund-records', title: 'finance.funds.records', component: lazyPage(() => import('./FundRecordsPage')) },
  { path: '/admin/finance/fund-locks', title: 'finance.funds.dayLocks', component: lazyPage(() => import('./FundLocksPage')) },
  { path: '/admin/finance/month-locks', title: 'finance.funds.monthLocks', component: lazyPage(() => import('./MonthLocksPage')) },
];
