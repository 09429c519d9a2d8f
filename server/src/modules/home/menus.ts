import { HOME_PERM, HOME_URL } from '@headoffice/contract';
import type { MenuDef } from '../../platform/menus.js';

/**
 * 首页: the landing page's figures (and the stock warning list it links to). The entry is the admin
 * application's home page itself, which the shell shows first to everyone: it only grants the figures.
 */
export const homeMenus: MenuDef[] = [
  { key: 'home', name: '首页业绩', nameEn: 'Home figures', icon: 'DashboardOutlined', url: HOME_URL, perm: HOME_PERM },
];
