/** What other modules may use of identity: everything else in this folder is private to it. */
export { userRoles, users } from './schema.js';
export { openSelfAccount, userScope } from './users.js';
