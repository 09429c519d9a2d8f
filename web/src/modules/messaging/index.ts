import { SMS_URL } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Messaging: the SMS page (allowance, campaigns, templates, statistics). */
export const messagingPages: PageDef[] = [{ path: SMS_URL, title: 'messaging.menu.sms', component: lazyPage(() => import('./SmsPage')) }];
export { messagingEn, messagingZh } from './locale';
