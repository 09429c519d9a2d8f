import { FINANCE_API, type PayeeAccountRow, type ShopFinanceRow, shopListPath } from '@headoffice/contract';
import { YesNo } from '../../platform/resource/cells';
import type { ResourceDef } from '../../platform/resource/types';

const account = { maxLength: 40 };

/** 门店财务设置: one row per shop; its finance profile is edited here, its petty cash beside it. */
export const shopFinanceDef: ResourceDef<ShopFinanceRow, 'keyword'> = {
  key: 'finance-shops',
  title: 'finance.shops.title',
  basePath: '/api-finance/shopext',
  listPath: FINANCE_API.profiles,
  savePath: FINANCE_API.profileSave,
  deletePath: false,
  updateStatusPath: false,
  editPerm: 'finance.shopext.edit',
  sendVersion: true,
  formWidth: 720,
  rowName: (r) => r.shopName,
  toForm: (r) => ({ ...r, feeRatio: r.feeRatio / 100 }),
  toSave: (v, row) => ({
    ...Object.fromEntries(
      Object.entries(v).filter(
        ([k]) => !['shopCode', 'shopName', 'float', 'largeNeedsTakings', 'financialAreaName', 'companyTypeName'].includes(k),
      ),
    ),
    shopId: row?.shopId,
    feeRatio: Math.round(Number(v.feeRatio ?? 0) * 100),
    clearOnClose: v.clearOnClose ? 1 : 0,
  }),
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'finance.shops.keywordPh' } },
    { key: 'shopCode', title: 'finance.shops.shopCode', table: { width: 100, sorter: true, fixed: 'left' }, form: false },
    { key: 'shopName', title: 'finance.shops.shop', table: { width: 160, sorter: true, fixed: 'left' }, form: false },
    {
      key: 'financialAreaId',
      title: 'finance.shops.area',
      type: 'select',
      options: { kind: 'remote', url: '/api-finance/dicfinancialarea/list/all' },
      table: { width: 110, display: 'financialAreaName' },
      search: true,
      form: {},
    },
    {
      key: 'companyTypeId',
      title: 'finance.shops.companyType',
      type: 'select',
      options: { kind: 'remote', url: '/api-finance/dicshopftype/list/all' },
      table: { width: 120, display: 'companyTypeName' },
      search: true,
      form: {},
    },
    {
      key: 'feeRatio',
      title: 'finance.shops.feeRatio',
      type: 'number',
      table: { width: 130, align: 'right', render: (r) => `${(r.feeRatio / 100).toFixed(2)}%` },
      form: { min: 0, max: 100, precision: 2, initial: 0 },
    },
    { key: 'float', title: 'finance.shops.float', type: 'money', table: { width: 120, sorter: true }, form: false },
    {
      key: 'largeNeedsTakings',
      title: 'finance.shops.largeNeedsTakings',
      table: { width: 170, render: (r) => <YesNo value={r.largeNeedsTakings} /> },
      form: false,
    },
    { key: 'payee', title: 'finance.shops.payee', table: { width: 110 }, form: { maxLength: 64 } },
    { key: 'bank', title: 'finance.shops.bank', table: false, form: { maxLength: 64 } },
    { key: 'bankno', title: 'finance.shops.bankno', table: { width: 180 }, form: account },
    { key: 'branchBank', title: 'finance.shops.branchBank', table: false, form: { maxLength: 64 } },
    { key: 'corporatePayee', title: 'finance.shops.corporatePayee', table: { width: 180, ellipsis: true }, form: { maxLength: 64 } },
    { key: 'corporateBank', title: 'finance.shops.corporateBank', table: false, form: { maxLength: 64 } },
    { key: 'corporateBankno', title: 'finance.shops.corporateBankno', table: { width: 190 }, form: account },
    { key: 'corporateBranchBank', title: 'finance.shops.corporateBranchBank', table: false, form: { maxLength: 64 } },
    { key: 'openedOn', title: 'finance.shops.openedOn', type: 'date', table: { width: 110 }, form: {} },
    { key: 'closedOn', title: 'finance.shops.closedOn', type: 'date', table: { width: 110 }, form: {} },
    { key: 'clearOnClose', title: 'finance.shops.clearOnClose', type: 'switch', table: false, form: { initial: 0 } },
  ],
};

/** 收款账户: the account each shop's expenses of an item are paid to. */
export const payeeAccountDef: ResourceDef<PayeeAccountRow, 'keyword'> = {
  key: 'finance-payee-accounts',
  title: 'finance.accounts.title',
  basePath: '/api-finance/ioaccount',
  listPath: FINANCE_API.payeeAccounts,
  savePath: FINANCE_API.payeeAccountSave,
  updateStatusPath: false,
  editPerm: 'finance.ioaccount.edit',
  sendVersion: true,
  rowName: (r) => `${r.shopName} · ${r.itemName}`,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'finance.accounts.keywordPh' } },
    {
      key: 'shopId',
      title: 'finance.accounts.shop',
      type: 'select',
      options: { kind: 'remote', url: shopListPath },
      table: { width: 160, display: 'shopName', sorter: true },
      search: true,
      form: { required: true, disabledOnEdit: true },
    },
    {
      key: 'itemId',
      title: 'finance.accounts.item',
      type: 'select',
      options: { kind: 'remote', url: '/api-finance/dicioitem/list/all' },
      table: { width: 140, display: 'itemName', sorter: true },
      search: true,
      form: { required: true, disabledOnEdit: true },
    },
    { key: 'payee', title: 'finance.accounts.payee', table: { width: 180, sorter: true }, form: { required: true, maxLength: 64 } },
    { key: 'bank', title: 'finance.accounts.bank', table: { width: 180 }, form: { required: true, maxLength: 64 } },
    { key: 'bankno', title: 'finance.accounts.bankno', table: { width: 190 }, form: { required: true, ...account } },
    { key: 'branchBank', title: 'finance.accounts.branchBank', table: { width: 160 }, form: { maxLength: 64 } },
    { key: 'updatedAt', title: 'finance.accounts.updatedAt', type: 'datetime', table: { width: 150, sorter: true }, form: false },
  ],
};
