import {
  type BillRecordKind,
  batchOpenBody,
  billCardRow,
  billPerfRow,
  CARD_RECORD_PATHS,
  cardBill,
  cardBillAnswer,
  cardOpenSetup,
  linkPhysicalBody,
  memberCouponRow,
  openCardBody,
  PACKAGE_RECORD_PATHS,
  packageBill,
  packageGiftsPage,
  perfQuery,
  recordsSum,
  reviseBody,
  revokeMktBody,
  serviceBill,
  serviceBillDetail,
  serviceRecordsQuery,
  tillSetup,
  todayQuery,
} from '@headoffice/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertShopVisible } from '../../platform/auth.js';
import { fieldError } from '../../platform/errors.js';
import { keywordMatch } from '../../platform/paging.js';
import { registerPosBill } from '../../platform/pos-documents.js';
import { route } from '../../platform/route.js';
import { assertMemberVisible, cardBillAnswerOf } from '../assets/public.js';
import { users } from '../identity/public.js';
import { linkPhysical, openCardBill, revokeMktGift } from './card-bills.js';
import { settleBill, tillSetup as tillSetupOf } from './checkout.js';
import { revokePreview } from './revoke.js';
import { serviceBillLines, serviceBills } from './schema.js';
import {
  assertBillOfKind,
  billDetail,
  billStateSql,
  lockSettled,
  ofKind,
  packageGifts,
  perfRows,
  reviseBill,
  revokeBill,
} from './service-bills.js';
import { reviseMoves, serviceDoc, settleMoves } from './service-doc.js';

const notDeleted = eq(serviceBills.isDel, 0);
const settled = eq(serviceBills.status, 4);

/**
 * One of head office's lists of till bills from its point-of-sale definition: the platform serves the
 * list with its sums, the export, the detail with the bill log and 撤单; the till's parts are the bill's
 * lines, payments and performance, and the revoke's reversal of money and stock. `scope`: the bills the
 * list's detail and 撤单 find (others: 404); `listed`: the ones its list shows besides.
 */
function registerRecords(app: FastifyInstance, def: typeof serviceBill, scope: SQL | undefined, listed?: SQL) {
  return registerPosBill(app, def, {
    doc: serviceDoc,
    scope,
    listed,
    state: billStateSql,
    displays: { cardNo: ['cardId', 'cardNo'], hcByName: ['hcBy', 'name', users] },
    lines: { table: serviceBillLines, billKey: serviceBillLines.billId },
    filters: {
      // A hand tag is matched whole, the bill number, member and mobile by a part.
      keyword: (_ctx, value) => {
        const keyword = String(value);
        const tag = /^\d{1,4}$/.test(keyword) ? eq(serviceBills.handTag, Number(keyword)) : undefined;
        return or(keywordMatch(keyword, serviceBills.billNo, serviceBills.memberName, serviceBills.mobile), tag);
      },
    },
    detail: (ctx, row) => billDetail(ctx.tx, row.id as number),
    actions: { revoke: (ctx, bill, body) => revokeBill(ctx.tx, ctx.auth, ctx.lang, { id: bill.id as number, ...body }) },
    previews: { revoke: (ctx, bill) => revokePreview(ctx.tx, bill.id as number) },
  });
}

/**
 * Head office's package bills (`packagerecords`) and card bills (`cardrecords`): settled service bills
 * with package lines, or opening or recharging cards (充值单). Their list, export, detail and 撤单 are
 * their definitions', for settled bills of their kind only (another bill: 404); the sums alone,
 * performance rows and 改单 are the seed's calls beside them.
 */
function registerKind(
  app: FastifyInstance,
  def: typeof serviceBill,
  kind: BillRecordKind,
  paths: { sum: string; perf: string; revise: string },
) {
  const records = registerRecords(app, def, and(notDeleted, settled, ofKind(kind)));
  const view = `${def.perm}.view`;
  const what = def.label[1];
  route(
    app,
    'GET',
    paths.sum,
    { summary: `${what}: the totals of every matching bill`, perm: view, query: records.query, response: recordsSum },
    (c) => records.sums(c, c.query) as Promise<z.output<typeof recordsSum>>,
  );
  route(
    app,
    'GET',
    paths.perf,
    { summary: `${what}: the performance rows of one bill`, perm: view, query: perfQuery, response: z.array(billPerfRow) },
    async ({ tx, auth, query }) => {
      await assertBillOfKind(tx, auth, query.id, kind);
      return perfRows(tx, query.id);
    },
  );
  route(
    app,
    'POST',
    paths.revise,
    {
      summary: `${what}: 改单, re-attribute the staff performance (money never changes)`,
      perm: `${def.perm}.revise`,
      body: reviseBody,
      verb: 'update',
      moves: reviseMoves,
      idempotent: 'optional',
      entity: def.basePath.split('/').pop(),
      response: serviceBillDetail,
    },
    async ({ tx, auth, lang, body }) => {
      await assertBillOfKind(tx, auth, body.id, kind);
      return reviseBill(tx, auth, lang, body);
    },
  );
}

export function registerBillRecordRoutes(app: FastifyInstance) {
  // The service bills' detail finds every till bill of the user's shops (an open one too); the list shows the settled.
  registerRecords(app, serviceBill, notDeleted, settled);
  registerKind(app, packageBill, 'package', PACKAGE_RECORD_PATHS);
  registerKind(app, cardBill, 'card', CARD_RECORD_PATHS);
  registerCardBillRoutes(app);
  route(
    app,
    'GET',
    PACKAGE_RECORD_PATHS.gifts,
    {
      summary: 'Package bills: the lines paid with counts of gift package lines (赠送)',
      perm: 'cashier.packagerecord.view',
      query: serviceRecordsQuery,
      response: packageGiftsPage,
    },
    ({ tx, auth, query }) => packageGifts(tx, auth, query),
  );
}

/** 批量开卡, linking a new card to a physical number, 撤销活动: the card bills' own calls. */
function registerCardBillRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    CARD_RECORD_PATHS.batchSetup,
    {
      summary: "批量开卡's form: the shop's card types, pay types and staff (as the till's setup)",
      perm: 'cashier.batchcard.view',
      query: todayQuery,
      response: tillSetup,
    },
    ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopid);
      return tillSetupOf(tx, auth, query.shopid);
    },
  );
  route(
    app,
    'POST',
    CARD_RECORD_PATHS.batchOpen,
    {
      summary: '批量开卡: open `cardnum` stored-value cards in one card bill, all or nothing (Idempotency-Key required)',
      perm: 'cashier.batchcard.open',
      body: batchOpenBody,
      verb: 'create',
      moves: settleMoves,
      idempotent: 'optional',
      entity: 'cardrecords',
      response: serviceBillDetail,
    },
    async ({ tx, auth, body, req }) => {
      // Required, but checked after the shop: another shop answers 403/404 whatever the headers.
      const bill = await openCardBill(tx, auth, body, () => {
        if (!req.headers['idempotency-key']) throw fieldError('idempotency-key', 'batchKeyRequired');
      });
      return settleBill(tx, auth, { id: bill.id, version: bill.version, payments: body.pays });
    },
  );
  route(
    app,
    'GET',
    '/api-member/membercard/openSetup',
    {
      summary: "Head office's 开卡 form at a shop: its pay types, staff and the card types it sells, as the till's",
      perm: 'assets.card.open',
      query: todayQuery,
      response: cardOpenSetup,
    },
    async ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopid);
      const { payTypes, employees, cardTypes } = await tillSetupOf(tx, auth, query.shopid);
      return { payTypes: payTypes.filter((p) => !p.kind), employees, cardTypes };
    },
  );
  route(
    app,
    'POST',
    '/api-member/membercard/open',
    {
      summary:
        "Head office's 开卡 for a member: a card bill of the shop as the till sells a card, paid with the shop's pay types (adding up to the amount) and credited to its sellers; the gift by the card type",
      description:
        'Not in the seed (head office opens cards as the till does; docs/DECISIONS.md). Answers the card bill of the opened card. Idempotency-Key.',
      perm: 'assets.card.open',
      body: openCardBody,
      verb: 'create',
      moves: settleMoves,
      idempotent: 'optional',
      entity: 'membercard',
      response: cardBillAnswer,
    },
    async ({ tx, auth, body }) => {
      const bill = await openCardBill(
        tx,
        auth,
        {
          shopId: body.shopId,
          cardTypeId: body.cardTypeId,
          money: body.amount,
          cardnum: 1,
          pays: body.pays,
          yjs: body.yjs,
          memberId: body.memberId,
        },
        () => assertMemberVisible(tx, auth, body.memberId),
      );
      const detail = await settleBill(tx, auth, { id: bill.id, version: bill.version, payments: body.pays }, undefined, {
        cardNo: body.cardNo,
        memo: body.memo,
      });
      return cardBillAnswerOf(tx, detail.cards[0].cardBillId);
    },
  );
  route(
    app,
    'POST',
    CARD_RECORD_PATHS.linkPhysical,
    {
      summary: "Links a card a card bill opened to a physical card number dispatched to the bill's shop (unique in the tenant)",
      perm: 'cashier.cardrecord.link',
      body: linkPhysicalBody,
      verb: 'update',
      idempotent: 'optional',
      entity: 'cardrecords',
      response: z.object({ cardno: z.string(), cardcmcode: z.string() }),
    },
    ({ tx, auth, body }) => linkPhysical(tx, body, (id) => assertBillOfKind(tx, auth, id, 'card')),
  );
  route(
    app,
    'POST',
    CARD_RECORD_PATHS.revokeMkt,
    {
      summary:
        '撤销活动: take back the activity gift one card of a card bill got and the coupons and red envelopes its activities gave, without revoking the bill',
      description:
        "The card: the gift rule's part of its gift leaves the gift bucket (409 when spent or taken back already). The coupons and red envelopes the bill gave are withdrawn (409 naming the item and the bill that used one). 409 when the card got no gift and the bill gave nothing.",
      perm: 'cashier.cardrecord.revokeMkt',
      body: revokeMktBody,
      verb: 'revoke',
      moves: { what: ['money'], locks: ['close'], on: "the bill's business date and today, its shop" },
      idempotent: 'optional',
      entity: 'cardrecords',
      response: z.object({ billId: z.number(), billNo: z.string(), cards: z.array(billCardRow), gifts: z.array(memberCouponRow) }),
    },
    async ({ tx, auth, body }) => {
      await assertBillOfKind(tx, auth, body.id, 'card');
      const bill = await lockSettled(tx, auth, body.id);
      await revokeMktGift(tx, auth, body, bill);
      const detail = await billDetail(tx, bill.id);
      return { billId: detail.id, billNo: detail.billNo, cards: detail.cards, gifts: detail.gifts };
    },
  );
}
