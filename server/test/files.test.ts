import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----headoffice-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('file upload', async () => {
  const t = await build();
  const tenant = await t.tenant();
  const upload = (filename: string, content: Buffer, token = tenant.admin.token) => {
    const { body, contentType } = multipart(filename, content);
    return t.app.inject({
      method: 'POST',
      url: '/api-file/files-anon',
      payload: body,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  it('stores an image under DATA_DIR and serves it at the answered URL', async () => {
    const res = await upload('门头.png', PNG);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.mime).toBe('image/png');
    expect(data.url).toMatch(new RegExp(`^/files/${tenant.tenantId}/\\d{6}/[0-9a-f]{32}\\.png$`));
    expect(fs.existsSync(path.join(t.app.config.dataDir, data.url.replace('/files/', 'files/')))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges the type by content, not by name', async () => {
    const res = await upload('fake.png', Buffer.from('#!/bin/sh\necho not an image\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('file');
  });

  it('refuses files over the limit with 413 and unsigned uploads with 401', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(t.app.config.uploadLimitBytes + 10)]);
    const res = await upload('big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().resp_code).toBe('413');
    expect((await upload('a.png', PNG, '')).statusCode).toBe(401);
  });
});
