import { definedEntityLabels } from '../../platform/audit.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';

export const checkoutMessages = defineMessages({
  handTagTaken: ['手牌号 {tag} 正在使用中', 'Hand tag {tag} is in use'],
  handTagsExhausted: ['手牌号 {min}–{max} 已全部占用', 'Every hand tag {min}–{max} is in use'],
  settleKeyRequired: ['结账须带开单时生成的 Idempotency-Key', 'A settle carries the Idempotency-Key made when the bill was opened'],
  handTagRequired: ['请输入手牌号', 'Enter the hand tag'],
  billCardNotMembers: ['会员卡 {cardNo} 不属于该会员', "Card {cardNo} is not this member's"],
  billNotOpen: ['单据 {billNo} 状态为「{status}」，不能再修改或结账', 'Bill {billNo} is {status}; it can no longer be changed or settled'],
  billAlreadySettled: ['单据 {billNo} 已结账', 'Bill {billNo} is already settled'],
  billStale: ['单据已被他人修改，请刷新后再试', 'Someone else changed this bill; reload and try again'],
  billEmpty: ['单据没有消费项目，不能结账', 'The bill has no lines to settle'],
  itemNotSold: ['「{name}」在本店未上架或已停售', '"{name}" is not sold in this shop'],
  itemUnknown: ['项目或产品不存在', 'No such service or product'],
  employeeUnknown: ['员工不存在或不在本店', 'No such employee in this shop'],
  employeeTwice: ['同一工位中员工重复：{name}', 'Employee listed twice in one station: {name}'],
  shareSum: ['同一工位的业绩比例合计须为 100%', "A station's shares add up to 100%"],
  lineNegative: ['金额不能小于 0', 'The amount cannot be below 0'],
  staffPurchaseProduct: ['只有产品可以按内购销售', 'Only a product can be sold as a staff purchase'],
  paymentsMismatch: ['支付合计 {paid} 与应付金额 {amount} 不符', 'Payments total {paid}, the bill is {amount}'],
  cardPaysTooMuch: [
    '会员卡支付 {paid} 超过按卡价计的应付金额 {most}',
    'The card pays {paid}, more than the bill at its card prices, {most}',
  ],
  paymentTarget: [
    '每笔支付须指定支付方式、会员卡、预付订单或平台券（只能其一）',
    'Each payment names one of a pay type, a card, a prepaid order or a platform voucher',
  ],
  prepaidOrderUnknown: ['预付订单不存在或不属于本店', 'No such prepaid order in this shop'],
  prepaidOrderNotUnused: ['预付订单 {orderNo} 已使用或已退款', 'Prepaid order {orderNo} is already used or refunded'],
  prepaidOrderTwice: ['同一预付订单不能支付两次', 'A prepaid order pays once'],
  prepaidOrderAmount: ['预付订单 {orderNo} 须整笔使用：{amount}', 'Prepaid order {orderNo} is used whole: {amount}'],
  prepaidOrderUsed: ['预付订单 {orderNo} 已使用，不能退款', 'Prepaid order {orderNo} is used; it cannot be refunded'],
  prepaidOrderRefunded: ['预付订单 {orderNo} 已退款', 'Prepaid order {orderNo} is already refunded'],
  prepaidOrderNoTaken: ['订单号 {orderNo} 已存在', 'Order number {orderNo} already exists'],
  payTypeNotOffered: ['支付方式「{name}」在本店不可用', 'Pay type "{name}" is not offered in this shop'],
  payTypeSystemPay: ['「{name}」须通过会员卡、套餐或券支付', '"{name}" is paid through a card, package or coupon'],
  cardPayTypeMissing: ['本店支付模板未启用储值卡支付', "The shop's pay template does not offer card payment"],
  serviceBillNotRevocable: ['只有已结账且未撤单的单据可以撤单', 'Only a settled bill that is not revoked can be revoked'],
  billNotRevisable: ['只有已结账且未撤单的单据可以改单', 'Only a settled bill that is not revoked can be revised'],
  revisePerfOver: [
    '「{line}」{station}的业绩合计 {sum} 超过消费金额 {amount}',
    '"{line}" {station}: performance {sum} is more than the amount {amount}',
  ],
  splitNotExact: [
    '{line}{station}的业绩合计 {sum}，应等于该项目的业绩 {perf}',
    "{line}, {station}: the performance adds up to {sum}; it must be the line's performance, {perf}",
  ],
  splitLineMissing: ['{line} 没有分配业绩（应分配 {perf}）', '{line} has no split of its performance ({perf})'],
  reviseLineUnknown: ['消费明细不属于该单据', 'The line is not on this bill'],
  cancelNotExpired: ['单据 {billNo} 不是已过期的单据，不能作废', 'Bill {billNo} has not expired; it cannot be voided here'],
  deleteNotVoided: ['已作废的单据才可以删除', 'Only a voided bill can be deleted'],
  packageNeedsMember: ['购买套餐须先选择会员', 'A package is sold to a member: choose the member first'],
  packageOnePerLine: ['每行只能购买一个套餐', 'One package per line'],
  packageLineUnknown: ['会员套餐明细不存在', 'No such member package line'],
  packageLineNotMembers: ['套餐「{name}」不属于本单会员', 'The package line "{name}" is not this member\'s'],
  packageLineItem: ['套餐明细与消费项目不符', 'The package line is for another item'],
  packageLineAdditional: ['用套餐次数支付的项目不能加收或扣减', 'A line paid with package counts has no surcharge or deduction'],
  packagePayTypeMissing: ['本店支付模板未启用套餐支付', "The shop's pay template does not offer package payment"],
});

defineLabels({
  service_bills: ['服务单', 'service bills'],
  service_bill_lines: ['服务单明细', 'service bill lines'],
  service_bill_payments: ['服务单支付', 'service bill payments'],
  service_bill_shares: ['支付分摊', 'payment shares'],
  service_bill_perf: ['业绩', 'performance'],
  hand_tag: ['手牌号', 'Hand tag'],
});
definedEntityLabels.set('checkout', ['收银单', 'till bill']);
definedEntityLabels.set('prepaidorder', ['预付订单', 'prepaid order']);
