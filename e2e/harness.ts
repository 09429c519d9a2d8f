import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
export const shotsDir = path.join(root, 'e2e/screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  adminPassword: string;
  /** The company code (企业编码) this file signs in to. */
  tenant: string;
  stop(): Promise<void>;
}

export const adminPassword = 'e2e-Admin-2026';

/** In a whole run, each file has its own copy of the demo chain, under a company code named after the file. */
export const tenantOfFile = (file: string) => path.basename(file, '.test.ts');

/** The product as `npm start` runs it, on a free port, with its data in `dataDir`. */
export async function runProduct(dataDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HEADOFFICE_ADMIN_PASSWORD: adminPassword,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('HeadOffice is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The real product at its first start (the demo chain only), on a free port with a fresh data directory. */
async function startServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'headoffice-e2e-'));
  const product = await runProduct(dataDir);
  return {
    url: product.url,
    adminPassword,
    tenant: 'demo',
    stop: async () => {
      await product.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });
}

/**
 * Signs in to the demo chain on the sign-in page and waits for the application board (`board: false`:
 * only until the page has left the sign-in page, for a user who lands elsewhere).
 */
export async function signIn(page: Page, server: RunningServer, username: string, password: string, { board = true } = {}) {
  await page.goto(`${server.url}/login`);
  await page.getByPlaceholder('企业编码').fill(server.tenant);
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  if (board) await page.getByText('总部管理', { exact: true }).waitFor();
  else await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * The product and a browser for one test file: in a whole run (`npm run test:e2e`, e2e/run.ts) the run's
 * product, with the file's own copy of the demo chain, and the run's Chromium; for a file run on its own,
 * a product at its first start and a Chromium of its own. Read `server` and `browser` inside the tests
 * (they exist once the file's `before` has run).
 */
export function productAndBrowser(): { readonly server: RunningServer; readonly browser: Browser } {
  const running = {} as { server: RunningServer; browser: Browser };
  before(async () => {
    const runUrl = process.env.HEADOFFICE_E2E_URL;
    const runBrowser = process.env.HEADOFFICE_E2E_BROWSER;
    if (runUrl && runBrowser) {
      running.server = { url: runUrl, adminPassword, tenant: tenantOfFile(process.argv[1]), stop: async () => {} };
      running.browser = await chromium.connect(runBrowser);
    } else {
      running.server = await startServer();
      running.browser = await chromium.launch(chromiumOptions);
    }
  });
  after(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}
