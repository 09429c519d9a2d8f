import { royaltyTypeRecord } from '@headoffice/contract';
import { type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

/** 提成管理: types, schemes (groups, items), the monthly statement, and every employee's own page. */
export const royaltyMenus: MenuDef[] = [
  {
    key: 'royalty',
    name: '提成管理',
    nameEn: 'Commission',
    icon: 'PercentageOutlined',
    children: [
      {
        key: 'royalty.scheme',
        name: '提成方案',
        nameEn: 'Commission schemes',
        icon: 'ProfileOutlined',
        url: '/admin/royalty/schemes',
        ...viewEdit('royalty.scheme'),
      },
      {
        key: 'royalty.statement',
        name: '提成明细',
        nameEn: 'Commission statement',
        icon: 'AccountBookOutlined',
        url: '/admin/royalty/statement',
        perm: 'royalty.statement.view',
      },
      recordMenu(royaltyTypeRecord, 'TagsOutlined'),
    ],
  },
];
