import { type MenuDef, viewEdit } from '../../platform/menus.js';

export const pricingMenus: MenuDef[] = [
  {
    key: 'pricing',
    name: '价格管理',
    nameEn: 'Prices',
    icon: 'MoneyCollectOutlined',
    children: [
      {
        key: 'pricing.serviceprice',
        name: '门店服务价格',
        nameEn: 'Shop service prices',
        icon: 'TableOutlined',
        url: '/admin/pricing/service-prices',
        ...viewEdit('pricing.serviceprice'),
      },
      {
        key: 'pricing.servicetemplate',
        name: '服务价格模板',
        nameEn: 'Service price templates',
        icon: 'CopyOutlined',
        url: '/admin/pricing/service-templates',
        ...viewEdit('pricing.servicetemplate'),
      },
      {
        key: 'pricing.productprice',
        name: '门店产品价格',
        nameEn: 'Shop product prices',
        icon: 'TableOutlined',
        url: '/admin/pricing/product-prices',
        ...viewEdit('pricing.productprice'),
      },
      {
        key: 'pricing.producttemplate',
        name: '产品价格模板',
        nameEn: 'Product price templates',
        icon: 'CopyOutlined',
        url: '/admin/pricing/product-templates',
        ...viewEdit('pricing.producttemplate'),
      },
      {
        key: 'pricing.control',
        name: '价格管控',
        nameEn: 'Price control',
        icon: 'SafetyOutlined',
        url: '/admin/pricing/price-control',
        ...viewEdit('pricing.control'),
      },
    ],
  },
];
