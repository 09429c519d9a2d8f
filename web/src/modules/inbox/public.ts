/** What other modules may use of inbox: everything else in this folder is private to it. */
export { INBOX_URL } from './api';
