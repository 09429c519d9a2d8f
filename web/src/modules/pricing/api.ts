/** The price routes (shop prices, specials, card prices, perf ratio, templates, control, resolution). */
export const PRICING = {
  serviceGrid: '/api-chain/serviceprice/findServPriceListPage',
  serviceGridExport: '/api-chain/serviceprice/exportServPriceList',
  serviceSearch: '/api-chain/serviceprice/list/search',
  addServs: '/api-chain/serviceprice/addServs',
  batchChange: '/api-chain/serviceprice/batchChangPrices',
  saveBasePrice: '/api-chain/serviceprice/saveBasePrice',
  /** Chain: one shop's price of one service (`?shopid=`). */
  saveShopServicePrice: '/api-base/serviceprice/saveServPrice',
  servShopStatus: '/api-chain/serviceprice/saveServShopStatus',
  getServShopStatus: '/api-chain/serviceprice/getServShopStatus',
  queryPerfRatio: (id: number) => `/api-chain/serviceprice/queryPerfratio/${id}`,
  deletePerfRatio: (id: number) => `/api-chain/serviceprice/deletePerfratio/${id}`,
  savePerfRatio: '/api-chain/serviceprice/savePerfratio',

  saveSpecials: '/api-chain/serviceprice/savespecials',
  deleteSpecial: (id: number) => `/api-chain/serviceprice/servicespecial/${id}`,
  selectEeSpecial: '/api-base/serviceinfo/selectEeSpecial',
  setEeSpecial: '/api-base/serviceinfo/setEeSpecial',
  specialLog: '/api-base/serviceinfo/selectSpecialLog',
  shopServicePrice: '/api-base/serviceinfo/findShopServprice',
  specialTemplate: '/api-base/serviceinfo/specialExcelTemplate',
  specialImport: '/api-base/serviceinfo/specialBatchImport',

  cardInfos: '/api-chain/serviceinfo/cardinfos',
  /** Every card type of the chain, for pickers. */
  cardTypes: '/api-chain/cardinfo/list/all',
  servPriceCards: '/api-chain/serviceinfo/findServPriceCards',
  saveServCards: '/api-chain/serviceprice/saveServcards',
  batchServiceCards: '/api-chain/serviceprice/batchServiceCards',
  deleteCard: (id: number) => `/api-chain/serviceprice/servicecard/${id}`,

  productGrid: '/api-chain/productprice/productPriceListByPage',
  productGridExport: '/api-chain/productprice/exportProductPriceList',
  productPriceSave: '/api-chain/productprice',
  productPriceBatch: '/api-chain/productprice/batchSave',
  productShopStatus: '/api-chain/productprice/saveProductShopStatus',
  getProductShopStatus: '/api-chain/productprice/getProductShopStatus',

  serviceTemplates: '/api-chain/servicepricetemp',
  productTemplates: '/api-chain/productpricetemp',

  controlList: '/api-chain/shopPriceControl/findlistPage',
  controlSave: '/api-chain/shopPriceControl/saveOrUpdate',
  controlDelete: '/api-chain/shopPriceControl/deleteData',

  resolve: '/api-chain/serviceprice/resolve',
} as const;
