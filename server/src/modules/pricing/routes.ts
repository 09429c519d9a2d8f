import type { FastifyInstance } from 'fastify';

/** What each shop charges: shop prices, specials, card prices, templates, price control (being built). */
export async function pricingModule(_app: FastifyInstance) {}
