import { awardItemRecord, royaltyTypeRecord } from '@headoffice/contract';
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
        actions: [{ key: 'royalty.statement.lock', name: '锁定月份', nameEn: 'Lock a month', perm: 'royalty.statement.lock' }],
      },
      {
        key: 'royalty.award',
        name: '奖罚明细',
        nameEn: 'Awards and penalties',
        icon: 'TrophyOutlined',
        url: '/admin/royalty/awards',
        ...viewEdit('royalty.award'),
      },
      {
        key: 'royalty.salary',
        name: '工资明细',
        nameEn: 'Salary detail',
        icon: 'WalletOutlined',
        url: '/admin/royalty/salary',
        ...viewEdit('royalty.salary'),
      },
      recordMenu(awardItemRecord, 'GiftOutlined'),
      recordMenu(royaltyTypeRecord, 'TagsOutlined'),
    ],
  },
];
