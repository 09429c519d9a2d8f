import { LOCK_KINDS, type LockKind } from '@headoffice/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { GuardTarget } from './documents.js';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';
import { billLocksChecked, lockConsulted } from './moves.js';
import { periodLocks } from './schema.js';

// Locks that really lock, one mechanism (DOMAIN-DETAIL §9.1, §9.2): the named lock kinds of the
// contract (LOCK_KINDS) hold months or days in `period_locks` (status 1 locked, 0 unlocked again);
// a bill type names the kinds that cover it in its definition (`locks`), and the documents engine
// (`runGuards`) refuses every save, transition and after-approval change of a covered bill dated in
// a locked period, naming the period and the lock. Locking and unlocking are the routes of each kind
// (finance: monthlock, fundlock, and periodclose for the general close), each with its own unlock right,
// and logged.

const lockMessages = defineMessages({
  periodLocked: [
    '{period} 已结账，不能新增、修改或审核该期间的单据',
    'The period {period} is closed: its bills cannot be made, changed or approved',
  ],
  monthLockedFund: [
    '{period} 已资金锁定，不能新增、修改或审核该月的单据',
    '{period} is closed by the fund lock: its bills cannot be made, changed or approved',
  ],
  monthLockedReserve: [
    '{period} 已预留申报锁定，不能新增、修改或审核该月的单据',
    '{period} is closed by the reserve declaration lock: its bills cannot be made, changed or approved',
  ],
  fundDayLocked: [
    '{period} 已锁定备用金申请日期，不能新增或修改该日的备用金单据',
    '{period} is locked: no petty-cash entry may be made or changed for that day',
  ],
});

/** The refusal of each lock kind: it names the period and the lock. */
const refusal: Record<LockKind, keyof typeof lockMessages> = {
  close: 'periodLocked',
  fund: 'monthLockedFund',
  reserveDeclaration: 'monthLockedReserve',
  fundRequestDay: 'fundDayLocked',
};

/** The lock kinds covering each bill type, fed by the definitions (`locks`) as types register. */
const coverage = new Map<string, Set<LockKind>>();

/** Puts a bill type under lock kinds (called by `registerDocumentType` with the definition's `locks`). */
export function coverWithLocks(docType: string, kinds: readonly LockKind[]) {
  const set = coverage.get(docType) ?? new Set<LockKind>();
  for (const kind of kinds) set.add(kind);
  coverage.set(docType, set);
}

/** Every covered bill type of every lock kind: `[kind, docType]` pairs (a test loops over them). */
export const lockCoverage = (): [LockKind, string][] =>
  [...coverage].flatMap(([docType, kinds]) => [...kinds].map((kind): [LockKind, string] => [kind, docType]));

/** The writes that are no bills and consult the locks themselves (`refuseLocked`), by name. */
const writes = new Map<string, { label: readonly [string, string]; kinds: readonly LockKind[] }>();

/** Names a write that is no bill (a petty-cash adjustment, a refund) among those a lock kind stops. */
export function coverWriteWithLocks(name: string, label: readonly [string, string], kinds: readonly LockKind[]) {
  writes.set(name, { label, kinds });
}

/** The writes that are no bills a lock kind stops, by name (what the page of a lock shows besides the bill types). */
export const lockedWrites = (kind: LockKind) =>
  [...writes].filter(([, w]) => w.kinds.includes(kind)).map(([name, w]) => ({ key: name, label: w.label }));

/**
 * The locked period of the named kinds that holds a business date of a shop (null: head office), if any.
 * Given a month (`2026-03`, what a month's record is dated by, e.g. a month sheet), only month locks hold it.
 */
export async function lockedPeriod(
  tx: Db,
  kinds: readonly LockKind[],
  shopId: number | null,
  date: string,
): Promise<{ lock: LockKind; period: string } | undefined> {
  lockConsulted(kinds);
  const ofMonth = date.length === 7;
  const months = kinds.filter((k) => (LOCK_KINDS[k].periods as readonly string[]).includes('month'));
  const days = ofMonth ? [] : kinds.filter((k) => (LOCK_KINDS[k].periods as readonly string[]).includes('day'));
  const [found] = await tx
    .select({ lock: periodLocks.lock, period: periodLocks.period })
    .from(periodLocks)
    .where(
      and(
        eq(periodLocks.status, 1),
        shopId === null ? isNull(periodLocks.shopId) : or(isNull(periodLocks.shopId), eq(periodLocks.shopId, shopId)),
        or(
          months.length
            ? and(eq(periodLocks.kind, 'month'), inArray(periodLocks.lock, months), eq(periodLocks.period, date.slice(0, 7)))
            : undefined,
          days.length ? and(eq(periodLocks.kind, 'day'), inArray(periodLocks.lock, days), eq(periodLocks.period, date)) : undefined,
        ),
      ),
    )
    .orderBy(sql`${periodLocks.kind} = 'day'`, periodLocks.lock)
    .limit(1);
  return found;
}

/** The closed period (general close, `2026-03` or `2026-03-31`) that holds a business date of a shop, if any. */
export async function closedPeriod(tx: Db, shopId: number | null, date: string): Promise<string | undefined> {
  return (await lockedPeriod(tx, ['close'], shopId, date))?.period;
}

/**
 * Refuses a write dated in a period one of the named kinds holds (409 naming the period and the lock):
 * the check of covered bills below, and of the entries that are no bills (a petty-cash adjustment).
 */
export async function refuseLocked(tx: Db, kinds: readonly LockKind[], shopId: number | null, date: string) {
  const locked = await lockedPeriod(tx, kinds, shopId, date);
  if (locked) throw new AppError(409, refusal[locked.lock], { period: locked.period });
}

/** The one lock guard of the documents engine: refuses a covered bill dated in a locked period. */
export async function checkLocks(tx: Db, target: GuardTarget) {
  const kinds = coverage.get(target.doc.docType);
  const field = target.doc.dateField;
  const date = field ? target.bill[field] : undefined;
  if (!kinds?.size || typeof date !== 'string') return;
  billLocksChecked();
  await refuseLocked(tx, [...kinds], target.bill.shopId ?? null, date);
}
