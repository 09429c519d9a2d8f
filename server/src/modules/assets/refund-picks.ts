import { depositRow, memberCardRow, packageLineRow, REFUND_PICKS, refundPickQuery } from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { route } from '../../platform/route.js';
import { assertMemberVisible, memberAssets } from './assets.js';
import { depositsOf } from './deposits.js';
import { memberPackageLinesOf } from './packages.js';

type Query = z.output<typeof refundPickQuery>;
const ofShop = (q: Query, shopId: number) => !q.shopid || shopId === q.shopid;

/** Package lines with a count left (an expired line is refunded too), of the shop when one is named. */
async function refundablePackages(tx: Db, auth: Auth, q: Query) {
  return (await memberPackageLinesOf(tx, auth, { memid: q.memid })).filter((l) => l.snum > 0 && ofShop(q, l.shopId));
}

/** Deposited products with units left, kept by the shop when one is named. */
async function refundableDeposits(tx: Db, auth: Auth, q: Query) {
  return (await depositsOf(tx, auth, q.memid)).filter((d) => d.checknum > 0 && ofShop(q, d.shopId));
}

/** Active cards with the buckets that hold money (the shop's only when one is named). */
async function refundableCards(tx: Db, auth: Auth, q: Query) {
  await assertMemberVisible(tx, auth, q.memid);
  const { cards } = await memberAssets(tx, q.memid);
  return cards
    .filter((c) => c.status === 1)
    .map((c) => ({ ...c, buckets: c.buckets.filter((b) => (b.principal > 0 || b.gift > 0) && ofShop(q, b.shopId)) }))
    .filter((c) => c.buckets.length);
}

/**
 * What the card refund bill's form picks from (api-member/financecardtk): a member's refundable package
 * lines, deposited products and card buckets, read as the member pages read them; 404 for a member the
 * user does not see. The refund bill's makers read them.
 */
export function refundPickRoutes(app: FastifyInstance) {
  const spec = (summary: string, response: z.ZodType) => ({ summary, perm: 'finance.cardtk.edit', query: refundPickQuery, response });
  route(
    app,
    'GET',
    REFUND_PICKS.packages,
    spec("A member's package lines with a count left (snum), at the batch's unit price (singlePrice)", z.array(packageLineRow)),
    ({ tx, auth, query }) => refundablePackages(tx, auth, query),
  );
  route(
    app,
    'GET',
    REFUND_PICKS.products,
    spec("A member's deposited products with units left (checknum), at their price", z.array(depositRow)),
    ({ tx, auth, query }) => refundableDeposits(tx, auth, query),
  );
  route(
    app,
    'GET',
    REFUND_PICKS.cards,
    spec("A member's active cards with the buckets holding principal or gift", z.array(memberCardRow)),
    ({ tx, auth, query }) => refundableCards(tx, auth, query),
  );
}
