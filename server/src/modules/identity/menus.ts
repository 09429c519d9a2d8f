import { roleTypeRecord } from '@headoffice/contract';
import { type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

export const identityMenus: MenuDef[] = [
  {
    key: 'system',
    name: '系统管理',
    nameEn: 'System',
    icon: 'SettingOutlined',
    children: [
      {
        key: 'identity.user',
        name: '用户管理',
        nameEn: 'Users',
        icon: 'UserOutlined',
        url: '/admin/system/users',
        ...viewEdit('identity.user'),
      },
      {
        key: 'identity.role',
        name: '角色管理',
        nameEn: 'Roles',
        icon: 'SafetyCertificateOutlined',
        url: '/admin/system/roles',
        ...viewEdit('identity.role'),
      },
      recordMenu(roleTypeRecord, 'TagsOutlined'),
      {
        key: 'identity.menu',
        name: '菜单管理',
        nameEn: 'Menus',
        icon: 'MenuOutlined',
        url: '/admin/system/menus',
        ...viewEdit('identity.menu'),
      },
      {
        key: 'identity.device',
        name: '收银设备',
        nameEn: 'Cashier devices',
        icon: 'DesktopOutlined',
        url: '/admin/system/devices',
        ...viewEdit('identity.device'),
      },
      {
        key: 'identity.authority',
        name: '收银权限',
        nameEn: 'Till authority',
        icon: 'KeyOutlined',
        url: '/admin/system/cashier-authority',
        ...viewEdit('identity.authority'),
      },
      {
        key: 'identity.log',
        name: '操作日志',
        nameEn: 'Operation log',
        icon: 'FileSearchOutlined',
        url: '/admin/system/logs',
        perm: 'identity.log.view',
      },
      {
        key: 'identity.job',
        name: '后台任务',
        nameEn: 'Background jobs',
        icon: 'ScheduleOutlined',
        url: '/admin/system/jobs',
        ...viewEdit('identity.job'),
      },
    ],
  },
];
