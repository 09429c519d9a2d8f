/** Texts of the month sheet pages (section `finance.monthsheets` of the locales). zh-CN is the source of keys. */
export const monthSheetsZh = {
  month: '月份',
  shop: '门店',
  shopCode: '门店编码',
  allShops: '全部门店',
  memo: '备注',
  updatedAt: '更新时间',
  edit: '录入',
  import: '导入',
  sheet: '门店月结表',
  losses: '分店亏损情况表',
  noColumns: '还没有启用的月结表栏目，请先在“月结表栏目”中设置',
  saved: '{{shop}} {{month}} 的月结表已保存',
  editTitle: '录入门店月结表',
  actions: '操作',
};

export const monthSheetsEn: typeof monthSheetsZh = {
  month: 'Month',
  shop: 'Shop',
  shopCode: 'Shop code',
  allShops: 'All shops',
  memo: 'Memo',
  updatedAt: 'Updated',
  edit: 'Enter',
  import: 'Import',
  sheet: 'Shop month sheet',
  losses: 'Shop monthly losses',
  noColumns: 'No month sheet column is enabled yet: define them under Month sheet columns first',
  saved: 'The month sheet of {{shop}} for {{month}} is saved',
  editTitle: 'Enter a shop month sheet',
  actions: 'Actions',
};
