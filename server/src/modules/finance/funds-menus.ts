import { expenseLimitBill, fundAdjustment, fundBill, fundRedepositBill, fundTravelRecord } from '@headoffice/contract';
import { billMenu, type MenuAction, type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

const action = (perm: string, name: string, nameEn: string): MenuAction => ({ key: perm, name, nameEn, perm });

/** 备用金: petty-cash requests (shops apply, departments approve, finance reviews and pays out) and the locks over them. */
export const fundsMenu: MenuDef = {
  key: 'finance.funds',
  name: '备用金',
  nameEn: 'Petty cash',
  icon: 'WalletOutlined',
  children: [
    // Beside its steps, the right to approve the requests of every department (全部门审批, the definition's).
    billMenu(fundBill, 'FileTextOutlined'),
    billMenu(fundRedepositBill, 'RollbackOutlined'),
    billMenu(expenseLimitBill, 'ControlOutlined'),
    // Pages granted as menus of their own; what they read needs the requests' right (budgets are set
    // with the spending-limit right): no second menu row carries `finance.fundbill.view`.
    {
      key: 'finance.budgets',
      name: '支出预算',
      nameEn: 'Expense budgets',
      icon: 'FundOutlined',
      url: '/admin/finance/budgets',
    },
    {
      key: 'finance.limits',
      name: '门店支出限额',
      nameEn: 'Shop expense limits',
      icon: 'BarChartOutlined',
      url: '/admin/finance/limits',
    },
    {
      key: 'finance.fundrecords',
      name: '备用金台账',
      nameEn: 'Petty-cash ledger',
      icon: 'BookOutlined',
      url: '/admin/finance/fund-records',
      actions: [action(fundAdjustment.perm, '台账调整', 'Adjust the ledger')],
    },
    recordMenu(fundTravelRecord, 'ScheduleOutlined'),
    {
      key: 'finance.fundlock',
      name: '备用金锁定日',
      nameEn: 'Petty-cash lock days',
      icon: 'LockOutlined',
      url: '/admin/finance/fund-locks',
      ...viewEdit('finance.fundlock', [action('finance.fundlock.unlock', '解锁', 'Unlock')]),
    },
    {
      key: 'finance.monthlock',
      name: '月锁',
      nameEn: 'Month locks',
      icon: 'CalendarOutlined',
      url: '/admin/finance/month-locks',
      ...viewEdit('finance.monthlock', [action('finance.monthlock.unlock', '解锁', 'Unlock')]),
    },
  ],
};
