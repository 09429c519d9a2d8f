import { type MenuDef, viewEdit } from '../../platform/menus.js';

export const staffMenus: MenuDef[] = [
  {
    key: 'staff',
    name: '员工管理',
    nameEn: 'Staff',
    icon: 'TeamOutlined',
    children: [
      {
        key: 'staff.employee',
        name: '员工档案',
        nameEn: 'Employees',
        icon: 'IdcardOutlined',
        url: '/admin/staff/employees',
        ...viewEdit('staff.employee'),
      },
      {
        key: 'staff.stream',
        name: '员工异动',
        nameEn: 'Staff changes',
        icon: 'SwapOutlined',
        url: '/admin/staff/stream',
        perm: 'staff.stream.view',
      },
    ],
  },
];
