import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, duplicate, type FieldProblem, type MessageParams, sizeText } from './errors.js';
import { type Lang, label, langOf, translate } from './i18n.js';

export function ok<T>(lang: Lang, data: T) {
  return { resp_code: '200', resp_msg: translate(lang, 'ok'), data };
}

function fillParams(lang: Lang, params: MessageParams): MessageParams {
  const out: MessageParams = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'string' && v.startsWith('@') ? label(lang, v.slice(1)) : v;
  return out;
}

function renderField(lang: Lang, f: FieldProblem) {
  return { path: f.path, message: f.key ? translate(lang, f.key, fillParams(lang, f.params ?? {})) : (f.message ?? '') };
}

export function zodFields(error: ZodError, prefix?: string): FieldProblem[] {
  const pathOf = (parts: PropertyKey[]) => [prefix, ...parts.map(String)].filter(Boolean).join('.') || '(root)';
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: issue.message }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
}

interface PgLikeError {
  code?: string;
  table?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Maps database errors a client can cause to conflicts; anything else stays an internal error.
 * Unique indexes are named `<table>_tenant_<column>`, which names the field (row-level security
 * hides the violation's detail, so the value comes from the request).
 */
function fromDatabase(error: PgLikeError, body: unknown): AppError | undefined {
  switch (error.code) {
    case '23505': {
      const column = /_tenant_([a-z_]+)$/.exec(error.constraint ?? '')?.[1];
      const field = column ? camel(column) : undefined;
      const value = field ? (body as Record<string, unknown> | undefined)?.[field] : undefined;
      if (!column || !field || (typeof value !== 'string' && typeof value !== 'number')) return new AppError(409, 'duplicateGeneric');
      return duplicate(field, column, value);
    }
    case '23503':
      // A write that points at a record that is not there is the client's mistake; a delete of a used record is a conflict.
      return error.message?.startsWith('insert or update')
        ? new AppError(400, 'validation', {}, [{ path: '(root)', key: 'missingReference', params: { field: '@record' } }])
        : new AppError(409, 'referenced', { entity: `@${error.table ?? ''}` });
    case '40001':
    case '40P01':
    case '55P03':
      return new AppError(409, 'staleVersion');
    default:
      // Class 22 is "data exception": a value the client sent that the column cannot hold.
      return error.code?.startsWith('22') ? new AppError(400, 'validation', {}, [{ path: '(root)', key: 'badValue' }]) : undefined;
  }
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  validation?: unknown;
  message?: string;
}

/** Writes any error as the envelope; 500s keep their details in the log and show only a request id. */
export function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown) {
  const lang = langOf(req);
  let appError: AppError | undefined;
  if (error instanceof AppError) appError = error;
  else if (error instanceof ZodError) appError = new AppError(400, 'validation', {}, zodFields(error));
  else if (error && typeof error === 'object') {
    // Drizzle wraps the driver's error; the database's code is on the cause.
    const cause = (error as { cause?: unknown }).cause;
    appError = fromDatabase((cause && typeof cause === 'object' ? cause : error) as PgLikeError, req.body);
    const fe = error as FastifyLikeError;
    if (!appError && fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      if (fe.code === 'FST_REQ_FILE_TOO_LARGE')
        appError = new AppError(413, 'tooLarge', { limit: sizeText(req.server.config.uploadLimitBytes) });
      else if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        appError = new AppError(413, 'bodyTooLarge', { limit: sizeText(req.routeOptions.bodyLimit) });
      else if (fe.statusCode === 415) appError = new AppError(415, 'unsupportedMedia');
      else if (fe.statusCode === 414) appError = new AppError(414, 'uriTooLong');
      else if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        appError = new AppError(400, 'badJson', {}, [{ path: '(root)', message: translate(lang, 'badJson') }]);
      else if (fe.statusCode === 429) appError = new AppError(429, 'tooManyRequests', { after: '1 min' });
      else appError = new AppError(400, 'validation', {}, [{ path: '(root)', message: fe.message ?? 'bad request' }]);
    }
  }
  // A raw answer (a workbook) may have named its type before it failed: what follows is an envelope, not its file.
  reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
  if (!appError) {
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      resp_code: '500',
      resp_msg: translate(lang, 'internal', { requestId: req.id }),
      data: null,
      requestId: req.id,
    });
  }
  const body: Record<string, unknown> = {
    resp_code: appError.respCode,
    resp_msg: translate(lang, appError.key, fillParams(lang, appError.params)),
    data: appError.data,
  };
  if (appError.fields) body.errors = appError.fields.map((f) => renderField(lang, f));
  return reply.status(appError.status).send(body);
}

/**
 * The refusal a client can act on, as one line in the user's language (a batch's failed bill): the
 * status and message of an AppError or of a database error a client can cause; `undefined` for
 * anything else, which stays a server error.
 */
export function refusalOf(lang: Lang, error: unknown, body?: unknown): { code: number; message: string } | undefined {
  let appError = error instanceof AppError ? error : undefined;
  if (!appError && error && typeof error === 'object') {
    const cause = (error as { cause?: unknown }).cause;
    appError = fromDatabase((cause && typeof cause === 'object' ? cause : error) as PgLikeError, body);
  }
  if (!appError) return undefined;
  const fields = appError.fields?.map((f) => renderField(lang, f).message).filter(Boolean) ?? [];
  return {
    code: appError.status,
    message: fields.length ? fields.join('; ') : translate(lang, appError.key, fillParams(lang, appError.params)),
  };
}
