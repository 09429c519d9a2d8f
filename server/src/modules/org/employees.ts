import type { FastifyInstance } from 'fastify';

/** The employee register, transfers and the employee stream (being built). */
export async function staffModule(_app: FastifyInstance) {}
