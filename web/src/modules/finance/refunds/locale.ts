/** Texts of the card refund pages (finance.refunds.*). */
export const refundsZh = {
  approveZero: '自动审批零元退卡单',
  reviewZero: '自动复核零元退卡单',
  zeroDone: '已处理 {{done}} 张，未通过 {{failed}} 张',
  requireApproval: '退卡须走审批（直接退款不再可用）',
};

export const refundsEn: typeof refundsZh = {
  approveZero: 'Approve all zero-amount refunds',
  reviewZero: 'Review all zero-amount refunds',
  zeroDone: '{{done}} done, {{failed}} not',
  requireApproval: 'Refunds need approval (no direct refunds)',
};
