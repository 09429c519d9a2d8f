import { type MenuDef, viewEdit } from '../../platform/menus.js';

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
      {
        key: 'identity.roletype',
        name: '角色类型',
        nameEn: 'Role types',
        icon: 'TagsOutlined',
        url: '/admin/org/dict/roletype',
        ...viewEdit('identity.roletype'),
      },
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
    ],
  },
];
