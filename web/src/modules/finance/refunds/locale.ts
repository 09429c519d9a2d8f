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

/** Texts of the return visits (finance.visits.*) and the refund statistics (finance.refundStats.*). */
export const visitsZh = { finding: '核实原因', satisfaction: '满意度', verified: '核实退款属性', note: '回访备注' };
export const visitsEn: typeof visitsZh = { finding: 'Finding', satisfaction: 'Satisfaction', verified: 'Verified reason', note: 'Note' };

export const refundStatsZh = {
  title: '退卡统计',
  shop: '门店',
  allShops: '全部门店',
  hint: '财务已复核的退卡单，按单据日期',
  total: '合计',
  tknum: '退款总数',
  zeronum: '0元退款例数',
  stnum: '实际退款例数',
  cardnum: '退为卡金例数',
  totalmoney: '退款总金额',
  cardmoney: '退为卡金总金额',
  closemoney: '关店原因',
  leavemoney: '员工离职',
  gerenmoney: '个人原因',
  jishumoney: '技术原因',
  xiaofeimoney: '消费原因',
  fuwumoney: '服务及接待',
  qitamoney: '其他',
};
export const refundStatsEn: typeof refundStatsZh = {
  title: 'Refund statistics',
  shop: 'Shop',
  allShops: 'All shops',
  hint: 'Refunds finance reviewed, by bill date',
  total: 'Total',
  tknum: 'Refunds',
  zeronum: 'Zero-amount',
  stnum: 'Paid out',
  cardnum: 'To card money',
  totalmoney: 'Refunded',
  cardmoney: 'To card money (amount)',
  closemoney: 'Shop closing',
  leavemoney: 'Staff left',
  gerenmoney: 'Personal',
  jishumoney: 'Technical',
  xiaofeimoney: 'Spending',
  fuwumoney: 'Service and reception',
  qitamoney: 'Other',
};
