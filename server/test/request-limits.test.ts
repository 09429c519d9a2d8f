import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOwn } from './helpers.js';

/** The limits every request body meets before any route sees it: its size and the time it takes to arrive. */

const t = await buildOwn();
const a = await t.tenant();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as net.AddressInfo;
const bodyTimeout = t.app.config.bodyTimeoutMs;
afterAll(() => {
  t.app.config.bodyTimeoutMs = bodyTimeout;
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfter: number;
}

/** A request written by hand on a socket: the head and the first part of the body, then the rest `later` if given. */
function rawRequest(head: string, body: string, later?: { afterMs: number; rest: string }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers, ...rest] = received.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closedAfter: Date.now() - started });
    });
    socket.write(`${head}\r\n\r\n${body}`);
    if (later) setTimeout(() => socket.writable && socket.write(later.rest), later.afterMs);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

const login = (length: number) =>
  `POST /api-user/login HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en-US\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${length}`;

describe('a request body', () => {
  it('past the JSON limit is refused with 413 naming the limit the route has', async () => {
    const limit = t.app.initialConfig.bodyLimit ?? 0;
    expect(limit).toBeGreaterThan(0);
    const limitMb = limit / 1024 / 1024;
    const payload = JSON.stringify({ tenant: a.code, username: 'admin', password: 'x'.repeat(limit) });
    for (const [lang, message] of [
      ['en-US', `The request is too large; the limit is ${limitMb} MB`],
      ['zh-CN', `请求内容太大，最大 ${limitMb} MB`],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api-user/login',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ resp_code: '413', resp_msg: message, data: null });
    }
  });

  it('that does not arrive whole within the body time limit is cut off with a 408 envelope', async () => {
    t.app.config.bodyTimeoutMs = 400;
    const body = JSON.stringify({ tenant: a.code, username: 'admin', password: 'wrong-password' });
    const slow = await rawRequest(login(body.length), body.slice(0, 10));
    expect(slow.status).toBe(408);
    expect(slow.headers.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(slow.body)).toEqual({
      resp_code: '408',
      resp_msg: 'The request did not arrive whole within 0.4 s and was cut off',
      data: null,
    });
    expect(slow.closedAfter).toBeGreaterThanOrEqual(400);
    expect(slow.closedAfter).toBeLessThan(5_000);
    // a body that arrives in parts within the time is read as any other
    const parted = await rawRequest(login(body.length), body.slice(0, 10), { afterMs: 100, rest: body.slice(10) });
    expect(parted.status).toBe(401);
    expect(JSON.parse(parted.body).resp_code).toBe('401');
    // requests without a body are not timed
    const noBody = await rawRequest(
      `GET /api-user/me HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${a.admin.token}\r\nConnection: close`,
      '',
    );
    expect(noBody.status).toBe(200);
  });
});
