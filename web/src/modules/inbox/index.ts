import { lazyPage, type PageDef } from '../../platform/pages';
import { INBOX_URL } from './api';

/** The approvals inbox: every bill waiting for a transition the user may perform. */
export const inboxPages: PageDef[] = [{ path: INBOX_URL, title: 'inbox.menu', component: lazyPage(() => import('./InboxPage')) }];
export { inboxEn, inboxZh } from './locale';
