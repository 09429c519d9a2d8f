import { z } from 'zod';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, filter, type RecordRow, recordPick } from './records.js';

/** Rates are basis points: 10000 = 100 %, 60 = 0.6 %. */
export const basisPoints = z.number().int().min(0).max(10000);

/** What the till needs a system pay type for; such a type cannot be deleted or have its code changed. */
export const payTypeKinds = ['cardPrincipal', 'cardGift', 'package', 'coupon', 'redEnvelope', 'voucher'] as const;
export const payTypeKind = z.enum(payTypeKinds);

/**
 * Pay types (`paytype`/`paytypeinfo`): a 2-digit code, the pay class (`paymold`), the fee rate
 * (deducted from performance for POS, WeChat, UnionPay...) and the performance rate, both in basis
 * points. Shipped to every tenant with the usual codes (01 人民币, 02 储值卡卡金 ...), editable.
 */
export const payTypeRecord = defineRecord({
  resource: 'paytype',
  basePath: '/api-cashier/paytype',
  label: ['支付方式', 'Pay types'],
  perm: 'cashier.paytype',
  codePrefix: '',
  page: '/admin/cashier/paytypes',
  fields: dictionaryRecordFields({
    classId: {
      schema: z.number().int().positive(),
      label: ['支付类别', 'Pay class'],
      type: 'select',
      pick: { path: '/api-cashier/paymold/list/all' },
      display: 'className',
      table: { width: 110 },
      form: { required: true },
    },
    className: { schema: z.string().nullish(), label: ['支付类别', 'Pay class'], table: false, form: false, computed: true },
    feeRate: {
      schema: basisPoints.default(0),
      label: ['手续费率(万分比)', 'Fee rate (bp)'],
      type: 'number',
      table: { width: 120 },
      form: { initial: 0, min: 0, max: 10000, help: ['60 即 0.6%', '60 means 0.6 %'] },
    },
    perfRate: {
      schema: basisPoints.default(10000),
      label: ['业绩比例(万分比)', 'Performance rate (bp)'],
      type: 'number',
      table: { width: 140 },
      form: { initial: 10000, min: 0, max: 10000, help: ['10000 即 100%', '10000 means 100 %'] },
    },
    kind: {
      schema: payTypeKind.nullish(),
      label: ['系统用途', 'System use'],
      type: 'select',
      options: [
        { value: 'cardPrincipal', label: ['储值卡卡金', 'Card principal'], color: 'blue' },
        { value: 'cardGift', label: ['储值卡赠送', 'Card gift'], color: 'blue' },
        { value: 'package', label: ['套餐', 'Package'], color: 'blue' },
        { value: 'coupon', label: ['优惠券', 'Coupon'], color: 'blue' },
        { value: 'redEnvelope', label: ['红包', 'Red envelope'], color: 'blue' },
        { value: 'voucher', label: ['平台券', 'Platform voucher'], color: 'blue' },
      ],
      table: { width: 110 },
      form: false,
    },
  }),
  filters: { ...dictionaryFilters, classId: filter.eq('classId', z.coerce.number().int().positive()) },
  verbs: ['list', 'list/all', 'save', 'delete', 'updateStatus'],
  checks: { checkCode: { field: 'code' } },
  defaultSort: 'code',
});
export type PayTypeRow = RecordRow<typeof payTypeRecord>;
/** A pay type in a picker (`paytype/list/all`), with its kind (which prepaid channel it is) when it has one. */
export const payTypePick = recordPick.extend({ kind: z.string().nullish() });

/** Pay classes (`paymold`): 01 现金类, 02 赠送类 ... */
export const payClassRecord = defineRecord({
  resource: 'paymold',
  basePath: '/api-cashier/paymold',
  label: ['支付类别', 'Pay classes'],
  perm: 'cashier.paytype',
  codePrefix: '',
  fields: dictionaryRecordFields(),
  filters: dictionaryFilters,
  verbs: ['list/all'],
  defaultSort: 'code',
});
export type PayClassRow = RecordRow<typeof payClassRecord>;
