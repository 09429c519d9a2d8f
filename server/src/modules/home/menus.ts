import { HOME_PERM, HOME_URL } from '@headoffice/contract';
import type { MenuDef } from '../../platform/menus.js';

/** 经营看板: the home page's figures, the first entry of the admin menu (the landing page shows it too). */
export const homeMenus: MenuDef[] = [
  { key: 'home', name: '经营看板', nameEn: 'Dashboard', icon: 'DashboardOutlined', url: HOME_URL, perm: HOME_PERM },
];
