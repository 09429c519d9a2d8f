import { AppError } from './errors.js';

const MINUTE = 60_000;
/** Keys kept at most; past it the oldest window is forgotten first (a flood of new keys cannot grow memory). */
const MAX_KEYS = 100_000;

interface Window {
  startedAt: number;
  count: number;
}

/** Fixed windows (a minute unless told) of counts per key, in this instance's memory. */
export class Counter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly windowMs = MINUTE,
  ) {}

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && now - window.startedAt < this.windowMs) return window;
    if (window) this.windows.delete(key);
    return undefined;
  }

  exceeded(key: string, now = Date.now()): boolean {
    return (this.current(key, now)?.count ?? 0) >= this.max;
  }

  add(key: string, now = Date.now()) {
    const window = this.current(key, now);
    if (window) window.count++;
    else {
      if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      this.windows.set(key, { startedAt: now, count: 1 });
    }
  }
}

/** The values sign-in looks up, normalised the way sign-in reads them, so that spacing or case gives no new tries. */
export const accountKey = (tenant: string, username: string) => `${tenant.trim().toLowerCase()}\u0000${username.trim().toLowerCase()}`;

/**
 * Limits password guessing: tries per account from one address, and failed tries per address
 * across accounts (password spraying). Counted per instance, like the README says.
 */
export class LoginGuard {
  /** Tries of one account from one address. */
  private readonly perAccount = new Counter(10);
  /** Failed tries from one address, whatever the account. */
  private readonly failuresPerAddress = new Counter(30);

  /** Counts a try; refuses with 429 when the account or the address has had too many this minute. */
  attempt(address: string, account: string) {
    const key = `${address}\u0000${account}`;
    if (this.perAccount.exceeded(key) || this.failuresPerAddress.exceeded(address))
      throw new AppError(429, 'tooManyRequests', { after: '1 min' });
    this.perAccount.add(key);
  }

  failed(address: string) {
    this.failuresPerAddress.add(address);
  }

  /** Runs a password check as one counted try; a refused password (any 401) counts as a failure of the address. */
  async guard<T>(address: string, account: string, check: () => Promise<T>): Promise<T> {
    this.attempt(address, account);
    try {
      return await check();
    } catch (error) {
      if (error instanceof AppError && error.status === 401) this.failed(address);
      throw error;
    }
  }
}
