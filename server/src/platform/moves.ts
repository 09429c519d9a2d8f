import { AsyncLocalStorage } from 'node:async_hooks';
import type { LockKind } from '@headoffice/contract';

/**
 * What a route that moves money or stock declares (`moves` of its spec, `x-moves` in the OpenAPI
 * document): what it moves, the lock kinds of the one lock mechanism (period-locks.ts) it consults
 * before it moves anything, and on what the check looks (the date and the shops).
 */
export interface MovesSpec {
  what: readonly ('money' | 'stock')[];
  locks: readonly LockKind[];
  /** The date and the shops the lock check looks at, in a few words. */
  on: string;
}

/** What a request did so far: the kinds it consulted, whether through a bill type's guard. */
interface RequestMoves {
  route: string;
  moves?: MovesSpec;
  consulted: Set<LockKind>;
  byBill: boolean;
}

const current = new AsyncLocalStorage<RequestMoves>();

/** Runs a route's handler, watching what it consults and posts. */
export function watchMoves<T>(route: string, moves: MovesSpec | undefined, run: () => Promise<T>): Promise<T> {
  return current.run({ route, moves, consulted: new Set(), byBill: false }, run);
}

/** The one lock mechanism was asked about these kinds (by `lockedPeriod`). */
export function lockConsulted(kinds: readonly LockKind[]) {
  const request = current.getStore();
  if (request) for (const kind of kinds) request.consulted.add(kind);
}

/**
 * The documents engine's lock guard ran for a covered bill: a bill type declares its lock kinds in
 * its definition, so the engine's routes need no declaration of their own.
 */
export function billLocksChecked() {
  const request = current.getStore();
  if (request) request.byBill = true;
}

/**
 * A ledger is about to move a balance in a request: a programming error (the request fails) unless the
 * route declares what it moves or went through a bill type's guard, and the lock kinds it declares
 * were consulted first. Every money or stock movement of a route thus passes the one lock mechanism,
 * whatever path it comes by; work outside a request (jobs, the demo chain) is not watched.
 */
export function ledgerPosting(ledger: string) {
  const request = current.getStore();
  if (!request) return;
  if (!request.moves && !request.byBill)
    throw new Error(`${request.route} moves the ${ledger} ledger but declares no \`moves\` (platform/moves.ts)`);
  const missing = (request.moves?.locks ?? []).filter((kind) => !request.consulted.has(kind));
  if (!request.consulted.size || missing.length)
    throw new Error(`${request.route} moves the ${ledger} ledger before consulting the period locks ${missing.join(', ')}`);
}
