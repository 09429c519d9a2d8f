import type { BookingConfig, BookingSource } from '@headoffice/contract';
import { AppError, conflict, fieldError } from '../../platform/errors.js';
import { addDays } from '../../platform/numbering.js';

/** `HH:MM` as minutes after midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes after midnight as `HH:MM` (24:00 for the end of the day). */
export const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The minutes services occupy a stylist: 叠加 (1) the longest of them, 累计 (2) their sum. */
export function occupiedMinutes(timeType: 1 | 2, minutes: readonly number[]): number {
  return timeType === 1 ? Math.max(0, ...minutes) : minutes.reduce((sum, m) => sum + m, 0);
}

export interface Slot {
  day: string;
  start: number;
  minutes: number;
}

/** The company's calendar now: its day and the minutes after its midnight. */
export interface Now {
  day: string;
  minute: number;
}

/**
 * The settings' rules of a slot on its own (no other booking read): not past, within the bookable hours
 * and `maxday`, and for a customer `earlierday`/`earliertime` (a shop is not limited by them).
 */
export function checkSlot(config: BookingConfig, slot: Slot, now: Now, source: BookingSource) {
  const end = slot.start + slot.minutes;
  if (slot.day < now.day || (slot.day === now.day && slot.start < now.minute)) throw fieldError('yydate', 'bookingInPast');
  if (slot.start < minutesOf(config.stime) || end > minutesOf(config.etime))
    throw fieldError('yydate', 'bookingOutsideHours', { stime: config.stime, etime: config.etime });
  if (config.maxday > 0 && slot.day > addDays(now.day, config.maxday)) throw fieldError('yydate', 'bookingTooFar', { days: config.maxday });
  if (source !== 1) return;
  if (slot.day < addDays(now.day, config.earlierday)) throw fieldError('yydate', 'bookingDaysAhead', { days: config.earlierday });
  if (slot.day === now.day && slot.start < now.minute + config.earliertime)
    throw fieldError('yydate', 'bookingMinutesAhead', { minutes: config.earliertime });
}

export interface WorkDay {
  start: string;
  end: string;
  amOff: boolean;
  pmOff: boolean;
}

/** Noon splits a day's morning (上午) from its afternoon (下午), as a half day off is marked. */
export const NOON = 12 * 60;

/** The minutes a stylist works on a day: the shift (to midnight at most), less the halves marked off. */
export function workingSpans(work: WorkDay | null): { start: number; end: number }[] {
  if (!work) return [];
  const start = minutesOf(work.start);
  const shiftEnd = minutesOf(work.end);
  const end = shiftEnd <= start ? 24 * 60 : shiftEnd;
  const spans = [
    { start, end: Math.min(end, NOON), off: work.amOff },
    { start: Math.max(start, NOON), end, off: work.pmOff },
  ];
  return spans.filter((s) => !s.off && s.start < s.end).map(({ start: s, end: e }) => ({ start: s, end: e }));
}

/** Joins touching spans (a whole working day split at noon is one span). */
function joined(spans: { start: number; end: number }[]) {
  const out: { start: number; end: number }[] = [];
  for (const s of spans) {
    const last = out.at(-1);
    if (last && last.end === s.start) last.end = s.end;
    else out.push({ ...s });
  }
  return out;
}

/** A stylist may take the slot: scheduled, at work (not on leave) for all of it. */
export function checkAtWork(work: WorkDay | null, slot: Slot, name: string) {
  if (!work) throw conflict('stylistNotScheduled', { name, date: slot.day });
  const end = slot.start + slot.minutes;
  if (joined(workingSpans(work)).some((s) => s.start <= slot.start && end <= s.end)) return;
  const shiftStart = minutesOf(work.start);
  const shiftEnd = minutesOf(work.end) <= shiftStart ? 24 * 60 : minutesOf(work.end);
  const inShift = shiftStart <= slot.start && end <= shiftEnd;
  throw inShift ? conflict('stylistOnLeave', { name }) : conflict('stylistOffShift', { name, start: work.start, end: work.end });
}

/** The first booking of `taken` the slot overlaps, if any. */
export function overlapping<T extends { startMin: number; hjtimes: number }>(taken: T[], slot: Slot): T | undefined {
  const end = slot.start + slot.minutes;
  return taken.find((b) => b.startMin < end && slot.start < b.startMin + b.hjtimes);
}

/** The free spans of a working day between its bookings. */
export function freeSpans(work: WorkDay | null, taken: { startMin: number; hjtimes: number }[], hours: { stime: string; etime: string }) {
  const open = minutesOf(hours.stime);
  const close = minutesOf(hours.etime);
  const busy = [...taken].sort((a, b) => a.startMin - b.startMin);
  const free: { start: string; end: string }[] = [];
  for (const span of joined(workingSpans(work))) {
    let from = Math.max(span.start, open);
    const to = Math.min(span.end, close);
    for (const b of busy) {
      if (b.startMin + b.hjtimes <= from || b.startMin >= to) continue;
      if (b.startMin > from) free.push({ start: clockOf(from), end: clockOf(b.startMin) });
      from = Math.max(from, b.startMin + b.hjtimes);
    }
    if (from < to) free.push({ start: clockOf(from), end: clockOf(to) });
  }
  return free;
}

/** A customer over a limit of the settings: too many bookings that day, or too many no-shows. */
export function checkCustomer(
  config: BookingConfig,
  counts: { sameDay: number; recentMisses: number; allMisses: number },
  source: BookingSource,
) {
  if (config.dayLimit > 0 && counts.sameDay >= config.dayLimit) throw conflict('bookingDayLimit', { count: config.dayLimit });
  if (config.miss > 0 && counts.recentMisses >= config.miss)
    throw conflict('bookingBlockedMisses', { count: counts.recentMisses, days: config.restrictedDay });
  if (source === 1 && config.restricted > 0 && counts.allMisses >= config.restricted)
    throw new AppError(409, 'bookingOnlineRestricted', { count: counts.allMisses });
}
