import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { checkClasses, checkRecords } from './schema.js';

/** One employee's scheduled day at a shop: the shift's times and the halves of the day marked off. */
export interface ScheduledDay {
  employeeId: number;
  /** The shift's start and end, `HH:MM`; an end not after the start runs past midnight. */
  start: string;
  end: string;
  /** The morning or afternoon marked rest, study or absent (请假、学习、旷工): not at work then. */
  amOff: boolean;
  pmOff: boolean;
}

const off = (kq: string | null) => !!kq && kq !== 'none';

/**
 * The employees scheduled to work at a shop on an attendance day (a shift on the schedule grid), with
 * the halves of the day they are marked off. A scheduled rest day (no shift) and an unscheduled
 * employee are not listed: they do not work that day.
 */
export async function scheduledDay(tx: Db, shopId: number, day: string): Promise<ScheduledDay[]> {
  const rows = await tx
    .select({
      employeeId: checkRecords.employeeId,
      start: checkClasses.startTime,
      end: checkClasses.endTime,
      kqAm: checkRecords.kqAm,
      kqPm: checkRecords.kqPm,
    })
    .from(checkRecords)
    .innerJoin(checkClasses, eq(checkClasses.id, checkRecords.classId))
    .where(and(eq(checkRecords.shopId, shopId), eq(checkRecords.cdate, day), isNotNull(checkRecords.classId)));
  return rows.map((r) => ({ employeeId: r.employeeId, start: r.start, end: r.end, amOff: off(r.kqAm), pmOff: off(r.kqPm) }));
}
