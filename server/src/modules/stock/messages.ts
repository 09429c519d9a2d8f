import { defineLabels, defineMessages } from '../../platform/i18n.js';

export const stockMessages = defineMessages({
  emptyBill: ['单据还没有产品明细', 'The bill has no product lines yet'],
  emptyOrder: ['订货单还没有产品', 'The order has no products yet'],
  reasonNotEntry: ['请选择入库类型', 'Choose a stock-in reason'],
  reasonNotOut: ['请选择出库类型', 'Choose a stock-out reason'],
  reasonSystem: [
    '「{reason}」的单据由系统生成（调拨出库审核、订货审核或收货时），不能手工开单',
    'Bills of reason "{reason}" are made by the system (a transfer out, an order sent or received), not by hand',
  ],
  transferTarget: ['调拨出库请选择调入门店或总部仓库', 'Choose the shop (or the head-office warehouse) that receives the transfer'],
  transferSame: ['调出和调入不能是同一地点', 'A transfer must go to another location'],
  orderBillRevoke: ['该单据由订货单 {billNo} 生成，不能单独撤销', 'This bill was made by order {billNo} and cannot be revoked on its own'],
  orderMobileOff: ['总部未开放手机订货，请在电脑上操作', 'Head office does not take orders from the mobile app; please use a computer'],
});

defineLabels({
  product: ['产品', 'Product'],
  stock_reason: ['出入库类型', 'Reason'],
  counterpart_shop: ['调入门店', 'Receiving shop'],
  bill_no: ['单号', 'Bill number'],
  stock_bills: ['出入库单', 'stock bills'],
  stock_bill_lines: ['出入库单明细', 'stock bill lines'],
  stock_reasons: ['出入库类型', 'stock reasons'],
  product_orders: ['订货单', 'product orders'],
  product_order_lines: ['订货单明细', 'product order lines'],
});
