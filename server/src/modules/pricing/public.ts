/** What other modules may use of pricing: everything else in this folder is private to it. */
export { priceOf, resolvePrice } from './resolve.js';
export { productShopPrices, serviceShopPrices } from './schema.js';
