import { stockReasonRecord } from '@headoffice/contract';
import { type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

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
      {
        key: 'stock.entry',
        name: '入库单',
        nameEn: 'Stock entries',
        icon: 'ContainerOutlined',
        url: '/admin/stock/entries',
        ...viewEdit('stock.entry', [
          action('stock.entry.audit', '审核/驳回', 'Audit, reject'),
          action('stock.entry.revoke', '撤销', 'Revoke'),
        ]),
      },
      {
        key: 'stock.out',
        name: '出库单',
        nameEn: 'Stock outs',
        icon: 'ReconciliationOutlined',
        url: '/admin/stock/outs',
        ...viewEdit('stock.out', [action('stock.out.audit', '审核/驳回', 'Audit, reject'), action('stock.out.revoke', '撤销', 'Revoke')]),
      },
      {
        key: 'stock.balance',
        name: '库存余额',
        nameEn: 'Stock balances',
        icon: 'BarChartOutlined',
        url: '/admin/stock/balances',
        perm: 'stock.balance.view',
        actions: [action('stock.warehouse', '总部仓库', 'Head-office warehouse')],
      },
      {
        key: 'stock.order',
        name: '订货单',
        nameEn: 'Product orders',
        icon: 'ShoppingCartOutlined',
        url: '/admin/stock/orders',
        ...viewEdit('stock.order', [
          action('stock.order.submit', '提交', 'Submit'),
          action('stock.order.audit', '审核/驳回', 'Audit, reject'),
          action('stock.order.receive', '确认收货', 'Confirm receipt'),
        ]),
      },
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
