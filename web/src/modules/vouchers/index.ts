import { lazyPage, type PageDef } from '../../platform/pages';

/** Platform vouchers, prepaid order moves and the UnionPay reports (menu 收银记录). */
export const vouchersPages: PageDef[] = [
  { path: '/admin/cashier/thirdorder', title: 'vouchers.menu.vouchers', component: lazyPage(() => import('./VouchersPage')) },
  { path: '/admin/cashier/prepaidadj', title: 'vouchers.menu.prepaidAdj', component: lazyPage(() => import('./PrepaidAdjPage')) },
  { path: '/admin/cashier/dgzhzjb', title: 'vouchers.menu.dgzhzjb', component: lazyPage(() => import('./DgzhzjbPage')) },
  { path: '/admin/cashier/yltlstjb', title: 'vouchers.menu.yltlstjb', component: lazyPage(() => import('./YltlstjbPage')) },
];
export { vouchersEn, vouchersZh } from './locale';
