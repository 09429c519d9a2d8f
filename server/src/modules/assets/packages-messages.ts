import { defineMessages } from '../../platform/i18n.js';

/** Messages of member packages and deposited products (zh-CN, en-US). */
defineMessages({
  packageCountShort: [
    '套餐剩余次数不足：剩余 {available}，需要 {needed}',
    'Not enough left on the package: {available} left, {needed} needed',
  ],
  packageMemberFrozen: ['会员已冻结，不能使用套餐', 'The member is frozen and cannot use packages'],
  packageExpired: ['套餐项目「{name}」已于 {date} 到期', 'Package item "{name}" expired on {date}'],
  packageLineTwice: ['第 {line} 行：同一套餐项目只能填写一次', 'Line {line}: each package line once'],
  packageLinesOfOneMember: ['一次只能使用同一会员的套餐', 'One use takes the packages of one member'],
  packageNoItems: ['套餐没有项目', 'The package has no items'],
  packageNotSold: ['套餐「{name}」已停用', 'Package "{name}" is not sold any more'],
  packageExpiryPast: ['到期日不能早于今天', 'The expiry date cannot be before today'],
  packageCardOtherMember: ['会员卡不属于该会员', 'The card does not belong to this member'],
  extensionNotLater: ['第 {line} 行：新到期日须晚于原到期日 {date}', 'Line {line}: the new expiry must be after {date}'],
  extensionLineTwice: ['第 {line} 行：同一套餐项目只能填写一次', 'Line {line}: each package line once'],
  firstCardOnCreate: ['首张会员卡只能在新建会员时开卡', 'The first card is opened with a new member only'],
  firstCardHeld: ['该会员已有会员卡', 'The member already holds a card'],
  packageOrLines: ['请选择套餐或填写明细', 'Choose a package or enter its lines'],
  packageName: ['请填写套餐名称', 'Enter the package name'],
  depositProduct: ['请选择产品，或填写产品编码和名称', 'Choose a product, or enter its code and name'],
  depositShort: ['寄存剩余数量不足：剩余 {available}，需要 {needed}', 'Not enough left in deposit: {available} left, {needed} needed'],
  depositOtherShop: ['寄存在其他门店的产品只能在寄存门店取出', 'A deposited product is taken out at the shop that keeps it'],
  refundPackageOverCount: [
    '套餐项目「{name}」剩余 {available} 次，不能退 {needed} 次',
    'Package item "{name}": {available} left, cannot refund {needed}',
  ],
  refundPackageOtherMember: ['套餐项目不属于该会员', 'The package line does not belong to this member'],
  refundPackageOtherShop: ['门店退款只能退本店售出的套餐', 'A shop refunds the packages it sold only'],
  refundDepositOtherMember: ['寄存产品不属于该会员', 'The deposited product does not belong to this member'],
  refundDepositOtherShop: ['门店退款只能退本店的寄存产品', 'A shop refunds its own deposited products only'],
  refundPackageFeeTooHigh: ['套餐手续费应在 0 到 ¥{max} 之间', 'The package fee must be between 0 and ¥{max}'],
  refundProductFeeTooHigh: ['寄存产品手续费应在 0 到 ¥{max} 之间', 'The product fee must be between 0 and ¥{max}'],
  refundNothing: ['请至少选择一项要退的资产', 'Choose at least one asset to refund'],
  refundLineDuplicate: ['同一资产只能退一次：{what}', 'Each asset once: {what}'],
});
