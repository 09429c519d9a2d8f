/** The stock module's routes besides its bill types' (which their definitions hold). */
export const STOCK = {
  balance: '/api-stock/balance',
  balanceExport: '/api-stock/balance/export',
  history: '/api-stock/balance/history',
  orderTree: '/api-chain/productorder/tree/all',
  stockConfig: '/api-chain/stockconfig/sysuser',
  stockConfigSave: '/api-chain/stockconfig/save',
  orderConfig: '/api-chain/makeorderconfig/sysuser',
  orderConfigSave: '/api-chain/makeorderconfig',
} as const;
