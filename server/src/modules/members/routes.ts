import type { CardTypeOption } from '@headoffice/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { can } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { cardTypes } from './schema.js';

/** Who may list card types: whoever sees services or their prices (card prices are set there). */
const viewers = ['catalog.service.view', 'pricing.serviceprice.view'];

/**
 * Members. For now only what card prices need: the card types for pickers. Card type admin (create,
 * edit, rules) comes with the rest of the module.
 */
export async function membersModule(app: FastifyInstance) {
  route(
    app,
    'GET',
    '/api-chain/cardinfo/list/all',
    {
      summary: 'Every card type of the chain for pickers: [{id, code, name, kind, status}], at most 2000',
      description:
        'kind 1 stored value (储值卡), 2 qualification (资格卡); status 1 issued, 2 no longer issued (停办), listed too so that ' +
        'prices set on them still show a name. Ordered by sort, then code. Any signed-in user who may view services ' +
        '(catalog.service.view) or service prices (pricing.serviceprice.view); 403 otherwise.',
      perm: null,
    },
    async ({ tx, auth }) => {
      if (!viewers.some((perm) => can(auth, perm))) throw forbidden();
      const rows = await tx
        .select({ id: cardTypes.id, code: cardTypes.code, name: cardTypes.name, kind: cardTypes.kind, status: cardTypes.status })
        .from(cardTypes)
        .orderBy(asc(cardTypes.sort), asc(cardTypes.code), asc(cardTypes.id))
        .limit(2000);
      return rows as CardTypeOption[];
    },
  );
}
