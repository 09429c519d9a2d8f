import type { MessageKey } from './i18n.js';

export type MessageParams = Record<string, string | number>;

/** A field problem; `message` is already translated, or `key` is translated when rendered. */
export interface FieldProblem {
  path: string;
  message?: string;
  key?: MessageKey;
  params?: MessageParams;
}

/**
 * An error the client caused or may act on. A param whose value starts with `@` is a label key
 * (e.g. `@shops`) translated into the request's language when the answer is written.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly fields?: FieldProblem[],
    readonly respCode: string = String(status),
    /** Goes out as the envelope's `data` (e.g. an import's rows in error). */
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/**
 * A refusal whose writes stay (an import's log row, a wrong code's try): the handler returns it, the
 * transaction commits, and only then is the error answered, so no client reads the answer before the commit.
 */
export class RefusalKept {
  constructor(readonly error: AppError) {}
}

export const notFound = () => new AppError(404, 'notFound');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const conflict = (key: MessageKey, params: MessageParams = {}) => new AppError(409, key, params);
/**
 * A 409 naming the field whose value is taken (`field` is its label key, e.g. `name`): "名称“早班”已存在", shown by
 * the form next to the field.
 */
export function duplicate(path: string, field: string, value: string | number) {
  const params = { field: `@${field}`, value };
  return new AppError(409, 'duplicate', params, [{ path, key: 'duplicate', params }]);
}
/** A 400 pinned to one field, shown by the form next to it. */
export const fieldError = (path: string, key: MessageKey, params: MessageParams = {}) =>
  new AppError(400, 'validation', {}, [{ path, key, params }]);

/** A size limit as a message names it: megabytes, to one decimal. */
export const sizeText = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
