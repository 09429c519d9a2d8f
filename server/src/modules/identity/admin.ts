import type { FastifyInstance } from 'fastify';
import { registerAuthorityRoutes } from './authority.js';
import { registerDeviceRoutes } from './devices.js';
import { registerInboxRoutes } from './inbox.js';
import { registerJobRoutes } from './jobs.js';
import { registerLogRoutes } from './logs.js';
import { registerMenuRoutes } from './menus-admin.js';
import { registerRoleRoutes } from './roles.js';
import { registerUserRoutes } from './users.js';

/** Users, roles and role types, menus, cashier devices, till authority, the operation log and the approvals inbox. */
export async function identityAdminModule(app: FastifyInstance) {
  registerUserRoutes(app);
  registerRoleRoutes(app);
  registerMenuRoutes(app);
  registerDeviceRoutes(app);
  registerAuthorityRoutes(app);
  registerLogRoutes(app);
  registerInboxRoutes(app);
  registerJobRoutes(app);
}
