import type { BillFieldDef } from './bills.js';
import { bankAccountNumber } from './finance-records.js';
import { optionalText } from './platform.js';

// What the refund bills share: the card refund, the offline refund and their return visits.

/** 退款属性 (tkattr), and 核实退款属性 (hstkattr): customer service's finding of why a customer asks for money back. */
export const refundAttributes = {
  1: ['仅注销无退款', 'Cancel only, no payout'],
  2: ['员工离职', 'Staff left'],
  3: ['个人原因', 'Personal reasons'],
  4: ['技术原因', 'Technical reasons'],
  5: ['消费原因', 'Spending reasons'],
  6: ['服务及接待', 'Service and reception'],
  7: ['关店原因', 'Shop closing'],
  8: ['其它', 'Other'],
} as const;

/** The customer's bank account a refund is paid to (打款方式 顾客银行卡). */
export const refundPayeeFields = {
  payee: { label: ['户名', 'Payee'], kind: 'text', form: {}, value: optionalText(64) },
  bank: { label: ['开户行', 'Bank'], kind: 'text', form: {}, value: optionalText(64) },
  bankno: { label: ['账号', 'Account no.'], kind: 'text', form: {}, value: bankAccountNumber.nullish() },
} as const satisfies Record<string, BillFieldDef>;
