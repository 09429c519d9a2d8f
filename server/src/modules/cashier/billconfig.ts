import {
  type BillConfig,
  billConfig,
  billConfigAutoNo,
  billConfigMobile,
  billConfigNo,
  billConfigQuery,
  billConfigSave,
  HAND_TAG_RANGE_MAX,
  CASHIER_PATHS as P,
} from '@headoffice/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { assertShops } from './pay.js';
import { billConfigs } from './schema.js';

const defaults = {
  isAutoNo: true,
  noMin: 1,
  noMax: 100,
  isAllowMobile: true,
  isAllowCardno: true,
  isNeedSign: false,
  isAutoPrint: true,
  isPushWxmsg: false,
  isRate: false,
  cardPriceRule: 'cardPays',
  rounding: 'none',
  revision: 0,
} as const;

/** The cashier's bill settings of a shop (the defaults until the shop saves its own). */
export async function billConfigOf(tx: Db, shopId: number): Promise<BillConfig> {
  const [row] = await tx.select().from(billConfigs).where(eq(billConfigs.shopId, shopId));
  if (!row) return { shopId, ...defaults };
  const { tenantId: _t, updatedAt: _u, ...config } = row;
  return billConfig.parse(config);
}

/** The shop a call means: `shopid`, else the signed-in user's one shop; a user of several shops (or head office) names it. */
function shopOf(auth: Auth, shopid: number | undefined) {
  if (shopid) return shopid;
  const visible = visibleShops(auth);
  if (visible?.length === 1) return visible[0];
  throw fieldError('shopid', 'shopRequired');
}

async function patch(tx: Db, auth: Auth, shopId: number, values: Partial<BillConfig>, revision?: number) {
  await assertShops(tx, auth, [shopId]);
  const next = { ...(await billConfigOf(tx, shopId)), ...values };
  if (revision !== undefined && revision !== next.revision) throw conflict('revisionStale');
  if (next.noMax < next.noMin || next.noMax - next.noMin + 1 > HAND_TAG_RANGE_MAX) throw fieldError('noMax', 'handTagRange');
  const { shopId: _s, revision: _r, ...fields } = next;
  await tx
    .insert(billConfigs)
    .values({ ...fields, tenantId: auth.tenantId, shopId, revision: 1 })
    .onConflictDoUpdate({
      target: [billConfigs.tenantId, billConfigs.shopId],
      set: { ...fields, revision: sql`${billConfigs.revision} + 1`, updatedAt: new Date() },
    });
  return billConfigOf(tx, shopId);
}

/**
 * `makeorderconfig`: the cashier's bill settings per shop (收银开单配置, DOMAIN-DETAIL §1): hand tags
 * automatic or typed and their range (at most 100 numbers), member lookup by mobile or card number,
 * signature, auto print, WeChat push, rating.
 */
export function registerBillConfigRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    P.billConfig,
    {
      summary: "The cashier's bill settings of the signed-in user's shop (shopid: of that shop)",
      description:
        'A user of one shop reads that shop without shopid; head office and users of several shops name the shop (400 otherwise).',
      perm: null,
      query: billConfigQuery,
      response: billConfig,
    },
    async ({ tx, auth, query }) => {
      const shopId = shopOf(auth, query.shopid);
      const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
      if (!shop) throw notFound();
      return billConfigOf(tx, shopId);
    },
  );
  const spec = <B extends typeof billConfigSave | typeof billConfigAutoNo | typeof billConfigMobile | typeof billConfigNo>(
    summary: string,
    body: B,
  ) => ({ summary, perm: 'cashier.billconfig.edit', body, entity: 'makeorderconfig', response: billConfig });
  route(
    app,
    'POST',
    P.billConfigSave,
    spec("Save a shop's bill settings (the fields sent; revision: the one read, 409 when newer)", billConfigSave),
    ({ tx, auth, body }) => {
      const { shopid, revision, ...values } = body;
      return patch(tx, auth, shopid, values, revision);
    },
  );
  route(
    app,
    'POST',
    P.billConfigAutoNo,
    spec('Hand tags given automatically from the range, or typed', billConfigAutoNo),
    ({ tx, auth, body }) => patch(tx, auth, body.shopid, { isAutoNo: body.isAutoNo }),
  );
  route(
    app,
    'POST',
    P.billConfigMobile,
    spec('Members looked up by mobile number (and by card number)', billConfigMobile),
    ({ tx, auth, body }) => {
      const { shopid, ...values } = body;
      return patch(tx, auth, shopid, values);
    },
  );
  route(
    app,
    'POST',
    P.billConfigNo,
    spec('The hand-tag range noMin..noMax: low to high, at most 100 numbers', billConfigNo),
    ({ tx, auth, body }) => patch(tx, auth, body.shopid, { noMin: body.noMin, noMax: body.noMax }),
  );
}
