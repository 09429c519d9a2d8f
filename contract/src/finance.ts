import { z } from 'zod';
import { bankAccountNumber } from './finance-records.js';
import { date, id, pageQuery, optionalText as text } from './platform.js';

// Shop finance settings (DOMAIN-DETAIL §9.1): each shop's finance profile (shopext), its petty-cash
// float (fundshop) and the accounts its expenses of an item are paid to (ioaccount). Money in cents.

export const FINANCE_API = {
  profiles: '/api-finance/shopext/list',
  profilesAll: '/api-finance/shopext/list/all',
  profileSave: '/api-finance/shopext/save',
  profileShow: '/api-finance/shopext/getShopExtShow',
  pettyCash: '/api-finance/fundshop/list',
  pettyCashSave: '/api-finance/fundshop/save',
  pettyCashQuery: '/api-finance/fundshop/queryFundShop',
  pettyCashOne: '/api-finance/fundshop/getFundShop',
  payeeAccounts: '/api-finance/ioaccount/list',
  payeeAccountSave: '/api-finance/ioaccount/save',
  payeeAccountFind: '/api-finance/ioaccount/getIoAccount',
  payeeAccountImport: '/api-finance/ioaccount/saveSystem',
} as const;

const account = bankAccountNumber.nullish();

/** A shop's finance profile as saved: private and corporate payee accounts, area, company type, fee ratio, dates. */
export const shopFinanceSave = z.strictObject({
  shopId: id,
  version: z.number().int().positive().optional(),
  payee: text(64),
  bank: text(64),
  bankno: account,
  branchBank: text(64),
  corporatePayee: text(64),
  corporateBank: text(64),
  corporateBankno: account,
  corporateBranchBank: text(64),
  financialAreaId: z.number().int().positive().nullish(),
  companyTypeId: z.number().int().positive().nullish(),
  /** 管理费系数 in basis points of the takings (350 = 3.5%). */
  feeRatio: z.number().int().min(0).max(10_000).default(0),
  openedOn: date.nullish(),
  closedOn: date.nullish(),
  /** 关店清零: the shop's balances are cleared when it closes. */
  clearOnClose: z.union([z.literal(0), z.literal(1)]).default(0),
});

/** The petty-cash setting of a shop: its daily float, and whether a large request must be covered by its takings. */
export const pettyCashSave = z.strictObject({
  shopId: id,
  version: z.number().int().positive().optional(),
  float: z.number().int().min(0).max(100_000_000),
  largeNeedsTakings: z.union([z.literal(0), z.literal(1)]).default(0),
});

/** One row per shop the user sees: the shop, its profile (empty when never set) and its petty-cash setting. */
export interface ShopFinanceRow {
  id: number;
  shopId: number;
  shopCode: string;
  shopName: string;
  payee: string | null;
  bank: string | null;
  bankno: string | null;
  branchBank: string | null;
  corporatePayee: string | null;
  corporateBank: string | null;
  corporateBankno: string | null;
  corporateBranchBank: string | null;
  financialAreaId: number | null;
  financialAreaName: string | null;
  companyTypeId: number | null;
  companyTypeName: string | null;
  feeRatio: number;
  openedOn: string | null;
  closedOn: string | null;
  clearOnClose: 0 | 1;
  /** The profile's version (absent until first saved). */
  version?: number;
  float: number;
  largeNeedsTakings: 0 | 1;
  pettyCashVersion?: number;
}

export const shopFinanceQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  shopId: id.optional(),
  financialAreaId: id.optional(),
  companyTypeId: id.optional(),
});

export const shopIdBody = z.strictObject({ shopId: id });
export const pettyCashQueryBody = z.strictObject({ shopIds: z.array(id).max(2000).optional() });

/** The account a shop's expenses of an item are paid to. */
export const payeeAccountSave = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  shopId: id,
  itemId: id,
  payee: z.string().trim().min(1).max(64),
  bank: z.string().trim().min(1).max(64),
  bankno: bankAccountNumber,
  branchBank: text(64),
});

export interface PayeeAccountRow {
  id: number;
  version: number;
  shopId: number;
  shopName: string;
  itemId: number;
  itemCode: string;
  itemName: string;
  payee: string;
  bank: string;
  bankno: string;
  branchBank: string | null;
  updatedAt: string;
}

export const payeeAccountQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  shopId: id.optional(),
  itemId: id.optional(),
});

export const payeeAccountFind = z.strictObject({ shopId: id, itemId: id });
