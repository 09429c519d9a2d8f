import {
  billTreeQuery,
  productOrderStates,
  productOrderTreeNode,
  stockBalancePage,
  stockBalanceQuery,
  stockHistoryPage,
  stockHistoryQuery,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { billCountsByShop, registerBill } from '../../platform/bills.js';
import { yuanCell } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { registerRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { shopTree } from '../org/public.js';
import { balanceHistory, listBalances } from './balances.js';
import { entryBills, outBills } from './bills.js';
import { registerConfigRoutes } from './config.js';
import { orderBills } from './orders.js';
import { reasonDef } from './reasons.js';

const stockBillTypes = [entryBills, outBills, orderBills];

/** Stock: entries and outs, their lines, reasons, balances and history, product orders, settings. */
export async function stockModule(app: FastifyInstance) {
  registerRecord(app, reasonDef);
  for (const type of stockBillTypes) registerBill(app, type);
  route(
    app,
    'GET',
    '/api-stock/balance',
    {
      summary: 'Stock balances by location × product with value (quantity × purchase price) and sums',
      description:
        'Not in the seed (the balance page). Filters: shopid (alias shopId) or warehouse=1, productId, keyword (code/name/barcode), categoryId (with sub-categories), nonZero=1. Answers the page plus summary { quantity, value }.',
      perm: 'stock.balance.view',
      query: stockBalanceQuery,
      response: stockBalancePage,
    },
    ({ tx, auth, lang, query }) => listBalances(tx, auth, lang, query),
  );
  listExport(app, '/api-stock/balance/export', {
    perm: 'stock.balance.view',
    query: stockBalanceQuery,
    list: ({ tx, auth, lang }, query) => listBalances(tx, auth, lang, query),
    title: ['库存余额', 'Stock balances'],
    columns: [
      { key: 'shopName', title: ['门店/仓库', 'Shop / warehouse'], width: 20 },
      { key: 'pcode', title: ['产品编码', 'Code'] },
      { key: 'productName', title: ['产品名称', 'Product'], width: 24 },
      { key: 'barcode', title: ['条码', 'Barcode'] },
      { key: 'spec', title: ['规格', 'Spec'] },
      { key: 'unit', title: ['单位', 'Unit'], width: 8 },
      { key: 'quantity', title: ['数量', 'Quantity'] },
      { key: 'purchasePrice', title: ['进货价', 'Purchase price'], value: (r) => yuanCell(r.purchasePrice) },
      { key: 'value', title: ['金额', 'Value'], value: (r) => yuanCell(r.value) },
    ],
  });
  route(
    app,
    'GET',
    '/api-stock/balance/history',
    {
      summary: 'Movement history of a product (newest first): every ledger row with its bill number, type and link',
      description:
        'Not in the seed. productId required; shopid (alias shopId) or warehouse=1 (neither: every location the user may see); dateFrom/dateTo.',
      perm: 'stock.balance.view',
      query: stockHistoryQuery,
      response: stockHistoryPage,
    },
    ({ tx, auth, lang, query }) => balanceHistory(tx, auth, lang, query),
  );
  route(
    app,
    'GET',
    '/api-chain/productorder/tree/all',
    {
      summary: 'Regions → shops with their product orders counted by state (optional order-date range)',
      perm: 'stock.order.view',
      query: billTreeQuery,
      response: z.array(productOrderTreeNode),
    },
    async ({ tx, auth, query }) =>
      shopTree(tx, auth, Object.keys(productOrderStates), await billCountsByShop(orderBills, { tx, auth }, query)),
  );
  registerConfigRoutes(app);
}
