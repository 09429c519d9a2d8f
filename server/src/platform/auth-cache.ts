import type { Database } from '../db/client.js';
import type { Auth } from './auth.js';

const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;
export const AUTH_CHANNEL = 'headoffice_auth';

interface Entry {
  auth: Auth;
  stamp: number;
  loadedAt: number;
}

/**
 * What each token's user may do, kept so that a request pays no database round trip to know it.
 * A tenant's entries stop counting as soon as its users, roles, grants, menus, shops or revoked
 * tokens change (the triggers of migration 0007): the writing request reports it itself, other
 * instances hear it from the database. An entry whose loading overlapped such a change is not kept;
 * none lives longer than TTL_MS; while changes cannot be heard, nothing is kept at all.
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tenantChangedAt = new Map<number, number>();
  private clock = 0;
  private allChangedAt = 0;
  private listening = false;
  private readonly listeners = new Set<(tenant: number | '*') => void>();

  /** Taken before loading; `set` keeps the load only if nothing changed since. */
  stamp(): number {
    return this.clock;
  }

  get(token: string, now = Date.now()): Auth | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (!this.fresh(entry.auth.tenantId, entry.stamp) || now - entry.loadedAt > TTL_MS || entry.auth.exp * 1000 <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.auth;
  }

  set(token: string, auth: Auth, stamp: number, now = Date.now()) {
    if (!this.listening || !this.fresh(auth.tenantId, stamp)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { auth, stamp, loadedAt: now });
  }

  /** A tenant's access data changed (`'*'`: any tenant's). */
  changed(tenant: number | '*') {
    this.clock += 1;
    if (tenant === '*') this.allChangedAt = this.clock;
    else this.tenantChangedAt.set(tenant, this.clock);
    for (const listener of this.listeners) listener(tenant);
  }

  /** Calls `listener` after every change (live connections re-check their users). Returns a function that stops. */
  onChange(listener: (tenant: number | '*') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Hears the changes other instances (and the command line) commit; reconnects when the
   * connection is lost, keeping nothing in the meantime. Returns a function that stops listening.
   */
  async follow(database: Database): Promise<() => Promise<void>> {
    let stopped = false;
    let unlisten: (() => Promise<void>) | undefined;
    let retry: NodeJS.Timeout | undefined;
    const lost = () => {
      this.listening = false;
      this.changed('*');
      this.entries.clear();
      if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
    };
    const connect = async () => {
      try {
        unlisten = await database.listen(AUTH_CHANNEL, (payload) => this.changed(payload === '*' ? '*' : Number(payload)), lost);
        this.changed('*');
        this.listening = true;
      } catch {
        lost();
      }
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      this.listening = false;
      await unlisten?.();
    };
  }

  private fresh(tenantId: number, stamp: number) {
    return stamp >= this.allChangedAt && stamp >= (this.tenantChangedAt.get(tenantId) ?? 0);
  }
}
