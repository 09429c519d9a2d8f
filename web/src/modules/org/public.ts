/** What other modules may use of org: everything else in this folder is private to it. */
export { ShopTreeSelect } from './ShopTreeSelect';
