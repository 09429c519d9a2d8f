import { HOME_URL } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/** The home dashboard (经营看板): the first menu entry; the admin landing page shows it too. */
export const homePages: PageDef[] = [{ path: HOME_URL, title: 'home.menu', component: lazyPage(() => import('./HomeDashboard')) }];
export { homeEn, homeZh } from './locale';
