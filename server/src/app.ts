import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { modules } from './modules/index.js';
import { loadSecret } from './platform/auth.js';
import { AuthCache } from './platform/auth-cache.js';
import { limitBodyTime } from './platform/body-timeout.js';
import { logRequests } from './platform/console-log.js';
import { sendError } from './platform/envelope.js';
import { AppError } from './platform/errors.js';
import { eventsModule } from './platform/events.js';
import { purgeExpiredKeys } from './platform/idempotency.js';
import { LoginGuard } from './platform/login-guard.js';
import { reportsDatabase } from './platform/report-run.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    secret: Uint8Array;
    config: Config;
    authCache: AuthCache;
    loginGuard: LoginGuard;
  }
}

export interface BuildOptions {
  database: Database;
  config: Config;
  logger?: boolean | object;
}

export async function buildApp({ database, config, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One line per request instead of Fastify's two (logRequests below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => Math.random().toString(36).slice(2, 12),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // Errors the router raises before any route (a bad URL, a path parameter past its length) answer envelopes too.
    frameworkErrors: (error, req, reply) => sendError(req, reply, error),
  });
  if (logger) logRequests(app);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('secret', await loadSecret(database.db, config.jwtSecret));
  app.decorate('authCache', new AuthCache());
  app.decorate('loginGuard', new LoginGuard());
  const stopFollowing = await app.authCache.follow(database);
  app.addHook('onClose', stopFollowing);
  // Idempotency keys past their 24 hours, of every tenant (keyed writes also purge their own tenant's now and then).
  app.addHook('onReady', async () => {
    await purgeExpiredKeys(database.db).catch((error: unknown) => app.log.error({ err: error }, 'purging idempotency keys failed'));
  });

  // Validation happens in the route wrapper, in the request's language; schemas are kept for OpenAPI.
  app.setValidatorCompiler(() => (value) => ({ value }));
  // Answers are checked against their declared schema by the route wrapper; serialising stays plain JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error, req, reply) => sendError(req, reply, error));
  limitBodyTime(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The component library writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers of the API and of sign-in hold one user's data: no browser or proxy may keep them.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api-') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'HeadOffice API', version: '0.1.0', description: 'HeadOffice: the back office of service-shop chains.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  reportsDatabase(app, config.reportsDatabaseUrl, { timeoutMs: config.reportTimeoutMs, costCap: config.reportCostCap });
  for (const module of modules) await (await module.routes())(app);
  // last: the WebSocket plugin wraps the handlers of routes registered after it
  await eventsModule(app);

  const filesDir = path.join(config.dataDir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: filesDir,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    // Uploaded images show in <img>; anything else (PDF, xlsx) is downloaded, never rendered in the app's origin.
    setHeaders: (reply, file) => {
      reply.header('x-content-type-options', 'nosniff');
      if (!/\.(png|jpe?g|gif|webp)$/i.test(file)) reply.header('content-disposition', 'attachment');
    },
  });

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      // The build writes .br/.gz copies (web/vite.config.ts); asset names carry a content hash.
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(api-|openapi|files\/)/.test(req.url) || req.method !== 'GET';
    if (hasWeb && !isApi) return reply.sendFile('index.html', config.webDist);
    return sendError(req, reply, new AppError(404, 'routeNotFound', { path: req.url.split('?')[0] }));
  });
  return app;
}
