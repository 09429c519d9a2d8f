import {
  batchPbBody,
  batchPbCopyBody,
  changePbBody,
  type MonthGrid,
  monthGrid,
  monthQuery,
  scheduleListQuery,
  schedulePage,
  scheduleResult,
} from '@headoffice/contract';
import { and, asc, count, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { addDays } from '../../platform/numbering.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { employees, shops } from '../org/public.js';
import { onTransfer, type ShopMove } from '../staff/public.js';
import { conflictPast, shiftFor, shopConfigOf, shopEmployees, shopOf, shopScope, storeJudged, todayOf } from './common.js';
import { checkClasses, checkRecords } from './schema.js';

const monthDays = (month: string) => {
  const days: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  return days;
};

/**
 * Sets the shift of each (employee, day) in the shop: one upsert. A day that already had punches is
 * judged again against its new shift.
 */
async function schedule(tx: Db, auth: Auth, shopId: number, cells: { eeid: number; date: string; classId: number | null }[]) {
  if (!cells.length) return 0;
  for (let i = 0; i < cells.length; i += 2000) {
    const chunk = cells.slice(i, i + 2000);
    await tx
      .insert(checkRecords)
      .values(
        chunk.map((c) => ({ tenantId: auth.tenantId, shopId, employeeId: c.eeid, cdate: c.date, classId: c.classId, scheduled: true })),
      )
      .onConflictDoUpdate({
        target: [checkRecords.tenantId, checkRecords.employeeId, checkRecords.cdate],
        set: {
          classId: sql`excluded.class_id`,
          shopId: sql`excluded.shop_id`,
          scheduled: true,
          version: sql`${checkRecords.version} + 1`,
          updatedAt: new Date(),
        },
      });
  }
  const punched = await tx
    .select()
    .from(checkRecords)
    .where(
      and(
        eq(checkRecords.shopId, shopId),
        inArray(
          checkRecords.employeeId,
          cells.map((c) => c.eeid),
        ),
        inArray(
          checkRecords.cdate,
          cells.map((c) => c.date),
        ),
        or(isNotNull(checkRecords.onWork), isNotNull(checkRecords.offWork)),
      ),
    );
  for (const record of punched) await storeJudged(tx, auth, record, {});
  return cells.length;
}

/** The month grid of a shop: its employees (those on the job there, and whoever has a day there that month) × days. */
export async function shopMonthGrid(tx: Db, auth: Auth, shopId: number, month: string): Promise<MonthGrid> {
  await shopOf(tx, auth, shopId);
  const days = monthDays(month);
  const records = await tx
    .select()
    .from(checkRecords)
    .where(and(eq(checkRecords.shopId, shopId), gte(checkRecords.cdate, days[0]), lte(checkRecords.cdate, days[days.length - 1])));
  const withDays = [...new Set(records.map((r) => r.employeeId))];
  const staff = await tx
    .select({ id: employees.id, eecode: employees.eecode, name: employees.name })
    .from(employees)
    .where(or(and(eq(employees.shopId, shopId), eq(employees.status, 1)), withDays.length ? inArray(employees.id, withDays) : sql`false`))
    .orderBy(asc(employees.eecode));
  const shifts = await tx
    .select({
      id: checkClasses.id,
      code: checkClasses.code,
      name: checkClasses.name,
      startTime: checkClasses.startTime,
      endTime: checkClasses.endTime,
      color: checkClasses.color,
    })
    .from(checkClasses)
    // The shop's shifts, and those its days carry from another shop (an employee transferred in).
    .where(or(eq(checkClasses.shopId, shopId), inArray(checkClasses.id, [0, ...records.flatMap((r) => (r.classId ? [r.classId] : []))])))
    .orderBy(asc(checkClasses.sort), asc(checkClasses.code));
  return {
    shopId,
    month,
    today: await shopToday(tx, auth, shopId),
    days,
    shifts,
    employees: staff.map((e) => ({
      eeid: e.id,
      eecode: e.eecode,
      eename: e.name,
      cells: Object.fromEntries(
        records
          .filter((r) => r.employeeId === e.id)
          .map((r) => [
            r.cdate,
            {
              id: r.id,
              classId: r.classId,
              onStatus: r.onStatus as 0,
              offStatus: r.offStatus as 0,
              onBk: r.onBk,
              offBk: r.offBk,
              kg: r.ruleKg,
              kqAm: r.kqAm,
              kqPm: r.kqPm,
            },
          ]),
      ),
    })),
  };
}

/** The shop's attendance day today: days before it are over and are corrected with a reason, not rescheduled. */
async function shopToday(tx: Db, auth: Auth, shopId: number) {
  return (await todayOf(tx, auth, await shopConfigOf(tx, shopId))).today;
}

export function registerScheduleRoutes(app: FastifyInstance) {
  const P = '/api-pers/employeeschedule';
  route(
    app,
    'GET',
    `${P}/list`,
    {
      summary: 'Scheduled days, paged: by shop, employee and date range (the original employeeScheduleList)',
      perm: 'attendance.schedule.view',
      query: scheduleListQuery,
      response: schedulePage,
    },
    async ({ tx, query, auth }) => {
      const where = and(
        eq(checkRecords.scheduled, true),
        shopScope(auth, checkRecords.shopId),
        query.shopid ? eq(checkRecords.shopId, query.shopid) : undefined,
        query.eeid ? eq(checkRecords.employeeId, query.eeid) : undefined,
        query.dateFrom ? gte(checkRecords.cdate, query.dateFrom) : undefined,
        query.dateTo ? lte(checkRecords.cdate, query.dateTo) : undefined,
      );
      const rows = tx
        .select({
          id: checkRecords.id,
          shopId: checkRecords.shopId,
          shopName: shops.name,
          eeid: checkRecords.employeeId,
          eecode: employees.eecode,
          eename: employees.name,
          cdate: checkRecords.cdate,
          classId: checkRecords.classId,
          className: checkClasses.name,
          startTime: checkClasses.startTime,
          endTime: checkClasses.endTime,
          color: checkClasses.color,
        })
        .from(checkRecords)
        .innerJoin(employees, eq(employees.id, checkRecords.employeeId))
        .innerJoin(shops, eq(shops.id, checkRecords.shopId))
        .leftJoin(checkClasses, eq(checkClasses.id, checkRecords.classId))
        .where(where)
        .orderBy(asc(checkRecords.cdate), asc(employees.eecode), asc(checkRecords.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return pageOf(tx, query, rows, () => tx.select({ id: checkRecords.id }).from(checkRecords).where(where));
    },
  );
  route(
    app,
    'GET',
    `${P}/shopEeScheduleList`,
    {
      summary: "A shop's month schedule: its employees × the month's days, each cell the day's shift (null: rest)",
      perm: 'attendance.schedule.view',
      query: monthQuery,
      response: monthGrid,
    },
    ({ tx, query, auth }) => shopMonthGrid(tx, auth, query.shopid, query.month),
  );
  route(
    app,
    'POST',
    `${P}/batchPb`,
    {
      summary: 'Schedule employees of a shop on a shift (null: rest) for every day of a date range',
      description:
        'At most 62 days and 200 employees; days from today on (past days are corrected in the records with a reason: 409). ' +
        'Employees must be on the job in the shop; the shift must be an enabled shift of the shop.',
      perm: 'attendance.schedule.edit',
      body: batchPbBody,
      entity: 'employeeschedule',
      verb: 'update',
      response: scheduleResult,
    },
    async ({ tx, body, auth }) => {
      await shopOf(tx, auth, body.shopid);
      if (body.endDate < body.startDate) throw fieldError('endDate', 'dateRangeOrder');
      const days: string[] = [];
      for (let d = body.startDate; d <= body.endDate && days.length <= 62; d = addDays(d, 1)) days.push(d);
      if (days.length > 62) throw fieldError('endDate', 'dateRangeTooLong');
      const eeids = [...new Set(body.eeids)];
      await shopEmployees(tx, body.shopid, eeids);
      await shiftFor(tx, body.shopid, body.classId);
      const today = await shopToday(tx, auth, body.shopid);
      if (body.startDate < today) throw conflictPast(body.startDate);
      const cells = eeids.flatMap((eeid) => days.map((date) => ({ eeid, date, classId: body.classId })));
      return { changed: await schedule(tx, auth, body.shopid, cells) };
    },
  );
  route(
    app,
    'POST',
    `${P}/batchPbCopy`,
    {
      summary: "Copy a shop's schedule of one month (omon) to another (nmon), day of month by day of month",
      description:
        'Days the target month lacks (the 31st) and days before today are left out, and so are employees no longer on the job in the shop. ' +
        'A target month that already has scheduled days answers 409 unless `overwrite` is true.',
      perm: 'attendance.schedule.edit',
      body: batchPbCopyBody,
      entity: 'employeeschedule',
      verb: 'update',
      response: scheduleResult,
    },
    async ({ tx, body, auth }) => {
      await shopOf(tx, auth, body.shopid);
      if (body.omon === body.nmon) throw fieldError('nmon', 'sameMonth');
      const from = monthDays(body.omon);
      const to = monthDays(body.nmon);
      const today = await shopToday(tx, auth, body.shopid);
      const source = await tx
        .select({ eeid: checkRecords.employeeId, cdate: checkRecords.cdate, classId: checkRecords.classId })
        .from(checkRecords)
        .innerJoin(employees, eq(employees.id, checkRecords.employeeId))
        .where(
          and(
            eq(checkRecords.shopId, body.shopid),
            eq(checkRecords.scheduled, true),
            gte(checkRecords.cdate, from[0]),
            lte(checkRecords.cdate, from[from.length - 1]),
            eq(employees.shopId, body.shopid),
            eq(employees.status, 1),
          ),
        );
      const cells = source
        .map((s) => ({ eeid: s.eeid, date: `${body.nmon}${s.cdate.slice(7)}`, classId: s.classId }))
        .filter((c) => to.includes(c.date) && c.date >= today);
      if (!cells.length) throw conflict('nothingToCopy', { month: body.omon });
      const [{ n }] = await tx
        .select({ n: count() })
        .from(checkRecords)
        .where(
          and(
            eq(checkRecords.shopId, body.shopid),
            eq(checkRecords.scheduled, true),
            gte(checkRecords.cdate, to[0]),
            lte(checkRecords.cdate, to[to.length - 1]),
          ),
        );
      if (n > 0 && !body.overwrite) throw conflict('monthHasSchedule', { month: body.nmon, count: n });
      return { changed: await schedule(tx, auth, body.shopid, cells) };
    },
  );
  route(
    app,
    'POST',
    `${P}/changePb`,
    {
      summary: "Change one cell of a shop's schedule: an employee's shift on a day (null: rest)",
      description: 'From today on; a past day answers 409 (correct it in the records, with a reason).',
      perm: 'attendance.schedule.edit',
      body: changePbBody,
      entity: 'employeeschedule',
      verb: 'update',
      response: scheduleResult,
    },
    async ({ tx, body, auth }) => {
      await shopOf(tx, auth, body.shopid);
      await shopEmployees(tx, body.shopid, [body.eeid], 'eeid');
      await shiftFor(tx, body.shopid, body.classId);
      if (body.date < (await shopToday(tx, auth, body.shopid))) throw conflictPast(body.date);
      return { changed: await schedule(tx, auth, body.shopid, [{ eeid: body.eeid, date: body.date, classId: body.classId }]) };
    },
  );

  onTransfer(moveSchedules);
}

/** A transfer to another shop moves the employee's days from its effective date to the new shop (their shifts stay). */
async function moveSchedules(tx: Db, moves: ShopMove[]) {
  for (const move of moves) {
    await tx
      .update(checkRecords)
      .set({ shopId: move.toShopId, version: sql`${checkRecords.version} + 1`, updatedAt: new Date() })
      .where(and(eq(checkRecords.employeeId, move.employeeId), gte(checkRecords.cdate, move.effectiveDate)));
  }
}
