import type { CardBillKind, cardRecordsQuery, MemberAssets, MoneyBucket } from '@headoffice/contract';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { tenantZone, withinDays } from '../../platform/numbering.js';
import { pageOf } from '../../platform/paging.js';
import { users } from '../identity/public.js';
import { cardHolders, cardTypes, members } from '../members/public.js';
import { shops } from '../org/public.js';
import { cardBalances, cardBills, cardLedger, memberCards } from './schema.js';

/** The operating shop must be one the user sees (403). */
export function assertShop(auth: Auth, shopId: number) {
  const visible = visibleShops(auth);
  if (visible && !visible.includes(shopId)) throw forbidden('shopForbidden');
}

/** A member a user limited to some shops may see: one whose home shop is theirs (404 otherwise, as for another tenant's). */
export async function assertMemberVisible(tx: Db, auth: Auth, memberId: number) {
  const [member] = await tx.select({ shopId: members.shopId }).from(members).where(eq(members.id, memberId));
  const visible = visibleShops(auth);
  if (!member || (visible && !visible.includes(member.shopId))) throw notFound();
}

/** The card's holder must be visible to the user (404 otherwise). */
export async function assertCardVisible(tx: Db, auth: Auth, cardId: number) {
  const [card] = await tx.select({ memberId: memberCards.memberId }).from(memberCards).where(eq(memberCards.id, cardId));
  if (!card) throw notFound();
  await assertMemberVisible(tx, auth, card.memberId);
}

/**
 * A member's assets: the member's totals and every card with its money per shop bucket. Packages and
 * deposited products join this answer when they are built.
 */
export async function memberAssets(tx: Db, memberId: number): Promise<MemberAssets> {
  const [member] = await tx
    .select({
      id: members.id,
      name: members.name,
      mobile: members.mobile,
      status: members.status,
      principal: members.principal,
      gift: members.gift,
      packageValue: members.packageValue,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw notFound();
  const cards = await tx
    .select({
      id: memberCards.id,
      cardNo: memberCards.cardNo,
      cardTypeId: memberCards.cardTypeId,
      cardTypeName: cardTypes.name,
      shopId: memberCards.shopId,
      shopName: shops.name,
      openedOn: memberCards.openedOn,
      expiresOn: memberCards.expiresOn,
      status: memberCards.status,
      serviceDiscount: memberCards.serviceDiscount,
      productDiscount: memberCards.productDiscount,
      electronicNo: memberCards.electronicNo,
      physicalNo: memberCards.physicalNo,
      transferable: cardTypes.transferable,
    })
    .from(memberCards)
    .innerJoin(cardTypes, eq(cardTypes.id, memberCards.cardTypeId))
    .innerJoin(shops, eq(shops.id, memberCards.shopId))
    .where(eq(memberCards.memberId, memberId))
    .orderBy(asc(memberCards.id));
  const balances = cards.length
    ? await tx
        .select({
          cardId: cardBalances.cardId,
          shopId: cardBalances.shopId,
          shopName: shops.name,
          bucket: cardBalances.bucket,
          amount: cardBalances.amount,
        })
        .from(cardBalances)
        .innerJoin(shops, eq(shops.id, cardBalances.shopId))
        .where(
          inArray(
            cardBalances.cardId,
            cards.map((c) => c.id),
          ),
        )
        .orderBy(asc(cardBalances.createdAt), asc(cardBalances.shopId))
    : [];
  return {
    memberId: member.id,
    memberName: member.name,
    mobile: member.mobile,
    status: member.status,
    principal: Number(member.principal),
    gift: Number(member.gift),
    packageValue: Number(member.packageValue),
    cards: cards.map((c) => {
      const mine = balances.filter((b) => b.cardId === c.id);
      const buckets: { shopId: number; shopName: string; principal: number; gift: number }[] = [];
      for (const b of mine) {
        let row = buckets.find((x) => x.shopId === b.shopId);
        if (!row) {
          row = { shopId: b.shopId, shopName: b.shopName, principal: 0, gift: 0 };
          buckets.push(row);
        }
        row[b.bucket as MoneyBucket] += Number(b.amount);
      }
      return {
        ...c,
        transferable: c.transferable === 1,
        principal: buckets.reduce((s, b) => s + b.principal, 0),
        gift: buckets.reduce((s, b) => s + b.gift, 0),
        buckets: buckets.filter((b) => b.principal || b.gift),
      };
    }),
  };
}

/** queryCardRecords: the card ledger, newest first, each row with its bill, bucket, amount and balance before and after. */
export async function cardRecords(tx: Db, auth: Auth, q: z.output<typeof cardRecordsQuery>) {
  const where: SQL[] = [];
  if (q.memberId) {
    await assertMemberVisible(tx, auth, q.memberId);
    where.push(eq(memberCards.memberId, q.memberId));
  }
  if (q.cardId) where.push(eq(cardLedger.cardId, q.cardId));
  if (q.cardNo) where.push(eq(memberCards.cardNo, q.cardNo));
  if (q.shopId) {
    assertShop(auth, q.shopId);
    where.push(eq(cardLedger.shopId, q.shopId));
  }
  if (q.bucket) where.push(eq(cardLedger.bucket, q.bucket));
  if (q.kind === 'revoke') where.push(sql`${cardLedger.reversesId} is not null`);
  else if (q.kind) where.push(eq(cardBills.kind, q.kind), sql`${cardLedger.reversesId} is null`);
  where.push(...withinDays(cardLedger.at, await tenantZone(tx, auth.tenantId), q.dateFrom, q.dateTo));
  const visible = visibleShops(auth);
  if (visible) where.push(visible.length ? inArray(cardLedger.shopId, visible) : sql`false`);
  const filter = where.length ? and(...where) : undefined;
  const base = () =>
    tx
      .select({
        id: cardLedger.id,
        cardId: cardLedger.cardId,
        cardNo: memberCards.cardNo,
        memberId: memberCards.memberId,
        memberName: members.name,
        shopId: cardLedger.shopId,
        shopName: shops.name,
        billId: cardLedger.billId,
        billNo: cardBills.billNo,
        kind: sql<string>`case when ${cardLedger.reversesId} is not null then 'revoke' else ${cardBills.kind} end`,
        bucket: cardLedger.bucket,
        amount: cardLedger.delta,
        balance: cardLedger.balance,
        memo: sql<string | null>`case when ${cardLedger.reversesId} is not null then ${cardBills.revokeMemo} else ${cardBills.memo} end`,
        at: cardLedger.at,
        by: users.name,
      })
      .from(cardLedger)
      .innerJoin(cardBills, eq(cardBills.id, cardLedger.billId))
      .innerJoin(memberCards, eq(memberCards.id, cardLedger.cardId))
      .innerJoin(members, eq(members.id, memberCards.memberId))
      .innerJoin(shops, eq(shops.id, cardLedger.shopId))
      .leftJoin(users, eq(users.id, cardBills.createdBy));
  const page = await pageOf(
    tx,
    q,
    base()
      .where(filter)
      .orderBy(desc(cardLedger.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () =>
      tx
        .select({ id: cardLedger.id })
        .from(cardLedger)
        .innerJoin(cardBills, eq(cardBills.id, cardLedger.billId))
        .innerJoin(memberCards, eq(memberCards.id, cardLedger.cardId))
        .where(filter),
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      ...r,
      amount: Number(r.amount),
      balance: Number(r.balance),
      balanceBefore: Number(r.balance) - Number(r.amount),
      kind: r.kind as CardBillKind,
      bucket: r.bucket as MoneyBucket,
      at: new Date(r.at as unknown as string).toISOString(),
    })),
  };
}

cardHolders.provide(async (tx, cardNumber) => {
  const rows = await tx
    .selectDistinct({ memberId: memberCards.memberId })
    .from(memberCards)
    .where(or(eq(memberCards.cardNo, cardNumber), eq(memberCards.physicalNo, cardNumber)));
  return rows.map((r) => r.memberId);
});
