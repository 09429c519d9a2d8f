import {
  billPage,
  cardRefundBill,
  reserveBalanceQuery,
  reserveBalanceRow,
  reserveLedgerQuery,
  reserveLedgerRow,
  reserveOneAnswer,
  reserveOneQuery,
} from '@headoffice/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { type BillSheet, registerBillImport } from '../../platform/bill-import.js';
import { offsetOf, orderBy, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { rentPaymentTypes } from './rent-payments.js';
import { reserveAdjustType, reserveBillTypes, reserveBook } from './reserve.js';
import { cardRefundBills, rentPayments, reserveBalances, reserveBills, reserveLedger, reserveTypes } from './schema.js';

// reservemoney: the balances per shop × reserve type (getShopReseveMoney), one balance
// (getReseveJe) and the ledger of a shop's reserve money with the bill behind each movement.

const VIEW = 'finance.reserve.balance.view';
const BASE = '/api-finance/reservemoney';
const reserveDocTypes = reserveBillTypes.map((t) => t.def.docType);
const rentDocTypes = rentPaymentTypes.map((t) => t.def.docType);

const balanceSortable = { money: reserveBalances.money, shopName: shops.name, reserveTypeName: reserveTypes.name };

/** The import of adjustments (saveSystem): each row a line (shop, reserve type, signed amount in yuan); all rows make one draft bill. */
const adjustmentImport: BillSheet<{ shopId: number; reserveTypeId: number; money: number; memo?: string | null }> = {
  name: ['预留款调整', 'Reserve adjustments'],
  columns: [
    { key: 'shopId', title: ['门店', 'Shop'], required: true, lookup: { table: shops, scope: (auth) => inVisibleShops(auth, shops.id) } },
    { key: 'reserveTypeId', title: ['预留款项目', 'Reserve type'], required: true, lookup: { table: reserveTypes } },
    { key: 'money', title: ['调整金额(元)', 'Change (yuan)'], required: true, example: '1000.00' },
    { key: 'memo', title: ['备注', 'Memo'] },
  ],
  schema: z.object({
    shopId: z.number().int().positive(),
    reserveTypeId: z.number().int().positive(),
    money: z.coerce
      .number()
      .refine((v) => v !== 0 && Math.abs(v) <= 100_000_000, '调整金额须为非 0 的金额')
      .transform((v) => Math.round(v * 100)),
    memo: z.string().nullish(),
  }),
  bills: (rows) => (rows.length ? [{ memo: '导入', lines: rows }] : []),
};

export function registerReserveMoney(app: FastifyInstance) {
  registerBillImport(app, reserveAdjustType, adjustmentImport);

  route(
    app,
    'GET',
    `${BASE}/getShopReseveMoney`,
    {
      summary: 'Reserve balances per shop × reserve type, paged (filters shopid, reserveTypeId)',
      perm: VIEW,
      query: reserveBalanceQuery,
      response: billPage(reserveBalanceRow),
    },
    async ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopid);
      const where: (SQL | undefined)[] = [inVisibleShops(auth, reserveBalances.shopId)];
      if (query.shopid) where.push(eq(reserveBalances.shopId, query.shopid));
      if (query.reserveTypeId) where.push(eq(reserveBalances.reserveTypeId, query.reserveTypeId));
      const condition = and(...where);
      return pageOf(
        tx,
        query,
        tx
          .select({
            id: sql<number>`${reserveBalances.shopId} * 1000000 + ${reserveBalances.reserveTypeId}`.mapWith(Number),
            shopId: reserveBalances.shopId,
            shopName: shops.name,
            reserveTypeId: reserveBalances.reserveTypeId,
            reserveTypeName: reserveTypes.name,
            money: reserveBalances.money,
            updatedAt: reserveBalances.updatedAt,
          })
          .from(reserveBalances)
          .innerJoin(shops, eq(shops.id, reserveBalances.shopId))
          .innerJoin(reserveTypes, eq(reserveTypes.id, reserveBalances.reserveTypeId))
          .where(condition)
          .orderBy(
            ...orderBy(
              query.sort,
              balanceSortable,
              [asc(shops.code), asc(reserveTypes.sort), asc(reserveTypes.id)],
              reserveBalances.shopId,
            ),
          )
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        () => tx.select({ shopId: reserveBalances.shopId }).from(reserveBalances).where(condition),
      );
    },
  );

  route(
    app,
    'GET',
    `${BASE}/getReseveJe`,
    {
      summary: 'One shop’s money in one reserve type (0 when nothing was ever posted)',
      perm: VIEW,
      query: reserveOneQuery,
      response: reserveOneAnswer,
    },
    async ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopid);
      const [money] = await reserveBook.balances(tx, [{ shopId: query.shopid, reserveTypeId: query.reserveTypeId }]);
      return { shopId: query.shopid, reserveTypeId: query.reserveTypeId, money };
    },
  );

  route(
    app,
    'GET',
    `${BASE}/ledger`,
    {
      summary: 'The movements of a shop’s reserve money, newest first, each with the balance after it and its bill',
      perm: VIEW,
      query: reserveLedgerQuery,
      response: billPage(reserveLedgerRow),
    },
    async ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopid);
      const condition = and(
        eq(reserveLedger.shopId, query.shopid),
        query.reserveTypeId ? eq(reserveLedger.reserveTypeId, query.reserveTypeId) : undefined,
      );
      const page = await pageOf(
        tx,
        query,
        tx
          .select({
            id: reserveLedger.id,
            shopId: reserveLedger.shopId,
            reserveTypeId: reserveLedger.reserveTypeId,
            reserveTypeName: reserveTypes.name,
            delta: reserveLedger.delta,
            balance: reserveLedger.balance,
            docType: reserveLedger.docType,
            billId: reserveLedger.billId,
            reserveBillNo: reserveBills.billNo,
            rentBillNo: rentPayments.billNo,
            refundBillNo: cardRefundBills.billNo,
            at: reserveLedger.at,
          })
          .from(reserveLedger)
          .innerJoin(reserveTypes, eq(reserveTypes.id, reserveLedger.reserveTypeId))
          .leftJoin(reserveBills, and(eq(reserveBills.id, reserveLedger.billId), inArray(reserveLedger.docType, reserveDocTypes)))
          .leftJoin(rentPayments, and(eq(rentPayments.id, reserveLedger.billId), inArray(reserveLedger.docType, rentDocTypes)))
          .leftJoin(cardRefundBills, and(eq(cardRefundBills.id, reserveLedger.billId), eq(reserveLedger.docType, cardRefundBill.docType)))
          .where(condition)
          .orderBy(desc(reserveLedger.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        () => tx.select({ id: reserveLedger.id }).from(reserveLedger).where(condition),
      );
      return {
        ...page,
        list: page.list.map(({ reserveBillNo, rentBillNo, refundBillNo, ...r }) => ({
          ...r,
          billNo: reserveBillNo ?? rentBillNo ?? refundBillNo ?? null,
        })),
      };
    },
  );
}
