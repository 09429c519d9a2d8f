import { INAPP_URL, SMS_URL } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Messaging: the SMS page (allowance, campaigns, templates, statistics) and the in-app messages page. */
export const messagingPages: PageDef[] = [
  { path: SMS_URL, title: 'messaging.menu.sms', component: lazyPage(() => import('./SmsPage')) },
  { path: INAPP_URL, title: 'messaging.menu.notices', component: lazyPage(() => import('./NoticesPage')) },
];
export { messagingEn, messagingZh } from './locale';
