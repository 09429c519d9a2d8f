import { z } from 'zod';
import { auditedOnce, billRow, billSave, defineBill, instant } from './bills.js';
import { date, id, type Label, memo, pageQuery } from './platform.js';

// Member packages (会员套餐, the 次卡/疗程: counts of services or products at the batch's unit price),
// their count ledger, the package extension bill (会员套餐延期单, mempackageorder) and deposited
// products (寄存). Counts never go below zero; a package line's count left is its ledger's balance.

const cents = z.number().int().min(0).max(10_000_000_000);
const count = z.number().int().min(1).max(100_000);

/** stype: 1 service 项目 | 2 product 产品. */
export const packageItemTypeLabels: Record<1 | 2, Label> = { 1: ['项目', 'Service'], 2: ['产品', 'Product'] };

/** Package bill kinds; `revoke` is how a reversed row reads in the package ledger. */
export const packageBillKinds = ['sell', 'consume', 'refund', 'revoke'] as const;
export type PackageBillKind = (typeof packageBillKinds)[number];
export const packageBillKindLabels: Record<PackageBillKind, Label> = {
  sell: ['购买', 'Sold'],
  consume: ['消费', 'Used'],
  refund: ['退款', 'Refunded'],
  revoke: ['撤单', 'Revoked'],
};

export const memberPackagePaths = {
  lines: '/api-member/packagedesc/memPackagedescList',
  pick: '/api-member/packagedesc/list/all',
  page: '/api-member/chainmember/pagePackages',
  pageChain: '/api-member/chainmember/chain/pagePackages',
  records: '/api-member/chainmember/queryPackageRecords',
  sell: '/api-member/memberpackage/sell',
  consume: '/api-member/memberpackage/consume',
  revoke: '/api-member/memberpackage/revoke',
  deposits: '/api-member/deposit/list',
  depositSave: '/api-member/deposit/save',
  depositTakeout: '/api-member/deposit/takeout',
  depositMovements: '/api-member/deposit/movements',
} as const;

/** A line of a package sold by hand (or by the till): a service or a product × a count at a unit price. */
export const packageSellLine = z
  .strictObject({
    itemType: z.union([z.literal(1), z.literal(2)]),
    serviceId: id.optional(),
    productId: id.optional(),
    total: count,
    /** Cents per use (singlePrice). */
    unitPrice: cents,
    isGift: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.itemType === 1 && !v.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: '请选择项目 / choose a service' });
    if (v.itemType === 2 && !v.productId) ctx.addIssue({ code: 'custom', path: ['productId'], message: '请选择产品 / choose a product' });
  });

/**
 * Sell a package to a member: from the catalogue's package (`packageId`: its items, each item's share
 * of the price split over its count) or from lines given with a name (checked after the shop and member).
 * `isGift`: the whole package is given free.
 */
export const packageSellBody = z.strictObject({
  memberId: id,
  shopId: id,
  packageId: id.optional(),
  name: z.string().trim().min(1).max(64).optional(),
  cardId: id.optional(),
  isGift: z.boolean().default(false),
  /** Left out: the catalogue package's validity days from today, or never. */
  expiresOn: date.optional(),
  lines: z.array(packageSellLine).min(1).max(50).optional(),
  memo: z.string().trim().max(200).optional(),
});

/** Use counts of package lines (one member's) at a shop, in one bill. */
export const packageConsumeBody = z.strictObject({
  shopId: id,
  items: z
    .array(z.strictObject({ lineId: id, count }))
    .min(1)
    .max(50),
  memo: z.string().trim().max(200).optional(),
});
export const packageRevokeBody = z.strictObject({ billId: id, memo: z.string().trim().min(1).max(30) });

export const packageMovement = z.object({
  lineId: z.number(),
  itemName: z.string(),
  amount: z.number(),
  balance: z.number(),
  unitPrice: z.number(),
});
export const packageBillAnswer = z.object({
  billId: z.number(),
  billNo: z.string(),
  kind: z.enum(packageBillKinds),
  memberId: z.number(),
  /** The package sold (a sale). */
  memberPackageId: z.number().nullable(),
  rows: z.array(packageMovement),
});
export type PackageBillAnswer = z.infer<typeof packageBillAnswer>;

/** A member's package line as the original names it (memPackagedescList). */
export const packageLineRow = z.object({
  id: z.number(),
  memberPackageId: z.number(),
  memberId: z.number(),
  memname: z.string(),
  mobile: z.string(),
  mpname: z.string(),
  cardId: z.number().nullable(),
  cardno: z.string().nullable(),
  stype: z.number(),
  servId: z.number().nullable(),
  productId: z.number().nullable(),
  scode: z.string(),
  servname: z.string(),
  total: z.number(),
  /** Count left. */
  snum: z.number(),
  /** Cents per use of this batch. */
  singlePrice: z.number(),
  /** snum × singlePrice. */
  lessmoney: z.number(),
  expiryTime: z.string().nullable(),
  expired: z.boolean(),
  isGift: z.boolean(),
  shopId: z.number(),
  shopName: z.string(),
  soldOn: z.string(),
});
export type PackageLineRow = z.infer<typeof packageLineRow>;

export const memPackagedescQuery = z.object({
  memid: id,
  /** Part of the item's code or name. */
  scodename: z.string().trim().max(32).optional(),
  /** 1: only lines with a count left and not expired. */
  valid: z.coerce.number().int().min(0).max(1).optional(),
});
export const packagePickQuery = z.object({ keyword: z.string().trim().max(32).optional() });

export const packageStates = ['active', 'usedUp', 'expired'] as const;
export const packageStateLabels: Record<(typeof packageStates)[number], Label> = {
  active: ['可用', 'Usable'],
  usedUp: ['已用完', 'Used up'],
  expired: ['已过期', 'Expired'],
};
export const pagePackagesQuery = pageQuery.extend({
  memberId: id.optional(),
  /** The whole mobile. */
  mobile: z
    .string()
    .trim()
    .regex(/^\d{11}$/)
    .optional(),
  shopId: id.optional(),
  state: z.enum(packageStates).optional(),
  scodename: z.string().trim().max(32).optional(),
});
export const packageLinesPage = z.object({
  list: z.array(packageLineRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
});

/** queryPackageRecords: the package ledger, newest first. */
export const packageRecordsQuery = pageQuery.extend({
  memberId: id.optional(),
  lineId: id.optional(),
  shopId: id.optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});
export const packageRecordRow = z.object({
  id: z.number(),
  lineId: z.number(),
  mpname: z.string(),
  servname: z.string(),
  memberId: z.number(),
  memname: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  billId: z.number(),
  billNo: z.string(),
  kind: z.enum(packageBillKinds),
  /** The change (negative: used). */
  saleNum: z.number(),
  /** Left after it. */
  surplusNum: z.number(),
  memo: z.string().nullable(),
  at: z.string(),
  by: z.string().nullable(),
});
export const packageRecordsPage = z.object({
  list: z.array(packageRecordRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
});

// ------------------------------ deposited products (寄存) ------------------------------

export const depositSources = ['purchase', 'package', 'gift', 'import'] as const;
export const depositSourceLabels: Record<(typeof depositSources)[number], Label> = {
  purchase: ['购买', 'Bought'],
  package: ['套餐', 'Package'],
  gift: ['赠送', 'Gift'],
  import: ['导入', 'Imported'],
};
export const depositSaveBody = z.strictObject({
  memberId: id,
  shopId: id,
  /** A catalogue product (its code and name), or `pcode` + `pname` typed. */
  productId: id.optional(),
  pcode: z.string().trim().min(1).max(32).optional(),
  pname: z.string().trim().min(1).max(64).optional(),
  total: count,
  /** Cents per unit as sold; a gift: 0. */
  price: cents,
  source: z.enum(depositSources),
  billcode: z.string().trim().max(40).optional(),
  memo: z.string().trim().max(200).optional(),
});
export const depositTakeoutBody = z.strictObject({ depositId: id, shopId: id, num: count, memo: z.string().trim().max(200).optional() });
export const depositRow = z.object({
  id: z.number(),
  memberId: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  productId: z.number().nullable(),
  pcode: z.string(),
  pname: z.string(),
  total: z.number(),
  checknum: z.number(),
  price: z.number(),
  source: z.enum(depositSources),
  billcode: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type DepositRow = z.infer<typeof depositRow>;
export const depositListQuery = z.object({ memid: id });
export const depositMovementRow = z.object({
  id: z.number(),
  depositId: z.number(),
  kind: z.enum(['takeout', 'refund']),
  num: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
  by: z.string().nullable(),
});
export const depositMovementsQuery = z.object({ depositId: id });

// ------------------------------ package extension bill (会员套餐延期单) ------------------------------

export const packageExtensionLineInput = z.strictObject({
  /** The member's package line (pdid). */
  packageLineId: z.number().int().positive(),
  /** The new expiry date. */
  nexpiryTime: date,
});
export const packageExtensionSave = billSave({
  billDate: date.optional(),
  memo,
  lines: z.array(packageExtensionLineInput).min(1).max(200),
});
export const packageExtensionLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  packageLineId: z.number(),
  memberId: z.number(),
  memname: z.string(),
  mobile: z.string(),
  cardno: z.string().nullable(),
  mpname: z.string(),
  scode: z.string(),
  servname: z.string(),
  expiryTime: z.string().nullable(),
  nexpiryTime: z.string(),
  sort: z.number(),
});
export const packageExtensionRow = billRow(['draft', 'audited'], {
  shopId: z.number().nullable(),
  billDate: z.string(),
  memo: z.string().nullable(),
  lineCount: z.number(),
  createdByName: z.string().nullable(),
  auditedBy: z.number().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(packageExtensionLineRow),
});

export const packageExtensionBill = defineBill({
  docType: 'assets.packageExtension',
  locks: ['close'],
  label: ['会员套餐延期单', 'Package extension'],
  basePath: '/api-chain/mempackageorder',
  webPath: '/admin/assets/package-extensions',
  ...auditedOnce({ audited: 'audited', perm: 'assets.packageExtension.audit' }),
  save: packageExtensionSave,
  filterFields: {
    billNo: { label: ['单据编码', 'Bill no.'], kind: 'text', keys: ['billNo'] },
    dateRange: { label: ['单据日期', 'Bill date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    state: { label: ['状态', 'State'], kind: 'state', keys: ['state'] },
    memid: { label: ['会员', 'Member'], kind: 'select', keys: ['memid'], fields: ['lines.memberId'], hidden: true },
  },
  row: packageExtensionRow,
  headFields: {
    billNo: { label: ['单据编码', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    billDate: { label: ['单据日期', 'Bill date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90, sortable: true } },
    lineCount: { label: ['行数', 'Lines'], kind: 'number', column: { width: 80 } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', column: { width: 100 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  },
  lineFields: {
    packageLineId: {
      label: ['会员套餐项目', 'Package line'],
      kind: 'select',
      options: { url: memberPackagePaths.pick, value: 'id', label: 'label' },
      column: { display: 'servname', width: 180 },
      form: {},
    },
    memname: { label: ['会员', 'Member'], kind: 'text', column: { width: 100 } },
    mobile: { label: ['手机号', 'Mobile'], kind: 'text', column: { width: 120 }, masked: 'mobile' },
    mpname: { label: ['套餐', 'Package'], kind: 'text', column: { width: 140 } },
    expiryTime: { label: ['原到期日', 'Expired on'], kind: 'date', column: { width: 110 } },
    nexpiryTime: { label: ['新到期日', 'New expiry'], kind: 'date', column: { width: 110 }, form: {} },
  },
  paths: {
    list: ['queryBillByPage'],
    pick: 'list/all',
    save: ['saveBill', ''],
    detail: 'getDetail/:id',
    remove: 'deleteBill',
    export: 'export',
  },
});
