/** What other modules may use of assets: everything else in this folder is private to it. */
export { assertMemberVisible } from './assets.js';
export {
  bucketsOf,
  cardBillAnswerOf,
  cardBillReversals,
  consume,
  lockCard,
  type MovementOwner,
  openCard,
  postCardBill,
  recharge,
  revoke,
} from './card-money.js';
export { itemsIssuedBy, revokeActivityGifts, takeBackActivityGifts, usableMemberCoupons } from './member-coupons.js';
export { consumePackages, revokePackageBill, sellPackage } from './packages.js';
export {
  creditRefund,
  type PostedRefundRequest,
  postRefund,
  priceRefund,
  priceRefundLines,
  type RefundLine,
  refundOfLines,
  reverseRefund,
} from './refunds.js';
export { cardBills, deposits, memberCards, memberCoupons, memberPackageLines, memberPackages, packageBalances, refunds } from './schema.js';
