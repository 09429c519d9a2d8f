import { vi } from 'vitest';
import type { SocketLike } from '../platform/live';

/** A socket the test drives: it opens, speaks and closes when told. */
export class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: unknown[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  say(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  lose(code = 1006) {
    this.onclose?.({ code } as CloseEvent);
  }
}

/** Stubs the browser's `WebSocket` (until `vi.unstubAllGlobals()`): the sockets the tab's connection opens, oldest first. */
export function fakeWebSockets(): FakeSocket[] {
  const sockets: FakeSocket[] = [];
  vi.stubGlobal(
    'WebSocket',
    class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    },
  );
  return sockets;
}
