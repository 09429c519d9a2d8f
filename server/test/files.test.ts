import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

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

/** A one-page PDF whose catalog carries `extra` (e.g. an open action), uncompressed. */
function pdf(extra = '', objects: string[] = []) {
  const body = [
    `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${extra} >>\nendobj\n`,
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
    ...objects,
  ];
  return Buffer.from(`%PDF-1.7\n${body.join('')}trailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** A PDF whose script hides in a compressed object stream (PDF 1.5), where a plain text search cannot see it. */
function pdfWithHiddenScript() {
  const objects = '4 0 << /S /JavaScript /JS (app.alert(1)) >>';
  const data = deflateSync(Buffer.from(objects, 'latin1'));
  const stream = Buffer.concat([
    Buffer.from(`5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const head = pdf('/OpenAction 4 0 R');
  const end = head.lastIndexOf('trailer');
  return Buffer.concat([head.subarray(0, end), stream, head.subarray(end)]);
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

  it('serves anything but an image as an attachment, never sniffed', async () => {
    const image = await upload('a.png', PNG);
    const served = await t.app.inject({ method: 'GET', url: image.json().data.url });
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBeUndefined();
    const doc = await upload('报价单.pdf', pdf());
    expect(doc.statusCode).toBe(200);
    expect(doc.json().data.mime).toBe('application/pdf');
    const download = await t.app.inject({ method: 'GET', url: doc.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses PDFs with scripts, launch actions or embedded files, however they are written', async () => {
    const active = [
      pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      pdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>'),
      pdf('/OpenAction << /S /Launch /F (cmd.exe) >>'),
      pdf('/Names << /EmbeddedFiles << /Names [(a.exe) 9 0 R] >> >>'),
      pdfWithHiddenScript(),
    ];
    for (const content of active) {
      const res = await upload('x.pdf', content);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          path: 'file',
          message: '不接受含有脚本、启动程序或内嵌文件的 PDF（或无法检查的加密 PDF），请另存为普通 PDF 后再上传',
        },
      ]);
    }
    // A page-opening action without a script is fine.
    expect((await upload('ok.pdf', pdf('/OpenAction [3 0 R /Fit]'))).statusCode).toBe(200);
    const leftovers = path.join(t.app.config.dataDir, 'tmp');
    expect(fs.readdirSync(leftovers)).toEqual([]);
  });

  it('needs a right to edit something, and counts uploads per user', async () => {
    const viewer = await createLimitedUser(t, tenant, { perms: ['org.shop.view'] });
    const refused = await upload('a.png', PNG, viewer.client.token);
    expect(refused.statusCode).toBe(403);
    const editor = await createLimitedUser(t, tenant, { perms: ['catalog.product.view', 'catalog.product.edit'] });
    expect((await upload('a.png', PNG, editor.client.token)).statusCode).toBe(200);

    const perMinute = t.app.config.uploadsPerMinute;
    t.app.config.uploadsPerMinute = 2;
    try {
      const busy = await createLimitedUser(t, tenant, { perms: ['staff.employee.edit'] });
      expect((await upload('1.png', PNG, busy.client.token)).statusCode).toBe(200);
      expect((await upload('2.png', PNG, busy.client.token)).statusCode).toBe(200);
      const third = await upload('3.png', PNG, busy.client.token);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ resp_code: '429', data: null });
      expect(third.json().resp_msg).toMatch(/^上传过于频繁：每人每分钟最多上传 2 次，请 \d+ 秒后再试$/);
      // Another user is counted apart.
      expect((await upload('4.png', PNG, editor.client.token)).statusCode).toBe(200);
    } finally {
      t.app.config.uploadsPerMinute = perMinute;
    }
  });

  it('refuses files over the limit with 413 and unsigned uploads with 401', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(t.app.config.uploadLimitBytes + 10)]);
    const res = await upload('big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().resp_code).toBe('413');
    expect((await upload('a.png', PNG, '')).statusCode).toBe(401);
  });
});
