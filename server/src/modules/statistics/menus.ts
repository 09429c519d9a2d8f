import {
  MEMBER_SPENDING_PERM,
  MEMBER_SPENDING_URL,
  MEMBER_SUMMARY_PERM,
  MEMBER_SUMMARY_URL,
  MEMBER_TYPES_PERM,
  MEMBER_TYPES_URL,
} from '@headoffice/contract';
import type { MenuDef } from '../../platform/menus.js';

/** 会员报表: the member statistics pages, each with its view right. */
export const statisticsMenus: MenuDef[] = [
  {
    key: 'statistics',
    name: '会员报表',
    nameEn: 'Member reports',
    icon: 'LineChartOutlined',
    children: [
      {
        key: 'statistics.memberTypes',
        name: '会员统计',
        nameEn: 'Member types',
        icon: 'PieChartOutlined',
        url: MEMBER_TYPES_URL,
        perm: MEMBER_TYPES_PERM,
      },
      {
        key: 'statistics.memberSummary',
        name: '会员数据汇总',
        nameEn: 'Member summary',
        icon: 'TableOutlined',
        url: MEMBER_SUMMARY_URL,
        perm: MEMBER_SUMMARY_PERM,
      },
      {
        key: 'statistics.memberSpending',
        name: '会员消费分析',
        nameEn: 'Member spending',
        icon: 'FundOutlined',
        url: MEMBER_SPENDING_URL,
        perm: MEMBER_SPENDING_PERM,
      },
    ],
  },
];
