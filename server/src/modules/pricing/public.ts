/** What other modules may use of pricing: everything else in this folder is private to it. */
export { loadShop, loadShops } from './common.js';
export { priceOf } from './resolve.js';
export { productShopPrices, serviceShopPrices } from './schema.js';
