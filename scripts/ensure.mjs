// Shared by the npm scripts: install dependencies when they are missing or older than the lock file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function ensureInstalled() {
  const installed = mtime(path.join(root, 'node_modules/.package-lock.json'));
  const lock = mtime(path.join(root, 'package-lock.json'));
  if (installed && installed >= lock && fs.existsSync(path.join(root, 'node_modules/.bin/tsx'))) return;
  console.log('Installing dependencies (first run)...');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
}

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : mtime(full));
  }
  return latest;
}

/** Builds the web app when it has never been built or its sources changed since. */
export function ensureWebBuilt() {
  const built = mtime(path.join(root, 'web/dist/index.html'));
  const sources = Math.max(
    newest(path.join(root, 'web/src')),
    newest(path.join(root, 'contract/src')),
    mtime(path.join(root, 'web/index.html')),
  );
  if (built && built >= sources) return;
  console.log('Building the web app...');
  run('npm', ['run', 'build', '--workspace', 'web', '--silent']);
}

export const tsx = path.join(root, 'node_modules/.bin/tsx');

/**
 * Node flags of the server process. The old-space cap makes V8 collect before the heap balloons
 * under load (the live set stays under 100 MB: exports and imports stream); HEAP_MB overrides it.
 */
export function serverNodeFlags(env = process.env) {
  return [`--max-old-space-size=${Number(env.HEAP_MB) || 192}`, '--import', 'tsx'];
}
