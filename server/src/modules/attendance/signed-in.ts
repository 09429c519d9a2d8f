import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tenantZone } from '../../platform/numbering.js';
import { employees } from '../org/public.js';
import { shopConfigOf } from './common.js';
import { attendanceDay } from './judge.js';
import { checkRecords } from './schema.js';

export interface SignedIn {
  eeid: number;
  eecode: string;
  name: string;
  positionId: number | null;
  levelId: number | null;
  signedInAt: Date;
}

/**
 * The employees of a shop signed in on today's attendance day and not signed out yet, in the order
 * they signed in: who may join the till's wheel (轮牌, rebuilt each morning in sign-in order). Runs in
 * the caller's transaction (a tenant's).
 */
export async function signedInToday(tx: Db, tenantId: number, shopId: number, now = new Date()): Promise<SignedIn[]> {
  const config = await shopConfigOf(tx, shopId);
  const today = attendanceDay(now, config.cstartTime, await tenantZone(tx, tenantId));
  const rows = await tx
    .select({
      eeid: employees.id,
      eecode: employees.eecode,
      name: employees.name,
      positionId: employees.positionId,
      levelId: employees.levelId,
      signedInAt: checkRecords.onWork,
    })
    .from(checkRecords)
    .innerJoin(employees, eq(employees.id, checkRecords.employeeId))
    .where(
      and(
        eq(checkRecords.shopId, shopId),
        eq(checkRecords.cdate, today),
        isNotNull(checkRecords.onWork),
        isNull(checkRecords.offWork),
        eq(employees.status, 1),
      ),
    )
    .orderBy(asc(checkRecords.onWork), asc(employees.eecode));
  return rows.map((r) => ({ ...r, signedInAt: r.signedInAt as Date }));
}
