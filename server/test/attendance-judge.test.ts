import type { AbsenceRule } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import {
  attendanceDay,
  dayTotals,
  distanceMetres,
  instantOf,
  judgeSignIn,
  judgeSignOut,
  ruleDays,
  shiftWindow,
  timeOfDay,
} from '../src/modules/attendance/judge.js';

const SH = 'Asia/Shanghai';
const at = (iso: string) => new Date(iso);
const grace = { allowCd: 5, allowZt: 10 };
const rules: AbsenceRule[] = [
  { type: 1, value: 60, kgDays: 0.5 },
  { type: 1, value: 180, kgDays: 1 },
  { type: 2, value: 120, kgDays: 0.5 },
  { type: 3, value: 0, kgDays: 0.5 },
];

describe('attendance calculations', () => {
  it('reads wall-clock times in the company time zone', () => {
    expect(instantOf('2026-03-05', '09:30', SH).toISOString()).toBe('2026-03-05T01:30:00.000Z');
    expect(instantOf('2026-03-05', '00:00', 'UTC').toISOString()).toBe('2026-03-05T00:00:00.000Z');
    // A zone with summer time: 09:30 in New York is 13:30 UTC in July, 14:30 in January.
    expect(instantOf('2026-07-01', '09:30', 'America/New_York').toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(instantOf('2026-01-01', '09:30', 'America/New_York').toISOString()).toBe('2026-01-01T14:30:00.000Z');
  });

  it('assigns punches before the day start (03:00) to the day before', () => {
    expect(attendanceDay(at('2026-03-05T18:59:00Z'), '03:00', SH)).toBe('2026-03-05'); // 02:59 on the 6th → the 5th
    expect(attendanceDay(at('2026-03-05T19:00:00Z'), '03:00', SH)).toBe('2026-03-06'); // 03:00 on the 6th → the 6th
    expect(attendanceDay(at('2026-03-05T16:30:00Z'), '00:00', SH)).toBe('2026-03-06'); // day starting at midnight
    expect(attendanceDay(at('2026-03-31T17:00:00Z'), '03:00', SH)).toBe('2026-03-31'); // 01:00 on 1 April → 31 March
    // A clock time of the attendance day before the day start is on the next calendar day.
    expect(timeOfDay('2026-03-05', '01:30', '03:00', SH).toISOString()).toBe('2026-03-05T17:30:00.000Z');
    expect(timeOfDay('2026-03-05', '23:30', '03:00', SH).toISOString()).toBe('2026-03-05T15:30:00.000Z');
  });

  it('a shift ending before it starts crosses midnight', () => {
    const night = shiftWindow('2026-03-05', { startTime: '22:00', endTime: '06:00' }, '03:00', SH);
    expect(night.start.toISOString()).toBe('2026-03-05T14:00:00.000Z');
    expect(night.end.toISOString()).toBe('2026-03-05T22:00:00.000Z'); // 06:00 on the 6th
    const day = shiftWindow('2026-03-05', { startTime: '10:00', endTime: '19:00' }, '03:00', SH);
    expect((day.end.getTime() - day.start.getTime()) / 3_600_000).toBe(9);
    // A shift starting after midnight but before the day start belongs to the attendance day before.
    const late = shiftWindow('2026-03-05', { startTime: '01:00', endTime: '05:00' }, '03:00', SH);
    expect(late.start.toISOString()).toBe('2026-03-05T17:00:00.000Z');
    expect(late.end.toISOString()).toBe('2026-03-05T21:00:00.000Z');
  });

  it('judges a night shift sign-out after midnight as on time, and before its end as early', () => {
    const night = shiftWindow('2026-03-05', { startTime: '22:00', endTime: '06:00' }, '03:00', SH);
    expect(judgeSignIn(at('2026-03-05T14:03:00Z'), night, grace, rules)).toEqual({ status: 1, minutes: 3, kg: 0 });
    expect(judgeSignOut(at('2026-03-05T22:15:00Z'), night, grace, rules)).toEqual({ status: 1, minutes: 0, kg: 0 });
    expect(judgeSignOut(at('2026-03-05T21:30:00Z'), night, grace, rules)).toEqual({ status: 3, minutes: 30, kg: 0 });
  });

  it('grace: late only past allowCd, early only past allowZt', () => {
    const w = shiftWindow('2026-03-05', { startTime: '10:00', endTime: '19:00' }, '03:00', SH);
    expect(judgeSignIn(at('2026-03-05T02:05:00Z'), w, grace, []).status).toBe(1); // 10:05, grace 5
    expect(judgeSignIn(at('2026-03-05T02:06:00Z'), w, grace, [])).toEqual({ status: 2, minutes: 6, kg: 0 });
    expect(judgeSignIn(at('2026-03-05T01:40:00Z'), w, grace, [])).toEqual({ status: 1, minutes: 0, kg: 0 }); // early arrival
    expect(judgeSignOut(at('2026-03-05T10:50:00Z'), w, grace, []).status).toBe(1); // 18:50, grace 10
    expect(judgeSignOut(at('2026-03-05T10:49:00Z'), w, grace, [])).toEqual({ status: 3, minutes: 11, kg: 0 });
  });

  it('a sign-in is never an early leave and a sign-out never late', () => {
    const w = shiftWindow('2026-03-05', { startTime: '10:00', endTime: '19:00' }, '03:00', SH);
    // Signing in after the shift ended: late (and absent by the rules), not early.
    const inLate = judgeSignIn(at('2026-03-05T12:00:00Z'), w, grace, []);
    expect(inLate.status).toBe(2);
    // Signing out long before the shift starts: early, never late.
    const outEarly = judgeSignOut(at('2026-03-05T01:00:00Z'), w, grace, []);
    expect(outEarly.status).toBe(3);
    for (let m = -600; m <= 1200; m += 17) {
      const t = new Date(w.start.getTime() + m * 60_000);
      expect(judgeSignIn(t, w, grace, rules).status).not.toBe(3);
      expect(judgeSignOut(t, w, grace, rules).status).not.toBe(2);
    }
  });

  it('rules give half a day or a day of absence by the minutes crossed', () => {
    expect(ruleDays(rules, 1, 60)).toBe(0);
    expect(ruleDays(rules, 1, 61)).toBe(0.5);
    expect(ruleDays(rules, 1, 181)).toBe(1);
    expect(ruleDays(rules, 2, 121)).toBe(0.5);
    const w = shiftWindow('2026-03-05', { startTime: '10:00', endTime: '19:00' }, '03:00', SH);
    expect(judgeSignIn(at('2026-03-05T03:30:00Z'), w, grace, rules)).toEqual({ status: 4, minutes: 90, kg: 0.5 });
    expect(judgeSignIn(at('2026-03-05T05:30:00Z'), w, grace, rules)).toEqual({ status: 4, minutes: 210, kg: 1 });
    expect(judgeSignOut(at('2026-03-05T08:00:00Z'), w, grace, rules)).toEqual({ status: 4, minutes: 180, kg: 0.5 });
  });

  it('without a shift every punch is on time', () => {
    expect(judgeSignIn(at('2026-03-05T12:00:00Z'), null, grace, rules)).toEqual({ status: 1, minutes: 0, kg: 0 });
    expect(judgeSignOut(at('2026-03-05T01:00:00Z'), null, grace, rules)).toEqual({ status: 1, minutes: 0, kg: 0 });
  });

  it("a day's totals: missing punches on a past working day, marked halves, absence capped at a day", () => {
    const base = { classId: 1, onStatus: 0, offStatus: 0, ruleKg: 0, kqAm: null, kqPm: null } as const;
    const on = at('2026-03-05T02:00:00Z');
    const off = at('2026-03-05T11:00:00Z');
    expect(dayTotals({ ...base, onWork: on, offWork: off }, true, rules)).toMatchObject({ kg: 0, missing: 0, days: 1, minutes: 540 });
    expect(dayTotals({ ...base, onWork: on, offWork: null }, true, rules)).toMatchObject({ kg: 0.5, missing: 1, days: 0.5 });
    expect(dayTotals({ ...base, onWork: null, offWork: null }, true, rules)).toMatchObject({ kg: 1, missing: 2, days: 0 });
    // Not over yet: nothing is missing.
    expect(dayTotals({ ...base, onWork: on, offWork: null }, false, rules)).toMatchObject({ kg: 0, missing: 0 });
    // A rest day (no shift) without punches misses nothing.
    expect(dayTotals({ ...base, classId: null, onWork: null, offWork: null }, true, rules)).toMatchObject({ kg: 0, missing: 0 });
    // Morning rest, afternoon study: no punches expected.
    expect(dayTotals({ ...base, onWork: null, offWork: null, kqAm: 'rest', kqPm: 'study' }, true, rules)).toMatchObject({
      rest: 0.5,
      study: 0.5,
      kg: 0,
      missing: 0,
    });
    // A half day marked absent on top of a late rule's half day.
    expect(dayTotals({ ...base, onWork: on, offWork: off, ruleKg: 0.5, kqPm: 'absent' }, true, rules)).toMatchObject({ kg: 1, days: 0 });
  });

  it('measures distances on the earth (haversine)', () => {
    const bund = { lat: 31.2401, lng: 121.4903 };
    expect(distanceMetres(bund, bund)).toBe(0);
    const d = distanceMetres(bund, { lat: 31.2411, lng: 121.4903 }); // 0.001° of latitude ≈ 111 m
    expect(d).toBeGreaterThan(110);
    expect(d).toBeLessThan(112);
  });
});
