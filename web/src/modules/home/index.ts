import { HOME_URL, LOW_STOCK_URL } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';

/**
 * The home module's page: the stock warning list the home page links to, granted by the home page's menu
 * entry. The figures themselves are on the admin application's home page (`DashboardFigures`).
 */
export const homePages: PageDef[] = [
  { path: LOW_STOCK_URL, title: 'home.lowStockPage.title', component: lazyPage(() => import('./LowStockPage')), menuUrl: () => HOME_URL },
];
export { homeEn, homeZh } from './locale';
