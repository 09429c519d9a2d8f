import type { FastifyInstance } from 'fastify';

/** Users, roles, menus, devices, till authority and the operation log (being built). */
export async function identityAdminModule(_app: FastifyInstance) {}
