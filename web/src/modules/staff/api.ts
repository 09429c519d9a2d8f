import { shopListPath } from '@headoffice/contract';
/** Paths of the employee register and the employee stream. */
export const API = {
  employees: '/api-chain/employee',
  employeesExport: '/api-chain/employee/export',
  employee: (id: number | string) => `/api-chain/employee/id/${id}`,
  transfer: '/api-chain/employee/saveTransfer',
  status: '/api-chain/employee/updateStatus',
  checkEecode: '/api-chain/employee/checkEecode',
  nextEecode: '/api-chain/employee/getCode',
  batchImport: '/api-chain/employee/batchImport',
  skillLevel: '/api-chain/employee/saveJfclevel',
  bookableOfShop: '/api-chain/employee/getEmployeeDshop',
  bookable: '/api-base/employee/editYystatus',
  bookingOrder: '/api-base/employee/saveOrderids',
  template: '/api-base/employee/excelTemplate',
  stream: '/api-pers/employeestream/chain/streamList',
  streamExport: '/api-pers/employeestream/chain/streamListExport',
  streamDesc: '/api-pers/employeestream/getDescById',

  shopsAll: shopListPath,
  branchesAll: '/api-chain/branch/list/all',
  positionsAll: '/api-chain/position/list/all',
  levelsAll: '/api-chain/positionlevel/list/all',
  skillLevelsAll: '/api-chain/skilllevel/list/all',
} as const;

export interface LevelOption {
  id: number;
  name: string;
  positionId?: number | null;
  status?: number;
}

/** A bookable employee of a shop, in booking order. */
export interface BookableEmployee {
  id: number;
  eecode?: string;
  name: string;
  positionName?: string | null;
  avatar?: string | null;
  bookingOrder?: number;
}
