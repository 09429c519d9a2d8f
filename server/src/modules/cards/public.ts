/** What other modules may use of cards: everything else in this folder is private to it. */
export { withBrandNames } from './routes.js';
export { cardDispatches, cardDispatchLines } from './schema.js';
