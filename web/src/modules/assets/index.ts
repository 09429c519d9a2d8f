import { lazyPage, type PageDef } from '../../platform/pages';

/** The member-assets pages: cards of a member with their actions, the card ledger, refunds, the SMS outbox. */
export const assetsPages: PageDef[] = [
  { path: '/admin/assets/cards', title: 'assets.menu.cards', component: lazyPage(() => import('./CardsPage')) },
  { path: '/admin/assets/records', title: 'assets.menu.records', component: lazyPage(() => import('./RecordsPage')) },
  { path: '/admin/assets/refunds', title: 'assets.menu.refunds', component: lazyPage(() => import('./RefundsPage')) },
  { path: '/admin/assets/sms', title: 'assets.menu.sms', component: lazyPage(() => import('./SmsPage')) },
];
