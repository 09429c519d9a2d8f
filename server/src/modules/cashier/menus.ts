import { csadjBill, payTypeRecord } from '@headoffice/contract';
import { billMenu, type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

/** 收银设置: what the till offers and how it behaves, per chain and per shop. */
export const cashierMenus: MenuDef[] = [
  {
    key: 'cashier',
    name: '收银设置',
    nameEn: 'Till settings',
    icon: 'AccountBookOutlined',
    children: [
      recordMenu(payTypeRecord, 'WalletOutlined'),
      {
        key: 'cashier.paytemplate',
        name: '支付模板',
        nameEn: 'Pay templates',
        icon: 'TableOutlined',
        url: '/admin/cashier/paytemplates',
        ...viewEdit('cashier.paytemplate'),
      },
      {
        key: 'cashier.station',
        name: '工位设置',
        nameEn: 'Stations',
        icon: 'ApartmentOutlined',
        url: '/admin/cashier/stations',
        ...viewEdit('cashier.station'),
      },
      {
        key: 'cashier.wheel',
        name: '轮牌设置',
        nameEn: 'Wheel',
        icon: 'SyncOutlined',
        url: '/admin/cashier/wheel',
        ...viewEdit('cashier.wheel'),
      },
      {
        key: 'cashier.billconfig',
        name: '开单设置',
        nameEn: 'Bill settings',
        icon: 'FileTextOutlined',
        url: '/admin/cashier/billconfig',
        ...viewEdit('cashier.billconfig'),
      },
      {
        key: 'cashier.third',
        name: '美团/抖音',
        nameEn: 'Meituan / Douyin',
        icon: 'ShopOutlined',
        url: '/admin/cashier/third',
        ...viewEdit('cashier.third'),
      },
    ],
  },
];

/** Head office's bill records of the till. */
cashierMenus.push({
  key: 'tillrecords',
  name: '收银记录',
  nameEn: 'Till records',
  icon: 'FileSearchOutlined',
  children: [
    {
      key: 'cashier.servicerecord',
      name: '服务单',
      nameEn: 'Service bills',
      icon: 'ProfileOutlined',
      url: '/admin/cashier/servicerecords',
      perm: 'cashier.servicerecord.view',
      actions: [
        { key: 'cashier.servicerecord.revoke', name: '撤单', nameEn: 'Revoke', perm: 'cashier.servicerecord.revoke' },
        { key: 'cashier.servicerecord.revise', name: '改单', nameEn: 'Revise staff', perm: 'cashier.servicerecord.revise' },
        { key: 'cashier.servicerecord.edit', name: '作废/删除', nameEn: 'Void, delete', perm: 'cashier.servicerecord.edit' },
      ],
    },
    {
      key: 'cashier.packagerecord',
      name: '套餐消费单',
      nameEn: 'Package bills',
      icon: 'GiftOutlined',
      url: '/admin/cashier/packagerecords',
      perm: 'cashier.packagerecord.view',
      actions: [
        { key: 'cashier.packagerecord.revoke', name: '撤单', nameEn: 'Revoke', perm: 'cashier.packagerecord.revoke' },
        { key: 'cashier.packagerecord.revise', name: '改单', nameEn: 'Revise staff', perm: 'cashier.packagerecord.revise' },
      ],
    },
    {
      key: 'cashier.cardrecord',
      name: '充值单',
      nameEn: 'Card bills',
      icon: 'CreditCardOutlined',
      url: '/admin/cashier/cardrecords',
      perm: 'cashier.cardrecord.view',
      actions: [
        { key: 'cashier.cardrecord.revoke', name: '撤单', nameEn: 'Revoke', perm: 'cashier.cardrecord.revoke' },
        { key: 'cashier.cardrecord.revise', name: '改单', nameEn: 'Revise staff', perm: 'cashier.cardrecord.revise' },
        { key: 'cashier.cardrecord.revokeMkt', name: '撤销活动', nameEn: 'Take back activity gift', perm: 'cashier.cardrecord.revokeMkt' },
        { key: 'cashier.cardrecord.link', name: '关联实体卡', nameEn: 'Link physical card', perm: 'cashier.cardrecord.link' },
      ],
    },
    billMenu(csadjBill, 'SwapOutlined'),
    {
      key: 'cashier.batchcard',
      name: '批量开卡',
      nameEn: 'Batch card opening',
      icon: 'IdcardOutlined',
      url: '/admin/cashier/batchcard',
      perm: 'cashier.batchcard.view',
      actions: [{ key: 'cashier.batchcard.open', name: '开卡', nameEn: 'Open cards', perm: 'cashier.batchcard.open' }],
    },
    {
      key: 'cashier.turnover',
      name: '营业额',
      nameEn: 'Turnover',
      icon: 'BarChartOutlined',
      url: '/admin/cashier/turnover',
      perm: 'cashier.turnover.view',
    },
    {
      key: 'cashier.prepaidorder',
      name: '预付订单',
      nameEn: 'Prepaid orders',
      icon: 'WalletOutlined',
      url: '/admin/cashier/prepaidorder',
      perm: 'cashier.prepaidorder.view',
      actions: [
        { key: 'cashier.prepaidorder.edit', name: '登记', nameEn: 'Record', perm: 'cashier.prepaidorder.edit' },
        { key: 'cashier.prepaidorder.refund', name: '退款', nameEn: 'Refund', perm: 'cashier.prepaidorder.refund' },
      ],
    },
    {
      key: 'cashier.prepaidadj',
      name: '预付订单调整',
      nameEn: 'Prepaid order moves',
      icon: 'SwapOutlined',
      url: '/admin/cashier/prepaidadj',
      perm: 'cashier.prepaidadj.view',
      actions: [{ key: 'cashier.prepaidadj.edit', name: '调整门店', nameEn: 'Move to a shop', perm: 'cashier.prepaidadj.edit' }],
    },
    {
      key: 'cashier.thirdorder',
      name: '平台券',
      nameEn: 'Platform vouchers',
      icon: 'TagsOutlined',
      url: '/admin/cashier/thirdorder',
      perm: 'cashier.thirdorder.view',
      actions: [{ key: 'cashier.thirdorder.refund', name: '美团退款', nameEn: 'Refund at Meituan', perm: 'cashier.thirdorder.refund' }],
    },
    {
      key: 'cashier.dgzhzjb',
      name: '对公账户资金表',
      nameEn: 'Corporate account funds',
      icon: 'BankOutlined',
      url: '/admin/cashier/dgzhzjb',
      perm: 'cashier.dgzhzjb.view',
    },
    {
      key: 'cashier.yltlstjb',
      name: '银联通流水统计表',
      nameEn: 'UnionPay QR flow',
      icon: 'LineChartOutlined',
      url: '/admin/cashier/yltlstjb',
      perm: 'cashier.yltlstjb.view',
    },
  ],
});

/** The cashier application's menu (the board's 收银 app). */
export const tillAppMenus: MenuDef[] = [
  {
    key: 'till.checkout',
    name: '收银台',
    nameEn: 'Checkout',
    icon: 'ShoppingCartOutlined',
    url: '/cashier',
    perm: 'till.checkout.view',
    actions: [{ key: 'till.checkout.edit', name: '开单/结账', nameEn: 'Open and settle bills', perm: 'till.checkout.edit' }],
  },
  {
    key: 'till.wheel',
    name: '轮牌',
    nameEn: 'Wheel',
    icon: 'SyncOutlined',
    url: '/cashier/wheel',
    perm: 'till.wheel.view',
    actions: [{ key: 'till.wheel.edit', name: '派客/临休/调牌', nameEn: 'Give customers, rests, moves', perm: 'till.wheel.edit' }],
  },
];
