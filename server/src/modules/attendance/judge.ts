import type { AbsenceRule, CheckStatus, KqType } from '@headoffice/contract';
import { addDays } from '../../platform/numbering.js';

/**
 * The calculations of attendance, pure: which attendance day a punch belongs to, a shift's window on
 * a day (crossing midnight), and the judgement of a sign-in and a sign-out against the shop's grace
 * and absence rules. Times are instants; days and clock times are read in the company's time zone.
 */

const MINUTE = 60_000;

/** One formatter per time zone: making one costs far more than formatting (a week of demo schedules made thousands). */
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a time zone. */
function wallClock(at: Date, timeZone: string) {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The instant of a wall-clock `HH:MM` on `day` in the time zone. */
export function instantOf(day: string, time: string, timeZone: string): Date {
  const guess = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 0, minutesOf(time));
  // The zone's offset at the guess, then once more at the corrected instant (a change of offset in between).
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(at), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    at += guess - shown;
  }
  return new Date(at);
}

/** The attendance day of an instant: its calendar day, or the day before when it is earlier than the day start. */
export function attendanceDay(at: Date, dayStart: string, timeZone: string): string {
  const w = wallClock(at, timeZone);
  const day = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return w.hour * 60 + w.minute < minutesOf(dayStart) ? addDays(day, -1) : day;
}

/**
 * A clock time of an attendance day as an instant: times before the day start belong to the next
 * calendar day (with the day starting at 03:00, 01:30 of the 5th's attendance day is the 6th, 01:30).
 */
export function timeOfDay(cdate: string, time: string, dayStart: string, timeZone: string): Date {
  return instantOf(minutesOf(time) < minutesOf(dayStart) ? addDays(cdate, 1) : cdate, time, timeZone);
}

export interface ShiftTimes {
  startTime: string;
  endTime: string;
}

/** A shift's start and end on an attendance day; an end not after the start is the next day (a night shift). */
export function shiftWindow(cdate: string, shift: ShiftTimes, dayStart: string, timeZone: string): { start: Date; end: Date } {
  const start = timeOfDay(cdate, shift.startTime, dayStart, timeZone);
  let end = instantOf(wallDay(start, timeZone), shift.endTime, timeZone);
  if (end.getTime() <= start.getTime()) end = instantOf(addDays(wallDay(start, timeZone), 1), shift.endTime, timeZone);
  return { start, end };
}

/** The wall-clock `HH:MM` of an instant in the time zone. */
export function clockTime(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/**
 * The earliest instant a sign-in counts for a shift: `earlyLimit` minutes before its start. An earlier
 * one would be judged on time hours ahead of the shift (04:45 for a 10:00 shift), so it is refused.
 */
export function earliestSignIn(window: { start: Date }, earlyLimit: number): Date {
  return new Date(window.start.getTime() - earlyLimit * MINUTE);
}

function wallDay(at: Date, timeZone: string) {
  const w = wallClock(at, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

export interface Grace {
  /** Minutes a sign-in may be after the start and still be on time. */
  allowCd: number;
  /** Minutes a sign-out may be before the end and still be on time. */
  allowZt: number;
}

export interface Judged {
  status: CheckStatus;
  /** Minutes late (sign-in) or early (sign-out). */
  minutes: number;
  /** Days of absence the rules give it. */
  kg: number;
}

/** The days of absence of the rules of a type crossed by `minutes` (the largest; 0 when none is crossed). */
export function ruleDays(rules: readonly AbsenceRule[], type: 1 | 2, minutes: number): number {
  return Math.max(0, ...rules.filter((r) => r.type === type && minutes > r.value).map((r) => r.kgDays));
}

/**
 * A sign-in: late by the minutes after the shift's start (never early: a sign-in is never an early
 * leave); on time within the grace; a late rule crossed turns it into absence (旷工) of that many
 * days. Without a shift (a rest day, an unscheduled day) every sign-in is on time.
 */
export function judgeSignIn(at: Date, window: { start: Date } | null, grace: Grace, rules: readonly AbsenceRule[]): Judged {
  if (!window) return { status: 1, minutes: 0, kg: 0 };
  const minutes = Math.max(0, Math.floor((at.getTime() - window.start.getTime()) / MINUTE));
  const kg = ruleDays(rules, 1, minutes);
  if (kg > 0) return { status: 4, minutes, kg };
  return { status: minutes > grace.allowCd ? 2 : 1, minutes, kg: 0 };
}

/** A sign-out: early by the minutes before the shift's end (never late: staying longer is on time). */
export function judgeSignOut(at: Date, window: { end: Date } | null, grace: Grace, rules: readonly AbsenceRule[]): Judged {
  if (!window) return { status: 1, minutes: 0, kg: 0 };
  const minutes = Math.max(0, Math.ceil((window.end.getTime() - at.getTime()) / MINUTE));
  const kg = ruleDays(rules, 2, minutes);
  if (kg > 0) return { status: 4, minutes, kg };
  return { status: minutes > grace.allowZt ? 3 : 1, minutes, kg: 0 };
}

/** What a day holds, for its totals. */
export interface DayFacts {
  classId: number | null;
  onWork: Date | null;
  offWork: Date | null;
  onStatus: number;
  offStatus: number;
  ruleKg: number;
  kqAm: KqType | null;
  kqPm: KqType | null;
}

export interface DayTotals {
  /** Days of absence: the rules' and the half days marked absent, with missing punches of a past working day (at most 1). */
  kg: number;
  rest: number;
  study: number;
  /** Punches missing on a past working day. */
  missing: number;
  /** Days worked (a day with a punch, less its absence, rest and study). */
  days: number;
  /** Minutes between sign-in and sign-out. */
  minutes: number;
}

const half = (a: KqType | null, b: KqType | null, type: KqType) => (a === type ? 0.5 : 0) + (b === type ? 0.5 : 0);

/**
 * A day's totals. A past working day (a shift, not wholly marked) without a sign-in or a sign-out
 * counts each missing punch, and the rules' missing-punch days (type 3) for each.
 */
export function dayTotals(day: DayFacts, dayOver: boolean, rules: readonly AbsenceRule[]): DayTotals {
  const rest = half(day.kqAm, day.kqPm, 'rest');
  const study = half(day.kqAm, day.kqPm, 'study');
  const marked = half(day.kqAm, day.kqPm, 'absent');
  const wholeDayMarked = !!day.kqAm && !!day.kqPm && day.kqAm !== 'none' && day.kqPm !== 'none';
  const working = day.classId !== null && !wholeDayMarked;
  const missing = dayOver && working ? (day.onWork ? 0 : 1) + (day.offWork ? 0 : 1) : 0;
  const missingRule = Math.max(0, ...rules.filter((r) => r.type === 3).map((r) => r.kgDays));
  const kg = Math.min(1, day.ruleKg + marked + missing * missingRule);
  const punched = !!day.onWork || !!day.offWork;
  const days = punched ? Math.max(0, 1 - kg - rest - study) : 0;
  const minutes = day.onWork && day.offWork ? Math.max(0, Math.round((day.offWork.getTime() - day.onWork.getTime()) / MINUTE)) : 0;
  return { kg, rest, study, missing, days, minutes };
}

/** Metres between two points on the earth (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}
