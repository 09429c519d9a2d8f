import type { cardTypeListQuery, cardTypeSave, saveGiftRulesBody } from '@headoffice/contract';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { lockFor } from '../../platform/locks.js';
import { yuanAmount } from '../../platform/money.js';
import { keywordMatch, offsetOf, orderBy, page, sentFields } from '../../platform/paging.js';
import { cardRules, cardSystems, cardTypeShops, cardTypes } from '../members/public.js';

defineMessages({
  cardTypeCodeTaken: ['卡项编码 {code} 已存在', 'The card type code {code} is taken'],
  cardKindFixed: ['卡项建立后不能改变卡类型', 'A card type cannot change between stored value and qualification'],
  cardSystemMissing: ['会员卡体系不存在', 'No such card system'],
  giftRuleDuplicate: ['已有同类型、门槛 {threshold} 元的赠送规则', 'A gift rule of the same kind from {threshold} yuan already exists'],
  giftRuleQualification: ['资格卡没有充值赠送规则', 'Qualification cards have no recharge gift rules'],
  giftRuleNotOnCard: ['赠送规则不属于这个卡项', 'This gift rule belongs to another card type'],
});

const shopCount = sql<number>`(select count(*)::int from ${cardTypeShops} where ${cardTypeShops.cardTypeId} = ${cardTypes.id} and ${cardTypeShops.status} = 1)`;
const ruleCount = sql<number>`(select count(*)::int from ${cardRules} where ${cardRules.cardTypeId} = ${cardTypes.id})`;

const selectTypes = (tx: Db) =>
  tx
    .select({
      id: cardTypes.id,
      code: cardTypes.code,
      name: cardTypes.name,
      kind: cardTypes.kind,
      status: cardTypes.status,
      sort: cardTypes.sort,
      cardSystemId: cardTypes.cardSystemId,
      cardSystemName: cardSystems.name,
      openAmount: cardTypes.openAmount,
      openGift: cardTypes.openGift,
      cost: cardTypes.cost,
      minRecharge: cardTypes.minRecharge,
      reminderBalance: cardTypes.reminderBalance,
      expireMonths: cardTypes.expireMonths,
      fee: cardTypes.fee,
      periodMonths: cardTypes.periodMonths,
      periodEnd: cardTypes.periodEnd,
      renewals: cardTypes.renewals,
      serviceDiscount: cardTypes.serviceDiscount,
      productDiscount: cardTypes.productDiscount,
      giftDiscount: cardTypes.giftDiscount,
      paySplit: cardTypes.paySplit,
      notifyBalance: cardTypes.notifyBalance,
      transferable: cardTypes.transferable,
      autoNumber: cardTypes.autoNumber,
      expiredMayPay: cardTypes.expiredMayPay,
      photo: cardTypes.photo,
      memo: cardTypes.memo,
      shopCount,
      ruleCount,
      version: cardTypes.version,
      createdAt: cardTypes.createdAt,
      updatedAt: cardTypes.updatedAt,
    })
    .from(cardTypes)
    .leftJoin(cardSystems, eq(cardSystems.id, cardTypes.cardSystemId))
    .$dynamic();

/** Card types enabled at a shop (the shop-side view). */
export const enabledAt = (shopId: number) =>
  sql`exists (select 1 from ${cardTypeShops} where ${cardTypeShops.cardTypeId} = ${cardTypes.id} and ${cardTypeShops.shopId} = ${shopId} and ${cardTypeShops.status} = 1)`;

const sortable = { code: cardTypes.code, name: cardTypes.name, sort: cardTypes.sort, kind: cardTypes.kind, updatedAt: cardTypes.updatedAt };

export async function listCardTypes(tx: Db, q: z.output<typeof cardTypeListQuery>, extra: SQL[] = []) {
  const where = and(
    q.keyword ? keywordMatch(q.keyword, cardTypes.code, cardTypes.name) : undefined,
    q.kind ? eq(cardTypes.kind, q.kind) : undefined,
    q.status ? eq(cardTypes.status, q.status) : undefined,
    q.cardSystemId ? eq(cardTypes.cardSystemId, q.cardSystemId) : undefined,
    ...extra,
  );
  const rows = await selectTypes(tx)
    .where(where)
    .orderBy(...orderBy(q.sort, sortable, [asc(cardTypes.sort), asc(cardTypes.code)], cardTypes.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const [{ total }] = await tx.select({ total: count() }).from(cardTypes).where(where);
  return page(rows, total, q);
}

/** Every card type (or those enabled at a shop) for pickers: id, code, name, kind, status. */
export function allCardTypes(tx: Db, extra: SQL[] = []) {
  return tx
    .select({ id: cardTypes.id, code: cardTypes.code, name: cardTypes.name, kind: cardTypes.kind, status: cardTypes.status })
    .from(cardTypes)
    .where(and(...extra))
    .orderBy(asc(cardTypes.sort), asc(cardTypes.code), asc(cardTypes.id))
    .limit(2000);
}

/** One card type; 404 when it is not the tenant's, or (shop side) not enabled at the shop. */
export async function findCardType(tx: Db, id: number, shopId?: number) {
  const [row] = await selectTypes(tx).where(and(eq(cardTypes.id, id), shopId ? enabledAt(shopId) : undefined));
  if (!row) throw notFound();
  return row;
}

/** The next three-digit code: 001, 002… after the largest numeric code. */
export async function nextCardTypeCode(tx: Db): Promise<string> {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(case when ${cardTypes.code} ~ '^[0-9]+$' then ${cardTypes.code}::int end), 0)::int` })
    .from(cardTypes);
  return String(Number(row.max) + 1).padStart(3, '0');
}

type CardTypeBody = z.output<typeof cardTypeSave>;

/**
 * Creates (no id) or updates (id, optional version) a card type; an update changes only the fields
 * sent. The code is unique (409); the kind is fixed once made. From a shop, a new card type is
 * enabled at that shop and only card types enabled there may be changed.
 */
export async function saveCardType(tx: Db, auth: Auth, body: CardTypeBody, raw: unknown, shopId?: number) {
  const { id, version, ...parsed } = body;
  if (parsed.cardSystemId) {
    const [system] = await tx.select({ id: cardSystems.id }).from(cardSystems).where(eq(cardSystems.id, parsed.cardSystemId));
    if (!system) throw fieldError('cardSystemId', 'cardSystemMissing');
  }
  if (id) {
    const current = await findCardType(tx, id, shopId);
    const values = sentFields(parsed, raw) as Partial<CardTypeBody>;
    if (values.kind !== undefined && values.kind !== current.kind) throw fieldError('kind', 'cardKindFixed');
    if (values.code) await assertCodeFree(tx, values.code, id);
    const updated = await tx
      .update(cardTypes)
      .set({ ...values, version: sql`${cardTypes.version} + 1`, updatedAt: new Date() })
      .where(and(eq(cardTypes.id, id), version !== undefined ? eq(cardTypes.version, version) : undefined))
      .returning({ id: cardTypes.id });
    if (!updated.length) throw conflict('staleVersion');
    return findCardType(tx, id);
  }
  // One code at a time per tenant: two creations never take the same next code.
  await lockFor(tx, 'cardTypeCode', auth.tenantId);
  const code = parsed.code ?? (await nextCardTypeCode(tx));
  await assertCodeFree(tx, code);
  const [created] = await tx
    .insert(cardTypes)
    .values({ ...parsed, code, tenantId: auth.tenantId })
    .returning({ id: cardTypes.id });
  if (shopId) await tx.insert(cardTypeShops).values({ tenantId: auth.tenantId, cardTypeId: created.id, shopId, status: 1 });
  return findCardType(tx, created.id);
}

async function assertCodeFree(tx: Db, code: string, id?: number) {
  const [taken] = await tx
    .select({ id: cardTypes.id })
    .from(cardTypes)
    .where(and(eq(cardTypes.code, code), id ? ne(cardTypes.id, id) : undefined))
    .limit(1);
  if (taken) throw conflict('cardTypeCodeTaken', { code });
}

/** Issues (1) or stops (2) card types; an id that is not there (or not the shop's) fails them all. */
export async function setCardTypeStatus(tx: Db, ids: number[], status: 1 | 2, shopId?: number) {
  const changed = await tx
    .update(cardTypes)
    .set({ status, version: sql`${cardTypes.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(cardTypes.id, ids), shopId ? enabledAt(shopId) : undefined))
    .returning({ id: cardTypes.id });
  if (changed.length < new Set(ids).size) throw notFound();
  return { updated: changed.length };
}

// ---- gift rules ----

const ruleColumns = {
  id: cardRules.id,
  cardTypeId: cardRules.cardTypeId,
  kind: cardRules.kind,
  threshold: cardRules.threshold,
  giftType: cardRules.giftType,
  giftValue: cardRules.giftValue,
};

export async function listRules(tx: Db, cardTypeId: number, shopId?: number) {
  await findCardType(tx, cardTypeId, shopId);
  return tx
    .select(ruleColumns)
    .from(cardRules)
    .where(eq(cardRules.cardTypeId, cardTypeId))
    .orderBy(asc(cardRules.kind), asc(cardRules.threshold), asc(cardRules.id));
}

/** Whether two rule kinds apply on a common occasion (3 = both applies with 1 and 2). */
const overlaps = (a: number, b: number) => a === b || a === 3 || b === 3;

/**
 * Adds (no id) or changes (id) gift rules of a stored-value card type. Two rules applying on a common
 * occasion from the same threshold would make "the one rule that applies" ambiguous: 409.
 */
export async function saveRules(tx: Db, auth: Auth, body: z.output<typeof saveGiftRulesBody>, shopId?: number) {
  const type = await findCardType(tx, body.cardTypeId, shopId);
  if (type.kind !== 1) throw fieldError('cardTypeId', 'giftRuleQualification');
  // Rules of one card type change one request at a time.
  await tx.select({ id: cardTypes.id }).from(cardTypes).where(eq(cardTypes.id, type.id)).for('update');
  const current = await tx.select(ruleColumns).from(cardRules).where(eq(cardRules.cardTypeId, type.id));
  for (const [i, rule] of body.rules.entries())
    if (rule.id !== undefined && !current.some((r) => r.id === rule.id)) throw fieldError(`rules.${i}.id`, 'giftRuleNotOnCard');
  const incoming = body.rules.map((r, i) => ({ ...r, key: `new${i}` }));
  const kept = current.filter((r) => !body.rules.some((x) => x.id === r.id)).map((r) => ({ ...r, key: `old${r.id}` }));
  const all = [...kept, ...incoming];
  for (const rule of incoming)
    if (all.some((r) => r.key !== rule.key && r.threshold === rule.threshold && overlaps(r.kind, rule.kind)))
      throw conflict('giftRuleDuplicate', { threshold: yuanAmount(rule.threshold) });
  for (const rule of body.rules) {
    const values = { kind: rule.kind, threshold: rule.threshold, giftType: rule.giftType, giftValue: rule.giftValue };
    if (rule.id)
      await tx
        .update(cardRules)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(cardRules.id, rule.id));
    else await tx.insert(cardRules).values({ ...values, tenantId: auth.tenantId, cardTypeId: type.id });
  }
  await tx.update(cardTypes).set({ updatedAt: new Date() }).where(eq(cardTypes.id, type.id));
  return listRules(tx, type.id);
}

export async function deleteRule(tx: Db, id: number, shopId?: number) {
  const [rule] = await tx.select(ruleColumns).from(cardRules).where(eq(cardRules.id, id));
  if (!rule) throw notFound();
  await findCardType(tx, rule.cardTypeId, shopId);
  await tx.delete(cardRules).where(eq(cardRules.id, id));
  return { id };
}
