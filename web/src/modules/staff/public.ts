/** What other modules may use of staff: everything else in this folder is private to it. */
export { API } from './api';
