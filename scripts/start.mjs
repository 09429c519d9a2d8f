import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root, serverNodeFlags } from './ensure.mjs';
import { supervise } from './supervise.mjs';

ensureInstalled();
ensureWebBuilt();
// The server runs in a child process that is started again if it dies (see supervise.mjs).
const { done } = supervise({
  command: process.execPath,
  args: [...serverNodeFlags(), path.join(root, 'server/src/main.ts')],
  options: { cwd: root },
});
process.exit(await done);
