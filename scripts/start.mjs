import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root, serverNodeFlags } from './ensure.mjs';

ensureInstalled();
ensureWebBuilt();
const child = spawn(process.execPath, [...serverNodeFlags(), path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
