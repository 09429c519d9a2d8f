import { defaultBookingConfig } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import { checkCustomer, checkSlot, freeSpans, occupiedMinutes, workingSpans } from '../src/modules/bookings/rules.js';
import { AppError } from '../src/platform/errors.js';

const now = { day: '2026-03-10', minute: 10 * 60 };
const config = { ...defaultBookingConfig, earlierday: 0, earliertime: 30 };
const refusal = (run: () => void) => {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, key: e.fields?.[0]?.key ?? e.key };
    throw e;
  }
  return null;
};

describe('booking rules', () => {
  it('earliertime: a customer books the same day at least N minutes ahead; the shop is not limited', () => {
    expect(refusal(() => checkSlot(config, { day: now.day, start: 10 * 60 + 20, minutes: 30 }, now, 1))).toMatchObject({
      status: 400,
      key: 'bookingMinutesAhead',
    });
    expect(refusal(() => checkSlot(config, { day: now.day, start: 10 * 60 + 30, minutes: 30 }, now, 1))).toBeNull();
    expect(refusal(() => checkSlot(config, { day: now.day, start: 10 * 60 + 20, minutes: 30 }, now, 3))).toBeNull();
  });
  it('earlierday: a customer books at least N days ahead; the shop and head office are not limited', () => {
    const twoDays = { ...config, earlierday: 2 };
    expect(refusal(() => checkSlot(twoDays, { day: '2026-03-11', start: 12 * 60, minutes: 30 }, now, 1))).toMatchObject({
      key: 'bookingDaysAhead',
    });
    expect(refusal(() => checkSlot(twoDays, { day: '2026-03-12', start: 12 * 60, minutes: 30 }, now, 1))).toBeNull();
    expect(refusal(() => checkSlot(twoDays, { day: '2026-03-11', start: 12 * 60, minutes: 30 }, now, 4))).toBeNull();
  });
  it('restricted: N no-shows ever keep a customer from booking online, not the shop from booking them', () => {
    const restricted = { ...config, restricted: 3 };
    const counts = { sameDay: 0, recentMisses: 0, allMisses: 3 };
    expect(refusal(() => checkCustomer(restricted, counts, 1))).toMatchObject({ status: 409, key: 'bookingOnlineRestricted' });
    expect(refusal(() => checkCustomer(restricted, { ...counts, allMisses: 2 }, 1))).toBeNull();
    expect(refusal(() => checkCustomer(restricted, counts, 3))).toBeNull();
  });
  it('occupied minutes: 叠加 the longest service, 累计 the sum', () => {
    expect(occupiedMinutes(1, [30, 45, 20])).toBe(45);
    expect(occupiedMinutes(2, [30, 45, 20])).toBe(95);
  });
  it('a night shift works to midnight; half days off leave the other half; free time skips bookings', () => {
    expect(workingSpans({ start: '18:00', end: '02:00', amOff: false, pmOff: false })).toEqual([{ start: 18 * 60, end: 24 * 60 }]);
    expect(workingSpans({ start: '09:00', end: '18:00', amOff: true, pmOff: false })).toEqual([{ start: 12 * 60, end: 18 * 60 }]);
    const free = freeSpans(
      { start: '09:00', end: '18:00', amOff: false, pmOff: false },
      [
        { startMin: 10 * 60, hjtimes: 60 },
        { startMin: 10 * 60 + 30, hjtimes: 60 },
      ],
      { stime: '09:30', etime: '17:00' },
    );
    expect(free).toEqual([
      { start: '09:30', end: '10:00' },
      { start: '11:30', end: '17:00' },
    ]);
  });
});
