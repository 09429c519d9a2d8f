import { webModules } from '../../modules';
import { lazyPage, type PageDef } from '../../platform/pages';

export const ADMIN_APP_ID = 'admin';
export const ADMIN_HOME = '/admin';

/** Every page of the admin application: the home page and the modules' pages (modules/index.ts). */
export const adminPages: PageDef[] = [
  { path: ADMIN_HOME, title: 'admin.home', component: lazyPage(() => import('./HomePage')), public: true },
  ...webModules.flatMap((module) => module.pages),
];
