import { dormRentPaymentBill, reserveAdjustBill, reserveConvertBill, reserveSpendBill, storeRentPaymentBill } from '@headoffice/contract';
import { billMenu, type MenuDef, viewEdit } from '../../platform/menus.js';

/** 预留款 and 房租宿舍: the reserve balances and bills, rent contracts, payments and dormitory rates. */
export const reserveAndRentMenus: MenuDef[] = [
  {
    key: 'finance.reserve',
    name: '预留款',
    nameEn: 'Reserve money',
    icon: 'SafetyOutlined',
    children: [
      {
        key: 'finance.reserve.balance',
        name: '预留款余额',
        nameEn: 'Reserve balances',
        icon: 'WalletOutlined',
        url: '/admin/finance/reserve/balances',
        perm: 'finance.reserve.balance.view',
      },
      billMenu(reserveAdjustBill, 'EditOutlined'),
      billMenu(reserveSpendBill, 'MinusCircleOutlined'),
      billMenu(reserveConvertBill, 'SwapOutlined'),
    ],
  },
  {
    key: 'finance.rent',
    name: '房租宿舍',
    nameEn: 'Rents and dormitories',
    icon: 'HomeOutlined',
    children: [
      {
        key: 'finance.rentcont.store',
        name: '门店房租合同',
        nameEn: 'Store rent contracts',
        icon: 'FileTextOutlined',
        url: '/admin/finance/rents/store-contracts',
        ...viewEdit('finance.rentcont.store'),
      },
      billMenu(storeRentPaymentBill, 'PayCircleOutlined'),
      {
        key: 'finance.rentcont.dorm',
        name: '宿舍合同',
        nameEn: 'Dormitory contracts',
        icon: 'FileTextOutlined',
        url: '/admin/finance/rents/dorm-contracts',
        ...viewEdit('finance.rentcont.dorm', [
          { key: 'finance.rentcont.dorm.audit', name: '审核/驳回', nameEn: 'Approve, reject', perm: 'finance.rentcont.dorm.audit' },
        ]),
      },
      billMenu(dormRentPaymentBill, 'PayCircleOutlined'),
      {
        key: 'finance.dormrate',
        name: '宿舍扣款比率',
        nameEn: 'Dormitory deduction rates',
        icon: 'PercentageOutlined',
        url: '/admin/finance/rents/dorm-rates',
        ...viewEdit('finance.dormrate'),
      },
    ],
  },
];
