import {
  WHEEL_PATHS as W,
  WHEEL_CHANGED,
  type WheelAction,
  type WheelQueues,
  type WheelRow,
  type WheelState,
  wheelAssignAnswer,
  wheelAssignBody,
  wheelBackBody,
  wheelLogRow,
  wheelLogsQuery,
  wheelMoveBody,
  wheelQueues,
  wheelQueuesQuery,
  wheelRestBody,
} from '@headoffice/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { emit } from '../../platform/events.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { lockFor } from '../../platform/locks.js';
import { tenantZone } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { attendanceDay, type SignedIn, shopConfigOf, signedInOrOut, signedInToday } from '../attendance/public.js';
import { shops } from '../org/public.js';
import { serviceBillLines, serviceBills, wheelEntries, wheelLogs, wheelRests, wheelSchemeShops, wheelSchemes } from './schema.js';

export const wheelQueueMessages = defineMessages({
  wheelNoScheme: ['门店未设置轮牌方案', 'The shop follows no wheel scheme'],
  wheelNoneFree: ['「{row}」没有空闲的员工', 'No one is free in "{row}"'],
  wheelNotInQueue: [
    '该员工不在今天的轮牌中（未签到或岗位不符）',
    "The employee is not on today's wheel (not signed in, or another position)",
  ],
  wheelNotResting: ['{name} 不在临休中', '{name} is not resting'],
});

defineLabels({
  wheel_entries: ['轮牌', 'wheel queues'],
  wheel_logs: ['轮牌记录', 'wheel log'],
});

/** What a receiver of the wheel's events must hold. */
const VIEW = 'till.wheel.view';
const EDIT = 'till.wheel.edit';
const ENTITY = 'wheelqueue';

type Entry = typeof wheelEntries.$inferSelect;

interface Queue {
  row: number;
  def: WheelRow;
  /** In place order, places 1..n. */
  entries: Entry[];
}

/** The wheel of a shop as it stands now, read under the shop's lock (writes) or without it (reads). */
interface Wheel {
  tenantId: number;
  shopId: number;
  scheme: { id: number; code: string; name: string } | null;
  day: string;
  now: Date;
  zone: string;
  queues: Queue[];
  signedIn: Map<number, SignedIn>;
  serving: Set<number>;
}

/** A shop the user may see, else 404 (another tenant's or another shop's). */
async function assertShop(tx: Db, auth: Auth, shopId: number) {
  const visible = visibleShops(auth);
  if (visible && !visible.includes(shopId)) throw notFound();
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw notFound();
}

const fits = (def: WheelRow, e: SignedIn) =>
  (!def.positionIds.length || (e.positionId !== null && def.positionIds.includes(e.positionId))) &&
  (!def.levelIds.length || (e.levelId !== null && def.levelIds.includes(e.levelId)));

/**
 * Each row's queue: who of the row's positions/levels is signed in today. Those already queued keep
 * their order (a row with 每日洗牌 starts again each attendance day); those who signed in since
 * join at the end in sign-in order; who signed out is gone. Places are renumbered 1..n.
 */
export function arrange(
  rows: WheelRow[],
  stored: Entry[],
  signedIn: SignedIn[],
  at: { tenantId: number; shopId: number; day: string; now: Date },
): Queue[] {
  return rows.map((def, row) => {
    const members = signedIn.filter((e) => fits(def, e));
    const ids = new Set(members.map((e) => e.eeid));
    let mine = stored.filter((e) => e.rowNo === row).sort((x, y) => x.place - y.place);
    if (def.dayClean && mine.some((e) => e.day !== at.day)) mine = [];
    const kept = mine.filter((e) => ids.has(e.employeeId));
    const queued = new Set(kept.map((e) => e.employeeId));
    const joined: Entry[] = members
      .filter((e) => !queued.has(e.eeid))
      .map((e) => ({
        tenantId: at.tenantId,
        shopId: at.shopId,
        rowNo: row,
        employeeId: e.eeid,
        place: 0,
        day: at.day,
        restUntil: null,
        restName: null,
        assignedAt: null,
        updatedAt: at.now,
      }));
    const entries = [...kept, ...joined].map((e, i) => {
      const over = e.restUntil !== null && e.restUntil <= at.now;
      return { ...e, place: i + 1, day: at.day, ...(over ? { restUntil: null, restName: null } : {}) };
    });
    return { row, def, entries };
  });
}

/** Employees with an open service bill of the shop (服务中): their staff is on its lines. */
async function servingIn(tx: Db, shopId: number): Promise<Set<number>> {
  const rows = (await tx.execute(sql`
    select distinct (s->>'employeeId')::bigint as id
    from ${serviceBillLines} l
    join ${serviceBills} b on b.tenant_id = l.tenant_id and b.id = l.bill_id
    cross join lateral jsonb_array_elements(l.staff) s
    where b.shop_id = ${shopId} and b.status = 1 and b.is_del = 0`)) as unknown as { rows: { id: string | number }[] };
  return new Set(rows.rows.map((r) => Number(r.id)));
}

async function load(tx: Db, auth: Auth, shopId: number, lock: boolean): Promise<Wheel> {
  if (lock) await lockFor(tx, 'wheel', shopId);
  const now = new Date();
  const zone = await tenantZone(tx, auth.tenantId);
  const day = attendanceDay(now, (await shopConfigOf(tx, shopId)).cstartTime, zone);
  const [scheme] = await tx
    .select({ id: wheelSchemes.id, code: wheelSchemes.code, name: wheelSchemes.name, rows: wheelSchemes.rows })
    .from(wheelSchemeShops)
    .innerJoin(wheelSchemes, eq(wheelSchemes.id, wheelSchemeShops.schemeId))
    .where(eq(wheelSchemeShops.shopId, shopId));
  const signed = await signedInToday(tx, auth.tenantId, shopId, now);
  const stored = scheme ? await tx.select().from(wheelEntries).where(eq(wheelEntries.shopId, shopId)) : [];
  return {
    tenantId: auth.tenantId,
    shopId,
    scheme: scheme ? { id: scheme.id, code: scheme.code, name: scheme.name } : null,
    day,
    now,
    zone,
    queues: scheme ? arrange(scheme.rows, stored, signed, { tenantId: auth.tenantId, shopId, day, now }) : [],
    signedIn: new Map(signed.map((e) => [e.eeid, e])),
    serving: scheme ? await servingIn(tx, shopId) : new Set(),
  };
}

/** Stores the queues as they now stand (the shop's lock is held). */
async function save(tx: Db, wheel: Wheel) {
  await tx.delete(wheelEntries).where(eq(wheelEntries.shopId, wheel.shopId));
  const rows = wheel.queues.flatMap((q) => q.entries.map((e, i) => ({ ...e, place: i + 1, updatedAt: wheel.now })));
  if (rows.length) await tx.insert(wheelEntries).values(rows);
  for (const q of wheel.queues) q.entries = q.entries.map((e, i) => ({ ...e, place: i + 1 }));
}

const stateOf = (wheel: Wheel, e: Entry): WheelState =>
  e.restUntil && e.restUntil > wheel.now ? 'resting' : wheel.serving.has(e.employeeId) ? 'serving' : 'free';

const clock = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

async function view(tx: Db, wheel: Wheel): Promise<WheelQueues> {
  const rests = await tx
    .select({ id: wheelRests.id, name: wheelRests.name, minutes: wheelRests.minutes })
    .from(wheelRests)
    .where(and(eq(wheelRests.shopId, wheel.shopId), eq(wheelRests.isDel, 0)))
    .orderBy(asc(wheelRests.minutes), asc(wheelRests.id));
  return {
    shopId: wheel.shopId,
    scheme: wheel.scheme,
    day: wheel.day,
    zone: wheel.zone,
    rests,
    queues: wheel.queues.map((q) => ({
      row: q.row,
      name: q.def.cwcname,
      postion: q.def.postion,
      dayClean: q.def.dayClean,
      withCashier: q.def.withCashier,
      dksffp: q.def.dksffp,
      entries: q.entries.map((e, i) => {
        const who = wheel.signedIn.get(e.employeeId);
        const state = stateOf(wheel, e);
        return {
          employeeId: e.employeeId,
          code: who?.eecode ?? '',
          name: who?.name ?? '',
          place: i + 1,
          state,
          restUntil: state === 'resting' && e.restUntil ? clock(e.restUntil, wheel.zone) : null,
          restName: state === 'resting' ? e.restName : null,
          signedInAt: (who?.signedInAt ?? wheel.now).toISOString(),
        };
      }),
    })),
  };
}

interface LogInput {
  queue: Queue | null;
  employeeId: number;
  action: WheelAction;
  fromPlace?: number | null;
  toPlace?: number | null;
  reason?: string | null;
  billId?: number | null;
}

async function log(tx: Db, auth: Auth, wheel: Wheel, rows: LogInput[]) {
  if (!rows.length) return;
  await tx.insert(wheelLogs).values(
    rows.map((r) => ({
      tenantId: auth.tenantId,
      shopId: wheel.shopId,
      rowNo: r.queue?.row ?? null,
      rowName: r.queue?.def.cwcname ?? null,
      employeeId: r.employeeId,
      employeeName: wheel.signedIn.get(r.employeeId)?.name ?? '',
      action: r.action,
      fromPlace: r.fromPlace ?? null,
      toPlace: r.toPlace ?? null,
      reason: r.reason ?? null,
      billId: r.billId ?? null,
      byUser: auth.userId,
      byName: auth.name,
    })),
  );
}

const changed = (tx: Db, auth: Auth, shopId: number) => emit(tx, auth, { topic: WHEEL_CHANGED, payload: { shopId }, shopId, perm: VIEW });

/** Moves an entry to `place` (1-based, clamped); answers the places before and after. */
function moveTo(queue: Queue, employeeId: number, place: number) {
  const from = queue.entries.findIndex((e) => e.employeeId === employeeId);
  const [entry] = queue.entries.splice(from, 1);
  const to = Math.min(Math.max(place, 1), queue.entries.length + 1) - 1;
  queue.entries.splice(to, 0, entry);
  return { fromPlace: from + 1, toPlace: to + 1 };
}

function queueOf(wheel: Wheel, row: number): Queue {
  if (!wheel.scheme) throw conflict('wheelNoScheme');
  const queue = wheel.queues[row];
  if (!queue) throw notFound();
  return queue;
}

const notInQueue = () => new AppError(404, 'wheelNotInQueue');

/** An employee named by a request must be signed in at the shop today (else 404, whatever else is wrong). */
function assertSignedIn(wheel: Wheel, employeeId: number | undefined) {
  if (employeeId !== undefined && !wheel.signedIn.has(employeeId)) throw notInQueue();
}

/** The shop's queues (a read: nothing is stored; the next write stores the same arrangement). */
export async function readWheel(tx: Db, auth: Auth, shopId: number): Promise<WheelQueues> {
  await assertShop(tx, auth, shopId);
  return view(tx, await load(tx, auth, shopId, false));
}

/**
 * A customer for a row. A walk-in (no employee) goes to the first free employee, who moves to the
 * end (翻牌); resting and serving employees are passed over and keep their places. A requested
 * customer (指定) goes to the named employee, who moves to the end only when the row's 点客是否翻牌
 * is on. Either way the employee's next bill does not turn the card again.
 */
export async function assignCustomer(tx: Db, auth: Auth, body: { shopId: number; row: number; employeeId?: number }) {
  await assertShop(tx, auth, body.shopId);
  const wheel = await load(tx, auth, body.shopId, true);
  assertSignedIn(wheel, body.employeeId);
  const queue = queueOf(wheel, body.row);
  const appointed = body.employeeId !== undefined;
  const chosen = appointed
    ? queue.entries.find((e) => e.employeeId === body.employeeId)
    : queue.entries.find((e) => stateOf(wheel, e) === 'free');
  if (!chosen) throw appointed ? notInQueue() : conflict('wheelNoneFree', { row: queue.def.cwcname });
  const turn = !appointed || queue.def.dksffp;
  const { fromPlace, toPlace } = turn
    ? moveTo(queue, chosen.employeeId, queue.entries.length)
    : { fromPlace: chosen.place, toPlace: chosen.place };
  for (const e of queue.entries) if (e.employeeId === chosen.employeeId) e.assignedAt = wheel.now;
  await save(tx, wheel);
  await log(tx, auth, wheel, [{ queue, employeeId: chosen.employeeId, action: appointed ? 'appoint' : 'assign', fromPlace, toPlace }]);
  await changed(tx, auth, body.shopId);
  return {
    employeeId: chosen.employeeId,
    name: wheel.signedIn.get(chosen.employeeId)?.name ?? '',
    turned: turn,
    queues: await view(tx, wheel),
  };
}

/** A rest of one of the shop's kinds, in every row of the shop: the places are kept; back when the minutes are over. */
export async function startRest(tx: Db, auth: Auth, body: { shopId: number; employeeId: number; restId: number }) {
  await assertShop(tx, auth, body.shopId);
  const [kind] = await tx
    .select({ name: wheelRests.name, minutes: wheelRests.minutes })
    .from(wheelRests)
    .where(and(eq(wheelRests.id, body.restId), eq(wheelRests.shopId, body.shopId), eq(wheelRests.isDel, 0)));
  if (!kind) throw notFound();
  const wheel = await load(tx, auth, body.shopId, true);
  assertSignedIn(wheel, body.employeeId);
  if (!wheel.scheme) throw conflict('wheelNoScheme');
  const mine = wheel.queues.flatMap((q) => q.entries.filter((e) => e.employeeId === body.employeeId));
  if (!mine.length) throw notInQueue();
  const until = new Date(wheel.now.getTime() + kind.minutes * 60_000);
  for (const e of mine) Object.assign(e, { restUntil: until, restName: kind.name });
  await save(tx, wheel);
  await log(tx, auth, wheel, [{ queue: null, employeeId: body.employeeId, action: 'rest', reason: `${kind.name} ${kind.minutes}′` }]);
  await changed(tx, auth, body.shopId);
  return view(tx, wheel);
}

/** Back from a rest by hand, before its minutes are over. */
export async function endRest(tx: Db, auth: Auth, body: { shopId: number; employeeId: number }) {
  await assertShop(tx, auth, body.shopId);
  const wheel = await load(tx, auth, body.shopId, true);
  assertSignedIn(wheel, body.employeeId);
  if (!wheel.scheme) throw conflict('wheelNoScheme');
  const mine = wheel.queues.flatMap((q) => q.entries.filter((e) => e.employeeId === body.employeeId));
  if (!mine.length) throw notInQueue();
  if (!mine.some((e) => e.restUntil)) throw conflict('wheelNotResting', { name: wheel.signedIn.get(body.employeeId)?.name ?? '' });
  for (const e of mine) Object.assign(e, { restUntil: null, restName: null });
  await save(tx, wheel);
  await log(tx, auth, wheel, [{ queue: null, employeeId: body.employeeId, action: 'back' }]);
  await changed(tx, auth, body.shopId);
  return view(tx, wheel);
}

/** A move by hand, to a place or to the end, with its reason. */
export async function moveByHand(
  tx: Db,
  auth: Auth,
  body: { shopId: number; row: number; employeeId: number; place?: number; reason: string },
) {
  await assertShop(tx, auth, body.shopId);
  const wheel = await load(tx, auth, body.shopId, true);
  assertSignedIn(wheel, body.employeeId);
  const queue = queueOf(wheel, body.row);
  if (!queue.entries.some((e) => e.employeeId === body.employeeId)) throw notInQueue();
  const { fromPlace, toPlace } = moveTo(queue, body.employeeId, body.place ?? queue.entries.length);
  await save(tx, wheel);
  await log(tx, auth, wheel, [{ queue, employeeId: body.employeeId, action: 'move', fromPlace, toPlace, reason: body.reason }]);
  await changed(tx, auth, body.shopId);
  return view(tx, wheel);
}

/** The wheel's log of a shop, newest first. */
export async function wheelLog(
  tx: Db,
  auth: Auth,
  q: { shopId: number; row?: number; limit: number },
): Promise<z.input<typeof wheelLogRow>[]> {
  await assertShop(tx, auth, q.shopId);
  const rows = await tx
    .select({
      id: wheelLogs.id,
      at: wheelLogs.at,
      row: wheelLogs.rowNo,
      rowName: wheelLogs.rowName,
      employeeId: wheelLogs.employeeId,
      employeeName: wheelLogs.employeeName,
      action: wheelLogs.action,
      fromPlace: wheelLogs.fromPlace,
      toPlace: wheelLogs.toPlace,
      reason: wheelLogs.reason,
      billNo: serviceBills.billNo,
      byName: wheelLogs.byName,
    })
    .from(wheelLogs)
    .leftJoin(serviceBills, and(eq(serviceBills.tenantId, wheelLogs.tenantId), eq(serviceBills.id, wheelLogs.billId)))
    .where(and(eq(wheelLogs.shopId, q.shopId), q.row === undefined ? undefined : eq(wheelLogs.rowNo, q.row)))
    .orderBy(desc(wheelLogs.at), desc(wheelLogs.id))
    .limit(q.limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString(), action: r.action as WheelAction }));
}

/**
 * 收银联动: called while an open bill's lines are saved, before they are replaced. Each employee who
 * appears on the bill for the first time turns their card in the rows with 收银联动 on, as a walk-in
 * would (a requested one only with 点客是否翻牌) — unless the wheel itself just gave them this customer.
 * Every screen of the shop is told (who serves changed).
 */
export async function wheelOnBillStaff(
  tx: Db,
  auth: Auth,
  bill: { id: number; shopId: number },
  lines: { staff?: { employeeId: number; appointed: boolean }[] }[],
) {
  const staff = lines.flatMap((l) => l.staff ?? []);
  const [linked] = await tx
    .select({ id: wheelSchemeShops.schemeId })
    .from(wheelSchemeShops)
    .where(eq(wheelSchemeShops.shopId, bill.shopId));
  if (!linked) return;
  const before = new Set(
    (await tx.select({ staff: serviceBillLines.staff }).from(serviceBillLines).where(eq(serviceBillLines.billId, bill.id))).flatMap((l) =>
      l.staff.map((s) => s.employeeId),
    ),
  );
  const after = new Set(staff.map((s) => s.employeeId));
  if (before.size === after.size && [...after].every((id) => before.has(id))) return;
  const added = [...after].filter((id) => !before.has(id));
  if (added.length) {
    const wheel = await load(tx, auth, bill.shopId, true);
    const moves: LogInput[] = [];
    for (const employeeId of added) {
      const appointed = staff.some((s) => s.employeeId === employeeId && s.appointed);
      for (const queue of wheel.queues) {
        const entry = queue.entries.find((e) => e.employeeId === employeeId);
        if (!entry || !queue.def.withCashier) continue;
        if (entry.assignedAt) {
          entry.assignedAt = null;
          continue;
        }
        if (appointed && !queue.def.dksffp) continue;
        const { fromPlace, toPlace } = moveTo(queue, employeeId, queue.entries.length);
        moves.push({ queue, employeeId, action: 'bill', billId: bill.id, fromPlace, toPlace });
      }
    }
    await save(tx, wheel);
    await log(tx, auth, wheel, moves);
  }
  await changed(tx, auth, bill.shopId);
}

/** Who serves (a bill settled or voided) or who is signed in changed: the shop's screens refetch their wheel. */
export async function wheelShopChanged(tx: Db, auth: Auth, shopId: number) {
  const [linked] = await tx.select({ id: wheelSchemeShops.schemeId }).from(wheelSchemeShops).where(eq(wheelSchemeShops.shopId, shopId));
  if (linked) await changed(tx, auth, shopId);
}

signedInOrOut.on(wheelShopChanged);

export function registerWheelQueueRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    W.queues,
    {
      summary: "The shop's live wheel: per row of its scheme, the employees signed in today in order, each free, serving or resting",
      perm: VIEW,
      query: wheelQueuesQuery,
      response: wheelQueues,
    },
    ({ tx, auth, query }) => readWheel(tx, auth, query.shopId),
  );
  route(
    app,
    'POST',
    W.assign,
    {
      summary: 'Give a customer: a walk-in to the first free employee (who moves to the end), a requested one to the named employee',
      description:
        '404: the shop is not seen, the row does not exist or the employee is not on its queue today; 409: no scheme, no one free.',
      perm: EDIT,
      body: wheelAssignBody,
      entity: ENTITY,
      verb: 'update',
      response: wheelAssignAnswer,
    },
    ({ tx, auth, body }) => assignCustomer(tx, auth, body),
  );
  route(
    app,
    'POST',
    W.rest,
    {
      summary: "Start a rest of one of the shop's kinds: the employee keeps the places and is back when the minutes are over",
      perm: EDIT,
      body: wheelRestBody,
      entity: ENTITY,
      verb: 'update',
      response: wheelQueues,
    },
    ({ tx, auth, body }) => startRest(tx, auth, body),
  );
  route(
    app,
    'POST',
    W.back,
    { summary: 'End a rest by hand', perm: EDIT, body: wheelBackBody, entity: ENTITY, verb: 'update', response: wheelQueues },
    ({ tx, auth, body }) => endRest(tx, auth, body),
  );
  route(
    app,
    'POST',
    W.move,
    {
      summary: 'Move an employee by hand to a place (or to the end) of a row, with a reason',
      perm: EDIT,
      body: wheelMoveBody,
      entity: ENTITY,
      verb: 'update',
      response: wheelQueues,
    },
    ({ tx, auth, body }) => moveByHand(tx, auth, body),
  );
  route(
    app,
    'GET',
    W.logs,
    { summary: "The wheel's moves of a shop, newest first", perm: VIEW, query: wheelLogsQuery, response: z.array(wheelLogRow) },
    ({ tx, auth, query }) => wheelLog(tx, auth, query),
  );
}
