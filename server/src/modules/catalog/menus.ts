import { productBrandRecord } from '@headoffice/contract';
import { type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

export const catalogMenus: MenuDef[] = [
  {
    key: 'catalog',
    name: '产品与服务',
    nameEn: 'Catalogue',
    icon: 'AppstoreOutlined',
    children: [
      {
        key: 'catalog.service',
        name: '服务项目',
        nameEn: 'Services',
        icon: 'ScissorOutlined',
        url: '/admin/catalog/services',
        ...viewEdit('catalog.service'),
      },
      {
        key: 'catalog.package',
        name: '套餐管理',
        nameEn: 'Packages',
        icon: 'GiftOutlined',
        url: '/admin/catalog/packages',
        ...viewEdit('catalog.package'),
      },
      {
        key: 'catalog.product',
        name: '产品档案',
        nameEn: 'Products',
        icon: 'ShoppingOutlined',
        url: '/admin/catalog/products',
        ...viewEdit('catalog.product'),
      },
      recordMenu(productBrandRecord, 'TagOutlined'),
      {
        key: 'catalog.stockproduct',
        name: '门店产品',
        nameEn: 'Shop products',
        icon: 'InboxOutlined',
        url: '/admin/catalog/stock-products',
        ...viewEdit('catalog.stockproduct'),
      },
    ],
  },
];
