/** Texts of the reserve money pages (finance.reserve.*). */
export const reserveZh = {
  balances: {
    title: '预留款余额',
    shop: '门店',
    type: '预留款项目',
    money: '余额',
    updatedAt: '最近变动',
    ledger: '明细',
    ledgerOf: '{{shop}} · {{type}} · 预留款明细',
    at: '时间',
    delta: '变动',
    balance: '变动后余额',
    bill: '单据',
    kind: '单据类型',
    import: '导入调整',
  },
};

export const reserveEn: typeof reserveZh = {
  balances: {
    title: 'Reserve balances',
    shop: 'Shop',
    type: 'Reserve type',
    money: 'Balance',
    updatedAt: 'Last change',
    ledger: 'Ledger',
    ledgerOf: '{{shop}} · {{type}} · reserve ledger',
    at: 'Time',
    delta: 'Change',
    balance: 'Balance after',
    bill: 'Bill',
    kind: 'Bill type',
    import: 'Import adjustments',
  },
};
