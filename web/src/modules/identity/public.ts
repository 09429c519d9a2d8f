/** What other modules may use of identity: everything else in this folder is private to it. */
export { RowSwitch } from './cells';
