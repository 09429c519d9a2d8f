import websocket, { type WebSocket } from '@fastify/websocket';
import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.js';
import { type Auth, can, loadAuth, type TokenClaims, verifyToken, visibleShops } from './auth.js';
import { AppError } from './errors.js';
import { events } from './schema.js';
import { inTenant } from './tenancy.js';

/** The NOTIFY channel: `<tenant id>:<event id>` of each event, delivered to every instance on commit. */
export const EVENTS_CHANNEL = 'headoffice_events';
/** Where browsers connect; the first message must be `{"type":"auth","token":"…"}`. */
export const EVENTS_PATH = '/api-ws';
/** Close codes: the token or the user's access was refused; the first message was not a sign-in. */
export const CLOSE_REFUSED = 4401;
export const CLOSE_PROTOCOL = 4400;
/** The user has as many connections to this instance as one may (`MAX_SOCKETS_PER_USER`). */
export const CLOSE_TOO_MANY = 4429;
/**
 * One browser tab holds one connection: ten are more tabs than a person works in, and a script that
 * opens socket after socket is stopped there instead of holding the instance's memory and deliveries.
 */
export const MAX_SOCKETS_PER_USER = 10;

const KEEP_HOURS = 24;
const PURGE_BATCH = 5_000;
const PURGE_EVERY_MS = 60 * 60_000;
const SIGN_IN_WITHIN_MS = 10_000;
const HEARTBEAT_MS = 30_000;
const RECHECK_MS = 60_000;
const RELISTEN_MS = 1_000;
/** A socket that cannot keep up (this much unsent) is dropped; its browser reconnects and refetches. */
const MAX_BUFFERED = 1024 * 1024;

export interface NewEvent {
  /** What happened, e.g. `bill.changed`. */
  topic: string;
  payload: Record<string, unknown>;
  /** Only users who may see this shop receive it; omitted or null: no shop limits it. */
  shopId?: number | null;
  /**
   * What a receiver must hold: a permission key, `'a|b'` for any of several, or a list of these that
   * must all hold. Omitted: any user of the tenant.
   */
  perm?: string | string[];
}

export interface StoredEvent {
  id: number;
  topic: string;
  payload: unknown;
  shopId: number | null;
  perm: string | null;
  at: Date;
}

/**
 * Records an event in the caller's transaction (the outbox) and asks PostgreSQL to tell every
 * instance about it; the notification is delivered on commit only, so an event of a transaction
 * that rolls back is never seen. One round trip.
 */
export async function emit(tx: Db, auth: { tenantId: number }, event: NewEvent): Promise<void> {
  const perm = event.perm === undefined ? null : [event.perm].flat().join(' ');
  await tx.execute(sql`
    with added as (
      insert into ${events} (tenant_id, topic, payload, shop_id, perm)
      values (${auth.tenantId}, ${event.topic}, ${JSON.stringify(event.payload)}::jsonb, ${event.shopId ?? null}, ${perm})
      returning id)
    select pg_notify(${EVENTS_CHANNEL}, ${String(auth.tenantId)} || ':' || id) from added`);
}

/** Whether a user may receive an event: they see its shop (if any) and hold what its `perm` asks. */
export function mayReceive(auth: Auth, event: { shopId: number | null; perm: string | null }): boolean {
  if (event.shopId !== null) {
    const shops = visibleShops(auth);
    if (shops && !shops.includes(event.shopId)) return false;
  }
  if (!event.perm) return true;
  return event.perm.split(' ').every((group) => group.split('|').some((key) => can(auth, key)));
}

/** Deletes events older than `keepHours`, a batch at a time (as the owner: every tenant). */
export async function purgeEvents(db: Db, keepHours = KEEP_HOURS, rounds = 20): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < rounds; round++) {
    const result = (await db.execute(sql`
      delete from ${events} where (tenant_id, id) in (
        select tenant_id, id from ${events} where at < now() - make_interval(hours => ${keepHours}) order by at limit ${PURGE_BATCH})
      returning id`)) as unknown as { rows: unknown[] };
    deleted += result.rows.length;
    if (result.rows.length < PURGE_BATCH) break;
  }
  return deleted;
}

interface Connection {
  socket: WebSocket;
  token: string;
  claims: TokenClaims;
  /** Answered the last heartbeat. */
  alive: boolean;
}

type Message = { type: 'ready' } | { type: 'resync' } | { type: 'ping' } | ({ type: 'event' } & Omit<StoredEvent, 'shopId' | 'perm'>);

/**
 * The signed-in browsers connected to this instance, by tenant. Told by PostgreSQL which events were
 * committed (on any instance), it reads them and sends each to the connections whose users may see
 * it, with their access as it is now (a user who lost access is disconnected).
 */
export class EventHub {
  private readonly byTenant = new Map<number, Set<Connection>>();
  private readonly pending = new Map<number, Set<number>>();
  private readonly recheck = new Set<number>();
  private recheckAll = false;
  private woken = false;
  /** Deliveries and re-checks run one after the other, in the order they were heard. */
  private queue: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly app: FastifyInstance) {}

  /** How many browsers are connected (and signed in). */
  get size(): number {
    let n = 0;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }

  /** Listens for committed events, re-checks access on changes, heartbeats and purges. Returns a stop function. */
  async start(database: Database): Promise<() => Promise<void>> {
    let stopped = false;
    let unlisten: (() => Promise<void>) | undefined;
    let retry: NodeJS.Timeout | undefined;
    let heardBefore = false;
    let attempt = 0;
    // Only the latest attempt counts: a connection that failed late can neither deliver twice nor start a second listener.
    const connect = async () => {
      const mine = ++attempt;
      retry = undefined;
      let over = false;
      const lost = () => {
        if (over) return;
        over = true;
        if (mine !== attempt || stopped) return;
        unlisten = undefined;
        retry = setTimeout(connect, RELISTEN_MS);
      };
      try {
        const hear = (payload: string) => {
          if (mine === attempt) this.heard(payload);
        };
        const stop = await database.listen(EVENTS_CHANNEL, hear, lost);
        if (over || mine !== attempt || stopped) {
          await stop().catch(() => undefined);
          return;
        }
        unlisten = stop;
        // Events committed while nobody listened were not delivered: every browser refetches.
        if (heardBefore) this.broadcast({ type: 'resync' });
        heardBefore = true;
      } catch (error) {
        this.app.log.warn({ err: error }, 'listening for events failed');
        lost();
      }
    };
    await connect();
    const stopWatching = this.app.authCache.onChange((tenant) => this.accessChanged(tenant));
    this.timers.push(
      setInterval(() => this.heartbeat(), HEARTBEAT_MS),
      setInterval(() => this.accessChanged('*'), RECHECK_MS),
      setInterval(() => void this.purge(), PURGE_EVERY_MS),
      setTimeout(() => void this.purge(), 10_000),
    );
    for (const timer of this.timers) timer.unref();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      for (const timer of this.timers) clearTimeout(timer);
      stopWatching();
      await unlisten?.();
      await this.queue;
    };
  }

  /** A new socket: it has a few seconds to sign in with its first message. */
  accept(socket: WebSocket) {
    let conn: Connection | undefined;
    let signingIn = false;
    const deadline = setTimeout(() => socket.close(CLOSE_PROTOCOL, 'sign in first'), SIGN_IN_WITHIN_MS);
    socket.on('message', (data, isBinary) => {
      const message = isBinary ? undefined : parse(data.toString());
      if (conn) {
        if (message?.type === 'pong') conn.alive = true;
        return;
      }
      if (signingIn) return;
      signingIn = true;
      clearTimeout(deadline);
      if (message?.type !== 'auth' || typeof message.token !== 'string') {
        socket.close(CLOSE_PROTOCOL, 'sign in first');
        return;
      }
      void this.signIn(socket, message.token).then((signedIn) => {
        conn = signedIn;
      });
    });
    socket.on('close', () => {
      clearTimeout(deadline);
      if (conn) this.remove(conn);
    });
  }

  private async signIn(socket: WebSocket, token: string): Promise<Connection | undefined> {
    try {
      const claims = await verifyToken(this.app.secret, token);
      const conn: Connection = { socket, token, claims, alive: true };
      if (!(await this.access(conn))) return undefined;
      if (socket.readyState !== socket.OPEN) return undefined;
      const set = this.byTenant.get(claims.tenantId) ?? new Set<Connection>();
      if ([...set].filter((c) => c.claims.userId === claims.userId).length >= MAX_SOCKETS_PER_USER) {
        socket.close(CLOSE_TOO_MANY, `at most ${MAX_SOCKETS_PER_USER} connections per user`);
        return undefined;
      }
      this.byTenant.set(claims.tenantId, set.add(conn));
      send(conn, { type: 'ready' });
      return conn;
    } catch {
      socket.close(CLOSE_REFUSED, 'token refused');
      return undefined;
    }
  }

  private remove(conn: Connection) {
    const set = this.byTenant.get(conn.claims.tenantId);
    set?.delete(conn);
    if (set?.size === 0) this.byTenant.delete(conn.claims.tenantId);
  }

  /**
   * The user's access now (from the access cache, else loaded and kept there), or undefined after
   * closing the socket of a user who may no longer sign in (disabled, token revoked or expired).
   */
  private async access(conn: Connection): Promise<Auth | undefined> {
    const cache = this.app.authCache;
    if (conn.claims.exp * 1000 <= Date.now()) {
      conn.socket.close(CLOSE_REFUSED, 'token expired');
      return undefined;
    }
    const cached = cache.get(conn.token);
    if (cached) return cached;
    const stamp = cache.stamp();
    try {
      const auth = await inTenant(this.app.database.db, conn.claims.tenantId, (tx) => loadAuth(tx, conn.claims));
      cache.set(conn.token, auth, stamp);
      return auth;
    } catch (error) {
      if (error instanceof AppError && error.status === 401) conn.socket.close(CLOSE_REFUSED, 'access refused');
      // Access cannot be known now: the browser reconnects in a moment and refetches.
      else conn.socket.close(1011, 'try again');
      return undefined;
    }
  }

  private heard(payload: string) {
    const match = /^(\d+):(\d+)$/.exec(payload);
    if (!match) return;
    const tenantId = Number(match[1]);
    if (!this.byTenant.has(tenantId)) return;
    const ids = this.pending.get(tenantId) ?? new Set<number>();
    this.pending.set(tenantId, ids.add(Number(match[2])));
    this.wake();
  }

  private accessChanged(tenant: number | '*') {
    if (tenant === '*') this.recheckAll = true;
    else if (this.byTenant.has(tenant)) this.recheck.add(tenant);
    else return;
    this.wake();
  }

  /** Notifications of one moment are read together, after what was heard before them. */
  private wake() {
    if (this.woken) return;
    this.woken = true;
    setImmediate(() => {
      this.woken = false;
      this.queue = this.queue
        .then(() => this.work())
        .catch((error: unknown) => this.app.log.error({ err: error }, 'event delivery failed'));
    });
  }

  private async work() {
    const recheck = this.recheckAll ? [...this.byTenant.keys()] : [...this.recheck];
    this.recheck.clear();
    this.recheckAll = false;
    for (const tenantId of recheck) for (const conn of [...(this.byTenant.get(tenantId) ?? [])]) await this.access(conn);

    const pending = [...this.pending];
    this.pending.clear();
    for (const [tenantId, ids] of pending) {
      if (!this.byTenant.get(tenantId)?.size) continue;
      const rows: StoredEvent[] = await inTenant(this.app.database.db, tenantId, (tx) =>
        tx
          .select({ id: events.id, topic: events.topic, payload: events.payload, shopId: events.shopId, perm: events.perm, at: events.at })
          .from(events)
          .where(inArray(events.id, [...ids]))
          .orderBy(asc(events.id)),
      );
      if (!rows.length) continue;
      for (const conn of [...(this.byTenant.get(tenantId) ?? [])]) {
        const auth = await this.access(conn);
        if (!auth) continue;
        for (const row of rows)
          if (mayReceive(auth, row)) send(conn, { type: 'event', id: row.id, topic: row.topic, payload: row.payload, at: row.at });
      }
    }
  }

  private heartbeat() {
    for (const set of this.byTenant.values())
      for (const conn of set) {
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        send(conn, { type: 'ping' });
      }
  }

  private broadcast(message: Message) {
    for (const set of this.byTenant.values()) for (const conn of set) send(conn, message);
  }

  private async purge() {
    try {
      await purgeEvents(this.app.database.db);
    } catch (error) {
      this.app.log.warn({ err: error }, 'purging old events failed');
    }
  }
}

function parse(text: string): { type?: unknown; token?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function send(conn: Connection, message: Message) {
  const { socket } = conn;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(message));
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub;
  }
}

/** Events pushed live: the WebSocket at `/api-ws` and this instance's hub. */
export async function eventsModule(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  const hub = new EventHub(app);
  app.decorate('events', hub);
  const stop = await hub.start(app.database);
  app.addHook('onClose', stop);
  app.route({
    method: 'GET',
    url: EVENTS_PATH,
    schema: { hide: true },
    // a plain request (no upgrade) is answered like any unknown address
    handler: async (req) => {
      throw new AppError(404, 'routeNotFound', { path: req.url.split('?')[0] });
    },
    wsHandler: (socket) => hub.accept(socket),
  });
}
