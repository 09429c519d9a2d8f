import { billPriceLine, type GiftMoney, priceBill, type settleBody } from '@headoffice/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { fieldError } from '../../platform/errors.js';
import { yuan } from '../../platform/money.js';
import { bucketsOf, memberCards } from '../assets/public.js';
import { cardTypes } from '../members/public.js';
import { billConfigOf } from './billconfig.js';
import { isCardLine } from './card-bills.js';
import { serviceBillLines, serviceBills } from './schema.js';

type Bill = typeof serviceBills.$inferSelect;
type Line = typeof serviceBillLines.$inferSelect;

/** What the bill's card is taken to pay before the payments are known: all it may, unless the bill pays into cards (then nothing). */
export const defaultCardPays = (bill: Pick<Bill, 'cardId'>, lines: Pick<Line, 'kind'>[]) =>
  bill.cardId && !lines.some((l) => isCardLine(l.kind)) ? ('all' as const) : 0;

/** The money of a bill's card whose type gives no discount on gift money (`priceBill`'s `giftMoney`); null otherwise. */
export async function giftMoneyOf(tx: Db, cardId: number | null): Promise<GiftMoney | null> {
  if (cardId === null) return null;
  const [card] = await tx
    .select({ giftDiscount: cardTypes.giftDiscount })
    .from(memberCards)
    .innerJoin(cardTypes, eq(cardTypes.id, memberCards.cardTypeId))
    .where(eq(memberCards.id, cardId));
  if (card?.giftDiscount !== 0) return null;
  const buckets = await bucketsOf(tx, cardId);
  const of = (bucket: string) => buckets.filter((b) => b.bucket === bucket).reduce((s, b) => s + b.amount, 0);
  return { principal: of('principal'), gift: of('gift') };
}

/**
 * 结账's prices: the bill priced again for what its card pays in this settle (the shop's card-price
 * rule and 抹零, `priceBill`), the new amounts written to its lines and head, and answered for the
 * rest of the settle. The card paying more than the bill at its card prices is refused naming the most
 * it may pay; the other payments must then add up to the rest (the settle's own check).
 */
export async function repriceOnSettle(
  tx: Db,
  bill: Bill,
  lines: Line[],
  payments: z.output<typeof settleBody>['payments'],
): Promise<{ bill: Bill; lines: Line[] }> {
  const rules = await billConfigOf(tx, bill.shopId);
  const cardPays = payments.reduce((s, p) => s + (bill.cardId !== null && p.cardId === bill.cardId ? p.amount : 0), 0);
  const priced = priceBill(lines.map(billPriceLine), rules, cardPays, await giftMoneyOf(tx, bill.cardId));
  if (priced.otherPays < 0) throw fieldError('payments', 'cardPaysTooMuch', { paid: yuan(cardPays), most: yuan(priced.cardMax) });
  const next = lines.map((l, i) => ({ ...l, amount: priced.lines[i].amount, roundOff: priced.lines[i].roundOff }));
  for (const [i, l] of next.entries())
    if (l.amount !== lines[i].amount || l.roundOff !== lines[i].roundOff)
      await tx.update(serviceBillLines).set({ amount: l.amount, roundOff: l.roundOff }).where(eq(serviceBillLines.id, l.id));
  const head = { listTotal: priced.listTotal, amount: priced.amount, discountTotal: priced.discountTotal, roundOff: priced.roundOff };
  await tx
    .update(serviceBills)
    .set({ ...head, updatedAt: sql`now()` })
    .where(eq(serviceBills.id, bill.id));
  return { bill: { ...bill, ...head }, lines: next };
}
