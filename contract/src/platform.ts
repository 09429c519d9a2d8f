import { z } from 'zod';

/** A text in both languages: zh-CN first, en-US second. */
export type Label = readonly [zh: string, en: string];

/** Every JSON answer: `{ resp_code, resp_msg, data }`; 400 adds `errors`. */
export interface Envelope<T> {
  resp_code: string;
  resp_msg: string;
  data: T;
  errors?: { path: string; message: string }[];
  requestId?: string;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** More than 10,000 rows match: `total` is 10,000 and the pager shows "10000+". */
  totalCapped?: true;
  /**
   * A full page's key: the last row's sort key and id, opaque. Sent back as `after` with the next
   * page number, the next page is read from that key on (an index range) instead of walking past the
   * rows before it. Absent on a short page and on lists that page by number only.
   */
  next?: string;
}

/** The schema of a page of `row`s, as `Page<T>` (what the server's paging answers). */
export const pageAnswer = <R extends z.ZodType>(row: R) =>
  z.object({
    list: z.array(row),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    totalCapped: z.literal(true).optional(),
    next: z.string().optional(),
  });

export const id = z.coerce.number().int().positive();
export const idParam = z.object({ id });
export const idBody = z.strictObject({ id: z.number().int().positive() });
export const status = z.union([z.literal(0), z.literal(1)]);
export const statusBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
  status,
});
export const code = z.string().trim().min(1).max(32);
export const name = z.string().trim().min(1).max(64);
export const memo = z.string().trim().max(500).nullish();
/** The number of an entry of a fixed list 1…`max` (a reason, a finding), sent as a number or its digits. */
export const listCode = (max: number) => z.coerce.number().int().min(1).max(max);
/** A mainland mobile number: 11 digits starting with 1. */
export const mobile = z
  .string()
  .trim()
  .regex(/^1\d{10}$/);
/** Free text of at most `max` characters, which may be left out or null. */
export const optionalText = (max: number) => z.string().trim().max(max).nullish();
/** A day of the calendar: 2024-02-30 is written like one, and is refused like any other text. */
function isCalendarDay(text: string) {
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}
export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, 'YYYY-MM-DD');

/** Query part every paged list accepts. `sort` is `field,-other`. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sort: z.string().max(200).optional(),
  /** The `next` of the page before (with `page` = its page + 1): the page starts after that row. */
  after: z.string().max(1000).optional(),
});

export const codeCheckQuery = z.object({ code, id: id.optional() });
