import { defaultShopConfig } from '@headoffice/contract';
import { asc, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertMany } from '../db/insert-many.js';
import { rejudge } from '../modules/attendance/common.js';
import { instantOf } from '../modules/attendance/judge.js';
import { checkClasses, checkRecords, checkRules } from '../modules/attendance/schema.js';
import { employees, shops } from '../modules/org/schema.js';
import { addDays, tenantToday, tenantZone } from '../platform/numbering.js';

const demoShifts = [
  { name: '早班', startTime: '10:00', endTime: '19:00', color: '#1677ff' },
  { name: '晚班', startTime: '13:00', endTime: '22:00', color: '#52c41a' },
  { name: '通班', startTime: '10:00', endTime: '22:00', color: '#fa8c16' },
];

/**
 * Demo attendance: the chain's absence rules, three shifts in every shop, and a week of schedules
 * (three days back, today, three days ahead) for each shop's staff: early and late shifts in turn,
 * one rest day each; the past days signed in and out (now and then a few minutes late).
 */
export async function seedDemoAttendance(tx: Db, tenantId: number) {
  await tx.insert(checkRules).values([
    { tenantId, type: 1, value: 60, kgDays: 0.5 },
    { tenantId, type: 1, value: 180, kgDays: 1 },
    { tenantId, type: 2, value: 60, kgDays: 0.5 },
  ]);
  const today = await tenantToday(tx, tenantId);
  const zone = await tenantZone(tx, tenantId);
  const rules = [
    { type: 1 as const, value: 60, kgDays: 0.5 as const },
    { type: 1 as const, value: 180, kgDays: 1 as const },
    { type: 2 as const, value: 60, kgDays: 0.5 as const },
  ];
  const config = { shopId: 0, version: 0, saved: false, ...defaultShopConfig };
  const shopRows = await tx.select({ id: shops.id }).from(shops).orderBy(asc(shops.code));
  // Every shop's shifts in one insert (its rows come back in the order given), the records in another.
  let n = 0;
  const allShifts = await tx
    .insert(checkClasses)
    .values(
      shopRows.flatMap((shop) =>
        demoShifts.map((s, i) => ({ tenantId, shopId: shop.id, code: `BC${String(++n).padStart(3, '0')}`, sort: (i + 1) * 10, ...s })),
      ),
    )
    .returning();
  const allStaff = await tx
    .select({ id: employees.id, shopId: employees.shopId })
    .from(employees)
    .where(isNotNull(employees.shopId))
    .orderBy(asc(employees.eecode));
  const rows = [];
  for (const [k, shop] of shopRows.entries()) {
    const shifts = allShifts.slice(k * demoShifts.length, (k + 1) * demoShifts.length);
    const staff = allStaff.filter((e) => e.shopId === shop.id);
    for (const [i, e] of staff.filter((_, k) => k < 12).entries()) {
      for (let d = -3; d <= 3; d++) {
        const cdate = addDays(today, d);
        const rest = (i + d + 7) % 7 === 0;
        const shift = rest ? null : shifts[(i + d + 7) % 2];
        const record = {
          id: 0,
          tenantId,
          shopId: shop.id,
          employeeId: e.id,
          cdate,
          classId: shift?.id ?? null,
          scheduled: true,
          onWork: null as Date | null,
          onStatus: 0,
          onBk: false,
          onMethod: null as string | null,
          offWork: null as Date | null,
          offStatus: 0,
          offBk: false,
          offMethod: null as string | null,
          onStatusSet: false,
          offStatusSet: false,
          delay: 0,
          zt: 0,
          ruleKg: 0,
          kqAm: null,
          kqPm: null,
          version: 1,
          createdAt: new Date(),
          updatedAt: new Date(),
        };
        if (shift && d < 0) {
          const start = instantOf(cdate, shift.startTime, zone).getTime();
          const end = instantOf(cdate, shift.endTime, zone).getTime();
          const late = (i * 7 + d * 3 + 30) % 11 === 0 ? 12 : 0;
          record.onWork = new Date(start - (5 + ((i + d) % 9)) * 60_000 + late * 60_000);
          record.offWork = new Date(end + (3 + (i % 6)) * 60_000);
          record.onMethod = 'qr';
          record.offMethod = 'qr';
        }
        const { id: _id, ...values } = { ...record, ...rejudge(record, shift, config, rules, zone) };
        rows.push(values);
      }
    }
  }
  await insertMany(tx, checkRecords, rows);
}
