import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cardRules, cardTypeShops, cardTypes } from './schema.js';

/** When a gift rule applies: on opening a card or on recharging one. */
export type GiftOccasion = 'open' | 'recharge';

const kindsFor: Record<GiftOccasion, number[]> = { open: [1, 3], recharge: [2, 3] };

/** The gift a rule gives on `amount` cents: fixed cents, or floor(amount × basis points / 10000). */
export function giftOf(rule: { giftType: number; giftValue: number }, amount: number): number {
  return rule.giftType === 1 ? rule.giftValue : Math.floor((amount * rule.giftValue) / 10_000);
}

/**
 * The one rule of a card type that applies when `amount` cents are paid on `occasion`: the one with
 * the highest threshold not above the amount (the newest on a tie), or none.
 */
export async function applicableRule(tx: Db, cardTypeId: number, occasion: GiftOccasion, amount: number) {
  const [rule] = await tx
    .select({ id: cardRules.id, giftType: cardRules.giftType, giftValue: cardRules.giftValue })
    .from(cardRules)
    .where(and(eq(cardRules.cardTypeId, cardTypeId), inArray(cardRules.kind, kindsFor[occasion]), lte(cardRules.threshold, amount)))
    .orderBy(desc(cardRules.threshold), desc(cardRules.id))
    .limit(1);
  return rule;
}

/**
 * The gift money a card type's rules give when `amount` cents are paid on `occasion`: exactly one
 * rule applies, the one with the highest threshold not above the amount (0 when none does).
 */
export async function rechargeGift(tx: Db, cardTypeId: number, occasion: GiftOccasion, amount: number): Promise<number> {
  const rule = await applicableRule(tx, cardTypeId, occasion, amount);
  return rule ? giftOf(rule, amount) : 0;
}

/** A card type may be sold at a shop: it is issued (not 停办) and enabled there. */
export async function cardTypeSellableAt(tx: Db, cardTypeId: number, shopId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: cardTypes.id })
    .from(cardTypes)
    .innerJoin(
      cardTypeShops,
      and(eq(cardTypeShops.cardTypeId, cardTypes.id), eq(cardTypeShops.shopId, shopId), eq(cardTypeShops.status, 1)),
    )
    .where(and(eq(cardTypes.id, cardTypeId), eq(cardTypes.status, 1)))
    .limit(1);
  return Boolean(row);
}
