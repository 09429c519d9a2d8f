import { SERVICE_LOG_PAGES } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Service logs, customer reviews and the use of coupons and red envelopes (menu 会员记录). */
export const servicelogsPages: PageDef[] = [
  { path: SERVICE_LOG_PAGES.logs, title: 'servicelogs.menu.logs', component: lazyPage(() => import('./ServiceLogsPage')) },
  { path: SERVICE_LOG_PAGES.reviews, title: 'servicelogs.menu.reviews', component: lazyPage(() => import('./ReviewsPage')) },
  { path: SERVICE_LOG_PAGES.usage, title: 'servicelogs.menu.usage', component: lazyPage(() => import('./UsagePage')) },
];
export { servicelogsEn, servicelogsZh } from './locale';
