import dayjs, { type Dayjs } from 'dayjs';

// Business days are days in the company's time zone: head office may sit in another zone than the chain,
// and a browser's own midnight is not the shops'. Known once the signed-in user is (`meQuery`).
let companyZone: string | undefined;

export function setCompanyZone(zone: string | undefined) {
  companyZone = zone;
}

/**
 * One formatter per zone and kind: making an Intl.DateTimeFormat costs far more than using one, and a
 * list formats a moment in every row (30 ms of a product list's first render).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'moment', zone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${zone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(
      'en-CA',
      kind === 'date'
        ? { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }
        : {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          },
    );
    formatters.set(key, made);
  }
  return made;
}

/** The company's calendar day at `at` (now by default), `YYYY-MM-DD`. */
export function companyDate(at = new Date()): string {
  return formatter('date', companyZone).format(at);
}

/**
 * How a date may be typed into a date picker: shown as the first, read in any of them (2026-03-01, 2026-3-1,
 * 2026/3/1, 20260301), so a date typed the way people write it is taken rather than dropped.
 */
export const DATE_FORMATS = ['YYYY-MM-DD', 'YYYY-M-D', 'YYYY/MM/DD', 'YYYY/M/D', 'YYYYMMDD'];

/** The company's today, for date pickers and default ranges. */
export const companyToday = (): Dayjs => dayjs(companyDate());

/** The company's month, `YYYY-MM`. */
export const companyMonth = () => companyDate().slice(0, 7);

/** The parts of a moment on a time zone's clock (the company's when `zone` is undefined). */
function clockParts(iso: string, zone: string | undefined): Record<string, string> {
  return Object.fromEntries(
    formatter('moment', zone)
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
}

/** An ISO moment names its zone (`Z`, `+08:00`); a text without one is a wall-clock time written already. */
const ZONED = /(Z|[+-]\d\d:?\d\d)$/;

/**
 * A moment on the company's clock, as lists show it: `2026-03-04 09:30` (`seconds`: `2026-03-04 09:30:05`),
 * whatever this browser's zone. A moment read with `dayjs(iso)` or `new Date(iso)` would be on the browser's clock:
 * head office in another zone would see a shop's 04:25 as the day before.
 */
export function companyDateTime(iso: string | null | undefined, seconds = false): string {
  if (!iso) return '';
  if (!ZONED.test(iso)) return iso.replace('T', ' ').slice(0, seconds ? 19 : 16);
  const parts = clockParts(iso, companyZone);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
}

/**
 * A moment as the shop's clock showed it (the company's time zone, not this browser's): HH:mm, with the
 * date when it is another calendar day than the shop's day `day`.
 */
export function shopClock(iso: string | null, day: string, zone: string | undefined) {
  if (!iso) return '';
  const parts = clockParts(iso, zone);
  const time = `${parts.hour}:${parts.minute}`;
  return `${parts.year}-${parts.month}-${parts.day}` === day ? time : `${parts.month}-${parts.day} ${time}`;
}
