import { z } from 'zod';
import { type BillStateDef, billDetailExtra, definePosBill, instant } from './bills.js';
import { date, id, type Label } from './platform.js';
import { type ServiceBillState, serviceBillStates } from './till.js';

/** Bookings (预约, `api-yy`): the seed's calls, and the shop's and head office's own ways to book. */
export const YY = '/api-yy';
export const YY_PATHS = {
  config: '/api-chain/config/getYYconfig',
  setConfig: '/api-chain/config/setYYconfig',
  channels: `${YY}/channel/list/all`,
  services: `${YY}/service/list/all`,
  list: `${YY}/billhead/chain/list`,
  detail: (bookingId: number) => `${YY}/billhead/id/${bookingId}`,
  save: `${YY}/billhead/save`,
  editDate: `${YY}/billhead/editYYdate`,
  cancel: `${YY}/billhead/cancel`,
  arrive: `${YY}/billhead/yysure`,
  log: `${YY}/billlog/list/all`,
  availability: `${YY}/billhead/availability`,
  surety: `${YY}/billhead/surety/list`,
  statisShop: `${YY}/statisshop/chain/list/all`,
  statisShopExcel: `${YY}/statisshop/list/excel`,
  statisEmployee: `${YY}/statisemployee/chain/list/all`,
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
const count = (max: number) => z.number().int().min(0).max(max);

/**
 * The chain's booking settings (§5.1): bookable hours, how far ahead, how early a customer must book,
 * until when a customer may cancel, how services occupy a stylist, the deposit and the limits on
 * customers who do not come. 0 turns a limit off.
 */
export const bookingConfig = z
  .strictObject({
    stime: hhmm,
    etime: hhmm,
    /** Days ahead a booking may be made for. */
    maxday: count(365),
    maxshopday: count(365),
    alldaycount: count(10_000),
    /** A customer books at least this many days ahead (0: the same day too). */
    earlierday: count(365),
    /** Minutes ahead a customer books for the same day (shops are not limited). */
    earliertime: count(24 * 60),
    /** Minutes before the slot until which a customer may cancel (the shop always may). */
    canceltime: count(7 * 24 * 60),
    /** 1 叠加: the longest service occupies the stylist; 2 累计: the sum of the services. */
    timeType: z.union([z.literal(1), z.literal(2)]),
    multiUser: z.boolean(),
    timeMode: z.boolean(),
    showPslevel: z.boolean(),
    showRate: z.boolean(),
    broadcast: z.boolean(),
    serShowType: z.union([z.literal(1), z.literal(2)]),
    /** Cents, kept on a no-show, refunded on a cancel in time. */
    deposit: count(10_000_00),
    /** N no-shows (ever): no online booking. */
    restricted: count(100),
    /** N no-shows within `restrictedDay` days: no booking at all. */
    miss: count(100),
    restrictedDay: count(365),
    /** Bookings per customer (mobile) per day. */
    dayLimit: count(100),
    /** Minutes after a booked slot's end before it becomes a no-show (未到店, the deposit kept). */
    noShowGrace: count(24 * 60),
    /** Minutes a booking awaits its deposit (待支付) before it is closed (交易关闭). */
    payTimeout: count(24 * 60),
    /** Text the customer a reminder the day before, at `remindTime` (from the booking shop's SMS allowance). */
    remind: z.boolean(),
    remindTime: hhmm,
  })
  .refine((c) => c.stime < c.etime, { path: ['etime'], message: 'after stime' });
export type BookingConfig = z.infer<typeof bookingConfig>;

export const defaultBookingConfig: BookingConfig = {
  stime: '09:00',
  etime: '21:00',
  maxday: 14,
  maxshopday: 30,
  alldaycount: 0,
  earlierday: 0,
  earliertime: 30,
  canceltime: 120,
  timeType: 2,
  multiUser: false,
  timeMode: false,
  showPslevel: true,
  showRate: false,
  broadcast: false,
  serShowType: 1,
  deposit: 0,
  restricted: 0,
  miss: 0,
  restrictedDay: 30,
  dayLimit: 0,
  noShowGrace: 30,
  payTimeout: 15,
  remind: false,
  remindTime: '10:00',
};

export const bookingStates = {
  '1': { label: ['待支付', 'Awaiting deposit'], color: 'gold' },
  '2': { label: ['待确认', 'To confirm'], color: 'orange' },
  '3': { label: ['预约中', 'Booked'], color: 'blue' },
  '4': { label: ['已到店', 'Arrived'], color: 'green' },
  '5': { label: ['已评价', 'Rated'], color: 'cyan' },
  '-1': { label: ['顾客取消', 'Cancelled by customer'], color: 'default' },
  '-2': { label: ['商家取消', 'Cancelled by shop'], color: 'default' },
  '-3': { label: ['未到店', 'No-show'], color: 'red' },
  '-4': { label: ['交易关闭', 'Closed'], color: 'default' },
} as const satisfies Record<string, BillStateDef>;
export type BookingState = keyof typeof bookingStates;
const stateKeys = Object.keys(bookingStates) as [BookingState, ...BookingState[]];
const serviceBillStateKeys = Object.keys(serviceBillStates) as [ServiceBillState, ...ServiceBillState[]];
/** States in which a booking holds its stylist's time. */
export const OCCUPYING_STATES = [1, 2, 3, 4, 5] as const;
/**
 * States the calendar shows: those holding the time, and a no-show (its slot is past). A cancelled booking
 * leaves it: its time may be booked again, and two blocks in one slot would hide each other.
 */
export const CALENDAR_STATES = [...OCCUPYING_STATES, -3] as const;

/** The deposit's state (`surety.billstatus`): paid, refunded, or kept on a no-show or a late cancel. */
export const suretyStates = {
  0: ['已付款', 'Paid'],
  1: ['已退还', 'Refunded'],
  2: ['已扣留', 'Kept'],
} as const satisfies Record<number, Label>;

/** Who made a change (`billlog.ctype`): 1 顾客, 2 员工APP, 3 门店, 4 后端. */
export const bookingSources = {
  1: ['顾客', 'Customer'],
  2: ['员工APP', 'Staff app'],
  3: ['门店', 'Shop'],
  4: ['后端', 'Head office'],
} as const satisfies Record<number, Label>;
export type BookingSource = 1 | 2 | 3 | 4;

export const bookingService = z.object({ serviceId: z.number(), name: z.string(), minutes: z.number() });

export const bookingRow = z.object({
  id: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string().nullable(),
  custname: z.string(),
  custmobile: z.string(),
  custsex: z.number().nullable(),
  memid: z.number().nullable(),
  eeid: z.number().nullable(),
  eeName: z.string().nullable(),
  /** The slot's day and start on the company's calendar: `YYYY-MM-DD HH:mm`. */
  yydate: z.string(),
  yyday: z.string(),
  /** Minutes the booking occupies. */
  hjtimes: z.number(),
  perNum: z.number(),
  ycid: z.number().nullable(),
  ycName: z.string().nullable(),
  sersnames: z.string(),
  services: z.array(bookingService),
  memo: z.string().nullable(),
  ctype: z.number(),
  payje: z.number(),
  suretyState: z.number().nullable().default(null),
  extorderid: z.string().nullable().default(null),
  state: z.enum(stateKeys),
  /** The till's bill opened on arrival, its number and its state as the till names it (open, settled, revoked...). */
  tillBillId: z.number().nullable().default(null),
  tillBillNo: z.string().nullable().default(null),
  tillBillState: z.enum(serviceBillStateKeys).nullable().default(null),
  version: z.number(),
  revision: z.number(),
  createdAt: instant,
  lines: z.array(z.object({ id: z.number() })).default([]),
});
export type BookingRow = z.infer<typeof bookingRow>;
export const bookingDetail = bookingRow.extend(billDetailExtra.shape);
export type BookingDetail = z.infer<typeof bookingDetail>;

/** The revision the user saw (the seed's name); the bill pages send it as `version`: one of them is required. */
const revisionBody = { revision: z.number().int().min(0).optional() };
const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/, 'YYYY-MM-DD HH:mm');

/** A booking as head office and the shop see it (`billhead`). */
export const bookingBill = definePosBill({
  docType: 'booking',
  label: ['预约单', 'Booking'],
  perm: 'bookings.booking',
  basePath: `${YY}/billhead`,
  webPath: '/admin/bookings/list',
  states: bookingStates,
  initial: '3',
  // A closed day of the shop: its bookings are no longer moved, cancelled or marked arrived (the platform's guard).
  locks: ['close'],
  steps: {
    book: { label: ['预约', 'book'], from: [], to: '3', perm: 'bookings.booking.edit' },
    editYYdate: { label: ['改时间', 'move'], from: ['3'], to: '3', perm: 'bookings.booking.edit' },
    cancel: { label: ['取消', 'cancel'], from: ['3'], to: '-2', perm: 'bookings.booking.edit' },
    yysure: { label: ['到店', 'arrived'], from: ['3'], to: '4', perm: 'bookings.booking.edit' },
    // The clock's steps: a slot passed without arrival, a deposit never paid.
    noShow: { label: ['未到店', 'no-show'], from: ['3'], to: '-3', perm: 'bookings.booking.edit' },
    close: { label: ['交易关闭', 'closed'], from: ['1'], to: '-4', perm: 'bookings.booking.edit' },
    // The customer's own steps: the deposit paid, a cancel (the deposit refunded in time, else kept).
    pay: { label: ['支付定金', 'deposit paid'], from: ['1'], to: '3', perm: 'bookings.booking.edit' },
    customerCancel: { label: ['顾客取消', 'cancelled by customer'], from: ['1', '3'], to: '-1', perm: 'bookings.booking.edit' },
  },
  actions: {
    yysure: {
      label: ['到店', 'Arrived'],
      perm: 'bookings.booking.edit',
      path: 'yysure',
      states: ['3'],
      // The till bill opened on arrival takes this hand tag, else the next free one of the shop.
      body: z.strictObject({ ...revisionBody, handTag: z.number().int().min(1).max(9999).optional() }),
    },
    cancel: {
      label: ['取消预约', 'Cancel booking'],
      perm: 'bookings.booking.edit',
      path: 'cancel',
      states: ['3'],
      body: z.strictObject(revisionBody),
      confirm: true,
    },
  },
  filterFields: {
    shopId: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopId'] },
    date: { label: ['预约日', 'Day'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'], initial: 'thisMonth' },
    state: { label: ['状态', 'State'], kind: 'state', keys: ['state'], match: 'named' },
    keyword: { label: ['顾客/手机/单号', 'Customer, mobile, no.'], kind: 'text', keys: ['keyword'], match: 'named' },
    ycid: { label: ['渠道', 'Channel'], kind: 'select', keys: ['ycid'], options: { url: YY_PATHS.channels, value: 'id', label: 'name' } },
  },
  row: bookingRow,
  lineRow: z.object({ id: z.number() }),
  detail: bookingDetail,
  headFields: {
    billNo: { label: ['单号', 'No.'], kind: 'text', column: { width: 130 } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 110 } },
    yydate: { label: ['预约时间', 'Time'], kind: 'text', column: { width: 130, sortable: true } },
    custname: { label: ['顾客', 'Customer'], kind: 'text', column: { width: 80 } },
    custmobile: { label: ['手机号', 'Mobile'], kind: 'text', column: { width: 110 }, masked: 'mobile' },
    eeName: { label: ['发型师', 'Stylist'], kind: 'text', column: { width: 80 }, empty: ['不指定', 'Any'] },
    sersnames: { label: ['项目', 'Services'], kind: 'text', column: { width: 140 } },
    hjtimes: { label: ['时长(分)', 'Minutes'], kind: 'number', column: { width: 80 } },
    ycName: { label: ['渠道', 'Channel'], kind: 'text', column: { width: 80 } },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90 } },
    ctype: { label: ['来源', 'Source'], kind: 'select', options: bookingSources, detail: true },
    payje: { label: ['定金', 'Deposit'], kind: 'money', detail: true },
    suretyState: { label: ['定金状态', 'Deposit state'], kind: 'select', options: suretyStates, detail: true },
    extorderid: { label: ['支付单号', 'Payment no.'], kind: 'text', detail: true },
    tillBillNo: { label: ['收银单', 'Till bill'], kind: 'text', detail: true },
    tillBillState: { label: ['收银单状态', 'Till bill state'], kind: 'select', options: serviceBillStates, detail: true },
    perNum: { label: ['人数', 'People'], kind: 'number', detail: true },
    memo: { label: ['备注', 'Memo'], kind: 'text', detail: true },
  },
  lineFields: {},
  paths: { list: ['chain/list'], export: 'chain/export', detail: 'id/:id' },
});

/** A new booking: the customer, the slot on the company's calendar, a stylist or none (不指定), the services or minutes. */
export const bookingSaveBody = z.strictObject({
  shopId: id,
  custname: z.string().trim().min(1).max(40),
  custmobile: z.string().regex(/^1\d{10}$/, 'mobile'),
  custsex: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullish(),
  memid: id.nullish(),
  eeid: id.nullish(),
  yydate: wallTime,
  serviceIds: z.array(id).max(20).default([]),
  /** Minutes booked without services (`timeMode`). */
  hjtimes: z
    .number()
    .int()
    .min(5)
    .max(12 * 60)
    .nullish(),
  perNum: z.number().int().min(1).max(20).default(1),
  ycid: id.nullish(),
  memo: z.string().trim().max(200).nullish(),
});
export type BookingSave = z.input<typeof bookingSaveBody>;

/** `editYYdate`: the booking to another time (and stylist) at the revision the user saw. */
export const moveBookingBody = z.strictObject({
  id,
  revision: z.number().int().min(0),
  yydate: wallTime,
  eeid: id.nullish(),
});
export const movedBooking = z.object({
  id: z.number(),
  yydate: z.string(),
  eeid: z.number().nullable(),
  revision: z.number(),
  state: z.enum(stateKeys),
});

export const billLogQuery = z.object({ billId: id });
export const bookingLogRow = z.object({
  id: z.number(),
  billId: z.number(),
  status: z.number(),
  action: z.string(),
  ctype: z.number().nullable(),
  createdBy: z.string().nullable(),
  createdTime: instant,
});

export const availabilityQuery = z.object({ shopId: id, date });
/** A booking as the day's calendar draws it. */
const calendarBooking = z.object({
  id: z.number(),
  start: z.string(),
  end: z.string(),
  state: z.enum(stateKeys),
  custname: z.string(),
  tillBillId: z.number().nullable(),
  tillBillNo: z.string().nullable(),
});
/** A shop's day per stylist: when they work, what is taken (bookings, leave), what is free. */
export const availabilityAnswer = z.object({
  date: z.string(),
  stime: z.string(),
  etime: z.string(),
  stylists: z.array(
    z.object({
      eeid: z.number(),
      name: z.string(),
      /** The shift of the day, or null (not scheduled). */
      work: z.object({ start: z.string(), end: z.string() }).nullable(),
      leave: z.array(z.object({ start: z.string(), end: z.string() })),
      bookings: z.array(calendarBooking.extend({ sersnames: z.string(), revision: z.number() })),
      free: z.array(z.object({ start: z.string(), end: z.string() })),
    }),
  ),
  /** Bookings with no stylist (不指定). */
  unassigned: z.array(calendarBooking),
});
export type Availability = z.infer<typeof availabilityAnswer>;

export const statisQuery = z.object({ dateFrom: date.optional(), dateTo: date.optional(), shopId: id.optional() });
export const statisShopRow = z.object({
  shopId: z.number(),
  shopName: z.string().nullable(),
  ycid: z.number().nullable(),
  ycName: z.string().nullable(),
  yyNum: z.number(),
  doneNum: z.number(),
  missNum: z.number(),
  cancelNum: z.number(),
  /** Deposits kept (no-shows, late cancels), in cents; refunded ones count nowhere. */
  keptje: z.number(),
  doneRate: z.number(),
  missRate: z.number(),
});
export const statisEmployeeRow = statisShopRow.omit({ ycid: true, ycName: true }).extend({
  eeid: z.number().nullable(),
  eeName: z.string().nullable(),
});
/** A bookable service: its name and the minutes it takes. */
export const bookableService = z.object({ id: z.number(), name: z.string(), minutes: z.number() });
export const channelOption = z.object({ id: z.number(), code: z.string(), name: z.string() });
export const suretyRow = z.object({
  id: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string().nullable(),
  custname: z.string(),
  custmobile: z.string(),
  payje: z.number(),
  suretyState: z.number().nullable(),
  extorderid: z.string().nullable(),
  refundNo: z.string().nullable(),
  tkDate: instant.nullable(),
  state: z.enum(stateKeys),
  yydate: z.string(),
});

// ---- customers book online (顾客在线预约): the shop's public page, by its key, and the booking by its token ----

/** The public booking page's calls (no sign-in): a shop by its key, a booking by its token. Our paths. */
export const ONLINE = '/api-public/booking';
export const ONLINE_PATHS = {
  shop: (key: string) => `${ONLINE}/shop/${key}`,
  times: (key: string) => `${ONLINE}/shop/${key}/times`,
  sms: (key: string) => `${ONLINE}/shop/${key}/sms`,
  book: (key: string) => `${ONLINE}/shop/${key}/book`,
  mine: (token: string) => `${ONLINE}/my/${token}`,
  pay: (token: string) => `${ONLINE}/my/${token}/pay`,
  cancel: (token: string) => `${ONLINE}/my/${token}/cancel`,
  /** Head office: a shop's link (none until made) and a new one (made, or made again: the old stops working). */
  link: `${YY}/online/link`,
  resetLink: `${YY}/online/link/reset`,
  /** The web page a link opens. */
  page: (key: string) => `/book/${key}`,
} as const;

/** A shop's key or a booking's token: the tenant's number, a dash, a random part (nothing guessable). */
export const publicKey = z.string().regex(/^[1-9]\d{0,11}-[A-Za-z0-9_-]{16,64}$/, 'key');
export const onlineKeyParams = z.object({ key: publicKey });
export const onlineTokenParams = z.object({ token: publicKey });
const onlineMobile = z.string().regex(/^1\d{10}$/, 'mobile');

/** What the page shows of a shop: its name and address, what may be booked, with whom, and the rules a customer meets. */
export const onlineShop = z.object({
  shopName: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** The company's today, the first and last day a customer may book. */
  today: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  stime: z.string(),
  etime: z.string(),
  /** Cents asked when booking (0: none). */
  deposit: z.number(),
  /** Minutes before the slot until which a cancel gives the deposit back. */
  canceltime: z.number(),
  timeType: z.union([z.literal(1), z.literal(2)]),
  services: z.array(bookableService),
  stylists: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type OnlineShop = z.infer<typeof onlineShop>;

/** The free start times of a day for the chosen services, with a stylist or any (不指定). */
export const onlineTimesQuery = z.object({
  date,
  serviceIds: z.string().regex(/^[1-9]\d{0,11}(,[1-9]\d{0,11}){0,19}$/, 'ids'),
  eeid: id.optional(),
});
export const onlineTimes = z.object({
  date: z.string(),
  minutes: z.number(),
  times: z.array(z.string()),
});

export const onlineSmsBody = z.strictObject({ mobile: onlineMobile });
export const onlineSmsSent = z.object({ resendAfter: z.number(), validFor: z.number() });

export const onlineBookBody = z.strictObject({
  custname: z.string().trim().min(1).max(40),
  mobile: onlineMobile,
  code: z.string().regex(/^\d{6}$/, 'code'),
  eeid: z.number().int().positive().nullish(),
  yydate: wallTime,
  serviceIds: z.array(z.number().int().positive()).min(1).max(20),
  memo: z.string().trim().max(200).nullish(),
});
export type OnlineBook = z.input<typeof onlineBookBody>;

export const onlinePayBody = z.strictObject({ payType: z.union([z.literal(1), z.literal(2)]) });

/** A booking as its customer sees it by its token. */
export const onlineBooking = z.object({
  token: z.string(),
  billNo: z.string(),
  shopName: z.string(),
  address: z.string().nullable(),
  custname: z.string(),
  /** The mobile with its middle hidden: 138****0000. */
  mobile: z.string(),
  yydate: z.string(),
  hjtimes: z.number(),
  stylist: z.string().nullable(),
  sersnames: z.string(),
  state: z.enum(stateKeys),
  payje: z.number(),
  suretyState: z.number().nullable(),
  /** Until when a cancel gives a paid deposit back (`YYYY-MM-DD HH:mm` on the company's calendar), and whether that is still so now. */
  refundUntil: z.string(),
  refundable: z.boolean(),
  /** The customer may still cancel (待支付 or 预约中). */
  cancellable: z.boolean(),
});
export type OnlineBooking = z.infer<typeof onlineBooking>;
export const onlineCancelled = onlineBooking.extend({ refunded: z.boolean() });

/** Head office's view of a shop's booking link. */
export const onlineLinkQuery = z.object({ shopId: id });
export const onlineLinkBody = z.strictObject({ shopId: z.number().int().positive() });
export const onlineLink = z.object({ shopId: z.number(), key: z.string().nullable(), path: z.string().nullable() });
