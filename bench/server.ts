/**
 * The server as `npm start` builds it (buildApp on the configured database: PostgreSQL with a pool of
 * 10 when DATABASE_URL is set, else PGlite in DATA_DIR/pglite), plus three bench routes registered
 * from outside the server code, for the framework baseline:
 *   GET /bench/bare     a bare Fastify route (no auth, no transaction, no envelope)
 *   GET /bench/noop     the trivial authenticated route: the platform's route() with `db: false` (token,
 *                       the user's access from the auth cache, permission, envelope), an empty handler;
 *                       once the token's user is cached it touches no database
 *   GET /bench/noop-tx  the same empty handler with its tenant transaction (begin, set_config, commit)
 * Listens on 127.0.0.1 and a free port, and prints {"port": n} on its first line of stdout.
 * Run by bench/api.ts and bench/pglite.ts; not a server to deploy.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openConfiguredDatabase } from '../server/src/db/open.js';
import { route } from '../server/src/platform/route.js';

export async function startBenchServer(port = 0) {
  const config = { ...loadConfig(process.env), dataDir: process.env.DATA_DIR ?? path.join(os.tmpdir(), 'headoffice-bench-server') };
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ database, config });
  app.get('/bench/bare', async () => ({ ok: true }));
  const empty = async () => ({ ok: true });
  route(app, 'GET', '/bench/noop', { summary: 'bench: a trivial authenticated route', perm: null, db: false }, empty);
  route(app, 'GET', '/bench/noop-tx', { summary: 'bench: the same in its tenant transaction', perm: null }, empty);
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  return { app, database, port: typeof address === 'object' && address ? address.port : port };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { app, database, port } = await startBenchServer(Number(process.env.PORT ?? 0));
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  const stop = async () => {
    await app.close();
    await database.close();
    database.release();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
