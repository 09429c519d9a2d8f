/** What other modules may use of pricing: everything else in this folder is private to it. */
export { priceOf } from './resolve.js';
export { productShopPrices, serviceShopPrices } from './schema.js';
