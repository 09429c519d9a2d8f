import { fundTravelRecord } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { fieldError } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { linkedNames, registerRecord, saveRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { fundTravels } from './schema.js';

// Travel records (出差记录, fundtravel, §9.2) on the record pattern: a shop's trips, each with whether
// it was reimbursed. A user limited to some shops lists and saves only theirs; saveTravel is the
// seed's own name of the save; saveSystem imports the Excel template, everything or nothing.

defineMessages({ travelEndsBeforeStart: ['结束日期不能早于开始日期', 'The trip cannot end before it starts'] });
defineLabels({ fund_travels: ['出差记录', 'travel records'] });

export const fundTravelDef = serveRecord(fundTravelRecord, {
  table: fundTravels,
  shopField: 'shopId',
  beforeSave: async (_tx, value) => {
    if ((value.endDate as string) < (value.startDate as string)) throw fieldError('endDate', 'travelEndsBeforeStart');
  },
  decorate: linkedNames(shops, 'shopId', 'shopName'),
  lookups: { shopId: { table: shops, scope: (auth: Auth) => inVisibleShops(auth, shops.id) } },
});

export function registerFundTravel(app: FastifyInstance) {
  registerRecord(app, fundTravelDef);
  route(
    app,
    'POST',
    `${fundTravelRecord.basePath}/saveTravel`,
    {
      summary: 'Travel records: create (no id) or update (id, version), the seed’s name of save',
      perm: `${fundTravelRecord.perm}.edit`,
      body: fundTravelRecord.save,
      entity: fundTravelRecord.resource,
    },
    ({ tx, body, auth, req }) => saveRecord(tx, fundTravelDef, body as Record<string, unknown>, auth, req.body),
  );
}
