import {
  billBatchResult,
  billLogRow,
  CARD_REFUND_API,
  CARD_REFUND_SETTINGS,
  cardRefundBill,
  cardRefundSettings,
} from '@headoffice/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type BillCtx, batch, billType } from '../../platform/bills.js';
import { billLog, billScope, transition } from '../../platform/documents.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { route } from '../../platform/route.js';
import { getSetting, setSetting } from '../../platform/settings.js';
import { assertMemberVisible, deposits, memberPackageLines, priceRefund } from '../assets/public.js';
import { refundRequestOf, reviewMoney, undoReviewMoney } from './card-refund-money.js';
import { cardRefundBills, cardRefundLines } from './schema.js';

defineMessages({
  cardRefundLineItem: ['第 {line} 行：请选择要退的{what}', 'Line {line}: choose the {what} to refund'],
  cardRefundNoSource: ['请选择退款方式（从哪项预留款支出）', 'Choose the reserve money the refund is paid from'],
  cardRefundNoCard: ['退为卡金须选择转入的会员卡', 'Choose the card the refund is credited to'],
  cardRefundTargetCard: ['会员卡 {cardNo} 不是该会员的正常卡，不能转入', 'Card {cardNo} is not an active card of this member'],
});

type Save = z.output<typeof cardRefundBill.save>;
type Line = Save['lines'][number];
const needs = { card: ['cardId', 'bucketShopId'], package: ['packageLineId', 'num'], product: ['depositId', 'num'] } as const;

/** Each line names what its kind refunds (400 on the line's field). */
function checkLines(lines: Line[]) {
  lines.forEach((l, i) => {
    for (const field of needs[l.kind])
      if (!l[field]) throw fieldError(`lines.${i}.${field}`, 'cardRefundLineItem', { line: i + 1, what: `@${l.kind}` });
  });
}

/** A payout from reserve money names its type; one credited to a card names the card. */
function checkPayout(body: Pick<Save, 'tktype' | 'reserveTypeId' | 'targetCardId'>) {
  if (body.tktype === 3 && !body.targetCardId) throw fieldError('targetCardId', 'cardRefundNoCard');
  if (body.tktype !== 3 && !body.reserveTypeId) throw fieldError('reserveTypeId', 'cardRefundNoSource');
}

/** The save's checks and amounts: the member seen, the lines priced as the refund will post them (nothing moves). */
async function prepare(ctx: BillCtx, body: Save) {
  checkLines(body.lines);
  checkPayout(body);
  await assertMemberVisible(ctx.tx, ctx.auth, body.memberId);
  const priced = await priceRefund(ctx.tx, ctx.auth.tenantId, refundRequestOf(body, body.lines.map(asLine)));
  return {
    cardMoney: priced.cardAmount,
    packageMoney: priced.packageAmount,
    productMoney: priced.productAmount,
    giftMoney: priced.giftTotal,
    totalMoney: priced.totalAmount,
  };
}

const asLine = (l: Line) => ({
  ...l,
  cardId: l.cardId ?? null,
  bucketShopId: l.bucketShopId ?? null,
  packageLineId: l.packageLineId ?? null,
  depositId: l.depositId ?? null,
});

/** Each line's amount: the principal refunded, the count × the batch's unit price (a gift line 0), the units × the deposit's price. */
async function lineAmounts(ctx: BillCtx, lines: Line[]) {
  const ids = (kind: Line['kind'], key: 'packageLineId' | 'depositId') => lines.filter((l) => l.kind === kind).map((l) => l[key] as number);
  const packagePrices = new Map(
    (
      await ctx.tx
        .select({ id: memberPackageLines.id, price: memberPackageLines.unitPrice, isGift: memberPackageLines.isGift })
        .from(memberPackageLines)
        .where(inArray(memberPackageLines.id, [0, ...ids('package', 'packageLineId')]))
    ).map((p) => [p.id, p.isGift === 1 ? 0 : Number(p.price)]),
  );
  const depositPrices = new Map(
    (
      await ctx.tx
        .select({ id: deposits.id, price: deposits.price })
        .from(deposits)
        .where(inArray(deposits.id, [0, ...ids('product', 'depositId')]))
    ).map((d) => [d.id, Number(d.price)]),
  );
  return lines.map((l) => ({
    amount:
      l.kind === 'card'
        ? l.tkje
        : l.num * ((l.kind === 'package' ? packagePrices.get(l.packageLineId as number) : depositPrices.get(l.depositId as number)) ?? 0),
  }));
}

export const cardRefundType = billType(cardRefundBill, {
  table: cardRefundBills,
  numberPrefix: 'TKSP',
  lines: { table: cardRefundLines },
  prepare,
  lineValues: lineAmounts,
  // What held at the save may not at the submit or the approval (the card spent since): priced again.
  recheck: ['submit', 'approve'],
  signs: { review: 'reviewed' },
  reasons: { reject: 'rejectMemo', rejectFh: 'rejectMemo' },
  effects: { review: reviewMoney },
  reversals: { review: undoReviewMoney },
  actions: {
    savesp: async (_ctx, bill, body) => {
      checkPayout({ ...bill, ...body });
      return body;
    },
  },
  describe: {
    saveBill:
      'shopId, memberId, tkattr, tkcontent, tkname, tkmobile, tktype (1 店内支出卡 | 2 顾客银行卡 | 3 退为卡金: targetCardId), reserveTypeId (the seed’s tkway: the reserve money paying it out), fees, lines: kind card (cardId, bucketShopId, tkje ≤ the bucket’s principal, tzje ≤ its gift) | package (packageLineId, num) | product (depositId, num). Priced at the save; nothing moves before the review (auditFhBill), which refunds the assets and draws the payout; cancelFhBill gives all back.',
  },
});

const zeroBody = z.strictObject({}).optional();

/** Every zero-amount bill in `from` the user may see, each moved on by `action` in its own savepoint. */
async function zeroBatch(ctx: BillCtx, from: 'submitted' | 'approved', action: 'approve' | 'review') {
  const rows = await ctx.tx
    .select({ id: cardRefundBills.id })
    .from(cardRefundBills)
    .where(and(eq(cardRefundBills.state, from), eq(cardRefundBills.totalMoney, 0), billScope(cardRefundType.doc, ctx.auth)))
    .orderBy(cardRefundBills.id)
    .limit(500);
  return batch(
    cardRefundType,
    ctx,
    rows.map((r) => r.id),
    (tx, id) => transition(tx, cardRefundType.doc, { id, action, lang: ctx.lang }, ctx.auth),
  );
}

/** The zero-amount batches, the status log and the chain's setting. */
export function registerCardRefunds(app: FastifyInstance) {
  const batchSpec = (perm: string, summary: string) => ({ summary, perm, body: zeroBody, response: billBatchResult });
  route(
    app,
    'POST',
    CARD_REFUND_API.approveZero,
    batchSpec('finance.cardtk.sp', 'Approves every submitted zero-amount refund the user sees'),
    (ctx) => zeroBatch(ctx, 'submitted', 'approve'),
  );
  route(
    app,
    'POST',
    CARD_REFUND_API.reviewZero,
    batchSpec('finance.cardtk.fh', 'Reviews every approved zero-amount refund the user sees'),
    (ctx) => zeroBatch(ctx, 'approved', 'review'),
  );
  route(
    app,
    'GET',
    CARD_REFUND_API.statusLog,
    {
      summary: 'A refund bill’s status log, oldest first',
      perm: 'finance.cardtk.view',
      query: z.object({ billcode: z.string().trim().min(1).max(40) }),
      response: z.array(billLogRow),
    },
    async ({ tx, auth, query }) => {
      const [bill] = await tx
        .select({ id: cardRefundBills.id })
        .from(cardRefundBills)
        .where(and(eq(cardRefundBills.billNo, query.billcode), billScope(cardRefundType.doc, auth)));
      if (!bill) throw notFound();
      return billLog(tx, cardRefundType.doc, bill.id);
    },
  );
  route(
    app,
    'GET',
    CARD_REFUND_API.settings,
    { summary: 'Whether refunds must go through approval', perm: 'finance.cardtk.view', response: cardRefundSettings },
    ({ tx }) => getSetting(tx, CARD_REFUND_SETTINGS, { requireApproval: false }),
  );
  route(
    app,
    'POST',
    CARD_REFUND_API.settings,
    {
      summary: 'Require (or not) the approval bill for every refund: the direct refund answers 409 then',
      perm: 'finance.cardtk.settings',
      body: cardRefundSettings,
      response: cardRefundSettings,
    },
    async ({ tx, auth, body }) => {
      await setSetting(tx, auth.tenantId, CARD_REFUND_SETTINGS, body);
      return body;
    },
  );
}
