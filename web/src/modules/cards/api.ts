import { cardSystemRecord, shopListPath } from '@headoffice/contract';

const C = '/api-chain/cardinfo';

/** The card routes the pages call. */
export const CARDS = {
  typeList: `${C}/search/all`,
  typeAll: `${C}/list/all`,
  typeSave: C,
  typeOne: (id: number) => `${C}/cardInfo/${id}`,
  typeNewCode: `${C}/newcode`,
  typeStatus: `${C}/status`,
  rules: `${C}/cardRules`,
  saveRules: `${C}/saveCardRules`,
  deleteRule: (id: number) => `${C}/delCardRule/${id}`,
  giftPreview: `${C}/giftPreview`,
  systemAll: cardSystemRecord.paths.all,
  shopRows: '/api-chain/cardishop/search/all',
  shopSave: '/api-chain/cardishop',
  shopBatch: '/api-chain/cardishop/batchSave',
  shopsAll: shopListPath,
} as const;
