import type { DepositRow, depositSaveBody, depositTakeoutBody } from '@headoffice/contract';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { products } from '../catalog/public.js';
import { users } from '../identity/public.js';
import { members } from '../members/public.js';
import { shops } from '../org/public.js';
import { assertMemberVisible, assertShop } from './assets.js';
import type { Actor } from './card-money.js';
import './packages-messages.js';
import { depositMovements, deposits } from './schema.js';

/**
 * Deposited products (寄存): what a member bought and left at a shop. The count left (`remaining`,
 * checknum) only goes down, by a take-out at the keeping shop or a refund, each a `deposit_movements`
 * row; `remaining = total − Σ movements` always, and the database refuses it below zero.
 */

/** Records a deposit (the till after a sale, or head office entering an old one). */
export async function saveDeposit(tx: Db, auth: Auth, actor: Actor, input: z.output<typeof depositSaveBody>) {
  assertShop(auth, input.shopId);
  await assertMemberVisible(tx, auth, input.memberId);
  if (!input.productId && !(input.pcode && input.pname)) throw fieldError('productId', 'depositProduct');
  const [member] = await tx.select({ status: members.status }).from(members).where(eq(members.id, input.memberId));
  if (member.status === 3) throw conflict('cardMemberCancelled');
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId));
  if (!shop) throw notFound();
  let code = input.pcode;
  let name = input.pname;
  if (input.productId) {
    const [p] = await tx.select({ code: products.pcode, name: products.name }).from(products).where(eq(products.id, input.productId));
    if (!p) throw notFound();
    code = p.code;
    name = p.name;
  }
  const [row] = await tx
    .insert(deposits)
    .values({
      tenantId: actor.tenantId,
      memberId: input.memberId,
      shopId: input.shopId,
      productId: input.productId ?? null,
      productCode: code as string,
      productName: name as string,
      total: input.total,
      remaining: input.total,
      price: input.price,
      source: input.source,
      sourceBillNo: input.billcode ?? null,
      memo: input.memo ?? null,
      createdBy: actor.userId,
    })
    .returning({ id: deposits.id });
  return depositOf(tx, row.id);
}

/**
 * Takes units out of a deposit (or refunds them): one conditional decrement, so two at once can never
 * take more than is left (409 naming what is left).
 */
export async function takeFromDeposit(
  tx: Db,
  actor: Actor,
  input: { depositId: number; shopId: number; num: number; kind: 'takeout' | 'refund'; refundId?: number; memo?: string | null },
) {
  const [done] = await tx
    .update(deposits)
    .set({ remaining: sql`${deposits.remaining} - ${input.num}`, updatedAt: sql`now()` })
    .where(and(eq(deposits.id, input.depositId), gte(deposits.remaining, input.num)))
    .returning({ remaining: deposits.remaining });
  if (!done) {
    const [now] = await tx.select({ remaining: deposits.remaining }).from(deposits).where(eq(deposits.id, input.depositId));
    if (!now) throw notFound();
    throw conflict('depositShort', { available: now.remaining, needed: input.num });
  }
  await tx.insert(depositMovements).values({
    tenantId: actor.tenantId,
    depositId: input.depositId,
    kind: input.kind,
    num: input.num,
    shopId: input.shopId,
    refundId: input.refundId ?? null,
    memo: input.memo ?? null,
    createdBy: actor.userId,
  });
  return done.remaining;
}

/** Puts back units a refund took (the refund revoked): a movement of the units with a minus, so that `remaining = total − Σ movements` still holds. */
export async function returnToDeposit(tx: Db, actor: Actor, input: { depositId: number; num: number; refundId: number; memo: string }) {
  const [d] = await tx
    .update(deposits)
    .set({ remaining: sql`${deposits.remaining} + ${input.num}`, updatedAt: sql`now()` })
    .where(eq(deposits.id, input.depositId))
    .returning({ shopId: deposits.shopId });
  await tx.insert(depositMovements).values({
    tenantId: actor.tenantId,
    depositId: input.depositId,
    kind: 'refund',
    num: -input.num,
    shopId: d.shopId,
    refundId: input.refundId,
    memo: input.memo,
    createdBy: actor.userId,
  });
}

/** A take-out at the shop that keeps the product; refused for a frozen or cancelled member. */
export async function takeOut(tx: Db, auth: Auth, actor: Actor, input: z.output<typeof depositTakeoutBody>) {
  assertShop(auth, input.shopId);
  const [d] = await tx
    .select({ memberId: deposits.memberId, shopId: deposits.shopId, status: members.status })
    .from(deposits)
    .innerJoin(members, eq(members.id, deposits.memberId))
    .where(eq(deposits.id, input.depositId))
    .for('update', { of: deposits });
  if (!d) throw notFound();
  await assertMemberVisible(tx, auth, d.memberId);
  if (d.status === 3) throw conflict('cardMemberCancelled');
  if (d.status === 2) throw conflict('packageMemberFrozen');
  if (d.shopId !== input.shopId) throw conflict('depositOtherShop');
  await takeFromDeposit(tx, actor, { ...input, kind: 'takeout' });
  return depositOf(tx, input.depositId);
}

const depositColumns = {
  id: deposits.id,
  memberId: deposits.memberId,
  shopId: deposits.shopId,
  shopName: shops.name,
  productId: deposits.productId,
  pcode: deposits.productCode,
  pname: deposits.productName,
  total: deposits.total,
  checknum: deposits.remaining,
  price: deposits.price,
  source: deposits.source,
  billcode: deposits.sourceBillNo,
  memo: deposits.memo,
  createdAt: deposits.createdAt,
};
type RawDeposit = { price: number | string; createdAt: Date | string; source: string } & Record<string, unknown>;
const shapeDeposit = (r: RawDeposit) =>
  ({ ...r, price: Number(r.price), createdAt: new Date(r.createdAt).toISOString() }) as unknown as DepositRow;

async function depositOf(tx: Db, id: number): Promise<DepositRow> {
  const [row] = await tx.select(depositColumns).from(deposits).innerJoin(shops, eq(shops.id, deposits.shopId)).where(eq(deposits.id, id));
  if (!row) throw notFound();
  return shapeDeposit(row);
}

/** A member's deposited products, oldest first. */
export async function depositsOf(tx: Db, auth: Auth, memberId: number): Promise<DepositRow[]> {
  await assertMemberVisible(tx, auth, memberId);
  const rows = await tx
    .select(depositColumns)
    .from(deposits)
    .innerJoin(shops, eq(shops.id, deposits.shopId))
    .where(eq(deposits.memberId, memberId))
    .orderBy(asc(deposits.id));
  return rows.map(shapeDeposit);
}

/** A deposit's take-outs and refunds, newest first. */
export async function depositMovementsOf(tx: Db, auth: Auth, depositId: number) {
  const [d] = await tx.select({ memberId: deposits.memberId }).from(deposits).where(eq(deposits.id, depositId));
  if (!d) throw notFound();
  await assertMemberVisible(tx, auth, d.memberId);
  const rows = await tx
    .select({
      id: depositMovements.id,
      depositId: depositMovements.depositId,
      kind: depositMovements.kind,
      num: depositMovements.num,
      shopId: depositMovements.shopId,
      shopName: shops.name,
      memo: depositMovements.memo,
      createdAt: depositMovements.createdAt,
      by: users.name,
    })
    .from(depositMovements)
    .innerJoin(shops, eq(shops.id, depositMovements.shopId))
    .leftJoin(users, eq(users.id, depositMovements.createdBy))
    .where(eq(depositMovements.depositId, depositId))
    .orderBy(desc(depositMovements.id));
  return rows.map((r) => ({ ...r, kind: r.kind as 'takeout' | 'refund', createdAt: new Date(r.createdAt).toISOString() }));
}
