import { defineLabels, defineMessages } from '../../platform/i18n.js';

/** Messages of the catalogue (products, services, packages), zh-CN and en-US. */
export const catalogMessages = defineMessages({
  catalogDuplicateInBatch: ['与第 {row} 行的{field}“{value}”重复', 'Same {field} "{value}" as row {row}'],
  catalogPackageSplitMismatch: [
    '套餐项目金额合计 {items} 与套餐价格 {price} 不一致，请调整各项目的拆分金额',
    'The items add up to {items} but the package price is {price}; adjust the amounts of the items',
  ],
  catalogPackageItemEither: ['每个套餐项目只能选择一个服务或一个产品', 'Each package item is either one service or one product'],
  catalogStockProductExists: ['{shop}已经有产品“{name}”', '{shop} already stocks "{name}"'],
  catalogNothingToChange: ['请至少选择一项要修改的内容', 'Choose at least one thing to change'],
  // Excel import checks beyond the platform importer's own
  catalogImportBadMoney: [
    '金额格式不正确：请填写数字（元），最多两位小数，例如 128.50',
    'Not a valid amount: enter yuan with at most two decimals, e.g. 128.50',
  ],
  catalogImportTooLong: ['内容太长：最多 {max} 个字', 'Too long: at most {max} characters'],
  catalogImportBadBarcode: ['条码只能包含数字、字母和短横线（4 到 32 位）', 'A barcode holds 4 to 32 digits, letters or dashes'],
  catalogImportPositionMissing: ['职位“{value}”不存在或已停用', 'Position "{value}" does not exist or is disabled'],
  catalogImportBadDuration: ['时长请填写 5 到 1440 之间的分钟数', 'Enter a duration between 5 and 1440 minutes'],
  catalogImportBadFactor: ['换算系数请填写 1 到 100000 之间的整数', 'Enter a factor between 1 and 100000'],
});

defineLabels({
  products: ['产品', 'products'],
  catalogProduct: ['产品', 'Product'],
  pcode: ['产品编码', 'Product code'],
  barcode: ['条码', 'Barcode'],
  product_brands: ['产品品牌', 'product brands'],
  catalogProductBrand: ['产品品牌', 'Product brand'],
  catalogProductCategory: ['产品分类', 'Product category'],
  stock_products: ['门店产品', 'shop products'],
  catalogWarehouse: ['总部仓库', 'The head-office warehouse'],
  services: ['服务项目', 'services'],
  catalogService: ['服务项目', 'Service'],
  catalogServiceType: ['服务类型', 'Service type'],
  catalogBranch: ['部门', 'Department'],
  catalogEmployee: ['员工', 'Employee'],
  catalogPosition: ['职位', 'Position'],
  catalogShop: ['门店', 'Shop'],
  service_positions: ['服务职位', 'service positions'],
  service_employees: ['服务员工', 'service employees'],
  service_groups: ['服务分组', 'service groups'],
  service_group_items: ['服务分组项目', 'service group items'],
  service_packages: ['套餐', 'packages'],
  catalogPackage: ['套餐', 'Package'],
  catalogPackageType: ['套餐类型', 'Package type'],
  service_package_items: ['套餐项目', 'package items'],
  service_package_shops: ['套餐门店', 'package shops'],
});
