/** What other modules may use of catalog: everything else in this folder is private to it. */
export { ItemPicker, type PickedItem } from './ItemPicker';
