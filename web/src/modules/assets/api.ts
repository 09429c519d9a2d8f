/** The member-assets routes the pages call. */
export const ASSETS = {
  assets: '/api-member/membercard/assets',
  open: '/api-member/membercard/open',
  recharge: '/api-member/membercard/recharge',
  adjust: '/api-member/chainmember/updateCardmoney',
  records: '/api-member/chainmember/queryCardRecords',
  memberByMobile: '/api-member/userinfo/queryMemberByMobile',
  checkCard: '/api-member/userinfo/checkCardInfo',
  changeCard: '/api-member/userinfo/changeCardInfo',
  sendCode: '/api-push/smsmsgctrl/sentAuthMsg',
  checkCode: '/api-push/smsmsgctrl/authSmsCode',
  outbox: '/api-push/smsmsgctrl/outbox',
  refunds: '/api-member/tkhead/chain/list',
  refund: '/api-member/tkhead/chain/getBill',
  saveRefund: '/api-member/tkhead/saveRefund',
  cardTypes: '/api-chain/cardinfo/list/all',
  settlement: '/api-member/chainmember/cardSettlement',
} as const;
