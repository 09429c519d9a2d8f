/**
 * The shared HTTP client. Every answer is an envelope `{resp_code, resp_msg, data, errors?}`; the client
 * unwraps it to `data`. Unlike the original product it shows failures: a message with the server's
 * `resp_msg`, and on 401 it drops the token and sends the user to sign in. The error is thrown as an
 * `ApiError` so forms can put server validation errors on their fields. `4005` (the application needs
 * its independent password) is returned to the caller without a message.
 */
import { currentLang, t } from './i18n';
import { notify, showError } from './notify';
import { clearToken, currentToken } from './session';

export const TIMEOUT_MS = 40_000;

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  readonly requestId?: string;
  /** The envelope's `data` of a failed answer (e.g. an import's row errors). */
  readonly data?: unknown;
  constructor(status: number, code: string, message: string, errors: FieldError[] = [], requestId?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.requestId = requestId;
    this.data = data;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export type Query = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Query string parameters; undefined, null and '' are left out. */
  params?: Query;
  /** JSON body (saves). */
  body?: unknown;
  /** Multipart body (uploads). */
  form?: FormData;
  /** Do not show a message for these resp_codes (or for any failure when true). */
  quiet?: boolean | string[];
  /** Use this token instead of the page's (null: send none). */
  token?: string | null;
  signal?: AbortSignal;
  timeout?: number;
  /** false: a 401 is an ordinary failure (a wrong app password), not an expired session. */
  authRedirect?: boolean;
  /**
   * A write that moves money or stock: it carries an `Idempotency-Key` made from the request itself,
   * so sending the same request again (after a timeout, a lost answer, a second click) answers the
   * first answer instead of doing it twice.
   */
  once?: boolean;
}

/** A key for one request: FNV-1a over its method, address and body (64 bits, as hex). */
export function requestKey(method: string, url: string, body: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const ch of `${method} ${url} ${body}`) {
    hash ^= BigInt(ch.codePointAt(0) ?? 0);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `r-${hash.toString(16).padStart(16, '0')}`;
}

export function buildQuery(params?: Query): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) q.set(k, v.join(','));
    } else q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function isEnvelope(x: unknown): x is { resp_code: unknown; resp_msg?: unknown; data?: unknown; errors?: unknown; requestId?: unknown } {
  return typeof x === 'object' && x !== null && 'resp_code' in x;
}

let redirecting = false;
function goSignIn(): void {
  if (redirecting || window.location.pathname === '/login') return;
  redirecting = true;
  const back = window.location.pathname + window.location.search;
  notify.navigate(`/login?redirect=${encodeURIComponent(back)}`);
  setTimeout(() => {
    redirecting = false;
  }, 1500);
}

function shouldShow(quiet: RequestOptions['quiet'], code: string): boolean {
  if (quiet === true) return false;
  if (Array.isArray(quiet) && quiet.includes(code)) return false;
  return true;
}

/** Headers every call carries: JSON, the UI language, the token. */
export function baseHeaders(token: string | null): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLang() };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** Send the request with the timeout; network failures become ApiError. */
async function send(url: string, opts: RequestOptions): Promise<{ res: Response; tokenKey: string | null }> {
  const current = opts.token === undefined ? currentToken() : null;
  const token = opts.token === undefined ? (current?.token ?? null) : opts.token;
  const headers = baseHeaders(token);
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(opts.body);
  }
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  if (opts.once) headers['Idempotency-Key'] = requestKey(method, url, typeof body === 'string' ? body : '');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeout ?? TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetch(url + buildQuery(opts.params), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
    return { res, tokenKey: current?.key ?? null };
  } catch (e) {
    if (opts.signal?.aborted && !timedOut) throw e; // the caller cancelled (e.g. the query went away)
    const err = timedOut ? new ApiError(0, 'TIMEOUT', t('http.timeout')) : new ApiError(0, 'NETWORK', t('http.network'));
    if (shouldShow(opts.quiet, err.code)) showError(err.message);
    throw err;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** Turn a failed answer into an ApiError, show it (unless quiet or 4005) and handle 401. */
function fail(res: Response, payload: unknown, tokenKey: string | null, opts: RequestOptions): ApiError {
  const env = isEnvelope(payload) ? payload : null;
  const code = env ? String(env.resp_code) : String(res.status);
  const errors = env && Array.isArray(env.errors) ? (env.errors as FieldError[]) : [];
  const requestId = env && typeof env.requestId === 'string' ? env.requestId : undefined;
  let text = env && typeof env.resp_msg === 'string' && env.resp_msg ? env.resp_msg : '';
  if (!text) {
    if (res.status === 401) text = t('http.unauthorized');
    else if (res.status === 403) text = t('http.forbidden');
    else if (res.status === 404) text = t('http.notFound');
    else text = t('http.failed', { status: res.status });
  }
  const err = new ApiError(res.status, code, text, errors, requestId, env?.data ?? undefined);
  if (code === '4005') return err; // the caller asks for the independent password
  const unauthorized = (res.status === 401 || code === '401') && opts.authRedirect !== false;
  if (unauthorized && tokenKey) clearToken(tokenKey);
  if (shouldShow(opts.quiet, code)) {
    showError(res.status >= 500 && requestId && !text.includes(requestId) ? `${text} (${t('http.requestId')}: ${requestId})` : text);
  }
  if (unauthorized && tokenKey) goSignIn();
  return err;
}

async function readPayload(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Call the API and return the envelope's `data`. */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const { res, tokenKey } = await send(url, opts);
  const payload = await readPayload(res);
  if (res.ok && isEnvelope(payload) && String(payload.resp_code) === '200') return payload.data as T;
  throw fail(res, payload, tokenKey, opts);
}

/** Something that checks an answer and gives its type: a contract schema (zod). */
interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export const http = {
  get: <T>(url: string, params?: Query, opts?: RequestOptions) => request<T>(url, { ...opts, params, method: 'GET' }),
  /** A GET whose answer the contract describes: typed from the schema, no cast. */
  read: async <T>(schema: AnswerSchema<T>, url: string, params?: Query, opts?: RequestOptions) =>
    schema.parse(await request<unknown>(url, { ...opts, params, method: 'GET' })),
  /** A POST whose answer the contract describes. */
  send: async <T>(schema: AnswerSchema<T>, url: string, body?: unknown, opts?: RequestOptions) =>
    schema.parse(await request<unknown>(url, { ...opts, body: body ?? {}, method: 'POST' })),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>(url, { ...opts, body: body ?? {}, method: 'POST' }),
  del: <T>(url: string, opts?: RequestOptions) => request<T>(url, { ...opts, method: 'DELETE' }),
};

export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  mime: string;
}

/** Store a file (images, PDF, xlsx) through the file service; answers its URL. */
export function uploadFile(file: Blob, name?: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, name ?? (file instanceof File ? file.name : 'file'));
  return request<UploadedFile>('/api-file/files-anon', { method: 'POST', form, timeout: 120_000 });
}

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ? plain[1].trim() : null;
}

/** Download a file answer (Excel export; a POST with `body`, e.g. a template) with the token, keeping the server's file name. */
export async function download(url: string, params: Query | undefined, fallbackName: string, opts: { body?: unknown } = {}): Promise<void> {
  const { res, tokenKey } = await send(url, { params, timeout: 120_000, body: opts.body });
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    throw fail(res, await readPayload(res), tokenKey, {});
  }
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('Content-Disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
