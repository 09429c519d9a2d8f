import { orgDictionaryRecords, orgRecords } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The organisation module's pages in the admin application (lazy: each loads on first open). */
export const orgPages: PageDef[] = [
  { path: '/admin/org/regions', title: 'org.region.menu', component: lazyPage(() => import('./RegionsPage')) },
  {
    path: '/admin/org/regions/:id',
    title: 'org.region.detail',
    component: lazyPage(() => import('./RegionDetailPage')),
    menuUrl: () => '/admin/org/regions',
    validate: (p) => /^\d+$/.test(p.id ?? ''),
  },
  { path: '/admin/org/shops', title: 'org.shop.menu', component: lazyPage(() => import('./ShopsPage')) },
  {
    path: '/admin/org/shops/:id',
    title: 'org.shop.detail',
    component: lazyPage(() => import('./ShopDetailPage')),
    menuUrl: () => '/admin/org/shops',
    validate: (p) => /^\d+$/.test(p.id ?? ''),
  },
  ...recordPages(orgRecords),
  ...recordPages(orgDictionaryRecords),
];
