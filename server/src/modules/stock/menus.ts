import { productOrderBill, stockEntryBill, stockOutBill, stockReasonRecord } from '@headoffice/contract';
import { billMenu, type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

const action = (perm: string, name: string, nameEn: string) => ({ key: perm, name, nameEn, perm });

/**
 * 库存管理. Bill pages: view, edit (save drafts and lines), audit (also reject), revoke. Users limited to
 * some shops see the head-office warehouse only with `stock.warehouse`. The approvals inbox page
 * (`inbox.view`) only shows the menu entry: the inbox routes are open to every signed-in user and list
 * what that user's other permissions allow, so grant `inbox.view` with any role that approves bills.
 */
export const stockMenus: MenuDef[] = [
  {
    key: 'stock',
    name: '库存管理',
    nameEn: 'Stock',
    icon: 'DatabaseOutlined',
    children: [
      {
        key: 'inbox',
        name: '待办审批',
        nameEn: 'Approvals',
        icon: 'AuditOutlined',
        url: '/admin/inbox',
        perm: 'inbox.view',
      },
      billMenu(stockEntryBill, 'ContainerOutlined'),
      billMenu(stockOutBill, 'ReconciliationOutlined'),
      {
        key: 'stock.balance',
        name: '库存余额',
        nameEn: 'Stock balances',
        icon: 'BarChartOutlined',
        url: '/admin/stock/balances',
        perm: 'stock.balance.view',
        actions: [action('stock.warehouse', '总部仓库', 'Head-office warehouse')],
      },
      billMenu(productOrderBill, 'ShoppingCartOutlined'),
      recordMenu(stockReasonRecord, 'TagsOutlined'),
      {
        key: 'stock.config',
        name: '库存设置',
        nameEn: 'Stock settings',
        icon: 'SettingOutlined',
        url: '/admin/stock/config',
        ...viewEdit('stock.config'),
      },
    ],
  },
];
