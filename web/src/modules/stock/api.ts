import { ORDER_CONFIG_PATH } from '@headoffice/contract';

/** The stock module's routes besides its bill types' (which their definitions hold). */
export const STOCK = {
  balance: '/api-stock/balance',
  balanceExport: '/api-stock/balance/export',
  history: '/api-stock/balance/history',
  orderTree: '/api-chain/productorder/tree/all',
  stockConfig: '/api-chain/stockconfig/sysuser',
  stockConfigSave: '/api-chain/stockconfig/save',
  orderConfig: `${ORDER_CONFIG_PATH}/sysuser`,
  orderConfigSave: ORDER_CONFIG_PATH,
} as const;
