import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type DictionaryDef, registerAliases, registerDictionary } from '../../platform/dictionary.js';
import { productBrands } from './schema.js';

/** Product brands (产品品牌): the dictionary pattern with a logo. */
export const productBrandDef: DictionaryDef = {
  resource: 'productbrand',
  basePath: '/api-chain/productbrand',
  table: productBrands,
  perm: 'catalog.productbrand',
  label: ['产品品牌', 'Product brands'],
  codePrefix: 'CB',
  extra: { logo: z.string().max(300).nullish() },
};

export function registerProductBrandRoutes(app: FastifyInstance) {
  registerDictionary(app, productBrandDef);
  registerAliases(app, productBrandDef, { rootList: true, rootSave: true });
}
