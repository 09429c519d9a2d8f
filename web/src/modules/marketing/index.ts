import { couponRecord, redEnvelopeRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The marketing pages: coupons and red envelopes (record pages), activities. */
export const marketingPages: PageDef[] = [
  ...recordPages([couponRecord, redEnvelopeRecord]),
  { path: '/admin/marketing/activities', title: 'marketing.menu.activities', component: lazyPage(() => import('./ActivitiesPage')) },
];
export { marketingEn, marketingZh } from './locale';
