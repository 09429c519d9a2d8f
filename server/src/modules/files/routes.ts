import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { route } from '../../platform/route.js';
import { files } from '../../platform/schema.js';
import { keepUpload, sweepStaleUploads, type Upload } from '../../platform/upload.js';
import { pdfActiveContent } from './pdf.js';

defineMessages({
  pdfActive: [
    '不接受含有脚本、启动程序或内嵌文件的 PDF（或无法检查的加密 PDF），请另存为普通 PDF 后再上传',
    'PDFs with scripts, launch actions or embedded files (or encrypted ones that cannot be checked) are not accepted; save it as a plain PDF and upload it again',
  ],
});

/**
 * Who may upload: whoever may edit something (the pictures of products, shops, employees... are
 * uploaded by the people who edit them); a user who may only look uploads nothing.
 */
export const UPLOAD_PERM = '*.edit';

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
  await sweepStaleUploads(app.config);
  route(
    app,
    'POST',
    '/api-file/files-anon',
    {
      summary: 'Upload one file (multipart field `file`): images, PDF or xlsx up to the size limit; answers its URL',
      perm: UPLOAD_PERM,
      entity: 'file',
      verb: 'upload',
      upload: { prepare: checkFile },
      description:
        "Needs a signed-in user who may edit something (any `.edit` permission) despite the seed's name; at most " +
        '`UPLOADS_PER_MINUTE` uploads a minute per user. The URL is unguessable and served without a token so that <img> tags ' +
        'work; anything but an image is served as an attachment. PDFs with scripts, launch actions or embedded files are refused.',
    },
    async ({ tx, auth, file }) => {
      const type = file.prepared as { mime: string; ext: string };
      const month = new Date().toISOString().slice(0, 7).replace('-', '');
      const relative = `${auth.tenantId}/${month}/${randomBytes(16).toString('hex')}.${type.ext}`;
      const target = path.join(root, relative);
      await keepUpload(file, target);
      const name = file.filename || `file.${type.ext}`;
      try {
        const [row] = await tx
          .insert(files)
          .values({ tenantId: auth.tenantId, name, mime: type.mime, size: file.size, path: relative, createdBy: auth.userId })
          .returning({ id: files.id });
        return { id: row.id, url: `/files/${relative}`, name, size: file.size, mime: type.mime };
      } catch (error) {
        await fs.rm(target, { force: true });
        throw error;
      }
    },
  );
}

/** Checks the received file before any transaction opens: its type, and a PDF's active content. */
async function checkFile(file: Upload) {
  if (!file.mime || !file.ext || !allowed.has(file.mime)) throw fieldError('file', 'fileType');
  if (file.mime === 'application/pdf' && (await pdfActiveContent(file.path))) throw fieldError('file', 'pdfActive');
  return { mime: file.mime, ext: file.ext };
}
