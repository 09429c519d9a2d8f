import type { CardPriceRule, RoundingMode } from './cashier.js';
import type { Label } from './platform.js';

/**
 * A till bill's prices once its payments are known (DOMAIN-DETAIL §3.3, §4.4), computed the same way
 * by the till as the cashier pays and by the server that settles: the server recomputes and refuses
 * payments that do not add up to it.
 */

/**
 * Splits `total` cents over `weights` in proportion: each part is the floor of its exact share, and
 * the cents left go one each to the largest fractional remainders (ties: the earlier weight). The
 * parts add up to `total`; a zero weight gets nothing unless every weight is zero (then the first).
 */
export function splitByWeights(total: number, weights: number[]): number[] {
  if (!weights.length) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((w) => {
    const exact = bigTotal * BigInt(w);
    return { floor: Number(exact / bigSum), remainder: exact % bigSum };
  });
  let left = total - parts.reduce((s, p) => s + p.floor, 0);
  const order = parts.map((p, i) => ({ i, r: p.remainder })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const out = parts.map((p) => p.floor);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

/** A bill line as priced when it was saved. */
export interface BillPriceLine {
  kind: string;
  num: number;
  /** The shop's price (原价). */
  listPrice: number;
  /** The price without the card: the shop's, or a level special. */
  plainPrice: number;
  /** The price with the bill's card (its card price or discount), never above `plainPrice`. */
  price: number;
  additional: number;
  /** Paid with package counts: fixed at num × price and outside the money. */
  byPackage: boolean;
}

/** A bill line as stored or answered (paid with package counts when it names a package line) as `priceBill` reads it. */
export const billPriceLine = (
  l: Pick<BillPriceLine, 'kind' | 'num' | 'listPrice' | 'plainPrice' | 'price'> & { additional?: number; packageLineId?: number | null },
): BillPriceLine => ({
  kind: l.kind,
  num: l.num,
  listPrice: l.listPrice,
  plainPrice: l.plainPrice,
  price: l.price,
  additional: l.additional ?? 0,
  byPackage: l.packageLineId != null,
});

export interface PricedLine {
  /** What the line is charged (实收). */
  amount: number;
  /** The card's price or discount on the part the card pays. */
  cardDiscount: number;
  /** The line's part of the bill's 抹零. */
  roundOff: number;
}

export interface PricedBill {
  lines: PricedLine[];
  listTotal: number;
  amount: number;
  /** Σ (list amount − charged before 加收/扣减): specials, the card's part and 抹零. */
  discountTotal: number;
  roundOff: number;
  /** What package counts pay. */
  byPackage: number;
  /** The most the bill's card may pay: every money line at its card price. */
  cardMax: number;
  /** What the bill's card pays. */
  cardPays: number;
  /** What other money pays (after 抹零): the payments other than the bill's card add up to it. Negative: the card pays more than the bill. */
  otherPays: number;
}

/** A card line opens or recharges a card: the money paid into it is never discounted nor rounded. */
const intoCard = (kind: string) => kind === 'cardOpen' || kind === 'cardRecharge';
const ROUNDING_UNIT: Record<RoundingMode, number> = { none: 1, jiao: 10, yuan: 100 };

/**
 * The money of a bill's card whose type gives no discount on gift money (赠送金不打折, giftDis = 0): a
 * card payment is taken from principal and gift in proportion to them (the card type's default split),
 * so its gift part, charged at the undiscounted price, is that share of it.
 */
export interface GiftMoney {
  principal: number;
  gift: number;
}

/** A line's card discount (`gap`) on the principal's share of the card's money only, half up; all of it when the gift is discounted too. */
function discountedGap(gap: number, giftMoney: GiftMoney | null): number {
  if (!giftMoney || giftMoney.gift <= 0) return gap;
  const whole = BigInt(giftMoney.principal + giftMoney.gift);
  return Number((2n * BigInt(gap) * BigInt(giftMoney.principal) + whole) / (2n * whole));
}

/**
 * Prices a bill for what its card pays (`cardPays`: cents, or `all`: as much as it may):
 *
 * - a line costs its plain amount P (num × plain price + 加收/扣减) less the card's part D of the
 *   difference to its card amount M; rule `member`: D = P − M whatever pays; rule `cardPays`: the
 *   card's share of the bill at card prices, D = Σ(P − M) × cardPays / ΣM rounded half up, spread over
 *   the lines by their difference (largest remainder). A bill paid wholly by other money costs P.
 * - 抹零: what other money pays is rounded down to the jiao or the yuan; the cents rounded off are
 *   taken off the money lines that do not pay into a card, in proportion (largest remainder), so
 *   every line, payment and performance share still adds up to the cent. Never when nothing can take it.
 * - `giftMoney`: the card's type gives no discount on gift money (DOMAIN-DETAIL §3.3): each line's
 *   difference to its card amount is given at the principal's share of the card's money only.
 */
export function priceBill(
  lines: BillPriceLine[],
  rules: { cardPriceRule: CardPriceRule; rounding: RoundingMode },
  cardPays: number | 'all',
  giftMoney: GiftMoney | null = null,
): PricedBill {
  const plain = lines.map((l) => l.num * l.plainPrice + l.additional);
  const card = lines.map((l, i) => plain[i] - discountedGap(plain[i] - Math.min(l.num * l.price + l.additional, plain[i]), giftMoney));
  const money = lines.map((l) => !l.byPackage);
  const cardMax = card.reduce((s, m, i) => s + (money[i] ? m : 0), 0);
  const paid = cardPays === 'all' ? cardMax : cardPays;
  const gaps = lines.map((l, i) => (l.byPackage ? 0 : plain[i] - card[i]));
  const gap = gaps.reduce((s, g) => s + g, 0);
  const share =
    rules.cardPriceRule === 'member' || paid >= cardMax
      ? gap
      : cardMax === 0
        ? 0
        : Number((2n * BigInt(gap) * BigInt(Math.max(0, paid)) + BigInt(cardMax)) / (2n * BigInt(cardMax)));
  const cardDiscount = splitByWeights(share, gaps);
  const before = lines.map((l, i) => (l.byPackage ? l.num * l.price : plain[i] - cardDiscount[i]));
  const moneyTotal = before.reduce((s, a, i) => s + (money[i] ? a : 0), 0);
  const due = moneyTotal - paid;
  const unit = ROUNDING_UNIT[rules.rounding];
  const roundable = before.map((a, i) => (money[i] && !intoCard(lines[i].kind) ? a : 0));
  const wanted = due > 0 ? due % unit : 0;
  const roundOff = wanted > 0 && roundable.reduce((s, a) => s + a, 0) >= wanted ? wanted : 0;
  const parts = roundOff ? splitByWeights(roundOff, roundable) : lines.map(() => 0);
  const priced = lines.map((_, i) => ({ amount: before[i] - parts[i], cardDiscount: cardDiscount[i], roundOff: parts[i] }));
  const listTotal = lines.reduce((s, l) => s + l.num * l.listPrice, 0);
  const amount = priced.reduce((s, l) => s + l.amount, 0);
  const byPackage = priced.reduce((s, l, i) => s + (money[i] ? 0 : l.amount), 0);
  return {
    lines: priced,
    listTotal,
    amount,
    discountTotal: listTotal - lines.reduce((s, l, i) => s + priced[i].amount - l.additional, 0),
    roundOff,
    byPackage,
    cardMax,
    cardPays: paid,
    otherPays: due - roundOff,
  };
}

/** Where a line's price comes from, as the till and the receipt name it. */
export const priceSourceLabels: Record<string, Label> = {
  shop: ['门店价', 'Shop price'],
  'special-shop': ['特价', 'Special'],
  'special-chain': ['特价', 'Special'],
  'card-shop': ['卡价', 'Card price'],
  'card-chain': ['卡价', 'Card price'],
  'card-discount': ['卡折扣', 'Card discount'],
  activity: ['活动价', 'Activity price'],
  package: ['套餐', 'Package'],
  card: ['充值', 'Card money'],
};
/** 8500 basis points → "8.5折" / "85%". */
export const discountRateText = (rate: number, lang: 'zh' | 'en') =>
  lang === 'zh' ? `${Number((rate / 1000).toFixed(2))}折` : `${Number((rate / 100).toFixed(2))}%`;
