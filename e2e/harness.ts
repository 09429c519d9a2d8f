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
  stop(): Promise<void>;
}

const adminPassword = 'e2e-Admin-2026';

/** The product as `npm start` runs it, on a free port, with its data in `dataDir`: stopped, the directory stays. */
async function runProduct(dataDir: string) {
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

/**
 * The data a first start makes (the database migrated, the demo chain seeded), made once per run in
 * the directory `npm run test:e2e` names and copied for each file: a copy is as fresh as a first start
 * and many times quicker. Without that directory (a file run on its own), every start is a first start.
 */
async function firstStartData(): Promise<string | undefined> {
  const template = process.env.HEADOFFICE_E2E_DATA;
  if (!template) return undefined;
  const ready = path.join(template, '.ready');
  if (!fs.existsSync(ready)) {
    fs.rmSync(template, { recursive: true, force: true });
    const first = await runProduct(template);
    await first.stop();
    fs.writeFileSync(ready, '');
  }
  return template;
}

/** The real product, as `npm start` runs it, on a free port with a fresh data directory. */
export async function startServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'headoffice-e2e-'));
  const template = await firstStartData();
  if (template) fs.cpSync(template, dataDir, { recursive: true, filter: (from) => path.basename(from) !== '.ready' });
  const product = await runProduct(dataDir);
  return {
    url: product.url,
    adminPassword,
    stop: async () => {
      await product.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
  });
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });
}

/**
 * Signs in to the demo chain on the sign-in page and waits for the application board (`board: false`:
 * only until the page has left the sign-in page, for a user who lands elsewhere).
 */
export async function signIn(page: Page, serverUrl: string, username: string, password: string, { board = true } = {}) {
  await page.goto(`${serverUrl}/login`);
  await page.getByPlaceholder('企业编码').fill('demo');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  if (board) await page.getByText('总部管理', { exact: true }).waitFor();
  else await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * The product and a browser for one test file: started before its tests, stopped after them. Read
 * `server` and `browser` inside the tests (they exist once the file's `before` has run).
 */
export function productAndBrowser(): { readonly server: RunningServer; readonly browser: Browser } {
  const running = {} as { server: RunningServer; browser: Browser };
  before(async () => {
    running.server = await startServer();
    running.browser = await launchBrowser();
  });
  after(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}
