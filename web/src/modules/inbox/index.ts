import { lazyPage, type PageDef } from '../../platform/pages';
import { INBOX_URL } from './api';

/** The approvals inbox: every bill waiting for a transition the user may perform. */
export const inboxPages: PageDef[] = [{ path: INBOX_URL, title: 'stock.menu.inbox', component: lazyPage(() => import('./InboxPage')) }];
