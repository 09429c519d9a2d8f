import type { AppDef } from '../../platform/menus.js';
import { tillAppMenus } from '../cashier/public.js';
import { modules } from '../index.js';

/** The applications of the board, with their menu trees; synced into every tenant at start-up. */
export const applicationCatalog: AppDef[] = [
  {
    appId: 'admin',
    name: '总部管理',
    nameEn: 'Head office',
    icon: 'ApartmentOutlined',
    url: '/admin',
    sort: 1,
    menus: modules.flatMap((module) => module.menus ?? []),
  },
  {
    appId: 'cashier',
    name: '收银',
    nameEn: 'Till',
    icon: 'ShoppingCartOutlined',
    url: '/cashier',
    sort: 2,
    menus: tillAppMenus,
  },
  {
    appId: 'docs',
    name: '接口文档',
    nameEn: 'API reference',
    icon: 'ApiOutlined',
    url: '/docs',
    sort: 90,
    menus: [],
  },
];
