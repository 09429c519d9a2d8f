/** Texts of the approvals inbox (section `inbox` of the locales). zh-CN is the source of keys. */
export const inboxZh = {
  menu: '待办审批',
  title: '待办审批',
  empty: '没有等待您处理的单据',
  open: '查看单据',
  shownOf: '显示最早的 {{shown}} 条，共 {{count}} 条',
  billNo: '单号',
  shop: '门店',
  state: '状态',
};

export const inboxEn: typeof inboxZh = {
  menu: 'Approvals',
  title: 'Approvals',
  empty: 'No bills are waiting for you',
  open: 'Open bill',
  shownOf: 'The oldest {{shown}} of {{count}}',
  billNo: 'Bill no.',
  shop: 'Shop',
  state: 'State',
};
