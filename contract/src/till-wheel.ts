import { z } from 'zod';
import type { Label } from './platform.js';

/**
 * The live wheel (轮牌) of a shop in the cashier application: one queue per row of the shop's wheel
 * scheme, holding the employees of the row's positions/levels signed in today. Our own paths
 * (docs/DECISIONS.md "The live wheel").
 */
const W = '/api-cashier/wheel';
export const WHEEL_PATHS = {
  queues: `${W}/queues`,
  assign: `${W}/assign`,
  rest: `${W}/rest`,
  back: `${W}/back`,
  move: `${W}/move`,
  logs: `${W}/logs`,
} as const;

/** The live event of a changed wheel (payload: `{ shopId }`): every screen of the shop refetches. */
export const WHEEL_CHANGED = 'wheel.changed';

export const wheelStates = ['free', 'serving', 'resting'] as const;
export type WheelState = (typeof wheelStates)[number];
export const wheelStateLabels: Record<WheelState, Label> = {
  free: ['空闲', 'Free'],
  serving: ['服务中', 'Serving'],
  resting: ['临休', 'Resting'],
};

/** What a log row records: a walk-in given, a requested customer, a rest, back from rest, a move by hand, a bill opened. */
export const wheelActions = ['assign', 'appoint', 'rest', 'back', 'move', 'bill'] as const;
export type WheelAction = (typeof wheelActions)[number];
export const wheelActionLabels: Record<WheelAction, Label> = {
  assign: ['派客(非指定)', 'Walk-in given'],
  appoint: ['指定', 'Requested'],
  rest: ['临休', 'Rest'],
  back: ['回牌', 'Back from rest'],
  move: ['调牌', 'Moved by hand'],
  bill: ['收银联动', 'Bill opened'],
};

const shopId = z.coerce.number().int().positive();
const rowNo = z.number().int().min(0).max(19);
const employeeId = z.number().int().positive();

export const wheelQueuesQuery = z.object({ shopId });
export const wheelLogsQuery = z.object({
  shopId,
  /** The row's index in the scheme; absent: every row. */
  row: z.coerce.number().int().min(0).max(19).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** A customer for a row: a walk-in (非指定, no employee) goes to the first free one; a requested one (指定) to the named employee. */
export const wheelAssignBody = z.strictObject({ shopId, row: rowNo, employeeId: employeeId.optional() });
/** A rest of one of the shop's rest kinds (`wheelrest`), in every row of the shop. */
export const wheelRestBody = z.strictObject({ shopId, employeeId, restId: z.number().int().positive() });
export const wheelBackBody = z.strictObject({ shopId, employeeId });
/** A move by hand: to a place (1 = first) or, without one, to the end; the reason is kept in the log. */
export const wheelMoveBody = z.strictObject({
  shopId,
  row: rowNo,
  employeeId,
  place: z.number().int().min(1).max(999).optional(),
  reason: z.string().trim().min(1).max(60),
});

export const wheelEntry = z.object({
  employeeId: z.number(),
  code: z.string(),
  name: z.string(),
  /** 1 = first in the queue. */
  place: z.number(),
  state: z.enum(wheelStates),
  /** Resting until this time of the shop's day (HH:mm), with the rest kind's name. */
  restUntil: z.string().nullable(),
  restName: z.string().nullable(),
  signedInAt: z.string(),
});
export type WheelEntry = z.output<typeof wheelEntry>;

export const wheelQueue = z.object({
  /** The row's index in the shop's scheme. */
  row: z.number(),
  name: z.string(),
  postion: z.number(),
  dayClean: z.boolean(),
  withCashier: z.boolean(),
  dksffp: z.boolean(),
  entries: z.array(wheelEntry),
});
export type WheelQueue = z.output<typeof wheelQueue>;

export const wheelQueues = z.object({
  shopId: z.number(),
  /** The shop's wheel scheme; null: the shop has none (no queues). */
  scheme: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  /** Today's attendance day of the shop. */
  day: z.string(),
  /** The company's time zone: the shop's clock, in which the log's times are shown. */
  zone: z.string(),
  queues: z.array(wheelQueue),
  rests: z.array(z.object({ id: z.number(), name: z.string(), minutes: z.number() })),
});
export type WheelQueues = z.output<typeof wheelQueues>;

export const wheelAssignAnswer = z.object({
  employeeId: z.number(),
  name: z.string(),
  /** Whether the card went to the end (翻牌). */
  turned: z.boolean(),
  queues: wheelQueues,
});

export const wheelLogRow = z.object({
  id: z.number(),
  at: z.string(),
  row: z.number().nullable(),
  rowName: z.string().nullable(),
  employeeId: z.number(),
  employeeName: z.string(),
  action: z.enum(wheelActions),
  fromPlace: z.number().nullable(),
  toPlace: z.number().nullable(),
  reason: z.string().nullable(),
  billNo: z.string().nullable(),
  byName: z.string().nullable(),
});
export type WheelLogRow = z.output<typeof wheelLogRow>;
