import { z } from 'zod';
import { date, id, pageQuery } from './platform.js';

// Attendance (考勤): shifts (checkclass, in attendance-records.ts), the shop's attendance settings
// (shopconfig), the chain's absence rules (checkrule), schedules (employeeschedule: one row per
// employee and day, the same row the day's sign-ins land on), sign-in and sign-out (checkrecords),
// corrections with a reason, and the monthly statistics (checkchstatistics).

type Label = readonly [string, string];

/** A clock time `HH:MM` (24-hour). */
export const shiftTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
/** A month `YYYY-MM`. */
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** The colours a shift may take in the schedule grid; `getMaxColor` proposes the first one the shop does not use. */
export const shiftColors = [
  { value: '#1677ff', label: ['蓝', 'Blue'] },
  { value: '#52c41a', label: ['绿', 'Green'] },
  { value: '#fa8c16', label: ['橙', 'Orange'] },
  { value: '#eb2f96', label: ['洋红', 'Magenta'] },
  { value: '#722ed1', label: ['紫', 'Purple'] },
  { value: '#13c2c2', label: ['青', 'Cyan'] },
  { value: '#f5222d', label: ['红', 'Red'] },
  { value: '#fadb14', label: ['黄', 'Yellow'] },
  { value: '#2f54eb', label: ['靛蓝', 'Indigo'] },
  { value: '#a0d911', label: ['青柠', 'Lime'] },
  { value: '#fa541c', label: ['火山红', 'Volcano'] },
  { value: '#8c8c8c', label: ['灰', 'Grey'] },
] as const satisfies readonly { value: string; label: Label }[];
export const shiftColorRow = z.object({ value: z.string(), used: z.boolean() });

// ---- statuses ----

/** 0 未打卡, 1 正常, 2 迟到, 3 早退, 4 旷工. A sign-in is never 早退 and a sign-out never 迟到. */
export const checkStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type CheckStatus = z.infer<typeof checkStatus>;
export const checkStatusLabels: Record<CheckStatus, { label: Label; color: string }> = {
  0: { label: ['未打卡', 'No punch'], color: 'default' },
  1: { label: ['正常', 'On time'], color: 'green' },
  2: { label: ['迟到', 'Late'], color: 'orange' },
  3: { label: ['早退', 'Left early'], color: 'gold' },
  4: { label: ['旷工', 'Absent'], color: 'red' },
};

/** What a half day may be marked (editKq): rest, study, absence; `none` clears the mark. */
export const kqType = z.enum(['rest', 'study', 'absent', 'none']);
export type KqType = z.infer<typeof kqType>;
export const kqTypeLabels: Record<KqType, Label> = {
  rest: ['休息', 'Rest'],
  study: ['学习', 'Study'],
  absent: ['旷工', 'Absence'],
  none: ['清除', 'Clear'],
};
/** Which part of the day: morning, afternoon, the whole day. */
export const kqPart = z.enum(['am', 'pm', 'day']);
export const kqPartLabels: Record<z.infer<typeof kqPart>, Label> = {
  am: ['上午', 'Morning'],
  pm: ['下午', 'Afternoon'],
  day: ['全天', 'Whole day'],
};
export const signMethod = z.enum(['qr', 'location', 'wifi', 'makeup']);
export const signMethodLabels: Record<z.infer<typeof signMethod>, Label> = {
  qr: ['扫码', 'QR code'],
  location: ['定位', 'Location'],
  wifi: ['无线网络', 'Wi-Fi'],
  makeup: ['补卡', 'Make-up'],
};

// ---- rules and shop settings ----

/** 1 late (迟到), 2 early leave (早退), 3 a missing punch (缺卡). */
export const absenceRuleType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const absenceRuleTypeLabels: Record<1 | 2 | 3, Label> = {
  1: ['迟到', 'Late'],
  2: ['早退', 'Early leave'],
  3: ['缺卡', 'Missing punch'],
};
/** Days of absence a rule gives. */
export const kgDays = z.union([z.literal(0), z.literal(0.5), z.literal(1)]);
/**
 * An absence rule: late (or early) by more than `value` minutes gives `kgDays` of absence; a missing
 * punch (type 3, value unused) gives `kgDays`. The rule with the most days among those crossed applies.
 */
export const absenceRule = z.object({
  type: absenceRuleType,
  value: z.number().int().min(0).max(1440),
  kgDays,
});
export type AbsenceRule = z.infer<typeof absenceRule>;
export const checkRuleRow = absenceRule.extend({ id: z.number() });
/** The chain's rules, saved whole (the list replaces the previous one). */
export const checkRuleSave = z.object({ rules: z.array(absenceRule).max(30) });

export const attendancePlace = z.object({
  address: z.string().trim().min(1).max(200),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Radius in metres. */
  accuracy: z.union([z.literal(100), z.literal(200), z.literal(300)]),
});
/** A Wi-Fi access point's BSSID (its MAC address): `aa:bb:cc:dd:ee:ff`. */
export const bssid = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/, 'aa:bb:cc:dd:ee:ff')
  .transform((v) => v.toLowerCase().replaceAll('-', ':'));
export const attendanceWifi = z.object({ name: z.string().trim().max(64).nullish(), bssid });

const shopConfigFields = {
  /** Minutes of grace before a sign-in counts as late. */
  allowCd: z.number().int().min(0).max(240),
  /** Minutes of grace before a sign-out counts as early. */
  allowZt: z.number().int().min(0).max(240),
  /** The attendance day starts at this time: a punch before it belongs to the previous day. */
  cstartTime: shiftTime,
  /**
   * How many minutes before the shift's start a sign-in counts for it (提前打卡不超过 N 分钟): an earlier
   * sign-in is refused, naming the earliest time.
   */
  earlyLimit: z.number().int().min(0).max(720),
  /** Sign-in by scanning the shop's QR code. */
  isQr: z.boolean(),
  isAddress: z.boolean(),
  places: z.array(attendancePlace).max(20),
  isWifi: z.boolean(),
  wifis: z.array(attendanceWifi).max(20),
  /** The shop's own absence rules instead of the chain's (checkrule). */
  ownRules: z.boolean(),
  rules: z.array(absenceRule).max(30),
};
export const shopConfig = z.object({ shopId: z.number(), version: z.number(), saved: z.boolean(), ...shopConfigFields });
export type ShopConfig = z.infer<typeof shopConfig>;
export const shopConfigQuery = z.object({ shopid: id });
export const shopConfigSave = z
  .object({ shopid: z.number().int().positive(), version: z.number().int().min(0).optional(), ...shopConfigFields })
  .partial({
    allowCd: true,
    allowZt: true,
    cstartTime: true,
    earlyLimit: true,
    isQr: true,
    isAddress: true,
    places: true,
    isWifi: true,
    wifis: true,
    ownRules: true,
    rules: true,
  });
export const defaultShopConfig = {
  allowCd: 0,
  allowZt: 0,
  cstartTime: '03:00',
  earlyLimit: 120,
  isQr: true,
  isAddress: false,
  places: [],
  isWifi: false,
  wifis: [],
  ownRules: false,
  rules: [],
} satisfies Omit<ShopConfig, 'shopId' | 'version' | 'saved'>;

// ---- schedules ----

const eeid = z.number().int().positive();
/** The shift of a day; null: a scheduled rest day. */
const classId = z.number().int().positive().nullable();

export const monthQuery = z.object({ shopid: id, month });
export const scheduleListQuery = pageQuery.extend({
  shopid: id.optional(),
  eeid: id.optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});
export const scheduleRow = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string().nullable(),
  eeid: z.number(),
  eecode: z.string(),
  eename: z.string(),
  cdate: z.string(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  color: z.string().nullable(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;
export const schedulePage = z.object({ list: z.array(scheduleRow), total: z.number(), page: z.number(), pageSize: z.number() });

export const gridCell = z.object({
  id: z.number(),
  classId: z.number().nullable(),
  onStatus: checkStatus,
  offStatus: checkStatus,
  onBk: z.boolean(),
  offBk: z.boolean(),
  kg: z.number(),
  kqAm: z.string().nullable(),
  kqPm: z.string().nullable(),
});
export const gridShift = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  color: z.string(),
});
export const monthGrid = z.object({
  shopId: z.number(),
  month: z.string(),
  /** The shop's attendance day now (its day start, the company's time zone): earlier days are over. */
  today: z.string(),
  days: z.array(z.string()),
  shifts: z.array(gridShift),
  employees: z.array(z.object({ eeid: z.number(), eecode: z.string(), eename: z.string(), cells: z.record(z.string(), gridCell) })),
});
export type MonthGrid = z.infer<typeof monthGrid>;

export const batchPbBody = z.object({
  shopid: z.number().int().positive(),
  eeids: z.array(eeid).min(1).max(200),
  startDate: date,
  endDate: date,
  classId,
});
export const batchPbCopyBody = z.object({
  shopid: z.number().int().positive(),
  omon: month,
  nmon: month,
  /** Replace the target month's schedule where it has one (else 409). */
  overwrite: z.boolean().optional(),
});
export const changePbBody = z.object({ shopid: z.number().int().positive(), eeid, date, classId });
export const scheduleResult = z.object({ changed: z.number() });

// ---- records ----

export const recordRow = scheduleRow.extend({
  onWork: z.string().nullable(),
  onStatus: checkStatus,
  onBk: z.boolean(),
  onMethod: z.string().nullable(),
  offWork: z.string().nullable(),
  offStatus: checkStatus,
  offBk: z.boolean(),
  offMethod: z.string().nullable(),
  /** Minutes late, minutes left early. */
  delay: z.number(),
  zt: z.number(),
  /** Days of absence, rest and study (0, 0.5, 1). */
  kg: z.number(),
  rest: z.number(),
  study: z.number(),
  kqAm: kqType.nullable(),
  kqPm: kqType.nullable(),
  corrections: z.number(),
});
export type RecordRowT = z.infer<typeof recordRow>;
export const recordsQuery = z.object({ shopid: id, date, eeid: id.optional() });
/** A shop's attendance day now and the company's time zone: the day view opens on that day and shows punches in that zone. */
export const shopDay = z.object({ shopId: z.number(), today: z.string(), zone: z.string() });
export const correctionRow = z.object({
  id: z.number(),
  kind: z.string(),
  field: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type CorrectionRow = z.infer<typeof correctionRow>;
export const correctionKindLabels: Record<string, Label> = {
  bc: ['改班次', 'Shift changed'],
  kq: ['标记考勤', 'Day marked'],
  status: ['改状态', 'Status changed'],
  bk: ['补卡', 'Make-up punch'],
};
export const recordDetail = z.object({ record: recordRow, corrections: z.array(correctionRow) });

const reason = z.string().trim().min(1).max(200);
const recordId = z.number().int().positive();
export const editBcBody = z.object({ id: recordId, classId, reason });
export const editKqBody = z.object({ id: recordId, type: kqType, kqid: kqPart, reason });
export const editStatusBody = z.object({
  id: recordId,
  type: z.enum(['on', 'off']),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  reason,
});
export const bkSignInBody = z.object({
  shopid: z.number().int().positive(),
  eeid,
  date,
  type: z.enum(['on', 'off']),
  time: shiftTime,
  reason,
});
export const signInBody = z.object({
  method: z.enum(['qr', 'location', 'wifi']),
  /** The token of the shop's QR code (method qr). */
  token: z.string().min(10).max(500).optional(),
  /** The phone's position (method location). */
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  /** The access point the phone is connected to (method wifi). */
  bssid: bssid.optional(),
  /** Punch kind; by default the first punch of the day signs in and any later one signs out. */
  type: z.enum(['on', 'off']).optional(),
});
export const signInResult = z.object({
  type: z.enum(['on', 'off']),
  cdate: z.string(),
  at: z.string(),
  status: checkStatus,
  shopName: z.string(),
  eename: z.string(),
  className: z.string().nullable(),
});
export const qrCodeAnswer = z.object({ shopId: z.number(), shopName: z.string(), token: z.string(), expiresAt: z.string() });
export const myAttendance = z.object({
  eeid: z.number().nullable(),
  eename: z.string().nullable(),
  shopName: z.string().nullable(),
  today: recordRow.nullable(),
  /** The company's time zone, in which punch times are shown. */
  zone: z.string().nullable(),
});

/** The signed-in employee's month: each day of their schedule with its punches (the phone's 我的排班). */
export const MY_SCHEDULE_PATH = '/api-pers/employeeschedule/my';
export const myScheduleQuery = z.object({ month });
export const mySchedule = z.object({
  eeid: z.number().nullable(),
  eename: z.string().nullable(),
  shopName: z.string().nullable(),
  month: z.string(),
  /** The shop's attendance day now: earlier days are over. */
  today: z.string().nullable(),
  zone: z.string().nullable(),
  days: z.array(recordRow),
});
export type MySchedule = z.infer<typeof mySchedule>;

// ---- statistics ----

export const statisticsQuery = pageQuery.extend({ month, shopid: id.optional(), keyword: z.string().trim().max(64).optional() });
export const statisticsRow = z.object({
  eeid: z.number(),
  eecode: z.string(),
  eename: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  /** 应出勤: the days of the month the schedule gives a shift (rest days and unscheduled days are none). */
  scheduledDays: z.number(),
  /** Days worked (a day with a sign-in or a sign-out, less its absence). */
  days: z.number(),
  delayDays: z.number(),
  earlyDays: z.number(),
  /** Minutes between sign-in and sign-out, summed. */
  totalTime: z.number(),
  /** Punches missing on past working days. */
  uncheck: z.number(),
  rest: z.number(),
  study: z.number(),
  absenteeism: z.number(),
});
export type StatisticsRow = z.infer<typeof statisticsRow>;
export const statisticsPage = z.object({ list: z.array(statisticsRow), total: z.number(), page: z.number(), pageSize: z.number() });
