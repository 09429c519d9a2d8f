import { cardDispatchBill, cardSystemRecord } from '@headoffice/contract';
import { billMenu, type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

/** 卡项管理: card systems, card types (with gift rules), card types per shop, physical card dispatch. */
export const cardsMenus: MenuDef[] = [
  {
    key: 'cards',
    name: '卡项管理',
    nameEn: 'Cards',
    icon: 'CreditCardOutlined',
    children: [
      recordMenu(cardSystemRecord, 'ApartmentOutlined'),
      {
        key: 'cards.type',
        name: '卡项设置',
        nameEn: 'Card types',
        icon: 'IdcardOutlined',
        url: '/admin/cards/types',
        ...viewEdit('cards.type'),
      },
      {
        key: 'cards.shop',
        name: '门店卡项',
        nameEn: 'Card types per shop',
        icon: 'ShopOutlined',
        url: '/admin/cards/shops',
        ...viewEdit('cards.shop'),
      },
      billMenu(cardDispatchBill, 'SendOutlined'),
    ],
  },
];
