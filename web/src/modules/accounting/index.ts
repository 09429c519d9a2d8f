import { ACCOUNTING_SYNC_URL, DATA_SETTINGS_URL } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/** Bill sync to the accounting system (单据同步) and the chain's data settings (数据管理). */
export const accountingPages: PageDef[] = [
  { path: ACCOUNTING_SYNC_URL, title: 'accounting.menu.sync', component: lazyPage(() => import('./SyncPage')) },
  { path: DATA_SETTINGS_URL, title: 'accounting.menu.data', component: lazyPage(() => import('./DataSettingsPage')) },
];
export { accountingEn, accountingZh } from './locale';
