import { roleTypeRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The identity module's pages in the admin application: users, roles, menus, devices, till authority, log. */
export const identityPages: PageDef[] = [
  { path: '/admin/system/users', title: 'identity.user.menu', component: lazyPage(() => import('./UsersPage')) },
  { path: '/admin/system/roles', title: 'identity.role.menu', component: lazyPage(() => import('./RolesPage')) },
  { path: '/admin/system/menus', title: 'identity.menu.menu', component: lazyPage(() => import('./MenusPage')) },
  { path: '/admin/system/devices', title: 'identity.device.menu', component: lazyPage(() => import('./DevicesPage')) },
  { path: '/admin/system/cashier-authority', title: 'identity.authority.menu', component: lazyPage(() => import('./AuthorityPage')) },
  { path: '/admin/system/logs', title: 'identity.log.menu', component: lazyPage(() => import('./LogsPage')) },
  { path: '/admin/system/jobs', title: 'identity.job.menu', component: lazyPage(() => import('./JobsPage')) },
  ...recordPages([roleTypeRecord]),
];
