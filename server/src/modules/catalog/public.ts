/** What other modules may use of catalog: everything else in this folder is private to it. */
export { productBrands, products, servicePackageItems, servicePackageShops, servicePackages, services, stockProducts } from './schema.js';
