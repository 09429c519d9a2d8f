import { productBrandRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The catalogue's pages in the admin application (lazy: each loads on first open). */
export const catalogPages: PageDef[] = [
  { path: '/admin/catalog/services', title: 'catalog.menu.services', component: lazyPage(() => import('./ServicesPage')) },
  {
    path: '/admin/catalog/services/:id',
    title: 'catalog.service.detail',
    component: lazyPage(() => import('./ServiceDetailPage')),
    menuUrl: () => '/admin/catalog/services',
    validate: (p) => /^\d+$/.test(p.id ?? ''),
  },
  { path: '/admin/catalog/packages', title: 'catalog.menu.packages', component: lazyPage(() => import('./PackagesPage')) },
  {
    path: '/admin/catalog/packages/:id',
    title: 'catalog.package.detail',
    component: lazyPage(() => import('./PackageDetailPage')),
    menuUrl: () => '/admin/catalog/packages',
    validate: (p) => /^\d+$/.test(p.id ?? ''),
  },
  { path: '/admin/catalog/products', title: 'catalog.menu.products', component: lazyPage(() => import('./ProductsPage')) },
  {
    path: '/admin/catalog/products/:id',
    title: 'catalog.product.detail',
    component: lazyPage(() => import('./ProductDetailPage')),
    menuUrl: () => '/admin/catalog/products',
    validate: (p) => /^\d+$/.test(p.id ?? ''),
  },
  ...recordPages([productBrandRecord]),
  { path: '/admin/catalog/stock-products', title: 'catalog.menu.stockProducts', component: lazyPage(() => import('./StockProductsPage')) },
];
export { catalogEn, catalogZh } from './locale';
