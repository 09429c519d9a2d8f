import { fitColumns, RECEIPT_COLUMNS, type ServiceBillDetail, textColumns } from '@headoffice/contract';
import { formatMoney } from '../../platform/money';

/** Name on the left, value on the right, in one line of `width` columns (the name cut to fit). */
function pair(name: string, value: string, width: number) {
  const right = textColumns(value);
  return `${fitColumns(name, width - right - 1)} ${value}`;
}

/**
 * The receipt's lines for 58 or 80 mm paper, by the seed's width rule (a character with code ≤ 128 is
 * one column, any other two): on 80 mm a line is name | qty | amount in one row; on 58 mm the name
 * takes its own row and qty and amount the next.
 */
export function receiptLines(bill: ServiceBillDetail, shopName: string, paper: 58 | 80, labels: Record<string, string>): string[] {
  const width = RECEIPT_COLUMNS[paper];
  const rule = '-'.repeat(width);
  const center = (text: string) => {
    const pad = Math.max(0, Math.floor((width - textColumns(text)) / 2));
    return fitColumns(' '.repeat(pad) + text, width);
  };
  const out = [center(shopName), rule, pair(labels.billNo, bill.billNo, width), pair(labels.handTag, String(bill.handTag), width)];
  if (bill.memberName) out.push(pair(labels.member, bill.memberName, width));
  out.push(rule);
  for (const line of bill.lines) {
    const amount = formatMoney(line.amount);
    const qty = `x${line.num}`;
    if (paper === 80) out.push(fitColumns(line.name, width - 20) + fitColumns(qty, 8, 'right') + fitColumns(amount, 12, 'right'));
    else out.push(fitColumns(line.name, width), fitColumns(qty, width - 12, 'right') + fitColumns(amount, 12, 'right'));
  }
  out.push(
    rule,
    pair(labels.listTotal, formatMoney(bill.listTotal), width),
    pair(labels.discountTotal, formatMoney(bill.discountTotal), width),
  );
  out.push(pair(labels.amount, formatMoney(bill.amount), width), rule);
  for (const p of bill.payments) out.push(pair(p.payName, formatMoney(p.amount), width));
  return out.map((l) => fitColumns(l, width).trimEnd());
}
