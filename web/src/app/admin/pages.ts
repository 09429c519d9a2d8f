import { lazy } from 'react';
import { orgPages } from '../../modules/org';
import type { PageDef } from '../../platform/pages';

export const ADMIN_APP_ID = 'admin';
export const ADMIN_HOME = '/admin';

/** Every page of the admin application. A module adds its pages here. */
export const adminPages: PageDef[] = [
  { path: ADMIN_HOME, title: 'admin.home', component: lazy(() => import('./HomePage')), public: true },
  ...orgPages,
];
