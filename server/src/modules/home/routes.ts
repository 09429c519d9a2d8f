import { HOME_PATH, HOME_PERM, homeAnswer, homeQuery, LOW_STOCK_PATH, lowStockPage, lowStockQuery } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { servedDocuments } from '../../platform/documents.js';
import { route } from '../../platform/route.js';
import { dashboard, lowStock } from './dashboard.js';

export async function homeModule(app: FastifyInstance) {
  route(
    app,
    'GET',
    HOME_PATH,
    {
      summary:
        "首页: the day's and month's cash takings, card consumption, visits and card sales by shop; approvals, open bills, stock warnings",
      description:
        'Within the shops the user sees, over settled till bills not revoked: cash takings (现金业绩) = payments of the cash pay class (01); ' +
        'card consumption (耗卡) = payments from members’ stored-value cards; visits (客数) = bills counted as a visit (isCompute); ' +
        'card sales (售卡) = cards opened and recharged, not revoked. The month runs from its first day to the date, on the company’s calendar. ' +
        'lowStock.total counts the products below their safety stock per location (the list: ' +
        LOW_STOCK_PATH +
        ').',
      perm: HOME_PERM,
      query: homeQuery,
      response: homeAnswer,
    },
    ({ tx, auth, query }) => dashboard(tx, auth, query, servedDocuments(app).values()),
  );
  route(
    app,
    'GET',
    LOW_STOCK_PATH,
    {
      summary: '库存预警: products below the safety stock set for them at a location, the largest shortfall first',
      description:
        'Ours (the home page links to it). Rows of kept products (stock_products, status 1) with a safety stock above their balance; ' +
        'a user limited to some shops sees their rows only, not the head-office warehouse. Filter: shopid.',
      perm: HOME_PERM,
      query: lowStockQuery,
      response: lowStockPage,
    },
    ({ tx, auth, query }) => lowStock(tx, auth, query),
  );
}
