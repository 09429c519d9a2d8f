import { packageExtensionBill } from '@headoffice/contract';
import { billMenu, type MenuDef, viewEdit } from '../../platform/menus.js';

const action = (perm: string, name: string, nameEn: string) => ({ key: perm, name, nameEn, perm });

/**
 * 会员资产 Member assets: member cards and their money (open, recharge, pay, adjust, revoke,
 * transfer), the card ledger, and the SMS outbox.
 */
export const assetsMenus: MenuDef[] = [
  {
    key: 'assets',
    name: '会员资产',
    nameEn: 'Member assets',
    icon: 'WalletOutlined',
    children: [
      {
        key: 'assets.card',
        name: '会员卡',
        nameEn: 'Member cards',
        icon: 'CreditCardOutlined',
        url: '/admin/assets/cards',
        perm: 'assets.card.view',
        actions: [
          action('assets.card.open', '开卡', 'Open a card'),
          action('assets.card.recharge', '充值', 'Recharge'),
          action('assets.card.consume', '卡支付', 'Pay with a card'),
          action('assets.card.adjust', '余额调整', 'Adjust balances'),
          action('assets.card.revoke', '撤单', 'Revoke'),
          action('assets.card.transfer', '转卡', 'Transfer a card'),
          action('assets.card.bind', '实体卡关联', 'Bind physical cards'),
          action('assets.member.cancel', '注销/恢复会员', 'Cancel, restore members'),
          action('assets.coupon.view', '查看优惠券/红包', 'See coupons, red envelopes'),
          action('assets.coupon.issue', '发放优惠券/红包', 'Issue coupons, red envelopes'),
          action('assets.coupon.withdraw', '收回优惠券/红包', 'Withdraw coupons, red envelopes'),
        ],
      },
      {
        key: 'assets.record',
        name: '卡金流水',
        nameEn: 'Card ledger',
        icon: 'OrderedListOutlined',
        url: '/admin/assets/records',
        perm: 'assets.card.view',
      },
      {
        key: 'assets.settlement',
        name: '跨店结算',
        nameEn: 'Cross-shop settlement',
        icon: 'SwapOutlined',
        url: '/admin/assets/settlement',
        perm: 'assets.card.view',
      },
      {
        key: 'assets.refund',
        name: '会员退款',
        nameEn: 'Member refunds',
        icon: 'RollbackOutlined',
        url: '/admin/assets/refunds',
        ...viewEdit('assets.refund'),
      },
      {
        key: 'assets.package',
        name: '会员套餐',
        nameEn: 'Member packages',
        icon: 'GiftOutlined',
        url: '/admin/assets/packages',
        perm: 'assets.package.view',
        actions: [
          action('assets.package.sell', '售套餐', 'Sell packages'),
          action('assets.package.consume', '使用套餐', 'Use packages'),
          action('assets.package.revoke', '套餐撤单', 'Revoke package bills'),
        ],
      },
      billMenu(packageExtensionBill, 'CalendarOutlined'),
      {
        key: 'assets.deposit',
        name: '寄存产品',
        nameEn: 'Deposited products',
        icon: 'InboxOutlined',
        url: '/admin/assets/deposits',
        ...viewEdit('assets.deposit'),
      },
      {
        key: 'assets.sms',
        name: '短信发件箱',
        nameEn: 'SMS outbox',
        icon: 'MessageOutlined',
        url: '/admin/assets/sms',
        perm: 'assets.sms.view',
        actions: [action('assets.sms.code', '发送验证码', 'Send verification codes')],
      },
    ],
  },
];
