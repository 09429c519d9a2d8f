import { z } from 'zod';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, dictionaryVerbs } from './records.js';

/** Product brands (产品品牌): the dictionary fields with a logo. */
export const productBrandRecord = defineRecord({
  resource: 'productbrand',
  basePath: '/api-chain/productbrand',
  label: ['产品品牌', 'Product brands'],
  perm: 'catalog.productbrand',
  codePrefix: 'CB',
  page: '/admin/catalog/product-brands',
  fields: dictionaryRecordFields({ logo: { schema: z.string().max(300).nullish(), label: ['标志', 'Logo'], type: 'image' } }),
  filters: dictionaryFilters,
  verbs: [...dictionaryVerbs, 'rootList', 'rootSave'],
});
