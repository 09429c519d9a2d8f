import path from 'node:path';
import {
  ACCOUNTING_PATHS,
  ACCOUNTING_SYNC_EDIT_PERM,
  ACCOUNTING_SYNC_PERM,
  DATA_SETTINGS_EDIT_PERM,
  DATA_SETTINGS_PERM,
  dataSettings,
  dataSettingsAnswer,
  dataSettingsQuery,
  saveBatchAnswer,
  saveBatchBody,
  syncListQuery,
  syncLogAnswer,
  syncLogQuery,
  syncPage,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { setAccountingHosts } from './hosts.js';
import { setVoucherRoot } from './push.js';
import { assertChainUser, readDataSettings, saveDataSettings } from './settings.js';
import { listSync, saveBatch, syncLog } from './sync.js';

const P = ACCOUNTING_PATHS;

export async function accountingModule(app: FastifyInstance) {
  setVoucherRoot(path.join(app.config.dataDir, 'vouchers'));
  setAccountingHosts(app.config.accountingHttpHosts);
  route(
    app,
    'GET',
    P.sync,
    {
      summary: 'Bill sync (单据同步): the money bills queued for the accounting system, newest first',
      description:
        'One row per settled, revoked (a reversal, isHc = 1, its amount negated) or reviewed money bill, queued in the ' +
        'transaction of the change. Filters: bill type (btname = docType), shop, month (yearmonth), state, bill number, ' +
        "business days. `amount` sums the matching rows. A shop-limited user sees their shops' rows only.",
      perm: ACCOUNTING_SYNC_PERM,
      query: syncListQuery,
      response: syncPage,
    },
    ({ tx, auth, lang, query }) => listSync(tx, auth, lang, query),
  );
  route(
    app,
    'GET',
    P.log,
    {
      summary: 'Push log (billheadlog) of one queued row: every try, oldest first',
      perm: ACCOUNTING_SYNC_PERM,
      query: syncLogQuery,
      response: syncLogAnswer,
    },
    ({ tx, auth, query }) => syncLog(tx, auth, query.id),
  );
  route(
    app,
    'POST',
    P.saveBatch,
    {
      summary: 'Re-queue rows (failed, or pushed to push again); their tries start over',
      description: 'Every id must be a row the user sees: 404 otherwise, and nothing is re-queued.',
      perm: ACCOUNTING_SYNC_EDIT_PERM,
      body: saveBatchBody,
      entity: 'billheadsync',
      response: saveBatchAnswer,
    },
    ({ tx, auth, body }) => saveBatch(tx, auth, body),
  );
  route(
    app,
    'GET',
    P.dataGet,
    {
      summary: "The chain's data settings (数据管理): accounting adapter and its URL, log retention, masked fields exports may show",
      perm: DATA_SETTINGS_PERM,
      response: dataSettingsAnswer,
    },
    async ({ tx, auth }) => {
      await assertChainUser(tx, auth);
      return readDataSettings(tx);
    },
  );
  route(
    app,
    'POST',
    P.dataSave,
    {
      summary: "Saves the chain's data settings (the HTTP adapter needs its URL: 400)",
      description:
        "The chain's settings: a user limited to some shops is refused (403), as in `get`. The HTTP adapter's URL must be " +
        "http(s) to a host of the server's ACCOUNTING_HTTP_HOSTS (400 naming the host); without that list the HTTP adapter is refused (400).",
      perm: DATA_SETTINGS_EDIT_PERM,
      body: dataSettings,
      entity: 'datamanager',
      response: dataSettingsAnswer,
    },
    async ({ tx, auth, body }) => {
      await assertChainUser(tx, auth);
      return saveDataSettings(tx, auth.tenantId, body);
    },
  );
  route(
    app,
    'GET',
    P.dataSave,
    {
      summary: "Saves the chain's data settings from the query (the seed's default method; exportMaskedFields comma-separated)",
      perm: DATA_SETTINGS_EDIT_PERM,
      query: dataSettingsQuery,
      write: true,
      entity: 'datamanager',
      response: dataSettingsAnswer,
    },
    async ({ tx, auth, query }) => {
      await assertChainUser(tx, auth);
      return saveDataSettings(tx, auth.tenantId, query);
    },
  );
}
