import { defineMessages } from '../../platform/i18n.js';

/** Messages of member assets (zh-CN, en-US). */
defineMessages({
  cardBalanceShort: ['卡内余额不足：可用 {available}，需要 {needed}', 'Not enough on the card: {available} available, {needed} needed'],
  cardMemberCancelled: ['会员已注销', 'The member is cancelled'],
  memberFrozen: ['会员已冻结，不能用卡支付', 'The member is frozen and cannot pay with cards'],
  cardClosed: ['会员卡 {cardNo} 已关闭', 'Card {cardNo} is closed'],
  cardExpired: ['会员卡 {cardNo} 已过期', 'Card {cardNo} has expired'],
  cardNotStoredValue: ['会员卡 {cardNo} 不是储值卡', 'Card {cardNo} is not a stored-value card'],
  cardTypeNotStoredValue: ['卡项「{name}」不是储值卡', 'Card type "{name}" is not a stored-value card'],
  cardTypeNotSold: ['卡项「{name}」未在该门店启用或已停办', 'Card type "{name}" is not sold at this shop'],
  openBelowAmount: ['开卡金额不能低于 ¥{amount}', 'The opening amount cannot be below ¥{amount}'],
  cardNoTaken: ['卡号 {cardNo} 已被使用', 'Card number {cardNo} is already used'],
  rechargeBelowMin: ['充值金额不能低于最低充值 ¥{amount}', 'A recharge cannot be below the lowest recharge of ¥{amount}'],
  rechargeOtherShop: [
    '会员卡 {cardNo} 的卡体系不允许在其他门店充值',
    "Card {cardNo}'s card system does not allow recharging at another shop",
  ],
  adjustShopTwice: ['同一门店只能填写一次', 'Each shop may appear once'],
  adjustNothing: ['余额没有变化', 'Nothing changes'],
  billRevoked: ['单据 {billNo} 已撤单', 'Bill {billNo} is already revoked'],
  billNotRevocable: ['单据 {billNo} 不能撤单', 'Bill {billNo} cannot be revoked'],
  billOwned: [
    '单据 {billNo} 属于单据 {owner}，只能随 {owner} 一起撤单',
    'Bill {billNo} belongs to bill {owner} and is revoked only with it',
  ],
  billCardMoved: [
    '单据 {billNo} 的会员卡已转给其他会员，不能撤单',
    "Bill {billNo}'s card has moved to another member and cannot be revoked",
  ],
  cardNotMembers: ['会员卡 {cardNo} 不属于该会员', 'Card {cardNo} does not belong to this member'],
  transferToSelf: ['不能转给本人', 'A card cannot be transferred to its own holder'],
  cardNotTransferable: ['卡项「{name}」不允许转卡', 'Card type "{name}" may not be transferred'],
  transferTargetInactive: ['接收会员状态不正常', 'The receiving member is not active'],
  ownMobile: ['不能输入会员本人的手机号', "That is the member's own mobile"],
  memberHasAssets: ['会员仍有资产：{items}。请先在退款模块处理余额资产', 'The member still has assets: {items}. Refund them first'],
  memberNotCancelled: ['会员未注销', 'The member is not cancelled'],
  cardNotBound: ['会员卡 {cardNo} 未关联实体卡', 'Card {cardNo} has no physical card linked'],
  cardAlreadyBound: ['会员卡 {cardNo} 已关联实体卡', 'Card {cardNo} already has a physical card linked'],
  cardNoPhysical: ['请填写要关联的实体卡号', 'Enter the physical card number to link'],
  refundNeedsApproval: [
    '本连锁的退卡须走退卡审批：请在「退卡审批」中提交退卡单',
    'This chain refunds cards through approval: submit a card refund bill instead',
  ],
  refundLineTwice: ['第 {line} 行：同一张卡的同一门店只能退一次', 'Line {line}: each card and shop once'],
  refundLineEmpty: ['第 {line} 行：退款金额和冲减赠送不能都为 0', 'Line {line}: refund or write off something'],
  refundOtherShop: ['第 {line} 行：门店退款只能退本店的卡金', 'Line {line}: a shop refunds its own buckets only'],
  refundFeeTooHigh: ['手续费应在 0 到 ¥{max} 之间', 'The fee must be between 0 and ¥{max}'],
  refundOverPrincipal: [
    '会员卡 {cardNo} 该门店本金不足：可退 ¥{available}',
    'Card {cardNo}: not enough principal at that shop, ¥{available} refundable',
  ],
  refundOverGift: [
    '会员卡 {cardNo} 该门店赠送金不足：可冲减 ¥{available}',
    'Card {cardNo}: not enough gift at that shop, ¥{available} to write off',
  ],
});
