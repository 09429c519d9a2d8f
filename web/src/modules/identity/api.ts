import { shopListPath } from '@headoffice/contract';
/**
 * Paths of the identity administration (users, roles, menus, devices, till authority, operation log)
 * and the row shapes the contract does not type.
 */
export const API = {
  jobs: '/api-user/jobs',
  jobRerun: (id: number) => `/api-user/jobs/${id}/rerun`,
  users: '/api-user/users',
  usersExport: '/api-user/users/export',
  user: (id: number) => `/api-user/users/${id}`,
  userSave: '/api-user/users/saveOrUpdate',
  userUpdate: '/api-user/users/updateUser',
  loginShops: (id: number) => `/api-user/loginshop/${id}/saveLoginShops`,
  managerShops: (id: number) => `/api-user/mangershop/${id}/saveMangerShops`,
  unboundEmployees: '/api-chain/employee/getListUnbind',
  apps: '/api-user/apps',

  roles: '/api-user/roles/roleList',
  roleSave: '/api-user/roles/saveOrUpdate',
  role: (id: number) => `/api-user/roles/${id}`,
  sysRoles: '/api-user/roles/getSysRoleList',
  roleUsers: (id: number) => `/api-user/roles/getUsersByRoleId/${id}`,
  roleMenus: (id: number) => `/api-user/roles/findRoleMenuList/${id}`,
  roleMenusSave: (id: number) => `/api-user/roles/saveRoleMenuList/${id}`,
  roleCopy: '/api-user/roles/saveCopyRoleMenu',
  roleTypesAll: '/api-user/roletype/list/all',

  menuTree: '/api-user/menus/treeList',
  menuSave: '/api-user/menus/saveOrUpdate',
  menu: (id: number) => `/api-user/menus/${id}`,

  devices: '/api-user/mac/list',
  deviceSave: '/api-user/mac/saveMac',
  deviceStatus: '/api-user/mac/updateStatus',
  deviceBatchStatus: '/api-user/mac/batchUpdateStatus',
  deviceSettings: '/api-user/mac/settings',

  authorities: '/api-cashier/modelauthority',
  authoritySave: '/api-cashier/modelauthority/save',
  authorityEdit: '/api-cashier/modelauthority/edit',
  positionRoles: '/api-cashier/modelauthority/positionRoleList',
  positionRoleSave: '/api-cashier/modelauthority/savePositionRole',
  positionRoleEdit: '/api-cashier/modelauthority/editPositionRole',
  positionRoleDelete: (id: number) => `/api-cashier/modelauthority/deletePositionRole/${id}`,

  logs: '/api-chain/logger/list',
  logsExport: '/api-chain/logger/export',

  shopTree: '/api-chain/dictregion/shopTree',
  shopsAll: shopListPath,
  positionsAll: '/api-chain/position/list/all',
} as const;

export interface RoleOption {
  id: number;
  code?: string;
  name: string;
  isSuper?: boolean;
  status?: number;
}

export interface EmployeeOption {
  id: number;
  eecode?: string;
  name: string;
  shopName?: string | null;
}

/** A menu of a role's permission tree: the menu and whether the role holds it. */
export interface RoleMenuNode {
  id: number;
  appId?: string;
  parentId?: number | null;
  key?: string;
  type?: 'dir' | 'page' | 'action';
  name: string;
  nameEn?: string | null;
  icon?: string | null;
  url?: string | null;
  permKey?: string | null;
  checked?: boolean;
  children?: RoleMenuNode[];
}

/** One application's part of a role's permission tree. */
export interface RoleMenuApp {
  appId: string;
  name: string;
  nameEn?: string | null;
  menus: RoleMenuNode[];
}

export interface DeviceRow {
  id: number;
  mac: string;
  name: string;
  shopId: number;
  shopName: string | null;
  status: number;
  memo: string | null;
  lastSeenAt: string | null;
  version: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface AuthorityRow {
  id: number;
  code: string;
  name: string;
  discountFloor: number;
  canRevoke: boolean;
  canRefund: boolean;
  canChangePrice: boolean;
  status: number;
  memo: string | null;
  version: number;
  updatedAt?: string;
}

/** A position and the till authority template it holds (id: the position role, null when none). */
export interface PositionRoleRow {
  id: number | null;
  positionId: number;
  positionCode: string | null;
  positionName: string | null;
  positionStatus?: number | null;
  authorityId: number | null;
  memo: string | null;
  version: number | null;
  authority: Pick<AuthorityRow, 'id' | 'code' | 'name' | 'discountFloor' | 'canRevoke' | 'canRefund' | 'canChangePrice' | 'status'> | null;
}
