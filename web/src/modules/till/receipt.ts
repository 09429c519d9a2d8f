import { fitColumns, type PricedBill, RECEIPT_COLUMNS, type ServiceBillDetail, stationLabels, textColumns } from '@headoffice/contract';
import { companyDateTime } from '../../platform/clock';
import { formatMoney } from '../../platform/money';
import { lineSaving, priceSourceText } from './prices';

/** The words of a receipt, in the till's language. */
export interface ReceiptWords {
  lang: 'zh' | 'en';
  address: string;
  phone: string;
  billNo: string;
  handTag: string;
  time: string;
  cashier: string;
  member: string;
  cardNo: string;
  listPrice: string;
  saving: string;
  listTotal: string;
  discountTotal: string;
  roundOff: string;
  amount: string;
  appointed: string;
  cardBalance: string;
  principal: string;
  gift: string;
  signature: string;
}

export interface ReceiptShop {
  name: string;
  address: string | null;
  phone: string | null;
  /** The shop's bill settings ask for the customer's signature (\`isNeedSign\`): the receipt ends with a line for it. */
  needSign: boolean;
}

/** Name on the left, value on the right, in one line of `width` columns (the name cut to fit). */
function pair(name: string, value: string, width: number) {
  const right = textColumns(value);
  return `${fitColumns(name, Math.max(0, width - right - 1))} ${value}`;
}

/** A text cut into rows of `width` columns (an address), the rows after the first indented. */
function wrap(text: string, width: number, indent = 2) {
  const out: string[] = [];
  let line = '';
  for (const ch of text) {
    if (textColumns(line + ch) > width) {
      out.push(line);
      line = ' '.repeat(indent);
    }
    line += ch;
  }
  if (line.trim()) out.push(line);
  return out;
}

/** Parts set two columns apart after an indent, a new line when the next would not fit (a part too long is cut). */
function flow(parts: string[], width: number, indent = 2) {
  const out: string[] = [];
  let line = '';
  for (const part of parts.filter(Boolean)) {
    const next = line ? `${line}  ${part}` : `${' '.repeat(indent)}${part}`;
    if (line && textColumns(next) > width) {
      out.push(line);
      line = `${' '.repeat(indent)}${part}`;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/**
 * The receipt's lines for 58 or 80 mm paper, by the seed's width rule (a character with code ≤ 128 is
 * one column, any other two): the shop (name, address, phone), the bill (number, hand tag, time on the
 * company's clock, cashier, member and card), each line with its quantity and amount, then its list price,
 * where its price comes from and its saving, and its staff by station; the totals with 抹零 on a line of
 * its own; the payments by name; what each card paid from holds afterwards; a signature line when the shop
 * asks for one. On 80 mm a line's name, quantity and amount share a row; on 58 mm the name takes its own row.
 */
export function receiptLines(
  bill: ServiceBillDetail,
  prices: PricedBill,
  shop: ReceiptShop,
  paper: 58 | 80,
  words: ReceiptWords,
): string[] {
  const width = RECEIPT_COLUMNS[paper];
  const rule = '-'.repeat(width);
  const center = (text: string) => {
    const pad = Math.max(0, Math.floor((width - textColumns(text)) / 2));
    return fitColumns(' '.repeat(pad) + text, width);
  };
  const money = (cents: number) => formatMoney(cents);
  const out = [center(shop.name)];
  if (shop.address) out.push(...wrap(`${words.address} ${shop.address}`, width));
  if (shop.phone) out.push(`${words.phone} ${shop.phone}`);
  out.push(rule, pair(words.billNo, bill.billNo, width), pair(words.handTag, String(bill.handTag), width));
  out.push(pair(words.time, companyDateTime(bill.settledAt ?? bill.createdAt), width));
  if (bill.cashierName) out.push(pair(words.cashier, bill.cashierName, width));
  if (bill.memberName) out.push(pair(words.member, bill.memberName, width));
  if (bill.cardNo) out.push(pair(words.cardNo, bill.cardNo, width));
  out.push(rule);
  bill.lines.forEach((line, i) => {
    const priced = prices.lines[i];
    const amount = money(priced.amount);
    const qty = `x${line.num}`;
    if (paper === 80) out.push(fitColumns(line.name, width - 20) + fitColumns(qty, 6, 'right') + fitColumns(amount, 14, 'right'));
    else out.push(fitColumns(line.name, width), fitColumns(qty, width - 14, 'right') + fitColumns(amount, 14, 'right'));
    const saving = lineSaving(line, priced);
    out.push(
      ...flow(
        [
          `${words.listPrice} ${money(line.listAmount + line.additional)}`,
          priceSourceText(line, priced, words.lang),
          saving ? `${words.saving} ${money(saving)}` : '',
        ],
        width,
      ),
    );
    const staff = [...line.staff]
      .sort((a, b) => a.station - b.station)
      .map(
        (s) =>
          `${stationLabels[s.station as 1 | 2 | 3]?.[words.lang === 'zh' ? 0 : 1] ?? ''} ${s.employeeName}${s.appointed ? `(${words.appointed})` : ''}`,
      );
    out.push(...flow(staff, width));
  });
  out.push(
    rule,
    pair(words.listTotal, money(bill.listTotal), width),
    pair(words.discountTotal, money(bill.discountTotal - bill.roundOff), width),
  );
  if (bill.roundOff) out.push(pair(words.roundOff, money(bill.roundOff), width));
  out.push(pair(words.amount, money(bill.amount), width), rule);
  for (const p of bill.payments) out.push(pair(p.payName, money(p.amount), width));
  const cards = new Map<number, { cardNo: string; principal: number; gift: number }>();
  for (const p of bill.payments) if (p.cardId !== null && p.cardBalance) cards.set(p.cardId, { cardNo: p.cardNo ?? '', ...p.cardBalance });
  for (const c of cards.values()) {
    out.push(pair(words.cardBalance, c.cardNo, width));
    out.push(...flow([`${words.principal} ${money(c.principal)}`, `${words.gift} ${money(c.gift)}`], width));
  }
  out.push(rule);
  if (shop.needSign) out.push('', `${words.signature}${'_'.repeat(Math.max(0, width - textColumns(words.signature)))}`);
  return out.map((l) => fitColumns(l, width).trimEnd());
}
