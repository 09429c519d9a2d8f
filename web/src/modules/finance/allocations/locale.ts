/** Texts of the dj bill form (section `finance.dj` of the locales). zh-CN is the source of keys. */
export const djZh = {
  readLines: '从表格文件读入明细',
  readHelp: '表头：门店、项目、金额(元)、备注；读入的明细替换表格中的明细，保存后生效',
  pickDayFirst: '请先选择日期',
  pickMonthFirst: '请先填写年月',
  linesRead: '已读入 {{count}} 行明细',
};

export const djEn: typeof djZh = {
  readLines: 'Read lines from Excel',
  readHelp: 'Columns: shop, item, amount (yuan), memo; the lines read replace those of the table and take effect once saved',
  pickDayFirst: 'Pick the day first',
  pickMonthFirst: 'Enter the month first',
  linesRead: '{{count}} lines read',
};
