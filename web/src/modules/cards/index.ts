import { cardDispatchBill, cardSystemRecord } from '@headoffice/contract';
import { billPages } from '../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The card pages: card systems, card types (with gift rules), card types per shop, card dispatch bills. */
export const cardsPages: PageDef[] = [
  ...recordPages([cardSystemRecord]),
  { path: '/admin/cards/types', title: 'cards.menu.types', component: lazyPage(() => import('./CardTypesPage')) },
  { path: '/admin/cards/shops', title: 'cards.menu.shops', component: lazyPage(() => import('./CardShopsPage')) },
  ...billPages(cardDispatchBill, () => import('./dispatch').then((m) => ({ list: m.DispatchPage, detail: m.DispatchDetailPage }))),
];
export { cardsEn, cardsZh } from './locale';
