import type { AppDef } from '../platform/menus.js';
import { installModules, type ModuleDef } from '../platform/modules.js';
import { accountingMenus } from './accounting/menus.js';
import * as accountingTables from './accounting/schema.js';
import { assetsDayFigures } from './assets/day-figures.js';
import { assetsMenus } from './assets/menus.js';
import * as assetsTables from './assets/schema.js';
import { attendanceMenus } from './attendance/menus.js';
import * as attendanceTables from './attendance/schema.js';
import { bookingsMenus } from './bookings/menus.js';
import * as bookingsTables from './bookings/schema.js';
import { cardsMenus } from './cards/menus.js';
import * as cardsTables from './cards/schema.js';
import { cashierDayFigures } from './cashier/day-figures.js';
import { ensureCashierDefaults } from './cashier/defaults.js';
import { cashierMenus, tillAppMenus } from './cashier/menus.js';
import * as cashierTables from './cashier/schema.js';
import { catalogMenus } from './catalog/menus.js';
import * as catalogTables from './catalog/schema.js';
import { financeDayFigures } from './finance/day-figures.js';
import { financeMenus } from './finance/menus.js';
import * as financeTables from './finance/schema.js';
import { homeMenus } from './home/menus.js';
import { identityMenus } from './identity/menus.js';
import * as identityTables from './identity/schema.js';
import { marketingMenus } from './marketing/menus.js';
import * as marketingTables from './marketing/schema.js';
import { membersMenus } from './members/menus.js';
import * as membersTables from './members/schema.js';
import { messagingMenus } from './messaging/menus.js';
import * as messagingTables from './messaging/schema.js';
import { orgMenus } from './org/menus.js';
import * as orgTables from './org/schema.js';
import { pricingMenus } from './pricing/menus.js';
import * as pricingTables from './pricing/schema.js';
import { reportsMenus } from './reports/menus.js';
import * as reportsTables from './reports/schema.js';
import { ensureShippedReports } from './reports/shipped.js';
import { royaltyMenus } from './royalty/menus.js';
import * as royaltyTables from './royalty/schema.js';
import { serviceLogsMenus } from './servicelogs/menus.js';
import * as serviceLogsTables from './servicelogs/schema.js';
import { staffMenus } from './staff/staff-menus.js';
import { statisticsMenus } from './statistics/menus.js';
import { stockMenus } from './stock/menus.js';
import * as stockTables from './stock/schema.js';

/** Every module of the server, in menu order: its tables, routes and menus (platform/modules.ts). */
export const modules: ModuleDef[] = [
  { name: 'home', menus: homeMenus, routes: async () => (await import('./home/routes.js')).homeModule },
  { name: 'org', tables: orgTables, menus: orgMenus, routes: async () => (await import('./org/routes.js')).orgModule },
  { name: 'staff', menus: staffMenus, routes: async () => (await import('./staff/employees.js')).staffModule },
  { name: 'catalog', tables: catalogTables, menus: catalogMenus, routes: async () => (await import('./catalog/routes.js')).catalogModule },
  { name: 'pricing', tables: pricingTables, menus: pricingMenus, routes: async () => (await import('./pricing/routes.js')).pricingModule },
  { name: 'members', tables: membersTables, menus: membersMenus, routes: async () => (await import('./members/routes.js')).membersModule },
  {
    name: 'servicelogs',
    tables: serviceLogsTables,
    menus: serviceLogsMenus,
    routes: async () => (await import('./servicelogs/routes.js')).serviceLogsModule,
  },
  { name: 'cards', tables: cardsTables, menus: cardsMenus, routes: async () => (await import('./cards/routes.js')).cardsModule },
  {
    name: 'assets',
    tables: assetsTables,
    menus: assetsMenus,
    dayFigures: assetsDayFigures,
    routes: async () => (await import('./assets/routes.js')).assetsModule,
  },
  {
    name: 'marketing',
    tables: marketingTables,
    menus: marketingMenus,
    routes: async () => (await import('./marketing/routes.js')).marketingModule,
  },
  {
    name: 'messaging',
    tables: messagingTables,
    menus: messagingMenus,
    routes: async () => (await import('./messaging/routes.js')).messagingModule,
  },
  { name: 'stock', tables: stockTables, menus: stockMenus, routes: async () => (await import('./stock/routes.js')).stockModule },
  {
    name: 'finance',
    tables: financeTables,
    menus: financeMenus,
    dayFigures: financeDayFigures,
    routes: async () => (await import('./finance/routes.js')).financeModule,
  },
  {
    name: 'attendance',
    tables: attendanceTables,
    menus: attendanceMenus,
    routes: async () => (await import('./attendance/routes.js')).attendanceModule,
  },
  {
    name: 'bookings',
    tables: bookingsTables,
    menus: bookingsMenus,
    routes: async () => (await import('./bookings/routes.js')).bookingsModule,
  },
  { name: 'royalty', tables: royaltyTables, menus: royaltyMenus, routes: async () => (await import('./royalty/routes.js')).royaltyModule },
  {
    name: 'cashier',
    tables: cashierTables,
    menus: cashierMenus,
    seed: ensureCashierDefaults,
    dayFigures: cashierDayFigures,
    routes: async () => (await import('./cashier/routes.js')).cashierModule,
  },
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
  {
    name: 'reports',
    tables: reportsTables,
    menus: reportsMenus,
    seed: ensureShippedReports,
    routes: async () => (await import('./reports/routes.js')).reportsModule,
  },
  {
    name: 'statistics',
    menus: statisticsMenus,
    routes: async () => (await import('./statistics/routes.js')).statisticsModule,
  },
  {
    name: 'accounting',
    tables: accountingTables,
    menus: accountingMenus,
    routes: async () => (await import('./accounting/routes.js')).accountingModule,
  },
  { name: 'files', routes: async () => (await import('./files/routes.js')).filesModule },
];

/** The applications of the board: head office's menu is the modules' menus in list order. */
const applications: AppDef[] = [
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

installModules(modules, applications);
