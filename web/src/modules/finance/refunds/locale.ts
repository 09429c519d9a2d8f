/** Texts of the card refund pages (finance.refunds.*). */
export const refundsZh = {
  approveZero: '自动审批零元退卡单',
  reviewZero: '自动复核零元退卡单',
  zeroDone: '已处理 {{done}} 张，未通过 {{failed}} 张',
  requireApproval: '退卡须走审批（直接退款不再可用）',
  assets: '会员可退资产（勾选后填入明细）',
  pickMember: '请先选择会员',
  nothing: '该会员在本店没有可退的卡金、套餐或寄存产品',
  asset: '资产',
  left: '剩余',
  refund: '本次退',
  bucketLeft: '本金 {{principal}}，赠送 {{gift}}',
  countLeft: '{{count}} 次/件 × {{price}}',
  field: { tkje: '退本金', tzje: '冲减赠送', num: '数量' },
};

export const refundsEn: typeof refundsZh = {
  approveZero: 'Approve all zero-amount refunds',
  reviewZero: 'Review all zero-amount refunds',
  zeroDone: '{{done}} done, {{failed}} not',
  requireApproval: 'Refunds need approval (no direct refunds)',
  assets: "The member's refundable assets (ticked ones fill the lines)",
  pickMember: 'Choose the member first',
  nothing: 'The member has no card money, packages or deposits to refund at this shop',
  asset: 'Asset',
  left: 'Left',
  refund: 'Refund now',
  bucketLeft: 'Principal {{principal}}, gift {{gift}}',
  countLeft: '{{count}} × {{price}}',
  field: { tkje: 'Principal', tzje: 'Gift written off', num: 'Count' },
};
