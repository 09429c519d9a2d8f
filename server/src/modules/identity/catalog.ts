import type { AppDef } from '../../platform/menus.js';
import { catalogMenus } from '../catalog/menus.js';
import { orgMenus } from '../org/menus.js';
import { staffMenus } from '../org/staff-menus.js';
import { pricingMenus } from '../pricing/menus.js';
import { stockMenus } from '../stock/menus.js';
import { identityMenus } from './menus.js';

/** The applications of the board, with their menu trees; synced into every tenant at start-up. */
export const applicationCatalog: AppDef[] = [
  {
    appId: 'admin',
    name: '总部管理',
    nameEn: 'Head office',
    icon: 'ApartmentOutlined',
    url: '/admin',
    sort: 1,
    menus: [...orgMenus, ...staffMenus, ...catalogMenus, ...pricingMenus, ...stockMenus, ...identityMenus],
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
