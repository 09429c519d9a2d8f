// `npm test`: unit and API suites on PGlite; with TEST_DATABASE_URL the API suite runs on PostgreSQL.
import { ensureInstalled, run } from './ensure.mjs';

ensureInstalled();
run('npx', ['vitest', 'run'], { cwd: new URL('../server', import.meta.url).pathname });
if (!process.env.TEST_DATABASE_URL) run('npx', ['vitest', 'run'], { cwd: new URL('../web', import.meta.url).pathname });
