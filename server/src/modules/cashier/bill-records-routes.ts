import {
  type BillRecordKind,
  batchOpenBody,
  billCardRow,
  billPerfRow,
  CARD_RECORD_PATHS,
  idParam,
  linkPhysicalBody,
  memberCouponRow,
  PACKAGE_RECORD_PATHS,
  packageGiftsPage,
  perfQuery,
  recordsSum,
  reviseBody,
  revokeMktBody,
  serviceBillDetail,
  serviceRecordsPage,
  serviceRecordsQuery,
  serviceRevokeBody,
  tillSetup,
  todayQuery,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertShopVisible } from '../../platform/auth.js';
import { fieldError } from '../../platform/errors.js';
import { listExport } from '../../platform/list-export.js';
import { yuanAmount } from '../../platform/money.js';
import { route } from '../../platform/route.js';
import { linkPhysical, openBatchBill, revokeMktGift } from './card-bills.js';
import { settleBill, tillSetup as tillSetupOf } from './checkout.js';
import { assertBillOfKind, billDetail, listBills, lockSettled, packageGifts, perfRows, reviseBill, revokeBill } from './service-bills.js';

interface RecordPaths {
  list: string;
  sum: string;
  perf: string;
  pageAll: string;
  detail: (id: number) => string;
  revoke: string;
  revise: string;
}

/**
 * Head office's package bills (`packagerecords`) and card bills (`cardrecords`): settled service bills
 * with package lines, or opening or recharging cards (充值单); lists with totals, performance rows, export, detail,
 * 撤单 and 改单 exactly as for every service bill.
 */
function registerKind(
  app: FastifyInstance,
  kind: BillRecordKind,
  paths: RecordPaths,
  perm: string,
  title: readonly [string, string],
  entity: string,
) {
  const view = `${perm}.view`;
  route(
    app,
    'GET',
    paths.list,
    {
      summary: `${title[1]}: settled bills with the totals of every matching bill`,
      perm: view,
      query: serviceRecordsQuery,
      response: serviceRecordsPage,
    },
    ({ tx, auth, query }) => listBills(tx, auth, query, [4], kind),
  );
  route(
    app,
    'GET',
    paths.sum,
    { summary: `${title[1]}: the totals of every matching bill`, perm: view, query: serviceRecordsQuery, response: recordsSum },
    async ({ tx, auth, query }) => (await listBills(tx, auth, { ...query, page: 1, pageSize: 1 }, [4], kind)).sum,
  );
  route(
    app,
    'GET',
    paths.perf,
    { summary: `${title[1]}: the performance rows of one bill`, perm: view, query: perfQuery, response: z.array(billPerfRow) },
    async ({ tx, auth, query }) => {
      await assertBillOfKind(tx, auth, query.id, kind);
      return perfRows(tx, query.id);
    },
  );
  route(
    app,
    'GET',
    paths.detail(0).replace(/0$/, ':id'),
    {
      summary: `${title[1]}: one bill with lines, payments and performance rows`,
      perm: view,
      params: idParam,
      response: serviceBillDetail,
    },
    async ({ tx, auth, params }) => {
      await assertBillOfKind(tx, auth, params.id, kind);
      return billDetail(tx, params.id);
    },
  );
  listExport<typeof serviceRecordsQuery, z.output<typeof serviceRecordsPage>>(app, paths.pageAll, {
    perm: view,
    query: serviceRecordsQuery,
    title,
    columns: [
      { key: 'billNo', title: ['单号', 'Bill no.'], width: 22 },
      { key: 'shopName', title: ['门店', 'Shop'], width: 18 },
      { key: 'businessDate', title: ['营业日', 'Business date'], width: 12 },
      { key: 'memberName', title: ['会员', 'Member'], width: 12 },
      { key: 'cardNo', title: ['卡号', 'Card no.'], width: 16 },
      { key: 'listTotal', title: ['原价合计', 'List total'], width: 12, value: (r) => yuanAmount(r.listTotal) },
      { key: 'amount', title: ['金额', 'Amount'], width: 12, value: (r) => yuanAmount(r.amount) },
      { key: 'isHc', title: ['撤单', 'Revoked'], width: 8, value: (r, lang) => (r.isHc ? (lang === 'en-US' ? 'yes' : '是') : '') },
    ],
    list: (ctx, query) => listBills(ctx.tx, ctx.auth, query, [4], kind),
  });
  route(
    app,
    'POST',
    paths.revoke,
    {
      summary: `${title[1]}: 撤单, every effect of the bill reversed in one transaction`,
      perm: `${perm}.revoke`,
      body: serviceRevokeBody,
      verb: 'revoke',
      idempotent: 'optional',
      entity,
      response: serviceBillDetail,
    },
    async ({ tx, auth, body }) => {
      await assertBillOfKind(tx, auth, body.id, kind);
      return revokeBill(tx, auth, body);
    },
  );
  route(
    app,
    'POST',
    paths.revise,
    {
      summary: `${title[1]}: 改单, re-attribute the staff performance (money never changes)`,
      perm: `${perm}.revise`,
      body: reviseBody,
      verb: 'update',
      idempotent: 'optional',
      entity,
      response: serviceBillDetail,
    },
    async ({ tx, auth, lang, body }) => {
      await assertBillOfKind(tx, auth, body.id, kind);
      return reviseBill(tx, auth, lang, body);
    },
  );
}

export function registerBillRecordRoutes(app: FastifyInstance) {
  registerKind(app, 'package', PACKAGE_RECORD_PATHS, 'cashier.packagerecord', ['套餐消费单', 'Package bills'], 'packagerecords');
  registerKind(app, 'card', CARD_RECORD_PATHS, 'cashier.cardrecord', ['充值单', 'Card bills'], 'cardrecords');
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
      idempotent: 'optional',
      entity: 'cardrecords',
      response: serviceBillDetail,
    },
    async ({ tx, auth, body, req }) => {
      // Required, but checked after the shop: another shop answers 403/404 whatever the headers.
      const bill = await openBatchBill(tx, auth, body, () => {
        if (!req.headers['idempotency-key']) throw fieldError('idempotency-key', 'batchKeyRequired');
      });
      return settleBill(tx, auth, { id: bill.id, version: bill.version, payments: body.pays });
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
