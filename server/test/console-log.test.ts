import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { humanLine, loggerOptions, signInBox } from '../src/platform/console-log.js';
import { build } from './helpers.js';

const t = await build();

describe('the server log', () => {
  it('writes one line per request, JSON for collectors and readable on a terminal', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      database: t.database,
      config: { ...loadConfig({}), dataDir: path.join(os.tmpdir(), 'headoffice-log-test') },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/api-user/me' });
    await app.inject({ method: 'POST', url: '/api-user/login', payload: { tenant: 'nope', username: 'a', password: 'b' } });
    await app.close();
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(requests.map((r) => [r.method, r.url, r.status])).toEqual([
      ['GET', '/api-user/me', 401],
      ['POST', '/api-user/login', 401],
    ]);
    expect(humanLine(lines[0])).toMatch(/^\d\d:\d\d:\d\d GET \/api-user\/me 401 \d+ ms\n$/);
  });

  it('shows errors with their level, request id and stack on a terminal', () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.now(),
      reqId: 'abc',
      msg: 'unhandled error',
      err: { stack: 'Error: boom\n    at x' },
    });
    expect(humanLine(line)).toMatch(/^\d\d:\d\d:\d\d ERROR unhandled error \[abc\]\nError: boom\n {4}at x\n$/);
    expect(loggerOptions('info', false)).toEqual({ level: 'info' });
    expect(loggerOptions('info', true)).toHaveProperty('stream');
  });

  it("frames the demo admin's sign-in in a box whose edges line up, Chinese labels included", () => {
    const box = signInBox(['company code (企业编码): demo', 'password: secret']).trim().split('\n');
    expect(box).toHaveLength(4);
    const width = (s: string) => [...s].reduce((w, ch) => w + (/[\u4e00-\u9fff]/.test(ch) ? 2 : 1), 0);
    expect(new Set(box.map(width)).size).toBe(1);
    expect(box[2]).toContain('password: secret');
  });
});
