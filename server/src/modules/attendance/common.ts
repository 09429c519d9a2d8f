import { type AbsenceRule, type CheckStatus, defaultShopConfig, type KqType, type RecordRowT, type ShopConfig } from '@headoffice/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { tenantZone } from '../../platform/numbering.js';
import { employees, shops } from '../org/public.js';
import { attendanceDay, clockTime, type DayFacts, dayTotals, earliestSignIn, judgeSignIn, judgeSignOut, shiftWindow } from './judge.js';
import { attendanceConfigs, checkClasses, checkCorrections, checkRecords, checkRules } from './schema.js';

export { tenantZone };

/** A user limited to some shops may name only those (403 otherwise). */
export function assertShop(auth: Auth, shopId: number) {
  const shops = visibleShops(auth);
  if (shops && !shops.includes(shopId)) throw forbidden('shopForbidden');
}

/** The shops a user sees, as a condition on a shop column (undefined: every shop). */
export function shopScope(auth: Auth, column: Parameters<typeof inArray>[0]): SQL | undefined {
  const shops = visibleShops(auth);
  return shops ? inArray(column, shops.length ? shops : [0]) : undefined;
}

/** The shop's attendance settings, or the defaults when never saved. */
export async function shopConfigOf(tx: Db, shopId: number): Promise<ShopConfig> {
  const [row] = await tx.select().from(attendanceConfigs).where(eq(attendanceConfigs.shopId, shopId));
  if (!row) return { shopId, version: 0, saved: false, ...defaultShopConfig };
  return {
    shopId,
    version: row.version,
    saved: true,
    allowCd: row.allowCd,
    allowZt: row.allowZt,
    cstartTime: row.cstartTime,
    earlyLimit: row.earlyLimit,
    isQr: row.isQr,
    isAddress: row.isAddress,
    places: row.places as ShopConfig['places'],
    isWifi: row.isWifi,
    wifis: row.wifis as ShopConfig['wifis'],
    ownRules: row.ownRules,
    rules: row.rules as AbsenceRule[],
  };
}

export async function chainRules(tx: Db): Promise<AbsenceRule[]> {
  const rows = await tx.select().from(checkRules).orderBy(asc(checkRules.type), asc(checkRules.value));
  return rows.map((r) => ({ type: r.type as 1 | 2 | 3, value: r.value, kgDays: r.kgDays as 0 | 0.5 | 1 }));
}

/** The absence rules that apply in a shop: its own, or the chain's. */
export async function rulesOf(tx: Db, config: ShopConfig): Promise<AbsenceRule[]> {
  return config.ownRules ? config.rules : chainRules(tx);
}

/** A shop of the tenant (404 otherwise) that the user may see (403). */
export async function shopOf(tx: Db, auth: Auth, shopId: number) {
  const [shop] = await tx.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw notFound();
  assertShop(auth, shopId);
  return shop;
}

/** A shift usable in the shop: of that shop and enabled (null: a rest day). */
export async function shiftFor(tx: Db, shopId: number, classId: number | null, field = 'classId') {
  if (classId === null) return null;
  const [shift] = await tx.select().from(checkClasses).where(eq(checkClasses.id, classId));
  if (!shift) throw fieldError(field, 'missingReference', { field: '@checkClass' });
  if (shift.shopId !== shopId) throw fieldError(field, 'shiftNotInShop', { name: shift.name });
  if (shift.status !== 1) throw fieldError(field, 'shiftDisabled', { name: shift.name });
  return shift;
}

/** Employees of the shop, on the job (400 naming the first that is not). */
export async function shopEmployees(tx: Db, shopId: number, ids: number[], field = 'eeids') {
  const rows = await tx
    .select({ id: employees.id, name: employees.name, shopId: employees.shopId, status: employees.status })
    .from(employees)
    .where(inArray(employees.id, ids));
  for (const id of ids) {
    const e = rows.find((r) => r.id === id);
    if (!e) throw fieldError(field, 'missingReference', { field: '@employee' });
    if (e.shopId !== shopId) throw fieldError(field, 'employeeNotInShop', { name: e.name });
    if (e.status !== 1) throw fieldError(field, 'employeeLeft', { name: e.name });
  }
  return rows;
}

/** Today's attendance day in a shop (its day start, the company's time zone). */
export async function todayOf(tx: Db, auth: Pick<Auth, 'tenantId'>, config: ShopConfig, now = new Date()) {
  const zone = await tenantZone(tx, auth.tenantId);
  return { zone, today: attendanceDay(now, config.cstartTime, zone) };
}

type RecordState = typeof checkRecords.$inferSelect;
type Shift = { startTime: string; endTime: string } | null;

/**
 * Judges a day's punches again (after a punch, a change of shift, a make-up): statuses, minutes late
 * and early, the rules' days of absence. A status set by hand stays.
 */
export function rejudge(record: RecordState, shift: Shift, config: ShopConfig, rules: AbsenceRule[], zone: string) {
  const window = shift ? shiftWindow(record.cdate, shift, config.cstartTime, zone) : null;
  const on = record.onWork ? judgeSignIn(record.onWork, window, config, rules) : { status: 0 as CheckStatus, minutes: 0, kg: 0 };
  const off = record.offWork ? judgeSignOut(record.offWork, window, config, rules) : { status: 0 as CheckStatus, minutes: 0, kg: 0 };
  const onStatus = record.onStatusSet ? record.onStatus : on.status;
  const offStatus = record.offStatusSet ? record.offStatus : off.status;
  const kgOf = (set: boolean, status: number, judged: number) => (set ? (status === 4 ? 1 : 0) : judged);
  return {
    onStatus,
    offStatus,
    delay: on.minutes,
    zt: off.minutes,
    ruleKg: Math.min(1, kgOf(record.onStatusSet, onStatus, on.kg) + kgOf(record.offStatusSet, offStatus, off.kg)),
  };
}

/** Writes a correction's log row: what changed, from what, to what, and why. */
export async function logCorrection(
  tx: Db,
  auth: Auth,
  record: { id: number; shopId: number },
  kind: 'bc' | 'kq' | 'status' | 'bk',
  field: string,
  oldValue: unknown,
  newValue: unknown,
  reason: string,
) {
  await tx.insert(checkCorrections).values({
    tenantId: auth.tenantId,
    recordId: record.id,
    shopId: record.shopId,
    kind,
    field,
    oldValue: oldValue ?? null,
    newValue: newValue ?? null,
    reason,
    createdBy: auth.userId,
    createdByName: auth.name,
  });
}

/** The select of records as the API shows them (employee, shop, shift, count of corrections). */
export function recordSelect(tx: Db) {
  return tx
    .select({
      record: checkRecords,
      eecode: employees.eecode,
      eename: employees.name,
      shopName: shops.name,
      className: checkClasses.name,
      startTime: checkClasses.startTime,
      endTime: checkClasses.endTime,
      color: checkClasses.color,
      corrections: sql<number>`(select count(*)::int from ${checkCorrections} where ${checkCorrections.recordId} = ${checkRecords.id})`,
    })
    .from(checkRecords)
    .innerJoin(employees, eq(employees.id, checkRecords.employeeId))
    .innerJoin(shops, eq(shops.id, checkRecords.shopId))
    .leftJoin(checkClasses, eq(checkClasses.id, checkRecords.classId))
    .$dynamic();
}
type Selected = Awaited<ReturnType<ReturnType<typeof recordSelect>['execute']>>[number];

export function factsOf(r: RecordState): DayFacts {
  return {
    classId: r.classId,
    onWork: r.onWork,
    offWork: r.offWork,
    onStatus: r.onStatus,
    offStatus: r.offStatus,
    ruleKg: r.ruleKg,
    kqAm: r.kqAm as KqType | null,
    kqPm: r.kqPm as KqType | null,
  };
}

/** A record as the API answers it; `today` (the shop's attendance day) tells which days are over. */
export function present(row: Selected, today: string, rules: AbsenceRule[]): RecordRowT {
  const r = row.record;
  const totals = dayTotals(factsOf(r), r.cdate < today, rules);
  return {
    id: r.id,
    shopId: r.shopId,
    shopName: row.shopName,
    eeid: r.employeeId,
    eecode: row.eecode,
    eename: row.eename,
    cdate: r.cdate,
    classId: r.classId,
    className: row.className,
    startTime: row.startTime,
    endTime: row.endTime,
    color: row.color,
    onWork: r.onWork?.toISOString() ?? null,
    onStatus: r.onStatus as CheckStatus,
    onBk: r.onBk,
    onMethod: r.onMethod,
    offWork: r.offWork?.toISOString() ?? null,
    offStatus: r.offStatus as CheckStatus,
    offBk: r.offBk,
    offMethod: r.offMethod,
    delay: r.delay,
    zt: r.zt,
    kg: totals.kg,
    rest: totals.rest,
    study: totals.study,
    kqAm: r.kqAm as KqType | null,
    kqPm: r.kqPm as KqType | null,
    corrections: row.corrections,
  };
}

/** A record the user may see, locked for a change (404 for another shop's or another tenant's). */
export async function lockRecord(tx: Db, auth: Auth, id: number) {
  const [record] = await tx
    .select()
    .from(checkRecords)
    .where(and(eq(checkRecords.id, id), shopScope(auth, checkRecords.shopId)))
    .for('update');
  if (!record) throw notFound();
  return record;
}

/** The shift of a record (any status: a disabled shift stays on old days). */
export async function shiftOf(tx: Db, classId: number | null) {
  if (classId === null) return null;
  const [shift] = await tx.select().from(checkClasses).where(eq(checkClasses.id, classId));
  return shift ?? null;
}

/** Re-judges a record and stores the result. */
export async function storeJudged(tx: Db, auth: Auth, record: RecordState, changes: Partial<RecordState>) {
  const next = { ...record, ...changes };
  const config = await shopConfigOf(tx, next.shopId);
  const rules = await rulesOf(tx, config);
  const zone = await tenantZone(tx, auth.tenantId);
  const judged = rejudge(next, await shiftOf(tx, next.classId), config, rules, zone);
  const { id: _id, tenantId: _t, createdAt: _c, ...rest } = { ...next, ...judged };
  const [saved] = await tx
    .update(checkRecords)
    .set({ ...rest, version: sql`${checkRecords.version} + 1`, updatedAt: new Date() })
    .where(eq(checkRecords.id, record.id))
    .returning();
  return saved;
}

/**
 * A sign-in at `at` for a day whose shift starts later than the shop's early limit allows: the
 * refusal (409 for a punch, a field error on `field` for a make-up), naming the earliest time.
 */
export async function assertNotTooEarly(tx: Db, record: RecordState, config: ShopConfig, zone: string, at: Date, field?: string) {
  const shift = await shiftOf(tx, record.classId);
  if (!shift) return;
  const window = shiftWindow(record.cdate, shift, config.cstartTime, zone);
  const earliest = earliestSignIn(window, config.earlyLimit);
  if (at >= earliest) return;
  const params = { shift: shift.name, start: shift.startTime, limit: config.earlyLimit, earliest: clockTime(earliest, zone) };
  throw field ? fieldError(field, 'signInTooEarly', params) : conflict('signInTooEarly', params);
}

export const conflictPast = (date: string) => conflict('pastDay', { date });
