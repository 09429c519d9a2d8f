import path from 'node:path';
import { ensureInstalled, root, run, tsx } from './ensure.mjs';

ensureInstalled();
run(tsx, [path.join(root, 'server/src/cli.ts'), ...process.argv.slice(2)]);
