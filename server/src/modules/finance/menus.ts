import {
  CHAIN_REPORT,
  cardRefundBill,
  coopBill,
  DAY_CLOSE,
  DAY_REPORT,
  djBill,
  djMonthBill,
  financeDictionaryRecords,
  landlordRecord,
  MONTH_LOSS,
  MONTH_SHEET,
  monthSheetColumnRecord,
  offlineRefundBill,
  PERIOD_CLOSE,
  RECONCILE,
  refundVisitBill,
  SHOP_TAKINGS,
  unionpayAccountRecord,
} from '@headoffice/contract';
import { billMenu, type MenuAction, type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';
import { fundsMenu } from './funds-menus.js';
import { reserveAndRentMenus } from './reserve-menus.js';

/** 退卡审批, with the right to require it of every refund. */
const cardRefundMenu = billMenu(cardRefundBill, 'RollbackOutlined');
cardRefundMenu.actions = [
  ...(cardRefundMenu.actions ?? []),
  { key: 'finance.cardtk.settings', name: '退卡须审批设置', nameEn: 'Require approval of refunds', perm: 'finance.cardtk.settings' },
];

/** 财务管理: closing the books (结账), the shops' finance settings, payee accounts, landlords and the finance dictionaries (财务字典). */
export const financeMenus: MenuDef[] = [
  {
    key: 'finance',
    name: '财务管理',
    nameEn: 'Finance',
    icon: 'AccountBookOutlined',
    children: [
      {
        key: 'finance.periodclose',
        name: PERIOD_CLOSE.label[0],
        nameEn: PERIOD_CLOSE.label[1],
        icon: 'LockOutlined',
        url: PERIOD_CLOSE.page,
        perm: PERIOD_CLOSE.perms.view,
        actions: (['close', 'reopen'] as const).map(
          (right): MenuAction => ({
            key: PERIOD_CLOSE.perms[right],
            name: PERIOD_CLOSE.rights[right][0],
            nameEn: PERIOD_CLOSE.rights[right][1],
            perm: PERIOD_CLOSE.perms[right],
          }),
        ),
      },
      {
        key: 'finance.shopext',
        name: '门店财务设置',
        nameEn: 'Shop finance settings',
        icon: 'ShopOutlined',
        url: '/admin/finance/shops',
        ...viewEdit('finance.shopext'),
      },
      {
        key: 'finance.ioaccount',
        name: '收款账户',
        nameEn: 'Payee accounts',
        icon: 'BankOutlined',
        url: '/admin/finance/payee-accounts',
        ...viewEdit('finance.ioaccount'),
      },
      recordMenu(landlordRecord, 'HomeOutlined'),
      fundsMenu,
      cardRefundMenu,
      billMenu(refundVisitBill, 'CustomerServiceOutlined'),
      {
        key: 'finance.cardtk.stats',
        name: '退卡统计',
        nameEn: 'Refund statistics',
        icon: 'BarChartOutlined',
        url: '/admin/finance/refund-stats',
        perm: 'finance.cardtk.view',
      },
      billMenu(offlineRefundBill, 'AuditOutlined'),
      {
        key: 'finance.dayreport',
        name: DAY_REPORT.label[0],
        nameEn: DAY_REPORT.label[1],
        icon: 'FileTextOutlined',
        url: DAY_REPORT.page,
        perm: DAY_REPORT.perm,
        // 日结 on the daily report page: seeing a day's state, closing it, reopening it.
        actions: [
          { key: SHOP_TAKINGS.perm, name: SHOP_TAKINGS.label[0], nameEn: SHOP_TAKINGS.label[1], perm: SHOP_TAKINGS.perm },
          { key: DAY_CLOSE.perms.view, name: '查看日结', nameEn: 'See the day close', perm: DAY_CLOSE.perms.view },
          ...(['close', 'reopen'] as const).map(
            (right): MenuAction => ({
              key: DAY_CLOSE.perms[right],
              name: DAY_CLOSE.rights[right][0],
              nameEn: DAY_CLOSE.rights[right][1],
              perm: DAY_CLOSE.perms[right],
            }),
          ),
        ],
      },
      {
        key: 'finance.chainreport',
        name: CHAIN_REPORT.label[0],
        nameEn: CHAIN_REPORT.label[1],
        icon: 'TableOutlined',
        url: CHAIN_REPORT.page,
        perm: CHAIN_REPORT.perm,
      },
      billMenu(djBill, 'AccountBookOutlined'),
      billMenu(djMonthBill, 'CalendarOutlined'),
      billMenu(coopBill, 'TeamOutlined'),
      {
        key: 'finance.financialdaily',
        name: RECONCILE.label[0],
        nameEn: RECONCILE.label[1],
        icon: 'ReconciliationOutlined',
        url: RECONCILE.page,
        perm: RECONCILE.perms.view,
        actions: (['edit', 'match'] as const).map(
          (right): MenuAction => ({
            key: RECONCILE.perms[right],
            name: RECONCILE.rights[right][0],
            nameEn: RECONCILE.rights[right][1],
            perm: RECONCILE.perms[right],
          }),
        ),
      },
      recordMenu(unionpayAccountRecord, 'PayCircleOutlined'),
      {
        key: 'finance.monthsheets',
        name: '月结表',
        nameEn: 'Month sheets',
        icon: 'TableOutlined',
        children: [
          recordMenu(monthSheetColumnRecord, 'SettingOutlined'),
          ...[MONTH_SHEET, MONTH_LOSS].map(
            (sheet): MenuDef => ({
              key: sheet.perms.view.replace(/\.view$/, ''),
              name: sheet.label[0],
              nameEn: sheet.label[1],
              icon: 'TableOutlined',
              url: sheet.page,
              perm: sheet.perms.view,
              actions: [{ key: sheet.perms.edit, name: '编辑与导入', nameEn: 'Edit and import', perm: sheet.perms.edit }],
            }),
          ),
        ],
      },
      {
        key: 'finance.dict',
        name: '财务字典',
        nameEn: 'Finance dictionaries',
        icon: 'BookOutlined',
        children: financeDictionaryRecords.map((record) => recordMenu(record)),
      },
      ...reserveAndRentMenus,
    ],
  },
];
