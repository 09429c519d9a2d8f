import type { FastifyInstance } from 'fastify';

/** Members. The card types for pickers (`/api-chain/cardinfo/list/all`) are served by the cards module. */
export async function membersModule(_app: FastifyInstance) {}
