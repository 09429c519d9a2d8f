import type { refundBody, refundListQuery } from '@headoffice/contract';
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import { businessDate, nextNumber } from '../../platform/numbering.js';
import { pageOf } from '../../platform/paging.js';
import { users } from '../identity/schema.js';
import { members } from '../members/schema.js';
import { shops } from '../org/schema.js';
import { memberAssets } from './assets.js';
import { type Actor, bucketsOf, lockCard, postCardBill } from './card-money.js';
import './messages.js';
import { memberCards, refundLines, refunds } from './schema.js';

type RefundInput = z.output<typeof refundBody>;

/** getMember / getDiffMember: the member found by mobile with the whole chain's assets, or split into this shop's and other shops'. */
export async function refundMember(tx: Db, auth: Auth, mobile: string, shopId?: number) {
  const [m] = await tx.select({ id: members.id, shopId: members.shopId }).from(members).where(eq(members.mobile, mobile));
  if (!m) throw notFound();
  const assets = await memberAssets(tx, m.id);
  if (!shopId) {
    const visible = visibleShops(auth);
    if (visible && !visible.includes(m.shopId)) throw notFound();
    return { ...assets, thisShop: null, otherShops: null };
  }
  const part = (mine: boolean) =>
    assets.cards.map((c) => {
      const buckets = c.buckets.filter((b) => (b.shopId === shopId) === mine);
      return { ...c, buckets, principal: buckets.reduce((s, b) => s + b.principal, 0), gift: buckets.reduce((s, b) => s + b.gift, 0) };
    });
  return { ...assets, thisShop: part(true), otherShops: part(false) };
}

/**
 * saveRefund: card lines refund principal (≤ the bucket) and write off gift (≤ the bucket, never paid),
 * a shop's refund only from its own buckets, the fee 0..Σ principal; posted at once as 退款 rows
 * (one card bill per card), the member's totals move, and a card at zero is closed when asked.
 */
export async function saveRefund(tx: Db, auth: Auth, actor: Actor, input: RefundInput) {
  const [member] = await tx
    .select({ id: members.id, status: members.status, shopId: members.shopId })
    .from(members)
    .where(eq(members.id, input.memid));
  if (!member) throw notFound();
  const visible = visibleShops(auth);
  if (visible && !input.shopId) throw forbidden('shopForbidden');
  if (input.shopId && visible && !visible.includes(input.shopId)) throw forbidden('shopForbidden');
  const keys = new Set<string>();
  for (const [i, line] of input.cards.entries()) {
    const k = `${line.cardid}:${line.shopId}`;
    if (keys.has(k)) throw new AppError(400, 'refundLineTwice', { line: i + 1 });
    keys.add(k);
    if (line.tkje === 0 && line.tzje === 0) throw new AppError(400, 'refundLineEmpty', { line: i + 1 });
    if (input.shopId && line.shopId !== input.shopId) throw conflict('refundOtherShop', { line: i + 1 });
  }
  const principalTotal = input.cards.reduce((s, l) => s + l.tkje, 0);
  if (input.freeCard > principalTotal) throw new AppError(400, 'refundFeeTooHigh', { max: (principalTotal / 100).toFixed(2) });
  const billNo = await nextNumber(tx, actor.tenantId, 'TK', businessDate());
  const giftTotal = input.cards.reduce((s, l) => s + l.tzje, 0);
  const [refund] = await tx
    .insert(refunds)
    .values({
      tenantId: actor.tenantId,
      billNo,
      memberId: member.id,
      shopId: input.shopId ?? null,
      cardAmount: principalTotal - input.freeCard,
      cardFee: input.freeCard,
      totalAmount: principalTotal - input.freeCard,
      giftWrittenOff: giftTotal,
      memo: input.memo ?? null,
      createdBy: actor.userId,
    })
    .returning({ id: refunds.id });
  // One card bill per card, cards in id order (locks in one order).
  const byCard = new Map<number, RefundInput['cards']>();
  for (const line of [...input.cards].sort((x, y) => x.cardid - y.cardid))
    byCard.set(line.cardid, [...(byCard.get(line.cardid) ?? []), line]);
  for (const [cardId, lines] of byCard) {
    const card = await lockCard(tx, { id: cardId });
    if (card.memberId !== member.id) throw conflict('cardNotMembers', { cardNo: card.cardNo });
    const now = await bucketsOf(tx, cardId);
    for (const line of lines) {
      const has = (bucket: 'principal' | 'gift') => now.find((b) => b.shopId === line.shopId && b.bucket === bucket)?.amount ?? 0;
      if (line.tkje > has('principal'))
        throw conflict('refundOverPrincipal', { cardNo: card.cardNo, available: (has('principal') / 100).toFixed(2) });
      if (line.tzje > has('gift')) throw conflict('refundOverGift', { cardNo: card.cardNo, available: (has('gift') / 100).toFixed(2) });
    }
    const bill = await postCardBill(tx, actor, {
      kind: 'refund',
      card,
      shopId: input.shopId ?? lines[0].shopId,
      amount: lines.reduce((s, l) => s + l.tkje, 0),
      memo: billNo,
      movements: lines.flatMap((l) => [
        { shopId: l.shopId, bucket: 'principal' as const, delta: -l.tkje },
        { shopId: l.shopId, bucket: 'gift' as const, delta: -l.tzje },
      ]),
    });
    const close = input.autokcard && bill.principalAfter === 0 && bill.giftAfter === 0;
    if (close) await tx.update(memberCards).set({ status: 2, updatedAt: sql`now()` }).where(eq(memberCards.id, cardId));
    await tx.insert(refundLines).values(
      lines.map((l) => ({
        tenantId: actor.tenantId,
        refundId: refund.id,
        cardId,
        shopId: l.shopId,
        principal: l.tkje,
        gift: l.tzje,
        cardBillId: bill.billId,
        closedCard: close ? 1 : 0,
      })),
    );
  }
  return refundDetail(tx, auth, refund.id);
}

const refundColumns = {
  id: refunds.id,
  billNo: refunds.billNo,
  memberId: refunds.memberId,
  memberName: members.name,
  mobile: members.mobile,
  shopId: refunds.shopId,
  shopName: shops.name,
  cardJe: refunds.cardAmount,
  freeCard: refunds.cardFee,
  totalJe: refunds.totalAmount,
  giftWrittenOff: refunds.giftWrittenOff,
  memo: refunds.memo,
  createdAt: refunds.createdAt,
  createdBy: users.name,
};

const shape = <T extends { createdAt: Date | string }>(r: T) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() });

/** Refunds the user may see: of their shops (head office's own refunds to unrestricted users only). */
function scope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  if (!visible) return undefined;
  return visible.length ? inArray(refunds.shopId, visible) : sql`false`;
}

/** The shop list (root, shopid given) and the chain list, newest first. */
export async function refundList(tx: Db, auth: Auth, q: z.output<typeof refundListQuery>) {
  const where: SQL[] = [];
  const s = scope(auth);
  if (s) where.push(s);
  if (q.shopid) where.push(eq(refunds.shopId, q.shopid));
  if (q.keyword) where.push(or(eq(refunds.billNo, q.keyword), eq(members.mobile, q.keyword), eq(members.name, q.keyword)) as SQL);
  if (q.dateFrom) where.push(gte(refunds.createdAt, sql`${q.dateFrom}::date`));
  if (q.dateTo) where.push(lt(refunds.createdAt, sql`${q.dateTo}::date + 1`));
  const filter = where.length ? and(...where) : undefined;
  const page = await pageOf(
    tx,
    q,
    tx
      .select(refundColumns)
      .from(refunds)
      .innerJoin(members, eq(members.id, refunds.memberId))
      .leftJoin(shops, eq(shops.id, refunds.shopId))
      .leftJoin(users, eq(users.id, refunds.createdBy))
      .where(filter)
      .orderBy(desc(refunds.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => tx.select({ id: refunds.id }).from(refunds).innerJoin(members, eq(members.id, refunds.memberId)).where(filter),
  );
  return { ...page, list: page.list.map(shape) };
}

/** One refund with its lines (404 for another tenant's or a shop the user does not see). */
export async function refundDetail(tx: Db, auth: Auth, id: number) {
  const [row] = await tx
    .select(refundColumns)
    .from(refunds)
    .innerJoin(members, eq(members.id, refunds.memberId))
    .leftJoin(shops, eq(shops.id, refunds.shopId))
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(and(eq(refunds.id, id), scope(auth)));
  if (!row) throw notFound();
  const lines = await tx
    .select({
      cardId: refundLines.cardId,
      cardNo: memberCards.cardNo,
      shopId: refundLines.shopId,
      shopName: shops.name,
      tkje: refundLines.principal,
      tzje: refundLines.gift,
      closed: sql<boolean>`${refundLines.closedCard} = 1`,
    })
    .from(refundLines)
    .innerJoin(memberCards, eq(memberCards.id, refundLines.cardId))
    .innerJoin(shops, eq(shops.id, refundLines.shopId))
    .where(eq(refundLines.refundId, id))
    .orderBy(refundLines.id);
  return { ...shape(row), lines };
}
