/** What other modules may use of org: everything else in this folder is private to it. */
export {
  branches,
  brands,
  channels,
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
} from './schema.js';
export { employeeScope } from './staff-queries.js';
export { onTransfer, type ShopMove } from './staff-transfers.js';
