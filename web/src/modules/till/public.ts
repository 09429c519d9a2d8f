/** What other modules may use of till: everything else in this folder is private to it. */
export { BillView } from './BillView';
