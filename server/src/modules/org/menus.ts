import { orgDictionaryRecords } from '@headoffice/contract';
import { type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

export const orgMenus: MenuDef[] = [
  {
    key: 'org',
    name: '组织架构',
    nameEn: 'Organisation',
    icon: 'ApartmentOutlined',
    children: [
      {
        key: 'org.region',
        name: '区域管理',
        nameEn: 'Regions',
        icon: 'ClusterOutlined',
        url: '/admin/org/regions',
        ...viewEdit('org.region'),
      },
      { key: 'org.shop', name: '门店管理', nameEn: 'Shops', icon: 'ShopOutlined', url: '/admin/org/shops', ...viewEdit('org.shop') },
      { key: 'org.brand', name: '品牌管理', nameEn: 'Brands', icon: 'TagsOutlined', url: '/admin/org/brands', ...viewEdit('org.brand') },
      {
        key: 'org.channel',
        name: '渠道管理',
        nameEn: 'Channels',
        icon: 'ShareAltOutlined',
        url: '/admin/org/channels',
        ...viewEdit('org.channel'),
      },
    ],
  },
  {
    key: 'dict',
    name: '基础字典',
    nameEn: 'Dictionaries',
    icon: 'BookOutlined',
    children: orgDictionaryRecords.map((record) => recordMenu(record)),
  },
];
