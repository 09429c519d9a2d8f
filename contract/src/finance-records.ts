import { z } from 'zod';
import { code, date, name } from './platform.js';
import {
  defineRecord,
  dictionaryFilters,
  dictionaryRecordFields,
  dictionaryVerbs,
  filter,
  type RecordField,
  type RecordOption,
  shopRecordFields,
} from './records.js';

// The finance dictionaries (DOMAIN-DETAIL §9.1), served by the record pattern
// (server: modules/finance/dictionaries.ts). Money in cents.

const financePage = (resource: string) => `/admin/finance/dict/${resource}`;

/** 收入 / 支出: what a finance item books. */
const ioTypeOptions: readonly RecordOption[] = [
  { value: 1, label: ['收入', 'Income'], color: 'green' },
  { value: 2, label: ['支出', 'Expense'], color: 'orange' },
];
const ioType = z.number().int().min(1).max(2);
const ioTypeField = {
  schema: ioType.default(2),
  label: ['收支类型', 'Income or expense'],
  type: 'select',
  options: ioTypeOptions,
  table: { width: 110 },
  form: { required: true, initial: 2 },
} as const satisfies RecordField;

const linkedName = (label: readonly [string, string]) =>
  ({ schema: z.string().nullable(), label, table: false, form: false, computed: true }) as const satisfies RecordField;

/** A plain finance dictionary: code, name, sort, status, memo. */
function plainFinanceDictionary(resource: string, label: readonly [string, string], codePrefix: string) {
  return defineRecord({
    resource,
    basePath: `/api-finance/${resource}`,
    label,
    perm: `finance.dict.${resource}`,
    codePrefix,
    page: financePage(resource),
    fields: dictionaryRecordFields(),
    filters: dictionaryFilters,
    verbs: [...dictionaryVerbs, 'getNextCode'],
  });
}

/** 财务片区: groups of shops that one finance clerk looks after. */
export const financialAreaRecord = plainFinanceDictionary('dicfinancialarea', ['财务片区', 'Finance areas'], 'PQ');
/** 财务公司类型: the company entity a shop belongs to. */
export const shopFinanceTypeRecord = plainFinanceDictionary('dicshopftype', ['财务公司类型', 'Shop company types'], 'GS');
/** 预留款项目: the kinds of money a shop must set aside (营业款, 退卡保证金, 风险金 …). */
export const reserveTypeRecord = plainFinanceDictionary('dicreserve', ['预留款项目', 'Reserve types'], 'YL');

/** 开户行: the banks payee accounts are held at. */
export const bankRecord = defineRecord({
  resource: 'dicbank',
  basePath: '/api-finance/dicbank',
  label: ['开户行', 'Banks'],
  perm: 'finance.dict.dicbank',
  codePrefix: 'YH',
  page: financePage('dicbank'),
  fields: dictionaryRecordFields({
    name: {
      schema: z.string().trim().min(1).max(64),
      label: ['银行名称', 'Bank'],
      table: { width: 200, sortable: true },
      form: { required: true, maxLength: 64 },
    },
  }),
  filters: dictionaryFilters,
  verbs: [...dictionaryVerbs, 'getNextCode'],
});

/** 一级收支项目: the first level of the income and expense items. */
export const financeGroupRecord = defineRecord({
  resource: 'dicpioitem',
  basePath: '/api-finance/dicpioitem',
  label: ['一级收支项目', 'Item groups'],
  perm: 'finance.dict.dicpioitem',
  codePrefix: 'SZ',
  page: financePage('dicpioitem'),
  fields: dictionaryRecordFields({ type: ioTypeField }),
  filters: { ...dictionaryFilters, type: filter.eq('type', z.coerce.number().int().min(1).max(2)) },
  verbs: [...dictionaryVerbs, 'getNextCode'],
});

/** 收支项目: the income and expense items under a group, with the budget each starts the year with. */
export const financeItemRecord = defineRecord({
  resource: 'dicioitem',
  basePath: '/api-finance/dicioitem',
  label: ['收支项目', 'Income and expense items'],
  perm: 'finance.dict.dicioitem',
  codePrefix: 'XM',
  page: financePage('dicioitem'),
  fields: dictionaryRecordFields({
    groupId: {
      schema: z.number().int().positive(),
      label: ['一级项目', 'Group'],
      type: 'select',
      pick: { path: '/api-finance/dicpioitem/list/all' },
      display: 'groupName',
      table: { width: 150 },
      form: { required: true },
    },
    groupName: linkedName(['一级项目', 'Group']),
    type: ioTypeField,
    budget: {
      schema: z.number().int().min(0).max(100_000_000_00).default(0),
      label: ['预算期初金额', 'Opening budget'],
      type: 'money',
      table: { width: 130 },
      form: { initial: 0, min: 0 },
    },
  }),
  filters: {
    ...dictionaryFilters,
    groupId: filter.eq('groupId', z.coerce.number().int().positive()),
    type: filter.eq('type', z.coerce.number().int().min(1).max(2)),
  },
  verbs: [...dictionaryVerbs, 'getNextCode'],
});

/** 费用说明: which department approves the requests of an item, and what the item covers. */
export const fundDescriptionRecord = defineRecord({
  resource: 'dicfunddescribe',
  basePath: '/api-finance/dicfunddescribe',
  label: ['费用审批部门', 'Item approvers'],
  perm: 'finance.dict.dicfunddescribe',
  codePrefix: 'FY',
  page: financePage('dicfunddescribe'),
  fields: dictionaryRecordFields({
    itemId: {
      schema: z.number().int().positive(),
      label: ['收支项目', 'Item'],
      type: 'select',
      pick: { path: '/api-finance/dicioitem/list/all' },
      display: 'itemName',
      table: { width: 160 },
      form: { required: true },
    },
    itemName: linkedName(['收支项目', 'Item']),
    departmentId: {
      schema: z.number().int().positive(),
      label: ['审批部门', 'Approving department'],
      type: 'select',
      pick: { path: '/api-chain/branch/list/all' },
      display: 'departmentName',
      table: { width: 150 },
      form: { required: true },
    },
    departmentName: linkedName(['审批部门', 'Approving department']),
    description: {
      schema: z.string().trim().max(500).nullish(),
      label: ['费用说明', 'What it covers'],
      type: 'textarea',
      table: { width: 240 },
      form: { maxLength: 500, span: 24 },
    },
  }),
  filters: {
    ...dictionaryFilters,
    itemId: filter.eq('itemId', z.coerce.number().int().positive()),
    departmentId: filter.eq('departmentId', z.coerce.number().int().positive()),
  },
  verbs: [...dictionaryVerbs, 'getNextCode', 'saveSystem'],
});

const reserveSpendKinds: readonly RecordOption[] = [
  { value: 1, label: ['预留支出', 'Reserve spending'], color: 'blue' },
  { value: 2, label: ['房租', 'Rent'], color: 'purple' },
];

/** 预留款支出项目: what reserve money may be spent on, and which reserve types may pay it. */
export const reserveSpendItemRecord = defineRecord({
  resource: 'dicreserveioitem',
  basePath: '/api-finance/dicreserveioitem',
  label: ['预留款支出项目', 'Reserve spending items'],
  perm: 'finance.dict.dicreserveioitem',
  codePrefix: 'ZC',
  page: financePage('dicreserveioitem'),
  fields: dictionaryRecordFields({
    kind: {
      schema: z.number().int().min(1).max(2).default(1),
      label: ['类别', 'Kind'],
      type: 'select',
      options: reserveSpendKinds,
      table: { width: 110 },
      form: { required: true, initial: 1 },
    },
    reserveTypeIds: {
      schema: z.array(z.number().int().positive()).min(1).max(50),
      label: ['可支付的预留款项目', 'Paid from reserve types'],
      type: 'select',
      pick: { path: '/api-finance/dicreserve/list/all' },
      multiple: true,
      display: 'reserveTypeNames',
      table: { width: 220 },
      form: { required: true },
    },
    reserveTypeNames: linkedName(['可支付的预留款项目', 'Paid from reserve types']),
  }),
  filters: {
    ...dictionaryFilters,
    kind: filter.eq('kind', z.coerce.number().int().min(1).max(2)),
    reserveTypeId: filter.named(z.coerce.number().int().positive(), ['预留款项目', 'Reserve type'], { type: 'select' }),
  },
  verbs: [...dictionaryVerbs, 'listBypage', 'getNextCode'],
});

/** The reserve types that may pay a spending item (getReserveByriid): the item's own list, enabled ones, in the dictionary's order. */
export const reserveTypesOfItemPath = '/api-finance/dicreserveioitem/getReserveByriid';
export const reserveTypesOfItemQuery = z.object({ riid: z.coerce.number().int().positive() });
export const reserveTypeOfItemRow = z.object({ id: z.number(), code: z.string(), name: z.string() });

const landlordStates: readonly RecordOption[] = [
  { value: 1, label: ['未过期', 'Current'], color: 'green' },
  { value: 2, label: ['已过期', 'Expired'], color: 'default' },
];

/** A bank account number: 8 to 30 digits (spaces typed between groups are dropped). */
export const bankAccountNumber = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{8,30}$/, { error: '银行账号应为 8–30 位数字' }));

/** 房东: the landlords of the shops' and dormitories' rents, and the account their rent is paid to. */
export const landlordRecord = defineRecord({
  resource: 'landlordinfo',
  basePath: '/api-finance/landlordinfo',
  label: ['房东', 'Landlords'],
  perm: 'finance.landlord',
  codePrefix: 'FD',
  page: '/admin/finance/landlords',
  fields: dictionaryRecordFields({
    tel: { schema: z.string().trim().max(32).nullish(), label: ['电话', 'Phone'], table: { width: 130 }, form: { maxLength: 32 } },
    payee: {
      schema: z.string().trim().min(1).max(64),
      label: ['收款人', 'Payee'],
      table: { width: 120 },
      form: { required: true, maxLength: 64 },
    },
    bank: {
      schema: z.string().trim().min(1).max(64),
      label: ['开户行', 'Bank'],
      table: { width: 160 },
      form: { required: true, maxLength: 64 },
    },
    bankno: {
      schema: bankAccountNumber,
      label: ['银行账号', 'Account number'],
      table: { width: 190 },
      form: { required: true, maxLength: 40 },
      masked: 'bankAccount',
    },
    state: {
      schema: z.number().int().min(1).max(2).default(1),
      label: ['合同状态', 'Contract state'],
      type: 'select',
      options: landlordStates,
      table: { width: 100 },
      form: { initial: 1 },
    },
  }),
  filters: {
    ...dictionaryFilters,
    keyword: filter.contains('code', 'name', 'payee', 'bankno'),
    state: filter.eq('state', z.coerce.number().int().min(1).max(2)),
  },
  verbs: [...dictionaryVerbs, 'getNextCode', 'saveSystem'],
  checks: { checkBankno: { field: 'bankno' } },
});

const zeroOne = (labels: [readonly [string, string], readonly [string, string]], colors = ['default', 'blue']): readonly RecordOption[] =>
  labels.map((label, value) => ({ value, label, color: colors[value] }));

/** 覆盖 / 累加: whether a dj bill's amount replaces the day's amount of the item or adds to it. */
export const djEntryTypeOptions: readonly RecordOption[] = [
  { value: 1, label: ['覆盖', 'Replace'], color: 'blue' },
  { value: 2, label: ['累加', 'Add up'], color: 'purple' },
];

/**
 * 代扣代缴 / 财务拨款项目 (dicdjitem, §9.1/§9.8): what head office withholds from or allocates to a shop per day,
 * each a column of the daily report named by `colname` (unique in the chain: checkColname). The daily report
 * finds 微慕拨款, 团购拨款 and 电商券拨款 by their codes (DAY_REPORT_FUND_ITEMS).
 */
export const djItemRecord = defineRecord({
  resource: 'dicdjitem',
  basePath: '/api-finance/dicdjitem',
  label: ['代缴项目', 'Withholding and allocation items'],
  perm: 'finance.dict.dicdjitem',
  codePrefix: 'DJ',
  page: financePage('dicdjitem'),
  fields: dictionaryRecordFields({
    colname: {
      schema: z
        .string()
        .trim()
        .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, { error: '列名须以字母开头，由字母、数字或下划线组成，最多 32 位' }),
      label: ['报表列名', 'Report column'],
      table: { width: 120 },
      form: {
        required: true,
        maxLength: 32,
        help: ['日报表中此项目的列名，同一连锁内不能重复', "The item's column in the daily report, unique in the chain"],
      },
    },
    isBk: {
      schema: z.number().int().min(0).max(1).default(0),
      label: ['类别', 'Kind'],
      type: 'select',
      options: zeroOne([
        ['代扣代缴', 'Withholding'],
        ['财务拨款', 'Allocation'],
      ]),
      table: { width: 100 },
      form: { required: true, initial: 0 },
    },
    direction: {
      schema: z.union([z.literal(1), z.literal(-1)]).default(1),
      label: ['方向', 'Direction'],
      type: 'select',
      options: [
        { value: 1, label: ['加 (+)', 'Adds (+)'], color: 'green' },
        { value: -1, label: ['减 (−)', 'Takes (−)'], color: 'orange' },
      ],
      table: { width: 90 },
      form: { required: true, initial: 1 },
    },
    isDkdj: {
      schema: z.number().int().min(0).max(1).default(1),
      label: ['计入代扣代缴合计', 'In the withholding total'],
      type: 'select',
      options: zeroOne([
        ['否', 'No'],
        ['是', 'Yes'],
      ]),
      table: { width: 130 },
      form: { initial: 1 },
    },
    type: {
      schema: z.number().int().min(1).max(2).default(1),
      label: ['录入方式', 'Entry'],
      type: 'select',
      options: djEntryTypeOptions,
      table: { width: 100 },
      form: {
        required: true,
        initial: 1,
        help: [
          '覆盖：单据金额即当日金额；累加：单据金额加到当日金额上',
          "Replace: the bill's amount becomes the day's; add up: it is added to the day's",
        ],
      },
    },
  }),
  filters: {
    ...dictionaryFilters,
    isBk: filter.eq('isBk', z.coerce.number().int().min(0).max(1)),
    type: filter.eq('type', z.coerce.number().int().min(1).max(2)),
  },
  verbs: [...dictionaryVerbs, 'getNextCode'],
  // The seed's checkColname asks whether a report column name (`colname=`) is well formed and free.
  checks: { checkColname: { field: 'colname' } },
});

const rate = (label: readonly [string, string], help: readonly [string, string]) =>
  ({
    schema: z.number().min(0).max(100).multipleOf(0.01).default(0),
    label,
    type: 'percent',
    table: { width: 130 },
    form: { required: true, initial: 0, min: 0, max: 100, help },
  }) as const satisfies RecordField;

/** 合作项目 (diccooperate, §9.1/§9.8): a partner's project run in the shops, and the share of its money deducted from the shop's and the staff's performance. */
export const cooperateRecord = defineRecord({
  resource: 'diccooperate',
  basePath: '/api-finance/diccooperate',
  label: ['合作项目', 'Partner projects'],
  perm: 'finance.dict.diccooperate',
  codePrefix: 'HZ',
  page: financePage('diccooperate'),
  fields: dictionaryRecordFields({
    shopRate: rate(
      ['门店业绩扣减比例(%)', 'Shop deduction (%)'],
      ['合作项目单按此比例扣减门店业绩', 'A partner project bill deducts this share of the money from the shop'],
    ),
    staffRate: rate(
      ['员工业绩扣减比例(%)', 'Staff deduction (%)'],
      ['员工业绩按此比例扣减', "The staff's performance is reduced by this share"],
    ),
  }),
  filters: dictionaryFilters,
  verbs: [...dictionaryVerbs, 'getNextCode'],
});

/** The finance dictionaries the 财务字典 menu lists, in its order. */
export const financeDictionaryRecords = [
  financeGroupRecord,
  financeItemRecord,
  fundDescriptionRecord,
  financialAreaRecord,
  shopFinanceTypeRecord,
  bankRecord,
  reserveTypeRecord,
  reserveSpendItemRecord,
  djItemRecord,
  cooperateRecord,
];

/** 出差记录 (fundtravel, §9.2): a shop's business trips, whether each was reimbursed; saveTravel saves one, saveSystem imports. */
export const fundTravelRecord = defineRecord({
  resource: 'fundtravel',
  basePath: '/api-finance/fundtravel',
  label: ['出差记录', 'Travel records'],
  perm: 'finance.fundtravel',
  codePrefix: 'CC',
  page: '/admin/finance/travel',
  fields: dictionaryRecordFields({
    code: { schema: code, label: ['单号', 'No.'], table: { width: 120, sortable: true }, form: { required: true, maxLength: 32 } },
    name: { schema: name, label: ['出差事项', 'Purpose'], table: { width: 180, sortable: true }, form: { required: true, maxLength: 64 } },
    ...shopRecordFields(150),
    traveller: {
      schema: z.string().trim().min(1).max(32),
      label: ['出差人', 'Traveller'],
      table: { width: 100 },
      form: { required: true, maxLength: 32 },
    },
    idName: {
      schema: z.string().trim().max(32).nullish(),
      label: ['证件姓名', 'Name on ID card'],
      table: { width: 110 },
      form: { maxLength: 32 },
    },
    startDate: { schema: date, label: ['开始日期', 'From'], type: 'date', table: { width: 110, sortable: true }, form: { required: true } },
    endDate: { schema: date, label: ['结束日期', 'To'], type: 'date', table: { width: 110 }, form: { required: true } },
    reimbursed: {
      schema: z.number().int().min(0).max(1).default(0),
      label: ['已报销', 'Reimbursed'],
      type: 'select',
      options: [
        { value: 0, label: ['否', 'No'], color: 'default' },
        { value: 1, label: ['是', 'Yes'], color: 'green' },
      ],
      table: { width: 90 },
      form: { initial: 0 },
    },
  }),
  filters: {
    ...dictionaryFilters,
    shopId: filter.eq('shopId', z.coerce.number().int().positive()),
    reimbursed: filter.eq('reimbursed', z.coerce.number().int().min(0).max(1)),
  },
  verbs: [...dictionaryVerbs, 'getNextCode', 'saveSystem'],
  defaultSort: '-startDate',
});

const merchantNo = z.string().trim().max(32).nullish();
const merchantField = (label: [string, string]): RecordField => ({
  schema: merchantNo,
  label,
  table: { width: 130 },
  form: { maxLength: 32 },
});

/**
 * 银联商户账户 (uplshopaccount, §9.9, the original's unionpaymanage.vue): per shop, the merchant and terminal
 * numbers of its private (对私) and corporate (对公) UnionPay accounts for B扫C and C扫B, and the corporate
 * limit (对公限制金额, cents). One per shop. `getUnionQr` answers the shop's C扫B collection QR content,
 * `getShopcodeAccountShow` the account of a shop named by its code.
 */
export const unionpayAccountRecord = defineRecord({
  resource: 'uplshopaccount',
  basePath: '/api-finance/uplshopaccount',
  label: ['银联商户账户', 'UnionPay merchant accounts'],
  perm: 'finance.uplshopaccount',
  codePrefix: 'YL',
  page: '/admin/finance/unionpay-accounts',
  fields: dictionaryRecordFields({
    code: { schema: code, label: ['账户编码', 'Code'], table: { width: 100, sortable: true }, form: { required: true, maxLength: 32 } },
    name: { schema: name, label: ['商户名称', 'Merchant name'], table: { width: 160 }, form: { required: true, maxLength: 64 } },
    ...shopRecordFields(140),
    bcMerchantCode: merchantField(['对私B扫C商户号', 'Private B-scans-C merchant no.']),
    bcTerminalCode: merchantField(['对私B扫C终端号', 'Private B-scans-C terminal no.']),
    cbMerchantCode: merchantField(['对私C扫B商户号', 'Private C-scans-B merchant no.']),
    cbTerminalCode: merchantField(['对私C扫B终端号', 'Private C-scans-B terminal no.']),
    pubBcMerchantCode: merchantField(['对公B扫C商户号', 'Corporate B-scans-C merchant no.']),
    pubBcTerminalCode: merchantField(['对公B扫C终端号', 'Corporate B-scans-C terminal no.']),
    pubCbMerchantCode: merchantField(['对公C扫B商户号', 'Corporate C-scans-B merchant no.']),
    pubCbTerminalCode: merchantField(['对公C扫B终端号', 'Corporate C-scans-B terminal no.']),
    limitMoney: {
      schema: z.number().int().min(0).max(100_000_000_00).default(0),
      label: ['对公限制金额', 'Corporate limit'],
      type: 'money',
      table: { width: 120 },
      form: { initial: 0, min: 0 },
    },
  }),
  filters: {
    keyword: {
      ...filter.contains('code', 'name', 'bcMerchantCode', 'cbMerchantCode', 'pubBcMerchantCode', 'pubCbMerchantCode'),
      label: ['商户', 'Merchant'],
    },
    terminal: {
      ...filter.contains('bcTerminalCode', 'cbTerminalCode', 'pubBcTerminalCode', 'pubCbTerminalCode'),
      label: ['终端号', 'Terminal no.'],
    },
    shopId: filter.eq('shopId', z.coerce.number().int().positive()),
    status: dictionaryFilters.status,
  },
  verbs: ['list', 'get', 'rootSave', 'saveSystem', 'getNextCode', 'export', 'delete'],
});

/** The two calls of the UnionPay accounts beyond the record's. */
export const UNIONPAY_ACCOUNT_API = {
  qr: '/api-finance/uplshopaccount/getUnionQr',
  byShopCode: '/api-finance/uplshopaccount/getShopcodeAccountShow',
} as const;
export const unionQrBody = z.object({ shopid: z.coerce.number().int().positive() });
/** As the original answers it: resultCode '0000' and the QR's content (the page draws it). */
export const unionQrAnswer = z.object({ resultCode: z.string(), resultMsg: z.string(), qrcode: z.string() });
export const shopCodeAccountBody = z.object({ shopcode: z.string().trim().min(1).max(32) });
