import { productBrandRecord, shopListPath } from '@headoffice/contract';
import { CATALOG_ITEM_URLS } from '../../platform/ItemPicker';

/** The catalogue's routes (products, brands, stock products, services, service groups, packages). */
export const CATALOG = {
  ...CATALOG_ITEM_URLS,
  productBrandAll: productBrandRecord.paths.all,

  product: '/api-chain/product',
  productExport: '/api-chain/product/export',
  productAll: '/api-chain/product/list/all',
  productCode: '/api-chain/product/getCode',
  productCheck: '/api-chain/product/checkPcode',
  productInPackage: (id: number) => `/api-chain/product/checkPackage/${id}`,
  productTemplate: '/api-chain/product/excelTemplate',
  productImport: '/api-chain/product/batchImport',

  stockProductChain: '/api-stock/product/chain/list',
  stockProductChainExport: '/api-stock/product/chain/export',
  stockProduct: '/api-stock/product',
  stockProductBatch: '/api-stock/product/batchSave',
  stockProductStatus: '/api-stock/product/updateStatus',
  stockProductByProduct: '/api-stock/product/updateBypid',

  serviceList: '/api-chain/serviceinfo/listPage',
  serviceExport: '/api-chain/serviceinfo/export',
  serviceCode: '/api-chain/serviceinfo/newcode',
  serviceSave: '/api-chain/serviceinfo/save',
  serviceDelete: '/api-chain/serviceinfo/delete',
  serviceInPackage: (id: number) => `/api-chain/serviceinfo/checkPackage/${id}`,
  serviceUpdateInfos: '/api-chain/serviceinfo/updateInfos',
  serviceTemplate: '/api-chain/serviceinfo/excelTemplate',
  serviceImport: '/api-chain/serviceinfo/batchImport',
  serviceEmployees: '/api-chain/serviceinfo/employees',
  servicePositions: '/api-chain/serviceinfo/positions',
  serviceTypes: '/api-chain/serviceinfo/findServiceType',
  serviceBranches: '/api-chain/serviceinfo/findbranch',
  serviceGroups: '/api-chain/serviceGroup/getServiceGroup',
  serviceGroupSave: '/api-chain/serviceGroup/saveServiceGroup',
  serviceGroup: (id: number) => `/api-chain/serviceGroup/${id}`,

  packageList: '/api-chain/servicepackage/list',
  packageExport: '/api-chain/servicepackage/export',
  packageCode: '/api-chain/servicepackage/newcode',
  packageDetail: (id: number) => `/api-chain/servicepackage/findById/${id}`,
  packageSave: '/api-chain/servicepackage/save',
  packageSaveDuo: '/api-chain/servicepackage/saveDuo',
  packageShops: '/api-chain/servicepackage/saveShop',
  packageStatus: '/api-chain/servicepackage/editStatus',
  packageDelete: '/api-chain/servicepackage/delete',
  packageSystem: '/api-chain/servicepackage/saveSystem',
  packageProducts: '/api-chain/servicepackage/product',

  // organisation pickers (no permission needed)
  categoryTree: '/api-chain/productcategory/tree/all',
  serviceTypeAll: '/api-chain/servicetype/list/all',
  branchAll: '/api-chain/branch/list/all',
  positionAll: '/api-chain/position/list/all',
  positionLevelAll: '/api-chain/positionlevel/list/all',
  packageTypeAll: '/api-chain/packagetype/list/all',
  shopAll: shopListPath,
  regionTree: '/api-chain/dictregion/tree/allNoNum',
} as const;
