import { cardRefundBill, offlineRefundBill, refundVisitBill } from '@headoffice/contract';
import { billPages } from '../../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../../platform/pages';

/** Card refunds through approval (退卡审批), their return visits (退卡回访) and statistics, offline refunds (线下退款). */
export const refundPages: PageDef[] = [
  ...billPages(cardRefundBill, () => import('./CardRefunds').then((m) => ({ list: m.CardRefundsPage, detail: m.CardRefundPage }))),
  ...billPages(refundVisitBill, () => import('./RefundVisits').then((m) => ({ list: m.RefundVisitsPage, detail: m.RefundVisitPage }))),
  ...billPages(offlineRefundBill, () =>
    import('./OfflineRefunds').then((m) => ({ list: m.OfflineRefundsPage, detail: m.OfflineRefundPage })),
  ),
  { path: '/admin/finance/refund-stats', title: 'finance.refundStats.title', component: lazyPage(() => import('./RefundStats')) },
];
