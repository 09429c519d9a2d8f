import type { BillDef } from '@headoffice/contract';
import { dormRentPaymentBill, reserveAdjustBill, reserveConvertBill, reserveSpendBill, storeRentPaymentBill } from '@headoffice/contract';
import { type MenuAction, type MenuDef, viewEdit } from '../../platform/menus.js';

/** A bill type's page with its view/edit rights and one action per right its transitions and after-fields name. */
function billMenu(def: BillDef, icon: string): MenuDef {
  const extra = new Map<string, MenuAction>();
  for (const t of [...Object.values(def.transitions), ...Object.values(def.after ?? {})])
    if (t.perm !== `${def.perm}.edit` && !extra.has(t.perm))
      extra.set(t.perm, { key: t.perm, name: t.label[0], nameEn: t.label[1].replace(/^./, (c) => c.toUpperCase()), perm: t.perm });
  return { key: def.perm, name: def.label[0], nameEn: def.label[1], icon, url: def.webPath, ...viewEdit(def.perm, [...extra.values()]) };
}

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
