import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/live';
import { CLOSE_REFUSED, LiveConnection, type LiveEvent, type LiveStatus, RECONNECT_MS, SILENCE_MS } from './live';

function setup(token: () => string | null = () => 'tok-1') {
  const sockets: FakeSocket[] = [];
  const events: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const onResync = vi.fn();
  const connection = new LiveConnection({
    url: () => 'ws://host/api-ws',
    token,
    onEvent: (e) => events.push(e),
    onResync,
    onStatus: (s) => statuses.push(s),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  const last = () => {
    const socket = sockets[sockets.length - 1];
    if (!socket) throw new Error('no socket');
    return socket;
  };
  return { connection, sockets, events, statuses, onResync, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live connection', () => {
  it('signs in with its first message, then hands on events and answers the heartbeat', () => {
    const { connection, sockets, events, statuses, onResync, last } = setup();
    connection.start();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://host/api-ws');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    last().say({ type: 'ready' });
    expect(connection.status).toBe('open');
    expect(statuses).toEqual(['connecting', 'open']);
    expect(onResync).toHaveBeenCalledTimes(1);
    last().say({ type: 'event', id: 7, topic: 'bill.changed', payload: { id: 3 }, at: 'now' });
    expect(events).toEqual([{ type: 'event', id: 7, topic: 'bill.changed', payload: { id: 3 }, at: 'now' }]);
    last().say({ type: 'ping' });
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-1' }, { type: 'pong' }]);
    connection.stop();
    expect(last().closed).toBe(true);
    expect(connection.status).toBe('down');
  });

  it('reconnects 3 seconds after a failure, and refetches what it may have missed once ready again', () => {
    const { connection, sockets, statuses, onResync, last } = setup();
    connection.start();
    last().open();
    last().say({ type: 'ready' });
    last().lose();
    expect(connection.status).toBe('down');
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // the new attempt fails too: again 3 seconds later
    last().lose();
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(onResync).toHaveBeenCalledTimes(1);
    last().say({ type: 'ready' });
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(statuses).toEqual(['connecting', 'open', 'down', 'connecting', 'down', 'connecting', 'open']);
    // the server may also say that events were lost
    last().say({ type: 'resync' });
    expect(onResync).toHaveBeenCalledTimes(3);
    connection.stop();
  });

  it('gives up a silent connection and starts again', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    last().open();
    last().say({ type: 'ready' });
    vi.advanceTimersByTime(SILENCE_MS - 1);
    last().say({ type: 'ping' });
    vi.advanceTimersByTime(SILENCE_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.closed).toBe(true);
    expect(connection.status).toBe('down');
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(sockets).toHaveLength(2);
    connection.stop();
  });

  it('does not try a refused token again, and waits for a token to sign in with', () => {
    let token: string | null = null;
    const { connection, sockets, last } = setup(() => token);
    connection.start();
    expect(sockets).toHaveLength(0);
    token = 'tok-1';
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(sockets).toHaveLength(1);
    last().open();
    last().lose(CLOSE_REFUSED);
    vi.advanceTimersByTime(RECONNECT_MS * 5);
    expect(sockets).toHaveLength(1);
    token = 'tok-2';
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-2' }]);
    connection.stop();
  });

  it('stops for good: no attempt after stop, whatever the old socket does', () => {
    const { connection, sockets, last } = setup();
    connection.start();
    const first = last();
    connection.stop();
    first.lose();
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(sockets).toHaveLength(1);
  });
});
