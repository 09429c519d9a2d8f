import { catalogPages } from '../../modules/catalog';
import { identityPages } from '../../modules/identity';
import { inboxPages } from '../../modules/inbox';
import { orgPages } from '../../modules/org';
import { pricingPages } from '../../modules/pricing';
import { staffPages } from '../../modules/staff';
import { stockPages } from '../../modules/stock';
import { lazyPage, type PageDef } from '../../platform/pages';

export const ADMIN_APP_ID = 'admin';
export const ADMIN_HOME = '/admin';

/** Every page of the admin application. A module adds its pages here. */
export const adminPages: PageDef[] = [
  { path: ADMIN_HOME, title: 'admin.home', component: lazyPage(() => import('./HomePage')), public: true },
  ...orgPages,
  ...staffPages,
  ...identityPages,
  ...catalogPages,
  ...pricingPages,
  ...stockPages,
  ...inboxPages,
];
