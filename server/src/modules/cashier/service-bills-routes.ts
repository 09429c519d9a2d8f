import {
  billLinesBody,
  billPerfRow,
  cancelBody,
  deleteBillBody,
  idParam,
  memberCouponRow,
  memberLookupQuery,
  memberLookupRow,
  memberPackagesQuery,
  openBillBody,
  perfQuery,
  reviseBody,
  serviceBillDetail,
  serviceBillRow,
  serviceRecordsPage,
  serviceRecordsQuery,
  settleBody,
  TILL_PATHS as T,
  tillPackageLine,
  tillSetup,
  todayQuery,
  voidBillBody,
} from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { usableMemberCoupons } from '../assets/public.js';
import {
  expireOpenBills,
  findMembers,
  openBill,
  saveLines,
  settleBill,
  tillSetup as setupOf,
  tillPackageLines,
  voidBill,
} from './checkout.js';
import { serviceBills } from './schema.js';
import { billDetail, cancelExpired, deleteVoided, listBills, perfRows, reviseBill } from './service-bills.js';
import { reviseMoves, settleMoves } from './service-doc.js';

const TILL_VIEW = 'till.checkout.view';
const TILL_EDIT = 'till.checkout.edit';
const RECORDS_VIEW = 'cashier.servicerecord.view';

/**
 * The till's checkout (cashier application, `/api-cashier/checkout/*`, not in the seed) and head
 * office's service-bill records (`/api-cashier/servicerecords/*`, seed paths).
 */
export function registerServiceBillRoutes(app: FastifyInstance) {
  const bill = { response: serviceBillDetail, entity: 'checkout' };
  route(
    app,
    'GET',
    T.setup,
    {
      summary: "The till's working data for a shop: hand tags, pay types, services and products with prices, staff",
      perm: TILL_VIEW,
      query: todayQuery,
      response: tillSetup,
    },
    ({ tx, auth, query }) => setupOf(tx, auth, query.shopid),
  );
  route(
    app,
    'GET',
    T.member,
    {
      summary:
        "Members by mobile (whole or its last digits) or card number, as the shop's bill settings allow, with their cards and balances",
      perm: TILL_VIEW,
      query: memberLookupQuery,
      response: z.array(memberLookupRow),
    },
    ({ tx, query }) => findMembers(tx, query.shopid, query.q),
  );
  route(
    app,
    'GET',
    T.memberPackages,
    {
      summary: "A member's package lines that can pay at the till (counts left, not expired)",
      description: 'Not in the seed (docs/DECISIONS.md).',
      perm: TILL_VIEW,
      query: memberPackagesQuery,
      response: z.array(tillPackageLine),
    },
    ({ tx, auth, query }) => tillPackageLines(tx, auth, query.memberId),
  );
  route(
    app,
    'GET',
    T.memberCoupons,
    {
      summary: "A member's coupons and red envelopes that can pay at the till today (unused, valid, something left)",
      description: 'Not in the seed (docs/DECISIONS.md).',
      perm: TILL_VIEW,
      query: memberPackagesQuery,
      response: z.array(memberCouponRow),
    },
    ({ tx, auth, query }) => usableMemberCoupons(tx, auth, query.memberId),
  );
  route(
    app,
    'GET',
    T.today,
    { summary: "The shop's bills of today, open ones first", perm: TILL_VIEW, query: todayQuery, response: z.array(serviceBillRow) },
    async ({ tx, auth, query }) => {
      const today = await expireOpenBills(tx, auth.tenantId);
      const page = await listBills(tx, auth, { shopid: query.shopid, dateFrom: today, dateTo: today, page: 1, pageSize: 200 }, [1, 3, 4]);
      return [...page.list].sort((a, b) => (a.status === 1 ? 0 : 1) - (b.status === 1 ? 0 : 1) || b.id - a.id);
    },
  );
  route(
    app,
    'GET',
    '/api-cashier/checkout/bill/:id',
    {
      summary: 'One bill of the till with its lines, payments and performance',
      perm: TILL_VIEW,
      params: idParam,
      response: serviceBillDetail,
    },
    async ({ tx, auth, params }) => {
      const [row] = await tx
        .select({ shopId: serviceBills.shopId })
        .from(serviceBills)
        .where(and(eq(serviceBills.id, params.id), eq(serviceBills.isDel, 0)));
      if (!row) throw notFound();
      assertShopVisible(auth, row.shopId);
      return billDetail(tx, params.id);
    },
  );
  route(
    app,
    'POST',
    T.open,
    {
      summary: '开单: open a bill with a hand tag (typed, or the lowest free one of the range) for a member or a walk-in',
      description: 'Not in the seed (docs/DECISIONS.md). A tag held by an open bill of the shop: 409. Idempotency-Key optional.',
      perm: TILL_EDIT,
      body: openBillBody,
      verb: 'create',
      idempotent: 'optional',
      ...bill,
    },
    ({ tx, auth, body }) => openBill(tx, auth, body),
  );
  route(
    app,
    'POST',
    T.lines,
    {
      summary: "Replace an open bill's lines (services, products) with their staff by station; prices resolved by the shop's rules",
      perm: TILL_EDIT,
      body: billLinesBody,
      verb: 'update',
      idempotent: 'optional',
      ...bill,
    },
    ({ tx, auth, body }) => saveLines(tx, auth, body),
  );
  route(
    app,
    'POST',
    T.settle,
    {
      summary: '结账: settle an open bill with split payments (pay types of the shop, stored-value cards)',
      description:
        'Idempotency-Key required: the key the till generated when it opened the bill; a retry answers the first settle. ' +
        'Payments must add up to the bill; each is allocated over the lines (largest remainder), performance by the pay template.',
      perm: TILL_EDIT,
      body: settleBody,
      verb: 'update',
      moves: settleMoves,
      idempotent: 'optional',
      ...bill,
    },
    ({ tx, auth, body, req }) => {
      // Required, but checked after the bill's shop: another shop's bill answers 403/404 whatever the headers.
      return settleBill(tx, auth, body, () => {
        if (!req.headers['idempotency-key']) throw fieldError('idempotency-key', 'settleKeyRequired');
      });
    },
  );
  route(
    app,
    'POST',
    T.void,
    {
      summary: 'Void an open bill at the till (its hand tag is released)',
      perm: TILL_EDIT,
      body: voidBillBody,
      verb: 'update',
      idempotent: 'optional',
      ...bill,
    },
    ({ tx, auth, body }) => voidBill(tx, auth, body),
  );

  // ---- head office (the records' lists, export, detail and 撤单: bill-records-routes.ts) ----
  route(
    app,
    'GET',
    T.listOver,
    {
      summary: 'Expired open bills (status 2) and the ones voided from them (3)',
      perm: RECORDS_VIEW,
      query: serviceRecordsQuery,
      response: serviceRecordsPage,
    },
    async ({ tx, auth, query }) => {
      await expireOpenBills(tx, auth.tenantId);
      return listBills(tx, auth, query, [2, 3]);
    },
  );
  route(
    app,
    'GET',
    T.perf,
    {
      summary: 'The performance rows of one bill (settle, revise and revoke rows)',
      perm: RECORDS_VIEW,
      query: perfQuery,
      response: z.array(billPerfRow),
    },
    async ({ tx, auth, query }) => {
      await visibleBill(tx, auth, query.id);
      return perfRows(tx, query.id);
    },
  );
  route(
    app,
    'POST',
    T.revise,
    {
      summary: '改单: re-attribute the staff performance of a settled bill (money never changes)',
      perm: 'cashier.servicerecord.revise',
      body: reviseBody,
      verb: 'update',
      moves: reviseMoves,
      idempotent: 'optional',
      entity: 'servicerecords',
      response: serviceBillDetail,
    },
    ({ tx, auth, lang, body }) => reviseBill(tx, auth, lang, body),
  );
  route(
    app,
    'POST',
    T.cancel,
    {
      summary: 'Void expired bills [{id, revision, cancelReason ≤ 30}]',
      perm: 'cashier.servicerecord.edit',
      body: cancelBody,
      verb: 'update',
      entity: 'servicerecords',
      response: z.object({ done: z.number() }),
    },
    ({ tx, auth, body }) => cancelExpired(tx, auth, body),
  );
  route(
    app,
    'POST',
    T.saveOrUpdate,
    {
      summary: 'Delete a voided bill ({id, isDel: "1"}); any other bill: 409',
      perm: 'cashier.servicerecord.edit',
      body: deleteBillBody,
      verb: 'delete',
      entity: 'servicerecords',
      response: z.object({ id: z.number() }),
    },
    ({ tx, auth, body }) => deleteVoided(tx, auth, body.id),
  );
}

/** 404 unless the bill exists and is of a shop the user sees. */
async function visibleBill(tx: Db, auth: Auth, id: number) {
  const [row] = await tx
    .select({ shopId: serviceBills.shopId })
    .from(serviceBills)
    .where(and(eq(serviceBills.id, id), eq(serviceBills.isDel, 0), inVisibleShops(auth, serviceBills.shopId)));
  if (!row) throw notFound();
}
