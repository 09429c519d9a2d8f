import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { en, zhCN } from 'zod/locales';
import type { Db } from '../db/client.js';
import { type AuditInput, auditedEntities, type VerbSpec, verbOf, writeAudit } from './audit.js';
import { type Auth, bearerToken, can, loadAuth, type TokenClaims, verifyToken, visibleShops } from './auth.js';
import { ok, sendError, zodFields } from './envelope.js';
import { AppError, type FieldProblem, forbidden, RefusalKept } from './errors.js';
import { type Lang, langOf } from './i18n.js';
import { claimKey, type IdempotencyMode, idempotencyHeaderSchema, REPLAYED_HEADER, type StoredAnswer } from './idempotency.js';
import { type MovesSpec, watchMoves } from './moves.js';
import { inTenant } from './tenancy.js';
import { noUpload, type ReceivedUpload, receiveUpload, type Upload, type UploadSpec } from './upload.js';

type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<Q extends Schema, P extends Schema, B extends Schema> {
  /** One line for the OpenAPI document. */
  summary: string;
  /**
   * Permission key the caller must hold; `null` means any signed-in user; `*.edit`: any key ending in `.edit`.
   * An employee's own account (`Auth.selfService`) holds none and is refused every route not declared `self`.
   */
  perm: string | null;
  /** An employee's own account may call it: the route serves only the signed-in employee's own data (sign-in, schedule, commission). */
  self?: true;
  query?: Q;
  params?: P;
  body?: B;
  /** Audit entity of a write (a key of the contract's auditEntityLabels); defaults to the path's resource segment. */
  entity?: string;
  /** The entity a request writes when it depends on the request (the inbox: the bill's type); `entity` when undefined. */
  entityOf?: (input: AuditInput) => string | undefined;
  /** What the write does, for the operation log, when the path does not tell it (see `verbOf`). */
  verb?: VerbSpec;
  /** A read the seed makes by POST (a check, a template download), or which of its requests are (a preview): not audited. */
  read?: true | ((input: AuditInput) => boolean);
  /** The handler writes the reply itself (files, exports); no envelope. */
  raw?: boolean;
  /** A write the seed makes by GET (e.g. delete by GET): audited like any write. */
  write?: boolean;
  /** Fastify route config, e.g. rate limits. */
  config?: Record<string, unknown>;
  /**
   * `false`: the handler answers from the signed-in user alone, so no transaction is opened (with the
   * user's access cached, such a request touches no database at all); `tx` must not be used.
   */
  db?: false;
  /**
   * The route takes a multipart upload (one file): after the token and the permission, the body is
   * read to a temporary file within the size and time limits, before any transaction opens; the
   * handler gets it as `file`, and it is removed when the request ends. Rate-limited per user.
   */
  upload?: true | UploadSpec;
  description?: string;
  /**
   * A write that moves money or stock: it takes an `Idempotency-Key` header (`required`: it must),
   * and a repeat of the same request with the same key answers the first answer without doing
   * anything again (platform/idempotency.ts).
   */
  idempotent?: IdempotencyMode;
  /**
   * A write that moves money or stock (card money, package counts, stock, petty cash, a till bill's
   * payments, commission): what it moves and the period lock check it passes before it moves anything
   * (platform/moves.ts). The OpenAPI document lists it (`x-moves`); a route that moves a ledger without
   * it, or before consulting its lock kinds, fails.
   */
  moves?: MovesSpec;
  /**
   * The schema of the answer's `data`: OpenAPI lists it, the handler must return it (checked by
   * tsc, and at run time: an answer that does not match is a server error), and the web reads the
   * type from the contract. New routes declare it.
   */
  response?: z.ZodType;
}

export interface Ctx<Q, P, B> {
  query: Q;
  params: P;
  body: B;
  tx: Db;
  auth: Auth;
  lang: Lang;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The received upload of a route declared with `upload`. */
  file: Upload;
}

export interface PublicCtx<Q, P, B> {
  query: Q;
  params: P;
  body: B;
  db: Db;
  lang: Lang;
  req: FastifyRequest;
  reply: FastifyReply;
}

const zodLocales = { 'zh-CN': zhCN().localeError, 'en-US': en().localeError } as const;

/** A route that declares no query takes none: an unknown query parameter is refused like an unknown body field. */
const noQuery = z.object({}).strict();

/** Unknown fields are refused in queries and bodies alike. */
function strictSpec<S extends { query?: Schema; params?: Schema; body?: Schema }>(spec: S): S {
  const strict = (schema: Schema) => (schema instanceof z.ZodObject ? schema.strict() : schema);
  return { ...spec, query: strict(spec.query) ?? noQuery, params: strict(spec.params), body: strict(spec.body) };
}

function parse<S extends Schema>(schema: S, data: unknown, where: string, lang: Lang, problems: FieldProblem[]): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(data ?? (where === 'body' ? undefined : {}), { error: zodLocales[lang] });
  if (result.success) return result.data as Out<S>;
  problems.push(...zodFields(result.error, where === 'body' ? undefined : where === 'query' ? undefined : where));
  return undefined as Out<S>;
}

/** The database's text holds no NUL character: a query value with one is refused by name, as no filter could match it. */
const nulProblems = (query: unknown): FieldProblem[] =>
  Object.entries((query ?? {}) as Record<string, unknown>)
    .filter(([, value]) => [value].flat().some((v) => typeof v === 'string' && v.includes('\u0000')))
    .map(([path]) => ({ path, key: 'nulCharacter' }));

function validate<Q extends Schema, P extends Schema, B extends Schema>(spec: RouteSpec<Q, P, B>, req: FastifyRequest, lang: Lang) {
  const problems: FieldProblem[] = nulProblems(req.query);
  const query = parse(spec.query, req.query, 'query', lang, problems);
  const params = parse(spec.params, req.params, 'params', lang, problems);
  const body = parse(spec.body, req.body, 'body', lang, problems);
  if (problems.length) throw new AppError(400, 'validation', {}, problems);
  return { query, params, body };
}

function openapiSchema(spec: RouteSpec<Schema, Schema, Schema>, url: string) {
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return defined({
    summary: spec.summary,
    description: spec.description,
    tags: [url.split('/')[1] ?? 'api'],
    querystring: spec.query,
    params: spec.params,
    body: spec.body,
    headers: spec.idempotent ? idempotencyHeaderSchema(spec.idempotent) : undefined,
    response: spec.response ? { 200: z.object({ resp_code: z.literal('200'), resp_msg: z.string(), data: spec.response }) } : undefined,
    security: [{ bearer: [] }],
    'x-moves': spec.moves,
    'x-self': spec.self,
  });
}

/** The answer of a route that declares its schema, as the schema gives it (dates already strings, extra keys dropped). */
function answerOf(spec: { response?: z.ZodType }, data: unknown) {
  return spec.response ? spec.response.parse(data ?? null) : data;
}

/** An employee's own account reaches only the routes declared `self`; anyone else needs the route's permission. */
function assertMayCall(auth: Auth, spec: { perm: string | null; self?: true }) {
  if (auth.selfService && !spec.self) throw forbidden('selfServiceOnly');
  if (spec.perm && !holds(auth, spec.perm)) throw forbidden();
}

/** Whether the user holds `perm`; `*.edit` is held by whoever holds any key ending in `.edit`. */
function holds(auth: Auth, perm: string): boolean {
  if (!perm.startsWith('*.')) return can(auth, perm);
  const suffix = perm.slice(1);
  return auth.isSuper || [...auth.permissions].some((p) => p.endsWith(suffix));
}

/** The shop a call is scoped to (`shopid` in query or body) must be one the user may see. */
function checkShopScope(auth: Auth, ...sources: unknown[]) {
  const allowed = visibleShops(auth);
  if (!allowed) return;
  for (const source of sources) {
    const shopid = (source as { shopid?: unknown } | undefined)?.shopid;
    if (typeof shopid === 'number' && !allowed.includes(shopid)) throw forbidden('shopForbidden');
  }
}

/**
 * Registers an API route: token → validation → one tenant transaction (row-level security on) →
 * permission and shop scope → handler → audit of writes → envelope. Every business route goes here.
 */
export function route<Q extends Schema, P extends Schema, B extends Schema, R extends Schema = undefined>(
  app: FastifyInstance,
  method: HTTPMethods | HTTPMethods[],
  url: string,
  spec: RouteSpec<Q, P, B> & { response?: R },
  handler: (ctx: Ctx<Out<Q>, Out<P>, Out<B>>) => Promise<(R extends z.ZodType ? z.input<R> : unknown) | RefusalKept>,
) {
  spec = strictSpec(spec);
  const methods = Array.isArray(method) ? method : [method];
  if (spec.db === false && (methods.some((m) => m !== 'GET') || spec.write)) throw new Error(`${url}: a write needs the database`);
  if (spec.idempotent && (spec.raw || spec.upload || methods.includes('GET')))
    throw new Error(`${url}: only an enveloped write can be idempotent`);
  const audited = spec.read !== true && (spec.write || methods.some((m) => m !== 'GET'));
  if (spec.moves && !audited) throw new Error(`${url}: what moves money or stock is a write`);
  const entity = spec.entity ?? url.split('/')[2] ?? url;
  if (audited) auditedEntities.add(entity);
  app.route({
    method: methods,
    url,
    schema: openapiSchema(spec as RouteSpec<Schema, Schema, Schema>, url),
    config: spec.config,
    handler: async (req, reply) => {
      const lang = langOf(req);
      const token = bearerToken(req.headers.authorization);
      let cached = app.authCache.get(token);
      const claims = cached ?? (await verifyToken(app.secret, token));
      let changedAccess = false;
      let upload: ReceivedUpload | undefined;
      // An idempotent write's answer is made (and stored with its key) in the transaction; a repeat answers the stored one.
      let answer: unknown;
      let replay: StoredAnswer | undefined;
      if (spec.upload) {
        // Access first (from the cache, or a short transaction of its own), then the body, then the request's transaction.
        const auth = cached ?? (await inTenant(app.database.db, claims.tenantId, (tx) => authenticate(app, token, tx, claims)));
        assertMayCall(auth, spec);
        checkShopScope(auth, validate(spec, req, lang).query);
        upload = await receiveUpload(app, req, reply, auth, lang, spec.upload);
        cached = app.authCache.get(token);
      }
      const admit = (auth: Auth) => {
        assertMayCall(auth, spec);
        const input = validate(spec, req, lang);
        checkShopScope(auth, input.query, input.body);
        return input;
      };
      // A caller whose access is known is refused (403, 400) before any transaction: a bad request holds no connection.
      const admitted = cached ? admit(cached) : undefined;
      const run = async (tx: Db, auth: Auth) => {
        const input = admitted ?? admit(auth);
        const claim = spec.idempotent ? await claimKey(tx, auth, req, spec.idempotent) : undefined;
        if (claim?.replay) {
          replay = claim.replay;
          return undefined;
        }
        const result = await watchMoves(`${req.method} ${url}`, spec.moves, () =>
          handler({ ...input, tx, auth, lang, req, reply, file: upload ?? noUpload } as Ctx<Out<Q>, Out<P>, Out<B>>),
        );
        const read = typeof spec.read === 'function' && spec.read(input);
        if (audited && !read && (req.method !== 'GET' || spec.write)) {
          const verb = verbOf(req.method, url, input, spec.verb);
          const audit = await writeAudit(tx, auth, req, spec.entityOf?.(input) ?? entity, verb, input, result);
          if (audit.accessChanged) changedAccess = true;
        }
        if (claim && !(result instanceof RefusalKept)) {
          answer = ok(lang, answerOf(spec, result) ?? null);
          await claim.store(200, answer);
        }
        return result;
      };
      let data: unknown;
      try {
        data =
          spec.db === false
            ? await run(
                noDatabase,
                cached ?? (await inTenant(app.database.db, claims.tenantId, (tx) => authenticate(app, token, tx, claims))),
              )
            : await inTenant(app.database.db, claims.tenantId, async (tx) =>
                run(tx, cached ?? (await authenticate(app, token, tx, claims))),
              );
      } finally {
        await upload?.discard();
      }
      if (changedAccess) app.authCache.changed(claims.tenantId);
      if (data instanceof RefusalKept) return sendError(req, reply, data.error);
      if (spec.raw) return reply;
      if (replay) return reply.header(REPLAYED_HEADER, 'true').status(replay.status).send(replay.answer);
      return reply.send(answer ?? ok(lang, answerOf(spec, data) ?? null));
    },
  });
}

/** Loads the token's user from the database and keeps it, unless access changed meanwhile. */
async function authenticate(app: FastifyInstance, token: string, tx: Db, claims: TokenClaims): Promise<Auth> {
  const stamp = app.authCache.stamp();
  const auth = await loadAuth(tx, claims);
  app.authCache.set(token, auth, stamp);
  return auth;
}

/** The `tx` of a `db: false` route: using it is a programming error. */
const noDatabase = new Proxy({} as Db, {
  get() {
    throw new Error('This route is declared with db: false and has no transaction');
  },
});

/** A route that needs no sign-in (sign-in itself). Runs outside any tenant. */
export function publicRoute<Q extends Schema, P extends Schema, B extends Schema>(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  spec: Omit<RouteSpec<Q, P, B>, 'perm'>,
  handler: (ctx: PublicCtx<Out<Q>, Out<P>, Out<B>>) => Promise<unknown>,
) {
  spec = strictSpec(spec);
  app.route({
    method,
    url,
    schema: { ...openapiSchema({ ...spec, perm: null } as RouteSpec<Schema, Schema, Schema>, url), security: [] },
    config: spec.config,
    handler: async (req, reply) => {
      const lang = langOf(req);
      const input = validate({ ...spec, perm: null }, req, lang);
      const data = await handler({ ...input, db: app.database.db, lang, req, reply } as PublicCtx<Out<Q>, Out<P>, Out<B>>);
      if (spec.raw) return reply;
      return reply.send(ok(lang, answerOf(spec, data) ?? null));
    },
  });
}
