/**
 * Events pushed live by the server (`/api-ws`): one connection per signed-in tab, shared by every
 * page. It signs in with its first message, answers the server's heartbeat, and after a failure
 * tries again 3 seconds later (the seed's reconnect delay). Each time it is (again) ready, events may
 * have been missed meanwhile: subscribers refetch what they show (`useLiveResync`).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { currentToken } from './session';

export const LIVE_PATH = '/api-ws';
/** After a failure, the next attempt comes this much later. */
export const RECONNECT_MS = 3_000;
/** The server speaks at least every 30 s; silence this long means the connection is gone. */
export const SILENCE_MS = 75_000;
/** The server refused the token or the user's access. */
export const CLOSE_REFUSED = 4401;

export interface LiveEvent<P = Record<string, unknown>> {
  id: number;
  topic: string;
  payload: P;
  at: string;
}

export type LiveStatus = 'down' | 'connecting' | 'open';

/** The parts of a WebSocket the connection uses (a browser WebSocket, or a test double). */
export interface SocketLike {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveOptions {
  url: () => string;
  /** The token to sign in with; none: wait for one. */
  token: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /** Ready (again): events of the time before may have been missed. */
  onResync: () => void;
  onStatus?: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
}

export class LiveConnection {
  private socket: SocketLike | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  /** A token the server refused: not tried again (the HTTP client sends the user to sign in). */
  private refused: string | null = null;
  status: LiveStatus = 'down';

  constructor(private readonly options: LiveOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    this.drop();
    this.setStatus('down');
  }

  private connect(): void {
    this.retry = undefined;
    if (!this.running) return;
    const token = this.options.token();
    if (!token || token === this.refused) {
      this.later();
      return;
    }
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url());
    } catch {
      this.failed();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'auth', token }));
      this.heard();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.heard();
      const message = parse(ev.data);
      if (message?.type === 'ready') {
        this.refused = null;
        this.setStatus('open');
        this.options.onResync();
      } else if (message?.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else if (message?.type === 'resync') this.options.onResync();
      else if (message?.type === 'event' && typeof message.topic === 'string') this.options.onEvent(message as unknown as LiveEvent);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      if (ev.code === CLOSE_REFUSED) this.refused = token;
      this.failed();
    };
    socket.onerror = () => undefined; // a close follows
  }

  /** The connection is gone: try again in RECONNECT_MS. */
  private failed(): void {
    this.drop();
    this.setStatus('down');
    this.later();
  }

  private later(): void {
    clearTimeout(this.retry);
    if (this.running) this.retry = setTimeout(() => this.connect(), RECONNECT_MS);
  }

  private heard(): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => this.failed(), SILENCE_MS);
  }

  private drop(): void {
    clearTimeout(this.watchdog);
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(1000);
    } catch {
      /* already closed */
    }
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }
}

function parse(data: unknown): ({ type?: unknown; topic?: unknown } & Record<string, unknown>) | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

// The tab's one connection, started while a signed-in shell is on screen.
const eventListeners = new Set<(event: LiveEvent) => void>();
const resyncListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();
let users = 0;
let stopping: ReturnType<typeof setTimeout> | undefined;

const shared = new LiveConnection({
  url: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${LIVE_PATH}`,
  token: () => currentToken()?.token ?? null,
  onEvent: (event) => {
    for (const listener of [...eventListeners]) listener(event);
  },
  onResync: () => {
    for (const listener of [...resyncListeners]) listener();
  },
  onStatus: () => {
    for (const listener of [...statusListeners]) listener();
  },
});

/** Keeps the tab's connection open while the calling component is mounted (the signed-in shell). */
export function useLiveConnection(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    clearTimeout(stopping);
    shared.start();
    return () => {
      users -= 1;
      // a remount right after (development's double effects, a shell re-rendered) keeps the connection
      if (users === 0) stopping = setTimeout(() => shared.stop(), 1_000);
    };
  }, [enabled]);
}

/** Whether events arrive now (pages poll as a fallback only while they do not). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(watchStatus, liveStatus, () => 'down' as const);
}

function watchStatus(onChange: () => void) {
  statusListeners.add(onChange);
  return () => {
    statusListeners.delete(onChange);
  };
}

const liveStatus = () => shared.status;

/** Calls `handler` with each event of `topic` (the latest handler: it may read current state). */
export function useLiveEvent<P = Record<string, unknown>>(topic: string, handler: (event: LiveEvent<P>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: LiveEvent) => {
      if (event.topic === topic) latest.current(event as LiveEvent<P>);
    };
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  }, [topic]);
}

/** Calls `handler` whenever events may have been missed (the connection is ready again). */
export function useLiveResync(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = () => latest.current();
    resyncListeners.add(listener);
    return () => {
      resyncListeners.delete(listener);
    };
  }, []);
}
