import type { ModuleDef } from '../platform/modules.js';
import { assetsMenus } from './assets/menus.js';
import * as assetsTables from './assets/schema.js';
import { catalogMenus } from './catalog/menus.js';
import * as catalogTables from './catalog/schema.js';
import { identityMenus } from './identity/menus.js';
import * as identityTables from './identity/schema.js';
import * as membersTables from './members/schema.js';
import { orgMenus } from './org/menus.js';
import * as orgTables from './org/schema.js';
import { staffMenus } from './org/staff-menus.js';
import { pricingMenus } from './pricing/menus.js';
import * as pricingTables from './pricing/schema.js';
import { stockMenus } from './stock/menus.js';
import * as stockTables from './stock/schema.js';

/** Every module of the server, in menu order: its tables, routes and menus (platform/modules.ts). */
export const modules: ModuleDef[] = [
  { name: 'org', tables: orgTables, menus: orgMenus, routes: async () => (await import('./org/routes.js')).orgModule },
  { name: 'staff', menus: staffMenus, routes: async () => (await import('./org/employees.js')).staffModule },
  { name: 'catalog', tables: catalogTables, menus: catalogMenus, routes: async () => (await import('./catalog/routes.js')).catalogModule },
  { name: 'pricing', tables: pricingTables, menus: pricingMenus, routes: async () => (await import('./pricing/routes.js')).pricingModule },
  { name: 'members', tables: membersTables, routes: async () => (await import('./members/routes.js')).membersModule },
  { name: 'assets', tables: assetsTables, menus: assetsMenus, routes: async () => (await import('./assets/routes.js')).assetsModule },
  { name: 'stock', tables: stockTables, menus: stockMenus, routes: async () => (await import('./stock/routes.js')).stockModule },
  {
    name: 'identity',
    tables: identityTables,
    menus: identityMenus,
    routes: async () => {
      const [{ identityModule }, { identityAdminModule }] = await Promise.all([
        import('./identity/routes.js'),
        import('./identity/admin.js'),
      ]);
      return async (app) => {
        await identityModule(app);
        await identityAdminModule(app);
      };
    },
  },
  { name: 'files', routes: async () => (await import('./files/routes.js')).filesModule },
];
