import {
  EXPENSE_API,
  fundAdjustment,
  fundAdjustmentRevoke,
  fundAdjustmentRow,
  fundAdjustmentSave,
  fundPositions,
  fundPositionsQuery,
  fundRecordRow,
  fundRecords,
  fundRecordsQuery,
  type PettyCashPosition,
} from '@headoffice/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { nextNumber, tenantToday } from '../../platform/numbering.js';
import { coverWriteWithLocks, refuseLocked } from '../../platform/period-locks.js';
import { route } from '../../platform/route.js';
import { loadShop, shops } from '../org/public.js';
import { fundAdjustments, fundBills, fundRedeposits, shopIoBills, shopPettyCash } from './schema.js';

// The petty-cash ledger (fundrecords, DOMAIN-DETAIL §9.2): the one definition of a shop's petty-cash
// movements — reviewed requests in, the shop's expense bills and reviewed redeposits out, manual
// adjustments either way — from which the ledger, every shop's position and the balance a request
// form shows are all read; and the adjustments themselves (append-only, revoked by an opposite entry).

defineMessages({
  fundAdjustmentRevoked: ['调整 {entry} 已被冲销', 'The adjustment {entry} is already revoked'],
  fundAdjustmentIsRevocation: ['{entry} 是冲销记录，不能再冲销', '{entry} revokes another entry and cannot be revoked itself'],
});

definedEntityLabels.set('fundrecords', fundAdjustment.label);
coverWriteWithLocks('finance.fundAdjustment', fundAdjustment.label, fundAdjustment.locks);

const VIEW = 'finance.fundbill.view';
const LEDGER_ROWS = 500;

/** Which shops' movements: one shop, the shops the user sees, or both narrowed. */
interface ShopScope {
  auth?: Auth;
  shopId?: number;
}
const shopWhere = (scope: ShopScope, column: PgColumn): SQL =>
  and(scope.shopId ? eq(column, scope.shopId) : undefined, scope.auth ? inVisibleShops(scope.auth, column) : undefined) ?? sql`true`;

/**
 * Every petty-cash movement of the shops in scope, one row each: `shop_id, date, kind, bill_no,
 * amount` (signed: in > 0, out < 0), `id`, `reason` and `revocable` (adjustments only).
 */
function movements(scope: ShopScope): SQL {
  return sql`
    select ${fundBills.shopId} as shop_id, ${fundBills.billDate}::text as date, 'request' as kind, ${fundBills.billNo} as bill_no,
           ${fundBills.amount}::bigint as amount, ${fundBills.id} as id, null::text as reason, false as revocable
      from ${fundBills} where ${fundBills.state} = 'reviewed' and ${shopWhere(scope, fundBills.shopId)}
    union all
    select ${shopIoBills.shopId}, ${shopIoBills.billDate}::text, 'expense', ${shopIoBills.billNo}, -${shopIoBills.total}::bigint,
           ${shopIoBills.id}, null, false
      from ${shopIoBills} where ${shopIoBills.type} = 2 and ${shopIoBills.isHc} = 0 and ${shopWhere(scope, shopIoBills.shopId)}
    union all
    select ${fundRedeposits.shopId}, ${fundRedeposits.billDate}::text, 'redeposit', ${fundRedeposits.billNo}, -${fundRedeposits.amount}::bigint,
           ${fundRedeposits.id}, null, false
      from ${fundRedeposits} where ${fundRedeposits.state} = 'reviewed' and ${shopWhere(scope, fundRedeposits.shopId)}
    union all
    select ${fundAdjustments.shopId}, ${fundAdjustments.entryDate}::text, 'adjustment', ${fundAdjustments.entryNo}, ${fundAdjustments.amount}::bigint,
           ${fundAdjustments.id}, ${fundAdjustments.reason},
           ${fundAdjustments.revokesId} is null and not exists (select 1 from ${fundAdjustments} r where r.revokes_id = ${fundAdjustments.id})
      from ${fundAdjustments} where ${shopWhere(scope, fundAdjustments.shopId)}`;
}

type Rows = { rows: Record<string, unknown>[] };
const num = (v: unknown) => Number(v ?? 0);

/** Every shop in scope with its float and movements summed by kind: the position, balance included. */
export async function pettyCashPositions(tx: Db, scope: ShopScope) {
  const result = (await tx.execute(sql`
    select ${shops.id} as shop_id, ${shops.code} as code, ${shops.name} as name, coalesce(pc.float, 0) as float,
           coalesce(sum(m.amount) filter (where m.kind = 'request'), 0) as paid,
           coalesce(-sum(m.amount) filter (where m.kind = 'expense'), 0) as spent,
           coalesce(-sum(m.amount) filter (where m.kind = 'redeposit'), 0) as redeposited,
           coalesce(sum(m.amount) filter (where m.kind = 'adjustment'), 0) as adjusted,
           coalesce(pc.float, 0) + coalesce(sum(m.amount), 0) as balance
      from ${shops}
      left join ${shopPettyCash} pc on pc.shop_id = ${shops.id}
      left join (${movements(scope)}) m on m.shop_id = ${shops.id}
     where ${shopWhere(scope, shops.id)}
     group by ${shops.id}, ${shops.code}, ${shops.name}, pc.float
     order by ${shops.code}, ${shops.id}`)) as unknown as Rows;
  return result.rows.map((r) => ({
    shopId: num(r.shop_id),
    shopCode: String(r.code),
    shopName: String(r.name),
    float: num(r.float),
    paid: num(r.paid),
    spent: num(r.spent),
    redeposited: num(r.redeposited),
    adjusted: num(r.adjusted),
    balance: num(r.balance),
  }));
}

/** One shop's position (the figure the request form shows); 404 for a shop that is not there. */
export async function pettyCashPositionOf(tx: Db, shopId: number): Promise<PettyCashPosition> {
  const [row] = await pettyCashPositions(tx, { shopId });
  if (!row) throw notFound();
  const { shopId: _id, shopCode: _code, shopName: _name, ...position } = row;
  return position;
}

/** The ledger of a shop: its movements with the balance running from the float, the newest 500 shown. */
async function ledgerOf(tx: Db, shopId: number): Promise<z.infer<typeof fundRecords>> {
  const [setting] = await tx.select({ float: shopPettyCash.float }).from(shopPettyCash).where(eq(shopPettyCash.shopId, shopId));
  const float = setting?.float ?? 0;
  const result = (await tx.execute(sql`
    select id, date, kind, bill_no, amount, reason, revocable,
           (${float} + sum(amount) over (order by date, kind, id))::bigint as balance
      from (${movements({ shopId })}) m
     order by date desc, kind desc, id desc
     limit ${LEDGER_ROWS}`)) as unknown as Rows;
  const rows = result.rows.map((r) =>
    fundRecordRow.parse({
      id: num(r.id),
      date: r.date,
      kind: r.kind,
      billNo: r.bill_no,
      amount: num(r.amount),
      balance: num(r.balance),
      reason: r.reason ?? null,
      revocable: r.revocable === true,
    }),
  );
  return { float, balance: rows[0]?.balance ?? float, rows };
}

async function adjustmentRow(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: fundAdjustments.id,
      entryNo: fundAdjustments.entryNo,
      shopId: fundAdjustments.shopId,
      shopName: shops.name,
      date: fundAdjustments.entryDate,
      amount: fundAdjustments.amount,
      reason: fundAdjustments.reason,
      revokesId: fundAdjustments.revokesId,
      createdByName: fundAdjustments.createdByName,
      createdAt: fundAdjustments.createdAt,
    })
    .from(fundAdjustments)
    .innerJoin(shops, eq(shops.id, fundAdjustments.shopId))
    .where(eq(fundAdjustments.id, id));
  return { ...row, balance: (await pettyCashPositionOf(tx, row.shopId)).balance };
}

/** Writes an entry dated `date` (today when left out), refused in a period a lock of petty cash holds. */
async function addEntry(tx: Db, auth: Auth, entry: { shopId: number; date?: string; amount: number; reason: string; revokesId?: number }) {
  const date = entry.date ?? (await tenantToday(tx, auth.tenantId));
  await refuseLocked(tx, fundAdjustment.locks, entry.shopId, date);
  const [created] = await tx
    .insert(fundAdjustments)
    .values({
      tenantId: auth.tenantId,
      entryNo: await nextNumber(tx, auth.tenantId, 'BYT', date),
      shopId: entry.shopId,
      entryDate: date,
      amount: entry.amount,
      reason: entry.reason,
      revokesId: entry.revokesId ?? null,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: fundAdjustments.id });
  return adjustmentRow(tx, created.id);
}

/** Revokes an entry once: the entry of the opposite amount; the original stays as it was. */
async function revoke(tx: Db, auth: Auth, body: z.output<typeof fundAdjustmentRevoke>) {
  const [original] = await tx
    .select()
    .from(fundAdjustments)
    .where(and(eq(fundAdjustments.id, body.id), inVisibleShops(auth, fundAdjustments.shopId)))
    .for('update');
  if (!original) throw notFound();
  if (original.revokesId !== null) throw new AppError(409, 'fundAdjustmentIsRevocation', { entry: original.entryNo });
  const [done] = await tx.select({ id: fundAdjustments.id }).from(fundAdjustments).where(eq(fundAdjustments.revokesId, original.id));
  if (done) throw new AppError(409, 'fundAdjustmentRevoked', { entry: original.entryNo });
  return addEntry(tx, auth, {
    shopId: original.shopId,
    date: body.date,
    amount: -original.amount,
    reason: body.reason,
    revokesId: original.id,
  });
}

export function registerFundRecords(app: FastifyInstance) {
  route(
    app,
    'GET',
    EXPENSE_API.fundRecords,
    {
      summary: "A shop's petty-cash ledger: the float, then every movement with the running balance (newest 500)",
      perm: VIEW,
      query: fundRecordsQuery,
      response: fundRecords,
    },
    ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopId);
      return ledgerOf(tx, query.shopId);
    },
  );
  route(
    app,
    'GET',
    EXPENSE_API.fundPositions,
    {
      summary: 'Every shop the user sees with its petty-cash position (float, in, out, adjustments, balance), and the totals',
      perm: VIEW,
      query: fundPositionsQuery,
      response: fundPositions,
    },
    async ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopId);
      const rows = await pettyCashPositions(tx, { auth, shopId: query.shopId });
      const keys = ['float', 'paid', 'spent', 'redeposited', 'adjusted', 'balance'] as const;
      const total = Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as PettyCashPosition;
      return { rows, total };
    },
  );
  route(
    app,
    'POST',
    EXPENSE_API.fundAdjustmentSave,
    {
      summary:
        'Add a manual petty-cash ledger entry (signed cents, not 0, with a reason); refused on a locked fund day or month. Never edited: revoke it instead',
      perm: fundAdjustment.perm,
      body: fundAdjustmentSave,
      entity: 'fundrecords',
      idempotent: 'optional',
      moves: { what: ['money'], locks: fundAdjustment.locks, on: "the entry's date, its shop" },
      response: fundAdjustmentRow,
    },
    async ({ tx, auth, body }) => {
      await loadShop(tx, auth, body.shopId);
      return addEntry(tx, auth, body);
    },
  );
  route(
    app,
    'POST',
    EXPENSE_API.fundAdjustmentRevoke,
    {
      summary: 'Revoke a manual petty-cash entry by an entry of the opposite amount (once; a revocation is not revoked)',
      perm: fundAdjustment.perm,
      body: fundAdjustmentRevoke,
      entity: 'fundrecords',
      idempotent: 'optional',
      moves: { what: ['money'], locks: fundAdjustment.locks, on: "the revocation's date, the entry's shop" },
      response: fundAdjustmentRow,
    },
    ({ tx, auth, body }) => revoke(tx, auth, body),
  );
}
