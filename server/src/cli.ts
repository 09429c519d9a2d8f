import { figuresRebuild, figuresUsage } from './cli-figures.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { createTenant, findTenant, resetPassword } from './modules/identity/tenants.js';
import './modules/index.js';

const usage = `HeadOffice admin commands (same DATA_DIR / DATABASE_URL as the server; with the embedded database, stop the server first):
  npm run cli -- tenant create <code> <name> --admin-password <password>
  npm run cli -- user reset-password <tenant> <username> <password>
${figuresUsage}`;

async function main(args: string[]) {
  const [group, command, ...rest] = args;
  if (group === 'tenant' && command === 'create') {
    const flag = rest.indexOf('--admin-password');
    const password = flag >= 0 ? rest[flag + 1] : undefined;
    const [code, name] = rest.filter((_, i) => i !== flag && i !== flag + 1);
    if (!code || !name || !password) throw new Error(usage);
    if (!/^[a-z0-9_-]{2,32}$/i.test(code)) throw new Error('The tenant code must be 2-32 letters, digits, "-" or "_".');
    if (password.length < 8) throw new Error('The admin password must have at least 8 characters.');
    return withDatabase(async (db) => {
      if (await findTenant(db, code)) throw new Error(`A tenant with code ${code} already exists.`);
      const { tenantId } = await createTenant(db, { code, name, adminPassword: password });
      console.log(`Tenant ${code} (${name}) created with id ${tenantId}; sign in as admin with the password given.`);
    });
  }
  if (group === 'user' && command === 'reset-password') {
    const [tenant, username, password] = rest;
    if (!tenant || !username || !password) throw new Error(usage);
    if (password.length < 8) throw new Error('The password must have at least 8 characters.');
    return withDatabase(async (db) => {
      await resetPassword(db, tenant, username, password);
      console.log(`Password of ${username} in ${tenant} changed; their open sessions are signed out.`);
    });
  }
  if (group === 'figures' && command === 'rebuild') return withDatabase(async (db) => console.log(await figuresRebuild(db, rest)));
  throw new Error(usage);
}

async function withDatabase(fn: (db: Awaited<ReturnType<typeof openConfiguredDatabase>>['db']) => Promise<void>) {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await fn(database.db);
  } finally {
    await database.close();
    database.release();
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
