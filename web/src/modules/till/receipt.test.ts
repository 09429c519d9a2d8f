import { RECEIPT_COLUMNS, type ServiceBillDetail, textColumns } from '@headoffice/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setCompanyZone } from '../../platform/clock';
import { billPrices } from './prices';
import { type ReceiptWords, receiptLines } from './receipt';
import { billLine, herBill, lineStaff, serviceBillOf } from './test-bills';

const payment = (id: number, payCode: string, payName: string, amount: number, card?: { id: number; no: string }) => ({
  id,
  payTypeId: id,
  payCode,
  payName,
  classCode: '01',
  amount,
  perf: amount,
  fee: 0,
  cardId: card?.id ?? null,
  cardNo: card?.no ?? null,
  memberCouponId: null,
  couponCode: null,
  cardBalance: card ? { principal: 123_456, gift: 2_000 } : null,
});

/**
 * A member's bill settled at 09:30 Shanghai time: a cut by two stylists at ¥118.00 with an 8.8折 card
 * whose card paid ¥50.00 of it (so part of the discount), two products at the shop's price, 抹零 of ¥0.04,
 * paid by the card (principal) and WeChat.
 */
function settledBill(): ServiceBillDetail {
  // The cut: 11,800 list; the card's 10,384 on the card's part: 682 off; the products 2 × 3,333.
  const lines = [
    billLine({
      amount: 11_800 - 682 - 2,
      roundOff: 2,
      paid: 11_800 - 682 - 2,
      staff: [lineStaff(1, '王设计', 1, true), lineStaff(2, '李助理', 2, false)],
    }),
    billLine({
      id: 2,
      lineNo: 2,
      kind: 'product',
      itemId: 9,
      code: 'P01',
      name: '护发精油',
      num: 2,
      listPrice: 3_333,
      plainPrice: 3_333,
      price: 3_333,
      priceSource: 'shop',
      discount: 0,
      listAmount: 6_666,
      amount: 6_666 - 2,
      roundOff: 2,
      paid: 6_666 - 2,
      staff: [lineStaff(1, '王设计', 1, false)],
    }),
  ];
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  return serviceBillOf({
    ...herBill,
    listTotal: 18_466,
    discountTotal: 18_466 - amount,
    amount,
    roundOff: 4,
    cashierName: '前台小刘',
    settledAt: '2026-03-04T01:30:00.000Z',
    lines,
    payments: [payment(1, '02', '储值卡卡金', 5_000, { id: 4, no: 'K0000008' }), payment(2, '23', '微信', amount - 5_000)],
  });
}

const zh: ReceiptWords = {
  lang: 'zh',
  address: '地址',
  phone: '电话',
  billNo: '单号',
  handTag: '手牌号',
  time: '时间',
  cashier: '收银员',
  member: '会员',
  cardNo: '卡号',
  listPrice: '原价',
  saving: '优惠',
  listTotal: '原价合计',
  discountTotal: '优惠',
  roundOff: '抹零',
  amount: '实收',
  appointed: '指定',
  cardBalance: '卡内余额',
  principal: '本金',
  gift: '赠送',
  signature: '顾客签名：',
};
const shop = { name: '丝域美业·北京国贸店', address: '北京市朝阳区建国门外大街1号国贸商城B1层', phone: '010-65050000', needSign: true };
const rules = { cardPriceRule: 'cardPays', rounding: 'jiao' } as const;

describe('the till receipt', () => {
  afterEach(() => setCompanyZone(undefined));

  it.each([58, 80] as const)(
    'on %i mm paper: shop, time on the company clock, cashier, stylists, prices explained, card balance left, signature; no line too wide',
    (paper) => {
      setCompanyZone('Asia/Shanghai');
      const bill = settledBill();
      const lines = receiptLines(bill, billPrices(bill, rules, 0), shop, paper, zh);
      const text = lines.join('\n');
      for (const l of lines) expect(textColumns(l)).toBeLessThanOrEqual(RECEIPT_COLUMNS[paper]);
      expect(lines[0].trim()).toBe(shop.name);
      // The address whole, over as many rows as it takes.
      expect(text.replace(/\n\s*/g, '')).toContain(`地址 ${shop.address}`);
      expect(text).toContain('电话 010-65050000');
      expect(text).toMatch(/时间\s+2026-03-04 09:30/);
      expect(text).toMatch(/收银员\s+前台小刘/);
      expect(text).toMatch(/会员\s+张小美/);
      expect(text).toContain('第一工位 王设计(指定)');
      expect(text).toContain('第二工位 李助理');
      // The cut: its list price, the card's discount on the part the card paid, its saving; 抹零 on a line of its own.
      expect(text).toContain('原价 ¥118.00');
      expect(text).toContain('卡折扣 8.8折（卡付部分）');
      expect(text).toContain('优惠 ¥6.82');
      expect(text).toContain('门店价');
      expect(text).toMatch(/^优惠\s+¥6\.82$/m);
      expect(text).toMatch(/抹零\s+¥0\.04/);
      expect(text).toMatch(/实收\s+¥177\.80/);
      // Pay types by their names only.
      expect(text).toMatch(/储值卡卡金\s+¥50\.00/);
      expect(text).toMatch(/微信\s+¥127\.80/);
      expect(text).not.toMatch(/^\s*(01|02|03|23) /m);
      // What the card holds after the bill, money as money.
      expect(text).toMatch(/卡内余额\s+K0000008/);
      expect(text).toContain('本金 ¥1,234.56');
      expect(text).toContain('赠送 ¥20.00');
      expect(lines.at(-1)).toMatch(/^顾客签名：_+$/);
      expect(textColumns(lines.at(-1) ?? '')).toBe(RECEIPT_COLUMNS[paper]);
    },
  );

  it('80 mm puts name, quantity and amount on one row; 58 mm gives the name a row of its own', () => {
    const bill = settledBill();
    const prices = billPrices(bill, rules, 0);
    const wide = receiptLines(bill, prices, shop, 80, zh);
    expect(wide.some((l) => /^护发精油\s+x2\s+¥66\.64$/.test(l))).toBe(true);
    const narrow = receiptLines(bill, prices, shop, 58, zh);
    const at = narrow.indexOf('护发精油');
    expect(at).toBeGreaterThan(0);
    expect(narrow[at + 1]).toMatch(/^\s+x2\s+¥66\.64$/);
  });

  it('a card not paid with leaves no balance line; no cashier or member, no line for them', () => {
    const bill = { ...settledBill(), memberName: null, cardNo: null, cashierName: null, roundOff: 0 };
    bill.payments = bill.payments.map((p) => ({ ...p, cardId: null, cardNo: null, cardBalance: null }));
    const text = receiptLines(bill, billPrices(bill, rules, 0), shop, 58, zh).join('\n');
    expect(text).not.toContain('卡内余额');
    expect(text).not.toContain('收银员');
    expect(text).not.toContain('抹零');
    expect(text).not.toMatch(/会员\s/);
  });

  it('has a signature line only when the shop asks for the customer to sign', () => {
    const bill = settledBill();
    const prices = billPrices(bill, rules, 0);
    expect(receiptLines(bill, prices, shop, 80, zh).join('\n')).toContain('顾客签名：');
    const unsigned = receiptLines(bill, prices, { ...shop, needSign: false }, 80, zh);
    expect(unsigned.join('\n')).not.toContain('顾客签名：');
    expect(unsigned.at(-1)).toBe('-'.repeat(RECEIPT_COLUMNS[80]));
  });
});
