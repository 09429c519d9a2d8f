import { jobStateLabels } from '@headoffice/contract';
import { defineLabels, defineMessages } from '../../platform/i18n.js';

/** Messages of user, role, menu, device, till-authority and log administration (zh-CN, en-US). */
export const identityMessages = defineMessages({
  userPasswordRequired: ['新用户需要设置登录密码', 'A new user needs a sign-in password'],
  employeeLeftNoAccount: ['员工“{name}”已离职，不能开通账号', 'Employee "{name}" has left and cannot get an account'],
  adminProtected: [
    '系统管理员账号 admin 不能停用、不能改名，也不能去掉超级管理员角色',
    'The admin account cannot be disabled or renamed, and cannot lose the super administrator role',
  ],
  cannotDisableSelf: ['不能停用自己的账号', 'You cannot disable your own account'],
  superOnly: [
    '只有超级管理员才能修改超级管理员账号，或授予、收回超级管理员角色',
    'Only a super administrator can change a super administrator account, or grant or remove the super administrator role',
  ],
  employeeLinked: [
    '员工“{name}”已关联用户“{username}”，一个员工只能关联一个用户',
    'Employee "{name}" is already linked to user "{username}"; an employee can have one user only',
  ],
  userShopRequired: [
    '请至少选择一个登录门店或管理门店：你只能管理自己门店的用户',
    'Choose at least one login or manager shop: you can only manage users of your own shops',
  ],
  superRoleProtected: [
    '超级管理员角色不能删除、停用，也不需要分配菜单（它拥有全部权限）',
    'The super administrator role cannot be deleted or disabled, and needs no menus (it holds every right)',
  ],
  roleInUse: [
    '不能删除：还有 {count} 个用户在使用该角色，请先把他们换成其他角色',
    'Cannot delete: {count} user(s) still hold this role; give them another role first',
  ],
  grantBeyondOwn: ['不能授予自己没有的权限：“{name}”', 'You cannot grant a right you do not hold yourself: "{name}"'],
  roleBeyondOwn: [
    '不能授予角色“{name}”：它包含你自己没有的权限',
    'You cannot give the role "{name}": it holds rights you do not have yourself',
  ],
  menuParentApp: ['上级菜单必须属于同一个应用', 'The parent menu must belong to the same application'],
  menuParentSelf: ['上级菜单不能是自己或自己的下级', 'A menu cannot be placed under itself or one of its sub-entries'],
  menuActionParent: ['按钮（操作）只能放在页面下面', 'An action can only be placed under a page'],
  menuPageParent: ['页面只能放在目录下面，或作为顶级菜单', 'A page can only be placed under a directory or at the top level'],
  menuDirParent: ['目录只能放在目录下面，或作为顶级菜单', 'A directory can only be placed under a directory or at the top level'],
  menuChildrenType: ['该菜单还有下级菜单，不能改成这个类型', 'This menu has sub-entries that this type cannot hold'],
  menuChildrenApp: ['该菜单还有下级菜单，不能移到其他应用', 'This menu has sub-entries; it cannot move to another application'],
  menuBuiltIn: [
    '这是系统内置菜单：不能删除，也不能修改标识或所属应用；不需要时可以停用它',
    'This is a built-in menu: it cannot be deleted, nor can its key or application change; disable it if it is not needed',
  ],
  menuBuiltInPerm: ['这是系统内置菜单：它的权限标识不能修改', 'This is a built-in menu: its permission key cannot change'],
  menuPermUnknown: ['权限标识不存在：只能使用系统内置菜单的权限标识', 'No such permission key: use one that a built-in menu carries'],
  menuGrantedToRoles: [
    '该菜单已分配给角色，修改或启用它的权限会改变这些角色的权限：需要角色管理的编辑权限',
    'Roles hold this menu, so changing or enabling its right changes their rights: this needs the right to edit roles',
  ],
  deviceNotBound: [
    '此设备未绑定门店，不能登录收银系统',
    'This device is not bound to your shop, so it cannot sign in to the cashier system',
  ],
  authorityInUse: ['收银权限正被职位“{name}”使用，不能停用', 'This till authority is used by the position "{name}"; it cannot be disabled'],
  positionRoleExists: [
    '职位“{name}”已经设置了收银权限，请修改原来的设置',
    'The position "{name}" already has a till authority; edit that one instead',
  ],
  logPageTooDeep: [
    '最多只能翻看符合条件的前 {max} 条记录，请缩小日期范围或增加筛选条件',
    'Only the first {max} matching records can be paged through; narrow the dates or add filters',
  ],
  logDateRange: ['开始日期不能晚于结束日期', 'The start date cannot be after the end date'],
  jobNotFailed: ['只有失败的任务可以重新执行，该任务{state}', 'Only a failed job can be run again; this one is {state}'],
});

defineLabels({
  ...Object.fromEntries(Object.entries(jobStateLabels).map(([state, names]) => [`job.state.${state}`, names])),
  key: ['菜单标识', 'Menu key'],
  mac: ['设备编号', 'Device ID'],
  menus: ['菜单', 'menus'],
  devices: ['收银设备', 'cashier devices'],
  cashier_authorities: ['收银权限', 'till authorities'],
  position_authorities: ['职位收银权限', 'position till authorities'],
  role_types: ['角色类型', 'role types'],
  roleType: ['角色类型', 'Role type'],
  role: ['角色', 'Role'],
  employee: ['员工', 'Employee'],
  employees: ['员工', 'employees'],
  application: ['应用', 'Application'],
  authority: ['收银权限', 'Till authority'],
});
