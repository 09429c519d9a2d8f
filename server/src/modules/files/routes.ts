import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { files } from '../../platform/schema.js';

/** What may be uploaded, judged by the content's magic bytes, not by the name or the header. */
const allowed = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

export async function filesModule(app: FastifyInstance) {
  const root = path.join(app.config.dataDir, 'files');
  route(
    app,
    'POST',
    '/api-file/files-anon',
    {
      summary: 'Upload one file (multipart field `file`): images, PDF or xlsx up to the size limit; answers its URL',
      perm: null,
      entity: 'file',
      description:
        "Needs a signed-in user despite the seed's name. The URL is unguessable and served without a token so that <img> tags work.",
    },
    async ({ tx, auth, req }) => {
      if (!req.isMultipart()) throw new AppError(400, 'validation', {}, [{ path: 'file', key: 'fileMissing' }]);
      const part = await req.file();
      if (!part) throw new AppError(400, 'validation', {}, [{ path: 'file', key: 'fileMissing' }]);
      const buffer = await part.toBuffer();
      const type = await (await import('file-type')).fileTypeFromBuffer(buffer);
      if (!type || !allowed.has(type.mime)) throw new AppError(400, 'validation', {}, [{ path: 'file', key: 'fileType' }]);
      const month = new Date().toISOString().slice(0, 7).replace('-', '');
      const relative = `${auth.tenantId}/${month}/${randomBytes(16).toString('hex')}.${type.ext}`;
      await fs.mkdir(path.join(root, path.dirname(relative)), { recursive: true });
      await fs.writeFile(path.join(root, relative), buffer);
      const name = part.filename.slice(0, 200) || `file.${type.ext}`;
      const [row] = await tx
        .insert(files)
        .values({ tenantId: auth.tenantId, name, mime: type.mime, size: buffer.length, path: relative, createdBy: auth.userId })
        .returning({ id: files.id });
      return { id: row.id, url: `/files/${relative}`, name, size: buffer.length, mime: type.mime };
    },
  );
}
