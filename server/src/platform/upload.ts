import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Auth } from './auth.js';
import { AppError, fieldError, sizeText } from './errors.js';
import { defineMessages, type Lang } from './i18n.js';

/**
 * Uploads (files and imports) are read whole, to a temporary file, before the request's transaction
 * opens: a client that sends slowly, or stops sending, holds a socket for at most the time limit and
 * never a database connection. Routes ask for it with `upload` in their spec (see route.ts).
 */

defineMessages({
  uploadTimeout: [
    '上传超时：文件须在 {seconds} 秒内传完，请检查网络后重试',
    'The upload took too long: the file must arrive within {seconds} seconds; please check the connection and try again',
  ],
  uploadIncomplete: ['文件没有完整上传，请重新上传', 'The file did not arrive completely; please upload it again'],
  uploadTooFrequent: [
    '上传过于频繁：每人每分钟最多上传 {max} 次，请 {after} 秒后再试',
    'Too many uploads: at most {max} a minute per user; please try again in {after} seconds',
  ],
  uploadBadForm: ['上传的表单不正确：只能包含一个文件', 'The upload form is not valid: it must hold one file'],
});

/** The received file of an `upload` route, on disk until the request ends. */
export interface Upload {
  /** Temporary path; removed after the request, whatever happens (move it to keep it). */
  path: string;
  /** The name the client gave, at most 200 characters ('' when none). */
  filename: string;
  size: number;
  /** Type judged by the content's magic bytes, never by the name or the header; undefined when unknown. */
  mime?: string;
  ext?: string;
  /** Text fields of the form sent before the file. */
  fields: Record<string, string>;
  /** What the route's `prepare` answered (read before the transaction opens). */
  prepared?: unknown;
}

/** How a route takes an upload; `true` takes it as it is. */
export interface UploadSpec {
  /**
   * Work on the file that needs no database (checking it, parsing a workbook), done before the
   * transaction opens so that no connection waits for it; the answer is the handler's `file.prepared`.
   */
  prepare?: (file: Upload, ctx: { lang: Lang; auth: Auth }) => Promise<unknown>;
}

export interface ReceivedUpload extends Upload {
  discard(): Promise<void>;
}

/** Where uploads wait while their request runs (on the same disk as the stored files, so they move without a copy). */
export const uploadDir = (config: Config) => path.join(config.dataDir, 'tmp');

/** Removes uploads left behind by a process that stopped in the middle of a request (older than an hour). */
export async function sweepStaleUploads(config: Config, olderThanMs = 3_600_000) {
  const dir = uploadDir(config);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > olderThanMs) await fs.rm(file, { force: true });
  }
}

/** Moves a received upload to its place for good (a copy when the temporary folder is on another disk). */
export async function keepUpload(file: Upload, target: string) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.rename(file.path, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(file.path, target);
  }
}

const limiters = new WeakMap<FastifyInstance, ReturnType<FastifyInstance['createRateLimit']>>();
const limitKeys = new WeakMap<FastifyRequest, string>();

/** At most `config.uploadsPerMinute` uploads a minute per user, over every upload route (counted per instance). */
async function checkRate(app: FastifyInstance, req: FastifyRequest, auth: Auth) {
  let limiter = limiters.get(app);
  if (!limiter) {
    limiter = app.createRateLimit({
      max: () => app.config.uploadsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (r) => limitKeys.get(r) ?? r.ip,
    });
    limiters.set(app, limiter);
  }
  limitKeys.set(req, `upload:${auth.tenantId}:${auth.userId}`);
  const rate = await limiter(req);
  if (!rate.isAllowed && rate.isExceeded) {
    throw new AppError(429, 'uploadTooFrequent', { max: rate.max, after: Math.max(1, rate.ttlInSeconds) });
  }
}

interface MultipartLikeError {
  code?: string;
  message?: string;
}

/** The client's mistakes while sending, as envelopes; anything else stays what it is. */
function sendingError(error: unknown, limitBytes: number): unknown {
  if (error instanceof AppError) return error;
  const e = (error ?? {}) as MultipartLikeError;
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(limitBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return fieldError('file', 'fileMissing');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return fieldError('file', 'uploadBadForm');
    case 'FST_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return new AppError(400, 'uploadIncomplete');
  }
  // busboy: "Unexpected end of form", "Malformed part header", "Part terminated early"...
  if (typeof e.message === 'string' && /unexpected end|malformed|terminated early|multipart/i.test(e.message)) {
    return new AppError(400, 'uploadIncomplete');
  }
  return error;
}

const tooLarge = (limitBytes: number) => new AppError(413, 'tooLarge', { limit: sizeText(limitBytes) });

/**
 * Closes the connection of an upload refused before its body ended: the client is told (the answer
 * goes out with `Connection: close`), what it still sends is dropped, and after a moment the socket goes.
 */
export function hangUpAfterAnswer(req: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  // A request injected in-process has a socket-like object without destroy(); a throw in a timer would end the process.
  const socket = req.raw.socket as { destroy?: () => void } | undefined;
  reply.raw.once('finish', () => {
    setTimeout(() => {
      if (typeof socket?.destroy === 'function') socket.destroy();
    }, 1_000).unref();
  });
}

/**
 * Reads the multipart upload of a request (its one file, the form's text fields before it) to a
 * temporary file, within the size limit and the time limit, after the caller's access has been
 * checked and before any transaction opens. The file's type is judged by its content.
 */
export async function receiveUpload(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: Auth,
  lang: Lang,
  spec: UploadSpec | true,
): Promise<ReceivedUpload> {
  await checkRate(app, req, auth);
  if (!req.isMultipart()) throw fieldError('file', 'fileMissing');
  const { uploadLimitBytes: limitBytes, uploadTimeoutMs: timeoutMs } = app.config;
  const dir = uploadDir(app.config);
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomBytes(16).toString('hex')}.upload`);
  const discard = () => fs.rm(target, { force: true });

  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new AppError(408, 'uploadTimeout', { seconds: Math.round(timeoutMs / 100) / 10 })), timeoutMs);
  const gone = () => abort.abort(new AppError(400, 'uploadIncomplete'));
  reply.raw.once('close', gone);
  const aborted = new Promise<never>((_, reject) => {
    abort.signal.addEventListener('abort', () => reject(abort.signal.reason), { once: true });
  });
  aborted.catch(() => {});

  let part: MultipartFile | undefined;
  try {
    const pending = req.file({
      limits: { fileSize: limitBytes, files: 1, fields: 20, fieldSize: 4096, parts: 30, headerPairs: 50 },
    });
    // Settles after an abort too (the connection closes): its file is dropped then.
    pending.then(
      (late) => {
        if (abort.signal.aborted) late?.file.destroy();
      },
      () => {},
    );
    part = await Promise.race([pending, aborted]);
    if (!part) throw fieldError('file', 'fileMissing');
    const file = part.file;
    file.once('limit', () => file.destroy(tooLarge(limitBytes)));
    await pipeline(file, createWriteStream(target, { flags: 'wx' }), { signal: abort.signal });
    if (file.truncated) throw tooLarge(limitBytes);
  } catch (error) {
    part?.file.destroy();
    await discard();
    const reason = sendingError(abort.signal.aborted ? abort.signal.reason : error, limitBytes);
    if (reason instanceof AppError && (reason.status === 408 || reason.status === 413)) hangUpAfterAnswer(req, reply);
    throw reason;
  } finally {
    clearTimeout(timer);
    reply.raw.off('close', gone);
  }

  try {
    const { size } = await fs.stat(target);
    const type = await (await import('file-type')).fileTypeFromFile(target);
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(part.fields)) {
      const field = Array.isArray(value) ? value[0] : value;
      if (field && field.type === 'field' && typeof field.value === 'string') fields[name] = field.value;
    }
    const upload: ReceivedUpload = {
      path: target,
      filename: (part.filename ?? '').slice(0, 200),
      size,
      mime: type?.mime,
      ext: type?.ext,
      fields,
      discard,
    };
    if (spec !== true && spec.prepare) upload.prepared = await spec.prepare(upload, { lang, auth });
    return upload;
  } catch (error) {
    await discard();
    throw error;
  }
}

/** The `file` of a route that takes no upload: using it is a programming error. */
export const noUpload = new Proxy({} as Upload, {
  get() {
    throw new Error('This route is not declared with upload and has no file');
  },
});
