import {
  adjustBody,
  cardBillAnswer,
  cardRecordsPage,
  cardRecordsQuery,
  cardSettlementAnswer,
  cardSettlementQuery,
  changeCardBody,
  checkCardQuery,
  checkCodeBody,
  consumeBody,
  id,
  idParam,
  MEMBER_FIND_MAX,
  MEMBER_FIND_PATH,
  memberAssetsAnswer,
  memberAssetsQuery,
  memberBrief,
  memberByMobileQuery,
  memberFindQuery,
  memberFindRow,
  memberIdQuery,
  openGiftAnswer,
  openGiftQuery,
  rebindBody,
  rechargeBody,
  refundBody,
  refundDetail,
  refundListQuery,
  refundMemberAnswer,
  refundMemberQuery,
  refundPage,
  revokeBody,
  sendCodeBody,
  smsOutboxPage,
  smsOutboxQuery,
  unbindBody,
} from '@headoffice/contract';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { definedEntityLabels } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth.js';
import { notFound, RefusalKept } from '../../platform/errors.js';
import type { MovesSpec } from '../../platform/moves.js';
import { pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { smsOutbox } from '../../platform/schema.js';
import { checkCode, sendCode } from '../../platform/sms.js';
import { cardTypes, findMembers, members, registerMemberImport } from '../members/public.js';
import { assertCardVisible, assertMemberVisible, assertShop, cardRecords, memberAssets } from './assets.js';
import { adjust, consume, openingGift, recharge, revoke } from './card-money.js';
import {
  cancelMember,
  changeCard,
  checkCardTransferable,
  memberByMobile,
  rebind,
  relevance,
  relieveLog,
  restoreMember,
  unbind,
} from './member-actions.js';
import { memberCouponRoutes } from './member-coupons.js';
import { cardImport, packageImport } from './member-import.js';
import { packageRoutes } from './packages-routes.js';
import { refundPickRoutes } from './refund-picks.js';
import { refundDetail as refundDetailOf, refundList, refundMember, saveRefund } from './refunds.js';
import { cardBills, memberCards } from './schema.js';
import { cardSettlement } from './settlement.js';

definedEntityLabels.set('membercard', ['会员卡', 'member card']);
definedEntityLabels.set('tkhead', ['退款单', 'refund']);
definedEntityLabels.set('smsmsgctrl', ['短信验证码', 'SMS code']);
if (!definedEntityLabels.has('chainmember')) definedEntityLabels.set('chainmember', ['会员', 'member']);

const actor = (auth: Auth) => ({ tenantId: auth.tenantId, userId: auth.userId });

async function cardIdOf(tx: Parameters<typeof memberAssets>[0], cardNo: string) {
  const [card] = await tx.select({ id: memberCards.id }).from(memberCards).where(eq(memberCards.cardNo, cardNo));
  if (!card) throw notFound();
  return card.id;
}

/** Member assets: cards and their money, the card ledger, SMS codes and outbox, transfers, binding, cancelling a member. */
// The member import's types 2 and 3 are the assets' sheets; the members module reads them from its registry.
registerMemberImport(2, cardImport);
registerMemberImport(3, packageImport);

/** Card money moves on the company's day: the close holding today for a shop it touches refuses it (`refuseClosed`). */
const cardMoney = (shops: string): MovesSpec => ({ what: ['money'], locks: ['close'], on: `today, ${shops}` });

export async function assetsModule(app: FastifyInstance) {
  const money = { idempotent: 'optional' as const, response: cardBillAnswer, entity: 'membercard' };
  route(
    app,
    'GET',
    '/api-member/membercard/openGift',
    {
      summary: 'The gift of opening a card of a type with an amount (its opening gift and the one rule that applies), shown before saving',
      perm: 'assets.card.open',
      query: openGiftQuery,
      response: openGiftAnswer,
    },
    async ({ tx, query }) => {
      const [type] = await tx
        .select({ id: cardTypes.id, openGift: cardTypes.openGift })
        .from(cardTypes)
        .where(eq(cardTypes.id, query.cardTypeId));
      if (!type) throw notFound();
      return { gift: await openingGift(tx, type, query.amount) };
    },
  );
  route(
    app,
    'POST',
    '/api-member/membercard/recharge',
    {
      summary: 'Recharge a card at a shop (gift by the one rule that applies)',
      description: 'Not in the seed (head office recharges before the till exists). Idempotency-Key.',
      perm: 'assets.card.recharge',
      body: rechargeBody,
      verb: 'update',
      moves: cardMoney('the recharging shop'),
      ...money,
    },
    async ({ tx, auth, body }) => {
      assertShop(auth, body.shopId);
      await assertCardVisible(tx, auth, body.cardId);
      return recharge(tx, actor(auth), { ...body, owner: null });
    },
  );
  route(
    app,
    'POST',
    '/api-member/membercard/consume',
    {
      summary:
        "Pay an amount with a card at a shop: this shop's buckets first, split principal/gift by the card type; answers the exact rows",
      description: 'Not in the seed (the till calls the same function). Idempotency-Key.',
      perm: 'assets.card.consume',
      body: consumeBody,
      verb: 'update',
      moves: cardMoney('the paying shop and every shop whose bucket pays'),
      ...money,
    },
    async ({ tx, auth, body }) => {
      assertShop(auth, body.shopId);
      return consume(tx, actor(auth), { ...body, owner: null });
    },
  );
  route(
    app,
    'POST',
    '/api-member/chainmember/updateCardmoney',
    {
      summary: 'Head-office balance adjustment: new principal and gift per shop bucket, with a reason',
      perm: 'assets.card.adjust',
      body: adjustBody,
      verb: 'update',
      moves: cardMoney("every bucket's shop"),
      ...money,
    },
    async ({ tx, auth, body }) => {
      for (const b of body.buckets) assertShop(auth, b.shopId);
      await assertCardVisible(tx, auth, body.cardId);
      return adjust(tx, actor(auth), body);
    },
  );
  route(
    app,
    'POST',
    '/api-member/membercard/revoke',
    {
      summary: 'Revoke (撤单) a card bill: its ledger rows reversed exactly',
      description:
        'Not in the seed (a card bill made by no other bill; one a till bill or a refund made is revoked only with it: 409 naming it). Idempotency-Key.',
      perm: 'assets.card.revoke',
      body: revokeBody,
      verb: 'revoke',
      moves: { what: ['money'], locks: ['close'], on: "today and the card bill's day, its shop and its buckets' shops" },
      idempotent: 'optional',
      entity: 'membercard',
      response: z.object({ billId: z.number(), billNo: z.string(), rows: cardBillAnswer.shape.rows }),
    },
    async ({ tx, auth, body }) => {
      const [bill] = await tx
        .select({ shopId: cardBills.shopId, cardId: cardBills.cardId })
        .from(cardBills)
        .where(eq(cardBills.id, body.billId));
      if (!bill) throw notFound();
      assertShop(auth, bill.shopId);
      return revoke(tx, actor(auth), body);
    },
  );
  route(
    app,
    'POST',
    '/api-member/chainmember/queryCardRecords',
    {
      summary: 'The card ledger (newest first): bill, type, shop bucket, principal/gift, amount, balance before and after',
      perm: 'assets.card.view',
      read: true,
      body: cardRecordsQuery,
      response: cardRecordsPage,
    },
    ({ tx, auth, body }) => cardRecords(tx, auth, body),
  );
  route(
    app,
    'GET',
    MEMBER_FIND_PATH,
    {
      summary: "会员卡's search: members of the user's shops by mobile or its last 4+ digits, card or member number, name or initials",
      description: `At most ${MEMBER_FIND_MAX}, by member number. A keyword too short to search by (one character) is a 400 asking for more.`,
      perm: 'assets.card.view',
      query: memberFindQuery,
      response: z.array(memberFindRow),
    },
    async ({ tx, auth, query }) =>
      (await findMembers(tx, auth, query.keyword, MEMBER_FIND_MAX)).map((m) => ({
        id: m.id,
        code: m.code,
        name: m.name,
        mobile: m.mobile,
        shopName: m.shopName,
        status: m.status,
        balance: m.principal + m.gift,
      })),
  );
  route(
    app,
    'GET',
    '/api-member/membercard/assets',
    {
      summary: "A member's assets: totals and every card with its money per shop bucket",
      description: 'Not in the seed (the member detail shows it).',
      perm: 'assets.card.view',
      query: memberAssetsQuery,
      response: memberAssetsAnswer,
    },
    async ({ tx, auth, query }) => {
      const [found] = query.memberId
        ? [{ id: query.memberId }]
        : query.mobile
          ? await tx.select({ id: members.id }).from(members).where(eq(members.mobile, query.mobile))
          : [];
      if (!found) throw notFound();
      await assertMemberVisible(tx, auth, found.id);
      return memberAssets(tx, found.id);
    },
  );

  // SMS codes and the outbox.
  route(
    app,
    'POST',
    '/api-push/smsmsgctrl/sentAuthMsg',
    {
      summary: 'Send a 6-digit code to a mobile (again after 60 s: 429 with the seconds left; valid 5 minutes)',
      perm: 'assets.sms.code',
      body: sendCodeBody,
      entity: 'smsmsgctrl',
      verb: 'create',
      response: z.object({ resendAfter: z.number(), validFor: z.number() }),
    },
    ({ tx, auth, body }) => sendCode(tx, auth.tenantId, body.mobile),
  );
  route(
    app,
    'POST',
    '/api-push/smsmsgctrl/authSmsCode',
    {
      summary: 'Check a code sent to a mobile (5 wrong tries end it); a right one is good for the action that needs it',
      perm: 'assets.sms.code',
      body: checkCodeBody,
      entity: 'smsmsgctrl',
      read: true,
      response: z.object({ verified: z.literal(true) }),
    },
    async ({ tx, auth, body }) => {
      // A wrong try is committed with the request, then answered as an error.
      const outcome = await checkCode(tx, auth.tenantId, body.mobile, body.code);
      return 'error' in outcome ? new RefusalKept(outcome.error) : { verified: true as const };
    },
  );
  route(
    app,
    'GET',
    '/api-member/chainmember/cardSettlement',
    {
      summary: "Cross-shop settlement: per month, what each shop's card payments took from other shops' buckets (who owes whom)",
      description:
        'Not in the seed (docs/DECISIONS.md, "Cross-shop settlement"). from/to are months (YYYY-MM, at most 24); shopId narrows to the rows ' +
        'where that shop served or held the money. A shop-limited user sees the rows touching their shops.',
      perm: 'assets.card.view',
      query: cardSettlementQuery,
      response: cardSettlementAnswer,
    },
    async ({ tx, auth, query }) => {
      if (query.shopId) assertShop(auth, query.shopId);
      return cardSettlement(tx, auth, query);
    },
  );
  route(
    app,
    'GET',
    '/api-push/smsmsgctrl/outbox',
    {
      summary: 'Text messages the product sent or queued, newest first',
      description: 'Not in the seed (the SMS outbox page).',
      perm: 'assets.sms.view',
      query: smsOutboxQuery,
      response: smsOutboxPage,
    },
    async ({ tx, query }) => {
      const where: SQL | undefined = query.mobile ? eq(smsOutbox.mobile, query.mobile) : undefined;
      const page = await pageOf(
        tx,
        query,
        tx
          .select()
          .from(smsOutbox)
          .where(where)
          .orderBy(desc(smsOutbox.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => tx.select({ id: smsOutbox.id }).from(smsOutbox).where(where),
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          mobile: r.mobile,
          text: r.text,
          provider: r.provider,
          state: r.state,
          error: r.error,
          createdAt: new Date(r.createdAt).toISOString(),
          sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
        })),
      };
    },
  );

  // Card transfer (转卡).
  route(
    app,
    'GET',
    '/api-member/userinfo/queryMemberByMobile',
    {
      summary: "The member a card would be transferred to, found by mobile (never the giver's own number)",
      perm: 'assets.card.transfer',
      query: memberByMobileQuery,
      response: memberBrief,
    },
    async ({ tx, auth, query }) => {
      await assertMemberVisible(tx, auth, query.memid);
      return memberByMobile(tx, query.mobile, query.memid);
    },
  );
  route(
    app,
    'GET',
    '/api-member/userinfo/checkCardInfo',
    {
      summary: 'Whether a card may be transferred: its type allows it and the card is active',
      perm: 'assets.card.transfer',
      query: checkCardQuery,
      response: z.object({ cardId: z.number(), cardno: z.string(), memid: z.number(), cardTypeName: z.string() }),
    },
    async ({ tx, auth, query }) => {
      await assertCardVisible(tx, auth, await cardIdOf(tx, query.cardno));
      return checkCardTransferable(tx, auth.tenantId, query.cardno);
    },
  );
  route(
    app,
    'POST',
    '/api-member/userinfo/changeCardInfo',
    {
      summary: "Transfer a card with its money and history to another member, after the receiver's SMS code was verified",
      perm: 'assets.card.transfer',
      body: changeCardBody,
      entity: 'membercard',
      verb: 'update',
      moves: cardMoney("the card's shop and its buckets' shops"),
      idempotent: 'optional',
      response: cardBillAnswer,
    },
    async ({ tx, auth, body }) => {
      await assertCardVisible(tx, auth, await cardIdOf(tx, body.cardno));
      return changeCard(tx, actor(auth), body);
    },
  );

  // Cancel / restore a member; binding of the electronic and the physical card.
  route(
    app,
    'GET',
    '/api-member/chainmember/cancellMember',
    {
      summary: 'Cancel (注销) a member: refused while any asset remains, listing them',
      perm: 'assets.member.cancel',
      query: memberIdQuery,
      write: true,
      entity: 'chainmember',
      verb: 'disable',
      response: z.object({ memid: z.number(), status: z.number() }),
    },
    async ({ tx, auth, lang, query }) => {
      await assertMemberVisible(tx, auth, query.memid);
      return cancelMember(tx, query.memid, lang);
    },
  );
  route(
    app,
    'GET',
    '/api-member/chainmember/restoreMember',
    {
      summary: 'Restore a cancelled member',
      perm: 'assets.member.cancel',
      query: memberIdQuery,
      write: true,
      entity: 'chainmember',
      verb: 'enable',
      response: z.object({ memid: z.number(), status: z.number() }),
    },
    async ({ tx, auth, query }) => {
      await assertMemberVisible(tx, auth, query.memid);
      return restoreMember(tx, query.memid);
    },
  );
  route(
    app,
    'GET',
    '/api-member/chainmember/findRelevance',
    {
      summary: "A member's cards: electronic number and the physical card linked to it",
      perm: 'assets.card.view',
      query: memberIdQuery,
      response: z.array(
        z.object({ cardId: z.number(), cardno: z.string(), dcardno: z.string(), scardno: z.string().nullable(), status: z.number() }),
      ),
    },
    async ({ tx, auth, query }) => {
      await assertMemberVisible(tx, auth, query.memid);
      return relevance(tx, query.memid);
    },
  );
  route(
    app,
    'GET',
    '/api-member/chainmember/findRelieveRelevance',
    {
      summary: "Past unbindings and bindings of a member's cards, newest first",
      description: 'Not in the seed (the original lists past unbindings with it).',
      perm: 'assets.card.view',
      query: memberIdQuery,
      response: z.array(
        z.object({
          id: z.number(),
          cardId: z.number(),
          action: z.string(),
          scardno: z.string(),
          type: z.string().nullable(),
          reason: z.string(),
          createdAt: z.string(),
        }),
      ),
    },
    async ({ tx, auth, query }) => {
      await assertMemberVisible(tx, auth, query.memid);
      return relieveLog(tx, query.memid);
    },
  );
  route(
    app,
    'POST',
    '/api-member/chainmember/sureRelieve',
    {
      summary: 'Unlink the physical card from the electronic one, with a type and a reason',
      perm: 'assets.card.bind',
      body: unbindBody,
      entity: 'membercard',
      verb: 'update',
      response: z.object({ cardno: z.string(), scardno: z.null() }),
    },
    async ({ tx, auth, body }) => {
      await assertCardVisible(tx, auth, await cardIdOf(tx, body.cardno));
      return unbind(tx, actor(auth), body);
    },
  );
  route(
    app,
    'POST',
    '/api-member/chainmember/recoverRelieve',
    {
      summary: "Link a physical card again after the holder's SMS code was verified",
      perm: 'assets.card.bind',
      body: rebindBody,
      entity: 'membercard',
      verb: 'update',
      response: z.object({ cardno: z.string(), scardno: z.string() }),
    },
    async ({ tx, auth, body }) => {
      await assertCardVisible(tx, auth, await cardIdOf(tx, body.cardno));
      return rebind(tx, actor(auth), body);
    },
  );
  await refundRoutes(app);
  await packageRoutes(app);
  await memberCouponRoutes(app);
  refundPickRoutes(app);
}

/** Direct refunds (tkhead). */
export async function refundRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    '/api-member/tkhead',
    {
      summary: "A shop's direct refunds (shopid), newest first",
      perm: 'assets.refund.view',
      query: refundListQuery,
      response: refundPage,
    },
    ({ tx, auth, query }) => refundList(tx, auth, query),
  );
  route(
    app,
    'GET',
    '/api-member/tkhead/chain/list',
    { summary: "The chain's direct refunds, newest first", perm: 'assets.refund.view', query: refundListQuery, response: refundPage },
    ({ tx, auth, query }) => refundList(tx, auth, query),
  );
  route(
    app,
    'GET',
    '/api-member/tkhead/chain/getBill/:id',
    { summary: 'A direct refund with its card lines', perm: 'assets.refund.view', params: idParam, response: refundDetail },
    ({ tx, auth, params }) => refundDetailOf(tx, auth, params.id),
  );
  route(
    app,
    'GET',
    '/api-member/tkhead/getMember',
    {
      summary: "The member found by mobile with the whole chain's assets",
      perm: 'assets.refund.view',
      query: refundMemberQuery,
      response: refundMemberAnswer,
    },
    ({ tx, auth, query }) => refundMember(tx, auth, query.mobile),
  );
  route(
    app,
    'GET',
    '/api-member/tkhead/getDiffMember',
    {
      summary: "The member found by mobile with the assets split into this shop's (shopid) and other shops'",
      perm: 'assets.refund.view',
      query: refundMemberQuery.extend({ shopid: id }),
      response: refundMemberAnswer,
    },
    ({ tx, auth, query }) => refundMember(tx, auth, query.mobile, query.shopid),
  );
  route(
    app,
    'POST',
    '/api-member/tkhead/saveRefund',
    {
      summary: 'Post a direct refund: principal refunded and gift written off per card bucket, a fee, cards closed at zero when asked',
      perm: 'assets.refund.edit',
      body: refundBody,
      entity: 'tkhead',
      verb: 'create',
      moves: cardMoney('the refunding shop and the shop of every bucket, package line and deposit it takes from'),
      idempotent: 'optional',
      response: refundDetail,
    },
    ({ tx, auth, body }) => saveRefund(tx, auth, actor(auth), body),
  );
}
