import { productBrandRecord } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { registerRecord, serveRecord } from '../../platform/records.js';
import { productBrands } from './schema.js';

/** Product brands (产品品牌): the dictionary pattern with a logo. */
export const productBrandDef = serveRecord(productBrandRecord, { table: productBrands });

export function registerProductBrandRoutes(app: FastifyInstance) {
  registerRecord(app, productBrandDef);
}
