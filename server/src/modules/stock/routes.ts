import {
  idParam,
  productOrderListQuery,
  productOrderSave,
  productOrderTreeQuery,
  stockBalanceQuery,
  stockBillListQuery,
  stockBillPickQuery,
  stockBillSave,
  stockHistoryQuery,
  stockLinesDelete,
  stockLinesQuery,
  stockLinesSave,
  transitionBody,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { registerDictionary } from '../../platform/dictionary.js';
import { yuan } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { route } from '../../platform/route.js';
import { balanceHistory, listBalances } from './balances.js';
import { billDetail, billTransition, deleteLines, listBills, listLines, pickBills, saveBill, saveLines } from './bills.js';
import { registerConfigRoutes } from './config.js';
import { type BillType, ENTRY, OUT } from './doctypes.js';
import { listOrders, orderDetail, orderTransition, orderTree, saveOrder } from './orders.js';
import { reasonDef } from './reasons.js';

function registerBillRoutes(app: FastifyInstance, type: BillType) {
  const resource = type === ENTRY ? 'entry' : 'out';
  const B = `/api-stock/${resource}`;
  const L = `/api-stock/${resource}products`;
  const perm = type === ENTRY ? 'stock.entry' : 'stock.out';
  const what = type === ENTRY ? 'Stock entries (入库, type 1)' : 'Stock outs (出库, type 2)';

  route(
    app,
    'GET',
    `${B}/chain/findListWithPro`,
    {
      summary: `${what}: chain-wide paged list with product lines`,
      description:
        'Newest first. Filters: shopid (or warehouse=1; neither: every location the user may see), dateFrom/dateTo (bill date), state, reasonId, productId (bills with a line of it), billNo (contains), counterpartShopId.',
      perm: `${perm}.view`,
      query: stockBillListQuery,
    },
    ({ tx, auth, lang, query }) => listBills(tx, auth, lang, type, query),
  );
  route(
    app,
    'GET',
    `${B}/list/all`,
    {
      summary: `${what}: up to 200 bills for pickers (newest first, no lines)`,
      description:
        'Read as the bill picker of other pages (e.g. choose the entry a return refers to); filters shopid/warehouse, state, billNo.',
      perm: `${perm}.view`,
      query: stockBillPickQuery,
    },
    ({ tx, auth, lang, query }) => pickBills(tx, auth, lang, type, query),
  );
  route(
    app,
    'POST',
    B,
    {
      summary: `${what}: save a draft (no id: create with number ${type === ENTRY ? 'RK' : 'CK'}yyyymmdd-nnnn; id: update while draft or rejected)`,
      description:
        'The head is replaced; `lines`, when sent, replace every line. Saving a rejected bill makes it a draft again. A transfer out (reason kind transfer) names the receiving location in counterpartShopId (null: the warehouse). With stockconfig.autoAudit, a bill saved with lines by a user who may audit it is audited at once.',
      perm: `${perm}.edit`,
      body: stockBillSave,
      entity: resource,
      // With autoAudit, saving posts the stock.
      idempotent: 'optional',
    },
    ({ tx, auth, lang, body }) => saveBill(tx, auth, lang, type, body),
  );
  const transitions: [string, string][] = [
    ['audit', 'audit: post the lines to stock (draft → audited); a transfer out also creates and audits the matching entry'],
    ['reject', 'reject: back to the maker with a reason in memo (draft → rejected)'],
    ['revoke', 'revoke: post the reversing rows (audited → revoked); both bills of a transfer are revoked together'],
  ];
  for (const [action, summary] of transitions) {
    route(
      app,
      'POST',
      `${B}/${action}`,
      {
        summary: `${what}: ${summary}`,
        perm: `${perm}.${action === 'revoke' ? 'revoke' : 'audit'}`,
        body: transitionBody,
        entity: resource,
        idempotent: 'optional',
      },
      ({ tx, auth, lang, body }) => billTransition(tx, auth, lang, type, action, body),
    );
  }
  route(
    app,
    'GET',
    `${B}/:id`,
    {
      summary: `${what}: one bill with lines, log, the user's actions and its transfer partner or order`,
      perm: `${perm}.view`,
      params: idParam,
    },
    ({ tx, auth, lang, params }) => billDetail(tx, auth, lang, type, params.id),
  );

  route(
    app,
    'GET',
    `${L}/list/all`,
    { summary: `${what}: the lines of a bill (billId)`, perm: `${perm}.view`, query: stockLinesQuery },
    ({ tx, auth, query }) => listLines(tx, auth, type, query.billId),
  );
  route(
    app,
    'POST',
    `${L}/save`,
    {
      summary: `${what}: add lines (no id) or change lines (id) of a draft or rejected bill`,
      description: "Answers the bill's lines and its new version. A product may be on a bill once.",
      perm: `${perm}.edit`,
      body: stockLinesSave,
      entity: `${resource}products`,
    },
    ({ tx, auth, body }) => saveLines(tx, auth, type, body),
  );
  route(
    app,
    'POST',
    `${L}/batchdelete`,
    {
      summary: `${what}: delete lines (ids) of draft or rejected bills`,
      perm: `${perm}.edit`,
      body: stockLinesDelete,
      entity: `${resource}products`,
    },
    ({ tx, auth, body }) => deleteLines(tx, auth, type, body),
  );
}

function registerOrderRoutes(app: FastifyInstance) {
  const O = '/api-chain/productorder';
  route(
    app,
    'GET',
    `${O}/list`,
    {
      summary: 'Product orders of a shop (shopid; without it, of every shop the user may see), newest first',
      perm: 'stock.order.view',
      query: productOrderListQuery,
    },
    ({ tx, auth, query }) => listOrders(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${O}/adminList`,
    {
      summary: "Head office's list of product orders: every shop the user may see; filters state, shopid, regionId, dates, billNo",
      perm: 'stock.order.view',
      query: productOrderListQuery,
    },
    ({ tx, auth, query }) => listOrders(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${O}/tree/all`,
    {
      summary: 'Regions → shops with their product orders counted by state (optional order-date range)',
      perm: 'stock.order.view',
      query: productOrderTreeQuery,
    },
    ({ tx, auth, query }) => orderTree(tx, auth, query),
  );
  for (const path of [`${O}/saveBill`, O]) {
    route(
      app,
      'POST',
      path,
      {
        summary: 'Save a draft product order of a shop (no id: create; id: update while draft or rejected)',
        description:
          "Lines replace the order's lines (absent on update: kept). The number comes from makeorderconfig (prefix + date + sequence) or, with automatic numbering off, from billNo.",
        perm: 'stock.order.edit',
        body: productOrderSave,
        entity: 'productorder',
      },
      ({ tx, auth, body }) => saveOrder(tx, auth, body),
    );
  }
  const transitions: [string, string, string][] = [
    ['submitBill', 'submit', "Submit a draft order to head office (draft → submitted; it appears in the approvers' inbox)"],
    ['auditBill', 'audit', 'Head office accepts an order: creates and audits the stock out from the warehouse (submitted → audited)'],
    ['rejectBill', 'reject', 'Head office rejects an order with a reason in memo (submitted → rejected)'],
    ['receiveBill', 'receive', 'The shop confirms receipt: creates and audits the stock entry into the shop (audited → received)'],
  ];
  for (const [path, action, summary] of transitions) {
    const perm = action === 'reject' ? 'stock.order.audit' : `stock.order.${action}`;
    route(
      app,
      'POST',
      `${O}/${path}`,
      { summary, perm, body: transitionBody, entity: 'productorder', idempotent: 'optional' },
      ({ tx, auth, body }) => orderTransition(tx, auth, action, body),
    );
  }
  route(
    app,
    'GET',
    `${O}/:id`,
    { summary: "One product order with lines, log and the user's actions", perm: 'stock.order.view', params: idParam },
    ({ tx, auth, params }) => orderDetail(tx, auth, params.id),
  );
}

/** Stock: entries and outs, their lines, reasons, balances and history, product orders, settings, the approvals inbox. */
export async function stockModule(app: FastifyInstance) {
  registerDictionary(app, reasonDef);
  registerBillRoutes(app, ENTRY);
  registerBillRoutes(app, OUT);
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
      { key: 'purchasePrice', title: ['进货价', 'Purchase price'], value: (r) => yuan(r.purchasePrice) },
      { key: 'value', title: ['金额', 'Value'], value: (r) => yuan(r.value) },
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
    },
    ({ tx, auth, lang, query }) => balanceHistory(tx, auth, lang, query),
  );
  registerOrderRoutes(app);
  registerConfigRoutes(app);
}
