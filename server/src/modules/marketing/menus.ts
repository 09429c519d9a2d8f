import { couponRecord, redEnvelopeRecord } from '@headoffice/contract';
import { type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

/** 营销管理: coupon and red envelope definitions, marketing activities. */
export const marketingMenus: MenuDef[] = [
  {
    key: 'marketing',
    name: '营销管理',
    nameEn: 'Marketing',
    icon: 'GiftOutlined',
    children: [
      recordMenu(couponRecord, 'TagsOutlined'),
      recordMenu(redEnvelopeRecord, 'RedEnvelopeOutlined'),
      {
        key: 'marketing.activity',
        name: '营销活动',
        nameEn: 'Activities',
        icon: 'NotificationOutlined',
        url: '/admin/marketing/activities',
        ...viewEdit('marketing.activity'),
      },
    ],
  },
];
