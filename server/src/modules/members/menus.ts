import { type MenuDef, viewEdit } from '../../platform/menus.js';

export const membersMenus: MenuDef[] = [
  {
    key: 'members',
    name: '会员管理',
    nameEn: 'Members',
    icon: 'CrownOutlined',
    children: [
      {
        key: 'members.member',
        name: '会员列表',
        nameEn: 'Members',
        icon: 'UserOutlined',
        url: '/admin/members/list',
        ...viewEdit('members.member', [
          { key: 'members.member.freeze', name: '冻结/解冻', nameEn: 'Freeze, unfreeze', perm: 'members.member.freeze' },
          { key: 'members.member.import', name: '导入会员', nameEn: 'Import members', perm: 'members.member.import' },
        ]),
      },
      {
        key: 'members.shop',
        name: '门店会员',
        nameEn: 'Shop members',
        icon: 'ShopOutlined',
        url: '/admin/members/shop',
        perm: 'members.member.view',
      },
      {
        key: 'members.relation',
        name: '客情归属',
        nameEn: 'Member advisors',
        icon: 'ContactsOutlined',
        url: '/admin/members/relations',
        ...viewEdit('members.relation'),
      },
      {
        key: 'members.import',
        name: '会员导入',
        nameEn: 'Member import',
        icon: 'ImportOutlined',
        url: '/admin/members/import',
        perm: 'members.member.import',
      },
    ],
  },
];
