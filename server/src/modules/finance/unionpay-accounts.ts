import { shopCodeAccountBody, UNIONPAY_ACCOUNT_API, unionpayAccountRecord, unionQrAnswer, unionQrBody } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { findRecord, linkedNames, registerRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { loadShop, shops } from '../org/public.js';
import { unionpayAccounts } from './schema.js';

// 银联商户账户 (uplshopaccount, §9.9) on the record pattern, one per shop (a user limited to some shops sees and
// saves only theirs); getUnionQr answers the content of the shop's C扫B collection QR, getShopcodeAccountShow
// the account of a shop named by its code (the form fills itself when a shop code is typed).

defineMessages({
  unionpayNoAccount: ['门店「{shop}」还没有银联商户账户', 'The shop "{shop}" has no UnionPay merchant account yet'],
  unionpayNoCb: [
    '门店「{shop}」的对私C扫B商户号或终端号未填写',
    'The private C-scans-B merchant or terminal number of "{shop}" is not set',
  ],
});
defineLabels({ unionpay_accounts: ['银联商户账户', 'UnionPay merchant accounts'] });

const view = `${unionpayAccountRecord.perm}.view`;

export const unionpayAccountDef = serveRecord(unionpayAccountRecord, {
  table: unionpayAccounts,
  shopField: 'shopId',
  decorate: linkedNames(shops, 'shopId', 'shopName'),
  lookups: { shopId: { table: shops, scope: (auth: Auth) => inVisibleShops(auth, shops.id) } },
});

/**
 * The content of a shop's C扫B collection QR: the private C扫B merchant and terminal numbers and the shop's code
 * as a `upqr://` address the page draws as a QR code (the original had UnionPay issue it; docs/DECISIONS.md).
 */
export function unionQrContent(account: { cbMerchantCode: string | null; cbTerminalCode: string | null }, shopCode: string) {
  const q = new URLSearchParams({ mid: account.cbMerchantCode ?? '', tid: account.cbTerminalCode ?? '', shop: shopCode });
  return `upqr://collect?${q}`;
}

export function registerUnionpayAccounts(app: FastifyInstance) {
  registerRecord(app, unionpayAccountDef);
  route(
    app,
    'POST',
    UNIONPAY_ACCOUNT_API.qr,
    {
      summary: "UnionPay accounts: the content of a shop's C扫B collection QR (resultCode 0000, qrcode)",
      description:
        'shopid; 404 for a shop the caller may not see or of another tenant, 409 when the shop has no account or no private C扫B numbers.',
      perm: view,
      body: unionQrBody,
      response: unionQrAnswer,
      read: true,
      entity: unionpayAccountRecord.resource,
    },
    async ({ tx, auth, body }) => {
      const shop = await loadShop(tx, auth, body.shopid);
      const [account] = await tx.select().from(unionpayAccounts).where(eq(unionpayAccounts.shopId, shop.id));
      if (!account) throw new AppError(409, 'unionpayNoAccount', { shop: shop.name });
      if (!account.cbMerchantCode || !account.cbTerminalCode) throw new AppError(409, 'unionpayNoCb', { shop: shop.name });
      return { resultCode: '0000', resultMsg: 'OK', qrcode: unionQrContent(account, shop.code) };
    },
  );
  route(
    app,
    'POST',
    UNIONPAY_ACCOUNT_API.byShopCode,
    {
      summary: 'UnionPay accounts: the account of a shop named by its code, or null when it has none',
      description: 'shopcode; 404 for a code no shop the caller may see has.',
      perm: view,
      body: shopCodeAccountBody,
      read: true,
      entity: unionpayAccountRecord.resource,
    },
    async ({ tx, auth, body }) => {
      const [shop] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.code, body.shopcode), inVisibleShops(auth, shops.id)));
      if (!shop) throw notFound();
      const [account] = await tx.select({ id: unionpayAccounts.id }).from(unionpayAccounts).where(eq(unionpayAccounts.shopId, shop.id));
      return account ? findRecord(tx, unionpayAccountDef, account.id, auth) : null;
    },
  );
}
