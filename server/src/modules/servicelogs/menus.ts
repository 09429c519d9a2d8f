import { SERVICE_LOG_PAGES as PAGES, SERVICE_LOG_PERMS as PERMS } from '@headoffice/contract';
import type { MenuDef } from '../../platform/menus.js';

/** 会员记录: service logs, customer reviews, the use of coupons and red envelopes. */
export const serviceLogsMenus: MenuDef[] = [
  {
    key: 'servicelogs',
    name: '会员记录',
    nameEn: 'Member records',
    icon: 'SolutionOutlined',
    children: [
      {
        key: 'servicelogs.log',
        name: '服务日志',
        nameEn: 'Service logs',
        icon: 'ProfileOutlined',
        url: PAGES.logs,
        perm: PERMS.view,
        actions: [{ key: PERMS.edit, name: '填写日志', nameEn: 'Write logs', perm: PERMS.edit }],
      },
      {
        key: 'servicelogs.review',
        name: '顾客评价',
        nameEn: 'Customer reviews',
        icon: 'StarOutlined',
        url: PAGES.reviews,
        perm: PERMS.reviewView,
        actions: [
          { key: PERMS.reviewEdit, name: '登记评价', nameEn: 'Record reviews', perm: PERMS.reviewEdit },
          { key: PERMS.reviewReply, name: '回复评价', nameEn: 'Reply to reviews', perm: PERMS.reviewReply },
        ],
      },
      {
        key: 'servicelogs.usage',
        name: '券使用记录',
        nameEn: 'Coupon use',
        icon: 'TagsOutlined',
        url: PAGES.usage,
        perm: PERMS.usageView,
      },
    ],
  },
];
