import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { build } from './helpers.js';

describe('the web app as the server sends it', async () => {
  const t = await build();
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'headoffice-web-'));
  const script = `console.log(${JSON.stringify('门店'.repeat(800))});`;
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets/main-abc123.js'), script);
  fs.writeFileSync(path.join(webDist, 'assets/main-abc123.js.gz'), gzipSync(script));
  const app = await buildApp({ database: t.database, config: { ...t.app.config, webDist } });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the precompressed copy to a browser that accepts it, and caches hashed assets for good', async () => {
    const zipped = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(script.length / 4);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(script);
    expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await app.inject({ url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers any app path with the page, which is not cached for good', async () => {
    const page = await app.inject({ url: '/admin/org/shops' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).not.toContain('immutable');
  });
});
