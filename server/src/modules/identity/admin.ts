import type { FastifyInstance } from 'fastify';
import { registerAuthorityRoutes } from './authority.js';
import { registerDeviceRoutes } from './devices.js';
import { registerLogRoutes } from './logs.js';
import { registerMenuRoutes } from './menus-admin.js';
import { registerRoleRoutes } from './roles.js';
import { registerUserRoutes } from './users.js';

/** Users, roles and role types, menus, cashier devices, till authority and the operation log. */
export async function identityAdminModule(app: FastifyInstance) {
  registerUserRoutes(app);
  registerRoleRoutes(app);
  registerMenuRoutes(app);
  registerDeviceRoutes(app);
  registerAuthorityRoutes(app);
  registerLogRoutes(app);
}
