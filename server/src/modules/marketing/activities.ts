import type { activityListQuery, activitySave } from '@headoffice/contract';
import { activityEditable, activityMoves } from '@headoffice/contract';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { lockFor } from '../../platform/locks.js';
import { keywordMatch, offsetOf, orderBy, page, sentFields } from '../../platform/paging.js';
import { products, servicePackages, services } from '../catalog/public.js';
import { brands, loadShops } from '../org/public.js';
import { scheduleBirthdayGifts } from './activity-birthday.js';
import { activities, coupons, redEnvelopes } from './schema.js';

defineMessages({
  activityCodeTaken: ['活动编号 {code} 已存在', 'The activity code {code} is taken'],
  activityNotEditable: ['活动{status}，不能修改', 'The activity is {status} and cannot be changed'],
  activityMove: ['活动{from}，不能改为{to}', 'An activity {from} cannot become {to}'],
  activityGiftMissing: ['赠送的{what}不存在或已停用', 'The {what} given does not exist or is disabled'],
  activityRefMissing: ['{what}不存在', 'No such {what}'],
});

defineLabels({
  mkt_status_1: ['未开始', 'not started'],
  mkt_status_2: ['进行中', 'running'],
  mkt_status_3: ['暂停中', 'paused'],
  mkt_status_4: ['已结束', 'ended'],
  mkt_coupon: ['优惠券', 'coupon'],
  mkt_envelope: ['红包', 'red envelope'],
  mkt_service: ['服务项目', 'service'],
  mkt_product: ['产品', 'product'],
  mkt_package: ['套餐', 'package'],
});

const statusLabel = (s: number): string => `@mkt_status_${s}`;

const columns = {
  id: activities.id,
  code: activities.code,
  name: activities.name,
  brandId: activities.brandId,
  brandName: brands.name,
  kind: activities.kind,
  status: activities.status,
  startDate: activities.startDate,
  endDate: activities.endDate,
  shopIds: activities.shopIds,
  useShopType: activities.useShopType,
  perfDiscount: activities.perfDiscount,
  priority: activities.priority,
  timesPerMember: activities.timesPerMember,
  combinable: activities.combinable,
  rules: activities.rules,
  memo: activities.memo,
  version: activities.version,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};
const selectActivities = (tx: Db) => tx.select(columns).from(activities).leftJoin(brands, eq(brands.id, activities.brandId)).$dynamic();

const sortable = {
  code: activities.code,
  name: activities.name,
  startDate: activities.startDate,
  priority: activities.priority,
  status: activities.status,
};

export async function listActivities(tx: Db, q: z.output<typeof activityListQuery>) {
  const where = and(
    q.keyword ? keywordMatch(q.keyword, activities.code, activities.name) : undefined,
    q.kind ? eq(activities.kind, q.kind) : undefined,
    q.status ? eq(activities.status, q.status) : undefined,
  );
  const rows = await selectActivities(tx)
    .where(where)
    .orderBy(...orderBy(q.sort, sortable, [desc(activities.startDate)], activities.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const [{ total }] = await tx.select({ total: count() }).from(activities).where(where);
  return page(rows, total, q);
}

/** Activities not ended, for pickers, by priority. */
export function allActivities(tx: Db, kind?: number) {
  return selectActivities(tx)
    .where(and(ne(activities.status, 4), kind ? eq(activities.kind, kind) : undefined))
    .orderBy(desc(activities.priority), asc(activities.code))
    .limit(500);
}

export async function findActivity(tx: Db, id: number) {
  const [row] = await selectActivities(tx).where(eq(activities.id, id));
  if (!row) throw notFound();
  return row;
}

/** The next activity code: MA + the next number of 4 digits. */
export async function nextActivityCode(tx: Db) {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max((substring(${activities.code} from '^MA(\\d+)$'))::int), 0)::int` })
    .from(activities);
  return `MA${String(Number(row.max) + 1).padStart(4, '0')}`;
}

type Body = z.output<typeof activitySave>;

/** The things rules name exist in the tenant (coupons and envelopes enabled): 400 on the first that does not. */
async function checkRules(tx: Db, rules: Body['rules']) {
  const ids = (type: string) => rules.flatMap((r) => r.gifts.filter((g) => g.type === type).map((g) => (g as { id: number }).id));
  const refs = [
    { type: 'coupon', table: coupons, enabled: true, what: '@mkt_coupon' },
    { type: 'redEnvelope', table: redEnvelopes, enabled: true, what: '@mkt_envelope' },
    { type: 'service', table: services, enabled: false, what: '@mkt_service' },
    { type: 'product', table: products, enabled: false, what: '@mkt_product' },
  ] as const;
  for (const ref of refs) {
    const wanted = [...new Set(ids(ref.type))];
    if (!wanted.length) continue;
    const found = await tx
      .select({ id: ref.table.id })
      .from(ref.table)
      .where(and(inArray(ref.table.id, wanted), ref.enabled ? eq((ref.table as typeof coupons).status, 1) : undefined));
    const missing = wanted.find((id) => !found.some((f) => f.id === id));
    if (missing !== undefined) {
      const ruleIndex = rules.findIndex((r) => r.gifts.some((g) => g.type === ref.type && (g as { id: number }).id === missing));
      const giftIndex = rules[ruleIndex].gifts.findIndex((g) => g.type === ref.type && (g as { id: number }).id === missing);
      throw fieldError(`rules.${ruleIndex}.gifts.${giftIndex}.id`, 'activityGiftMissing', { what: ref.what });
    }
  }
  for (const [i, r] of rules.entries()) {
    const c = r.condition;
    if (c.type === 'package') {
      const [p] = await tx.select({ id: servicePackages.id }).from(servicePackages).where(eq(servicePackages.id, c.packageId));
      if (!p) throw fieldError(`rules.${i}.condition.packageId`, 'activityRefMissing', { what: '@mkt_package' });
    }
    if (c.type === 'items') {
      const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, c.serviceIds));
      if (found.length !== new Set(c.serviceIds).size)
        throw fieldError(`rules.${i}.condition.serviceIds`, 'activityRefMissing', { what: '@mkt_service' });
    }
  }
}

/** Creates (no id) or updates (id, version) an activity; only an activity not started or paused may change. */
export async function saveActivity(tx: Db, auth: Auth, body: Body, raw: unknown) {
  const { id, version, ...parsed } = body;
  // The activity changed must exist before what it names is checked: another tenant's id is a 404.
  const current = id ? await findActivity(tx, id) : undefined;
  await loadShops(tx, auth, parsed.shopIds);
  if (parsed.brandId) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, parsed.brandId));
    if (!brand) throw fieldError('brandId', 'activityRefMissing', { what: '@brand' });
  }
  await checkRules(tx, parsed.rules);
  if (id && current) {
    if (!activityEditable.includes(current.status)) throw conflict('activityNotEditable', { status: statusLabel(current.status) });
    const values = sentFields(parsed, raw) as Partial<Body>;
    if (values.code) await assertCodeFree(tx, values.code, id);
    const updated = await tx
      .update(activities)
      .set({ ...values, version: sql`${activities.version} + 1`, updatedAt: new Date() })
      .where(and(eq(activities.id, id), version !== undefined ? eq(activities.version, version) : undefined))
      .returning({ id: activities.id });
    if (!updated.length) throw conflict('staleVersion');
    return findActivity(tx, id);
  }
  await lockFor(tx, 'activityCode', auth.tenantId);
  const code = parsed.code ?? (await nextActivityCode(tx));
  await assertCodeFree(tx, code);
  const [created] = await tx
    .insert(activities)
    .values({ ...parsed, code, tenantId: auth.tenantId, status: 1 })
    .returning({ id: activities.id });
  return findActivity(tx, created.id);
}

async function assertCodeFree(tx: Db, code: string, id?: number) {
  const [taken] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.code, code), id ? ne(activities.id, id) : undefined))
    .limit(1);
  if (taken) throw conflict('activityCodeTaken', { code });
}

/** Start, pause, resume or end an activity (activityMoves); ended is final. */
export async function moveActivity(tx: Db, id: number, status: number, version?: number) {
  const [current] = await tx
    .select({ tenantId: activities.tenantId, kind: activities.kind, status: activities.status, version: activities.version })
    .from(activities)
    .where(eq(activities.id, id))
    .for('update');
  if (!current) throw notFound();
  if (version !== undefined && version !== current.version) throw conflict('staleVersion');
  if (!(activityMoves[current.status] ?? []).includes(status))
    throw new AppError(409, 'activityMove', { from: statusLabel(current.status), to: statusLabel(status) });
  await tx
    .update(activities)
    .set({ status, version: sql`${activities.version} + 1`, updatedAt: new Date() })
    .where(eq(activities.id, id));
  // A birthday activity started or resumed gives today's birthdays too (the job's run of today again).
  if (current.kind === 1 && status === 2) await scheduleBirthdayGifts(tx, current.tenantId);
  return findActivity(tx, id);
}
