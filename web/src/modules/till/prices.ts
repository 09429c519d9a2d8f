import {
  billPriceLine,
  discountRateText,
  type PricedBill,
  type PricedLine,
  priceBill,
  priceSourceLabels,
  type ServiceBillDetail,
  type TillSetup,
} from '@headoffice/contract';

type Line = ServiceBillDetail['lines'][number];

/**
 * A bill's prices as the screen shows them: an open bill priced for what its card pays in the payment
 * rows being filled in (the server prices it the same way when it settles); any other bill as it was settled.
 */
export function billPrices(bill: ServiceBillDetail, rules: Pick<TillSetup, 'cardPriceRule' | 'rounding'>, cardPays: number): PricedBill {
  if (bill.status === 1) return priceBill(bill.lines.map(billPriceLine), rules, cardPays, bill.giftMoney ?? null);
  const lines: PricedLine[] = bill.lines.map((l) => ({
    amount: l.amount,
    roundOff: l.roundOff,
    cardDiscount: l.num * l.plainPrice + l.additional - l.amount - l.roundOff,
  }));
  const byPackage = bill.lines.reduce((s, l) => s + (l.packageLineId !== null ? l.amount : 0), 0);
  const cardPaid = bill.payments.reduce((s, p) => s + (p.cardId !== null && p.cardId === bill.cardId ? p.amount : 0), 0);
  return {
    lines,
    listTotal: bill.listTotal,
    amount: bill.amount,
    discountTotal: bill.discountTotal,
    roundOff: bill.roundOff,
    byPackage,
    cardMax: cardPaid,
    cardPays: cardPaid,
    otherPays: bill.amount - byPackage - cardPaid,
  };
}

/**
 * Where a line's price comes from, in words: the card's price or discount when the card pays (a part
 * of it: 卡付部分), else the price without the card (an activity's, the shop's, a special, a package, card money).
 */
export function priceSourceText(line: Line, priced: PricedLine, lang: 'zh' | 'en'): string {
  const word = (source: string) => (priceSourceLabels[source] ?? priceSourceLabels.shop)[lang === 'zh' ? 0 : 1];
  if (line.priceSource.startsWith('card-') && priced.cardDiscount > 0) {
    const rate = line.priceSource === 'card-discount' ? ` ${discountRateText(line.discount, lang)}` : '';
    const whole = priced.cardDiscount >= line.num * (line.plainPrice - line.price);
    return `${word(line.priceSource)}${rate}${whole ? '' : lang === 'zh' ? '（卡付部分）' : ' (card part)'}`;
  }
  if (line.priceSource === 'activity') return `${word('activity')} ${discountRateText(line.discount, lang)}`;
  if (line.priceSource === 'package' || line.priceSource === 'card') return word(line.priceSource);
  return word(line.plainPrice < line.listPrice ? 'special-shop' : 'shop');
}

/** 优惠 of a line: its list amount (with 加收/扣减) less what it is charged before 抹零 (a line of its own). */
export const lineSaving = (line: Line, priced: PricedLine) => line.listAmount + line.additional - priced.amount - priced.roundOff;
