import { HOME_PATH, HOME_PERM, homeAnswer, homeQuery } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { servedDocuments } from '../../platform/documents.js';
import { route } from '../../platform/route.js';
import { dashboard } from './dashboard.js';

export async function homeModule(app: FastifyInstance) {
  route(
    app,
    'GET',
    HOME_PATH,
    {
      summary: "首页: the day's and month's turnover, visits and card sales by shop and region, approvals, open bills, low stock",
      description:
        'Within the shops the user sees. Turnover and visits: settled till bills not revoked (amount, count); card sales: cards opened and recharged, not revoked; the month runs from its first day to the date.',
      perm: HOME_PERM,
      query: homeQuery,
      response: homeAnswer,
    },
    ({ tx, auth, query }) => dashboard(tx, auth, query, servedDocuments(app).values()),
  );
}
