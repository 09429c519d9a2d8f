/** What other modules may use of org: everything else in this folder is private to it. */

export { skillLevelDef } from './dictionaries.js';
export { assertEmployeeVisible, employeeScope } from './employee-scope.js';
export {
  branches,
  brands,
  channels,
  employeeGrams,
  employeeStream,
  employees,
  memberGrades,
  packageTypes,
  positionLevels,
  positions,
  productCategories,
  regions,
  serviceTypes,
  shops,
  skillLevels,
} from './schema.js';
export { loadShop, loadShops, type ShopRef } from './shop-lookup.js';
export { shopsInRegion, shopTree } from './shop-tree.js';
