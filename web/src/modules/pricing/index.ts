import { lazyPage, type PageDef } from '../../platform/pages';

/** The price pages of the admin application (lazy: each loads on first open). */
export const pricingPages: PageDef[] = [
  { path: '/admin/pricing/service-prices', title: 'pricing.menu.servicePrices', component: lazyPage(() => import('./ServicePricesPage')) },
  {
    path: '/admin/pricing/service-templates',
    title: 'pricing.menu.serviceTemplates',
    component: lazyPage(() => import('./ServiceTemplatesPage')),
  },
  { path: '/admin/pricing/product-prices', title: 'pricing.menu.productPrices', component: lazyPage(() => import('./ProductPricesPage')) },
  {
    path: '/admin/pricing/product-templates',
    title: 'pricing.menu.productTemplates',
    component: lazyPage(() => import('./ProductTemplatesPage')),
  },
  { path: '/admin/pricing/price-control', title: 'pricing.menu.priceControl', component: lazyPage(() => import('./PriceControlPage')) },
];
export { pricingEn, pricingZh } from './locale';
