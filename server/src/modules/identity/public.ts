/** What other modules may use of identity: everything else in this folder is private to it. */
export { users } from './schema.js';
export { openSelfAccount, userScope } from './users.js';
