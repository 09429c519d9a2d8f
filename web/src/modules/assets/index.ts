import { packageExtensionBill } from '@headoffice/contract';
import { billPages } from '../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../platform/pages';

/** The member-assets pages: cards of a member with their actions, the card ledger, refunds, the SMS outbox. */
export const assetsPages: PageDef[] = [
  { path: '/admin/assets/cards', title: 'assets.menu.cards', component: lazyPage(() => import('./CardsPage')) },
  { path: '/admin/assets/records', title: 'assets.menu.records', component: lazyPage(() => import('./RecordsPage')) },
  { path: '/admin/assets/settlement', title: 'assets.menu.settlement', component: lazyPage(() => import('./SettlementPage')) },
  { path: '/admin/assets/refunds', title: 'assets.menu.refunds', component: lazyPage(() => import('./RefundsPage')) },
  { path: '/admin/assets/packages', title: 'assets.menu.packages', component: lazyPage(() => import('./packages/PackagesPage')) },
  { path: '/admin/assets/deposits', title: 'assets.menu.deposits', component: lazyPage(() => import('./packages/DepositsPage')) },
  ...billPages(packageExtensionBill, () =>
    import('./packages/extension').then((m) => ({ list: m.PackageExtensionsPage, detail: m.PackageExtensionPage })),
  ),
  { path: '/admin/assets/sms', title: 'assets.menu.sms', component: lazyPage(() => import('./SmsPage')) },
];
export { assetsEn, assetsZh } from './locale';
