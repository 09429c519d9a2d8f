import type { FastifyInstance } from 'fastify';

/** Products, services and packages (being built). */
export async function catalogModule(_app: FastifyInstance) {}
