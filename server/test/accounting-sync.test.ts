import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  ACCOUNTING_PATHS,
  ACCOUNTING_SYNC_EDIT_PERM,
  ACCOUNTING_SYNC_PERM,
  billPath,
  CARD_RECORD_PATHS,
  DATA_SETTINGS_EDIT_PERM,
  DATA_SETTINGS_PERM,
  fundBill,
  SERVICE_DOC,
  serviceBill,
  TILL_PATHS,
} from '@headoffice/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { setAccountingHosts } from '../src/modules/accounting/hosts.js';
import { claimDue, pushDue, voucherFile } from '../src/modules/accounting/push.js';
import { accountingPushLogs } from '../src/modules/accounting/schema.js';
import { JobRunner } from '../src/platform/jobs.js';
import { accountingOutbox } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType } from './assets-support.js';
import { build } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = ACCOUNTING_PATHS;
const revokePath = `${serviceBill.basePath}/${serviceBill.actions?.revoke.path}`;

type Row = {
  btname: string;
  action: string;
  id: number;
  billId: number;
  billNo: string;
  amount: number;
  isTs: number;
  isHc: number;
  reversesId: number | null;
  jobcount: number;
  joblog: string | null;
  state: string;
  shopId: number;
};

describe('bill sync to the accounting system: queued with the bill, pushed by the job, retried, re-queued', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000 });
  const fx2 = await tillFixture(t, a, s2, { servicePrice: 8_000 });
  const cashOf = async (shopId: number) =>
    ok(await a.admin.get(TILL_PATHS.setup, { shopid: shopId })).payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  const cash = { [s1]: await cashOf(s1), [s2]: await cashOf(s2) };
  const runner = new JobRunner(t.database.db, { batch: 50 });

  async function opened(shopId: number, serviceId: number) {
    const bill = ok(await a.admin.post(TILL_PATHS.open, { shopId }));
    return ok(
      await a.admin.post(TILL_PATHS.lines, { id: bill.id, version: bill.version, lines: [{ kind: 'service', itemId: serviceId, num: 1 }] }),
    );
  }
  /** The bills this file settled (the demo chain's bills were made before the outbox). */
  const made: number[] = [];
  async function settled(shopId = s1, serviceId = fx.service.id) {
    const bill = await opened(shopId, serviceId);
    const done = ok(
      await a.admin.post(
        TILL_PATHS.settle,
        { id: bill.id, version: bill.version, payments: [{ payTypeId: cash[shopId], amount: bill.amount }] },
        key(),
      ),
    );
    made.push(done.id);
    return done;
  }
  const rowsOf = async (billId: number, q: Record<string, unknown> = {}): Promise<Row[]> =>
    (ok(await a.admin.get(P.sync, { pageSize: 200, btname: SERVICE_DOC, ...q })).list as Row[]).filter((r) => r.billId === billId);
  const linesOf = (file: string) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  const today = (bill: { businessDate: string }) => bill.businessDate;

  it('queues a settled till bill with the settle, and nothing for a settle refused', async () => {
    const bill = await settled();
    const [row] = await rowsOf(bill.id);
    expect(row).toMatchObject({ billNo: bill.billNo, amount: bill.amount, isTs: 0, isHc: 0, jobcount: 0, state: 'queued', shopId: s1 });
    const refused = await opened(s1, fx.service.id);
    const short = await a.admin.post(
      TILL_PATHS.settle,
      { id: refused.id, version: refused.version, payments: [{ payTypeId: cash[s1], amount: 1 }] },
      key(),
    );
    expect(short.status).toBe(400);
    expect(await rowsOf(refused.id)).toEqual([]);
  });

  it("the job writes the day's voucher file once: a second run, or the row pushed again, adds no line", async () => {
    const bill = await settled();
    await runner.runDue();
    const [row] = await rowsOf(bill.id);
    expect(row).toMatchObject({ isTs: 1, jobcount: 1, state: 'pushed' });
    const file = voucherFile(a.tenantId, today(bill));
    expect(path.basename(file)).toBe(`${today(bill)}.jsonl`);
    const mine = () => linesOf(file).filter((v) => v.id === row.id);
    expect(mine()).toEqual([expect.objectContaining({ billNo: bill.billNo, amount: bill.amount, isHc: 0, docType: SERVICE_DOC })]);
    await runner.runDue();
    await pushDue(t.database.db, a.tenantId);
    expect(mine()).toHaveLength(1);
    // Re-queued by hand (saveBatch): pushed again, the file still holds it once.
    expect(ok(await a.admin.post(P.saveBatch, { ids: [row.id] }))).toEqual({ requeued: 1 });
    expect((await rowsOf(bill.id))[0]).toMatchObject({ isTs: 0, jobcount: 0, state: 'queued' });
    await runner.runDue();
    expect((await rowsOf(bill.id))[0]).toMatchObject({ isTs: 1, state: 'pushed' });
    expect(mine()).toHaveLength(1);
    const log = ok(await a.admin.get(P.log, { id: row.id }));
    expect(log.map((l: { ok: number; adapter: string }) => [l.adapter, l.ok])).toEqual([
      ['file', 1],
      ['file', 1],
    ]);
  });

  it('a 撤单 queues the reversal of the pushed row, which stays as it was', async () => {
    const bill = await settled();
    await runner.runDue();
    ok(await a.admin.post(revokePath, { id: bill.id, hcReason: 'customerCancelled' }));
    const rows = await rowsOf(bill.id);
    const original = rows.find((r) => r.isHc === 0);
    const reversal = rows.find((r) => r.isHc === 1);
    expect(original).toMatchObject({ isTs: 1, amount: bill.amount });
    expect(reversal).toMatchObject({ isTs: 0, amount: -bill.amount, reversesId: original?.id });
    await runner.runDue();
    const lines = linesOf(voucherFile(a.tenantId, today(bill))).filter((v) => v.billId === bill.id);
    expect(lines.map((v) => [v.isHc, v.amount])).toEqual([
      [0, bill.amount],
      [1, -bill.amount],
    ]);
  });

  it('the HTTP adapter: a failed try is counted and logged, the next one pushes', async () => {
    const received: { body: Record<string, unknown>; key: unknown }[] = [];
    let answers = 0;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        answers++;
        received.push({ body: JSON.parse(body), key: req.headers['idempotency-key'] });
        res.writeHead(answers === 1 ? 503 : 200, { 'content-type': 'text/plain' }).end(answers === 1 ? 'busy' : 'ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vouchers`;
    setAccountingHosts([new URL(url).host]);
    try {
      await runner.runDue(); // nothing of the file adapter left
      ok(await a.admin.post(P.dataSave, { accountingAdapter: 'http', accountingUrl: url, retentionDays: 90, exportMaskedFields: [] }));
      const bill = await settled();
      await runner.runDue();
      const [failed] = await rowsOf(bill.id);
      expect(failed).toMatchObject({ isTs: 0, jobcount: 1, state: 'retrying' });
      expect(failed.joblog).toContain('HTTP 503');
      // Its next try is after the backoff: moved to now, the retry pushes it.
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.update(accountingOutbox).set({ nextTryAt: sql`now() - interval '1 second'` }).where(eq(accountingOutbox.id, failed.id)),
      );
      await pushDue(t.database.db, a.tenantId);
      const [pushed] = await rowsOf(bill.id);
      expect(pushed).toMatchObject({ isTs: 1, jobcount: 2, joblog: null, state: 'pushed' });
      expect(received.map((r) => r.body.id)).toEqual([failed.id, failed.id]);
      expect(received[0].key).toBe(`voucher-${a.tenantId}-${failed.id}`);
      expect(received[1].body).toMatchObject({ billNo: bill.billNo, amount: bill.amount, isHc: 0 });
      const log = ok(await a.admin.get(P.log, { id: failed.id }));
      expect(log.map((l: { ok: number; adapter: string; message: string }) => [l.adapter, l.ok, l.message.startsWith('HTTP 50')])).toEqual([
        ['http', 0, true],
        ['http', 1, false],
      ]);
    } finally {
      ok(await a.admin.post(P.dataSave, { accountingAdapter: 'file' }));
      setAccountingHosts([]);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** A local endpoint that answers each POST only when told to (`release`), 200 unless `status` says otherwise. */
  async function slowEndpoint(status = 200) {
    const received: number[] = [];
    const waiting: (() => void)[] = [];
    let arrived: () => void = () => undefined;
    let firstArrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(JSON.parse(body).id);
        waiting.push(() => res.writeHead(status).end('ok'));
        arrived();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vouchers`;
    return {
      url,
      received,
      /** Resolves when a request is waiting for its answer. */
      arrival: () => firstArrival,
      /** Answers every waiting request; later ones are answered at once. */
      release() {
        for (const answer of waiting.splice(0)) answer();
        firstArrival = Promise.resolve();
        server.removeAllListeners('request');
        server.on('request', (req, res) => {
          let body = '';
          req.on('data', (c) => {
            body += c;
          });
          req.on('end', () => {
            received.push(JSON.parse(body).id);
            res.writeHead(status).end('ok');
          });
        });
      },
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }
  async function useHttp(url: string) {
    setAccountingHosts([new URL(url).host]);
    ok(await a.admin.post(P.dataSave, { accountingAdapter: 'http', accountingUrl: url }));
  }
  async function useFile() {
    ok(await a.admin.post(P.dataSave, { accountingAdapter: 'file' }));
    setAccountingHosts([]);
  }

  it('a push waiting on a slow endpoint holds no transaction: a bill of the tenant settles meanwhile', async () => {
    await runner.runDue();
    const endpoint = await slowEndpoint();
    await useHttp(endpoint.url);
    try {
      const bill = await settled();
      const pushing = pushDue(t.database.db, a.tenantId);
      await endpoint.arrival();
      // The push waits for its answer: the tenant's till settles another bill, and reads the queue.
      const meanwhile = await settled();
      const [row] = await rowsOf(bill.id);
      expect(row).toMatchObject({ isTs: 0, jobcount: 0 });
      expect(await rowsOf(meanwhile.id)).toHaveLength(1);
      endpoint.release();
      expect(await pushing).toBeGreaterThanOrEqual(2);
      expect((await rowsOf(bill.id))[0]).toMatchObject({ isTs: 1, jobcount: 1, state: 'pushed' });
      expect((await rowsOf(meanwhile.id))[0]).toMatchObject({ isTs: 1, state: 'pushed' });
    } finally {
      await useFile();
      await endpoint.close();
    }
  });

  it('two pushers never push the same row: a claimed row is passed by until its claim ends', async () => {
    await runner.runDue();
    const endpoint = await slowEndpoint();
    await useHttp(endpoint.url);
    try {
      const bills = [await settled(), await settled()];
      const first = pushDue(t.database.db, a.tenantId);
      await endpoint.arrival();
      const second = pushDue(t.database.db, a.tenantId);
      endpoint.release();
      await Promise.all([first, second]);
      const ids = (await Promise.all(bills.map(async (b) => (await rowsOf(b.id))[0]))).map((r) => r.id);
      for (const id of ids) expect(endpoint.received.filter((x) => x === id)).toHaveLength(1);
      for (const b of bills) expect((await rowsOf(b.id))[0]).toMatchObject({ isTs: 1, jobcount: 1 });
    } finally {
      await useFile();
      await endpoint.close();
    }
  });

  it('a pusher that dies between the claim and the record leaves the row pushable once its claim ends', async () => {
    await runner.runDue();
    const bill = await settled();
    const [row] = await rowsOf(bill.id);
    // Claimed, never pushed nor recorded (the process died).
    const claimed = await claimDue(t.database.db, a.tenantId, 50);
    expect(claimed.map((r) => r.id)).toContain(row.id);
    expect((await claimDue(t.database.db, a.tenantId, 50)).map((r) => r.id)).not.toContain(row.id);
    await pushDue(t.database.db, a.tenantId);
    expect((await rowsOf(bill.id))[0]).toMatchObject({ isTs: 0, jobcount: 0 });
    // The claim ends: the next push takes it.
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(accountingOutbox).set({ nextTryAt: sql`now() - interval '1 second'` }).where(eq(accountingOutbox.id, row.id)),
    );
    await pushDue(t.database.db, a.tenantId);
    expect((await rowsOf(bill.id))[0]).toMatchObject({ isTs: 1, jobcount: 1, state: 'pushed' });
  });

  it("the HTTP adapter only to the server's hosts: refused at the save, and at the push when the list changed", async () => {
    const refused = await a.admin.post(P.dataSave, { accountingAdapter: 'http', accountingUrl: 'http://10.0.0.8/v' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0].path).toBe('accountingAdapter');
    expect(refused.body.errors?.[0].message).toContain('服务器未允许');
    setAccountingHosts(['erp.example.com', 'vouchers.example.com:8443']);
    try {
      for (const url of ['http://169.254.169.254/latest', 'https://erp.example.com:9000/v', 'http://vouchers.example.com/v']) {
        const answer = await a.admin.post(P.dataSave, { accountingAdapter: 'http', accountingUrl: url });
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.[0].path).toBe('accountingUrl');
        expect(answer.body.errors?.[0].message).toContain(new URL(url).host);
      }
      const en = await a.admin.post(
        P.dataSave,
        { accountingAdapter: 'http', accountingUrl: 'http://10.0.0.8/v' },
        { 'accept-language': 'en-US' },
      );
      expect(en.body.errors?.[0].message).toContain('10.0.0.8');
      for (const url of ['https://erp.example.com/vouchers', 'https://vouchers.example.com:8443/v'])
        ok(await a.admin.post(P.dataSave, { accountingAdapter: 'http', accountingUrl: url }));
      // The list changes under a saved URL: the push refuses it and says why.
      await runner.runDue();
      setAccountingHosts(['erp.example.com']);
      const bill = await settled();
      await pushDue(t.database.db, a.tenantId);
      const [row] = await rowsOf(bill.id);
      expect(row).toMatchObject({ isTs: 0, jobcount: 1, state: 'retrying' });
      expect(row.joblog).toContain('vouchers.example.com:8443');
      setAccountingHosts([]);
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.update(accountingOutbox).set({ nextTryAt: sql`now() - interval '1 second'` }).where(eq(accountingOutbox.id, row.id)),
      );
      await pushDue(t.database.db, a.tenantId);
      expect((await rowsOf(bill.id))[0].joblog).toContain('服务器未允许');
    } finally {
      await useFile();
    }
    await runner.runDue();
  });

  it("the push log is kept the settings' retention days", async () => {
    const bill = await settled();
    await runner.runDue();
    const [row] = await rowsOf(bill.id);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(accountingPushLogs).set({ at: sql`now() - interval '366 days'` }).where(eq(accountingPushLogs.outboxId, row.id)),
    );
    await pushDue(t.database.db, a.tenantId);
    expect(ok(await a.admin.get(P.log, { id: row.id }))).toEqual([]);
    expect((await rowsOf(bill.id))[0].isTs).toBe(1);
  });

  it('data settings: saved and read back, 400 on a bad value, saved by GET as the seed reads it', async () => {
    expect(ok(await a.admin.get(P.dataGet))).toEqual({
      accountingAdapter: 'file',
      accountingUrl: null,
      retentionDays: 365,
      exportMaskedFields: [],
    });
    const saved = { accountingAdapter: 'file', accountingUrl: null, retentionDays: 400, exportMaskedFields: ['mobile'] };
    expect(ok(await a.admin.post(P.dataSave, saved))).toEqual(saved);
    expect(ok(await a.admin.get(P.dataGet))).toEqual(saved);
    const noUrl = await a.admin.post(P.dataSave, { accountingAdapter: 'http' });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.errors?.[0].path).toBe('accountingUrl');
    expect((await a.admin.post(P.dataSave, { retentionDays: 5 })).status).toBe(400);
    expect((await a.admin.post(P.dataSave, { exportMaskedFields: ['password'] })).status).toBe(400);
    expect((await a.admin.post(P.dataSave, { accountingAdapter: 'http', accountingUrl: 'ftp://x' })).status).toBe(400);
    expect(ok(await a.admin.get(P.dataSave, { retentionDays: 60, exportMaskedFields: 'mobile,idCard' }))).toEqual({
      accountingAdapter: 'file',
      accountingUrl: null,
      retentionDays: 60,
      exportMaskedFields: ['mobile', 'idCard'],
    });
    expect(ok(await other.admin.get(P.dataGet)).retentionDays).toBe(365);
    ok(await a.admin.post(P.dataSave, {}));
  });

  it('401, 403 without the right, 404 for rows of another tenant, a shop-limited user sees their shops only', async () => {
    const mine = await settled(s1);
    const theirs = await settled(s2, fx2.service.id);
    expect((await t.client().get(P.sync)).status).toBe(401);
    expect((await t.client().post(P.saveBatch, { ids: [1] })).status).toBe(401);
    const nobody = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s1] });
    expect((await nobody.client.get(P.sync)).status).toBe(403);
    expect((await nobody.client.get(P.dataGet)).status).toBe(403);
    // The data settings are the chain's: a shop's user holding the rights is refused too.
    const shopAdmin = await createLimitedUser(t, a, { perms: [DATA_SETTINGS_PERM, DATA_SETTINGS_EDIT_PERM], loginShops: [s1] });
    expect((await shopAdmin.client.get(P.dataGet)).status).toBe(403);
    expect((await shopAdmin.client.post(P.dataSave, { accountingAdapter: 'file' })).status).toBe(403);
    const viewer = await createLimitedUser(t, a, { perms: [ACCOUNTING_SYNC_PERM], loginShops: [s2] });
    const seen = ok(await viewer.client.get(P.sync, { pageSize: 200 })).list as Row[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.shopId === s2)).toBe(true);
    expect(seen.some((r) => r.billId === theirs.id)).toBe(true);
    expect((await viewer.client.get(P.sync, { shopid: s1 })).status).toBe(403);
    const [row1] = await rowsOf(mine.id);
    expect((await viewer.client.get(P.log, { id: row1.id })).status).toBe(404);
    expect((await viewer.client.post(P.saveBatch, { ids: [row1.id] })).status).toBe(403);
    const pusher = await createLimitedUser(t, a, { perms: [ACCOUNTING_SYNC_PERM, ACCOUNTING_SYNC_EDIT_PERM], loginShops: [s2] });
    expect((await pusher.client.post(P.saveBatch, { ids: [row1.id] })).status).toBe(404);
    // Another tenant's row: 404, and none of the batch is re-queued.
    const foreign = await inTenant(t.database.db, other.tenantId, async (tx) => {
      const [r] = await tx
        .insert(accountingOutbox)
        .values({
          tenantId: other.tenantId,
          docType: SERVICE_DOC,
          billId: 1,
          billNo: 'X1',
          action: 'settle',
          businessDate: '2026-01-01',
          yearMonth: '2026-01',
          amount: 1,
          isTs: 1,
        })
        .returning({ id: accountingOutbox.id });
      return r.id;
    });
    await runner.runDue();
    const pushedBefore = (await rowsOf(mine.id))[0];
    expect(pushedBefore.isTs).toBe(1);
    expect((await a.admin.post(P.saveBatch, { ids: [row1.id, foreign] })).status).toBe(404);
    expect((await rowsOf(mine.id))[0].isTs).toBe(1);
    expect((await a.admin.get(P.log, { id: foreign })).status).toBe(404);
    expect((await a.admin.post(P.saveBatch, { ids: [] })).status).toBe(400);
  });

  it('filters: type, shop, month, state; the amount sums the matching rows', async () => {
    const bill = await settled(s2, fx2.service.id);
    const month = bill.businessDate.slice(0, 7);
    const page = ok(await a.admin.get(P.sync, { btname: SERVICE_DOC, shopid: s2, yearmonth: month, state: 'queued', pageSize: 200 }));
    expect(page.list.some((r: Row) => r.billId === bill.id)).toBe(true);
    expect(page.list.every((r: Row) => r.shopId === s2 && r.state === 'queued')).toBe(true);
    expect(page.amount).toBe(page.list.reduce((s: number, r: Row) => s + r.amount, 0));
    expect(page.types.map((x: { value: string }) => x.value)).toContain(SERVICE_DOC);
    expect(ok(await a.admin.get(P.sync, { yearmonth: '1999-01' })).list).toEqual([]);
    expect((await a.admin.get(P.sync, { yearmonth: '2026-13' })).status).toBe(400);
    expect((await a.admin.get(P.sync, { state: 'nope' })).status).toBe(400);
  });

  it("the till's card bills are its bills: a batch of opened cards is queued with its settle and reversed by its 撤单", async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const bill = ok(
      await a.admin.post(
        CARD_RECORD_PATHS.batchOpen,
        { shopId: s1, cardTypeId: type.id, money: 10_000, cardnum: 2, pays: [{ payTypeId: cash[s1], amount: 20_000 }] },
        key(),
      ),
    );
    made.push(bill.id);
    const [row] = await rowsOf(bill.id);
    expect(row).toMatchObject({ action: 'settle', amount: 20_000, shopId: s1, isHc: 0, billNo: bill.billNo });
    ok(await a.admin.post(CARD_RECORD_PATHS.revoke, { id: bill.id, hcMemo: '整单撤销' }));
    expect((await rowsOf(bill.id)).map((r) => [r.action, r.isHc, r.amount])).toEqual([
      ['revoke', 1, -20_000],
      ['settle', 0, 20_000],
    ]);
  });

  it('a petty-cash request is queued when finance reviews it, and reversed when the review is cancelled', async () => {
    const fundShop = (await shopIds(t, a)).slice(-2)[0];
    const items = ok(await a.admin.get('/api-finance/dicioitem/list/all')) as { id: number; name: string }[];
    const water = items.find((i) => i.name === '水电费');
    const maker = await createLimitedUser(t, a, { perms: ['finance.fundbill.view', 'finance.fundbill.edit'], loginShops: [fundShop] });
    const at = (relative: string) => billPath(fundBill, relative);
    const bill = ok(
      await maker.client.post(at('saveBill'), { shopId: fundShop, type: 1, itemId: water?.id, amount: 80_000, reason: '三月电费' }),
    );
    ok(await maker.client.post(at('submitBill'), { id: bill.id, memo: '提交' }));
    ok(await a.admin.post(at('auditSpBill'), { id: bill.id, memo: '同意' }));
    const fundRows = () => rowsOf(bill.id, { btname: fundBill.docType });
    expect(await fundRows()).toEqual([]);
    ok(await a.admin.post(at('auditFhBill'), { id: bill.id, memo: '复核' }));
    const [pushed] = await fundRows();
    expect(pushed).toMatchObject({ amount: 80_000, isHc: 0, shopId: fundShop, btname: '备用金申请', action: 'review' });
    ok(await a.admin.post(at('cancleFhBill'), { id: bill.id, memo: '取消复核' }));
    const rows = await fundRows();
    expect(rows.map((r) => [r.isHc, r.amount, r.reversesId])).toEqual([
      [1, -80_000, pushed.id],
      [0, 80_000, null],
    ]);
  });

  it('invariant: the queued rows of each till bill add up to what its payments say it took (a revoked bill: zero)', async () => {
    await inTenant(t.database.db, a.tenantId, async (tx) => {
      const result = await tx.execute(sql`
        select b.id, b.is_hc,
               coalesce((select sum(p.amount) from service_bill_payments p where p.bill_id = b.id), 0)::bigint as paid,
               coalesce((select sum(o.amount) from accounting_outbox o where o.doc_type = ${SERVICE_DOC} and o.bill_id = b.id), 0)::bigint as queued
        from service_bills b where b.status = 4 and b.id in (${sql.join(
          made.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      const rows = (result as unknown as { rows: { id: number; is_hc: number; paid: string; queued: string }[] }).rows;
      expect(rows.length).toBe(made.length);
      for (const r of rows)
        expect({ id: r.id, queued: Number(r.queued) }).toEqual({ id: r.id, queued: Number(r.is_hc) === 1 ? 0 : Number(r.paid) });
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(accountingOutbox)
        .where(and(eq(accountingOutbox.docType, SERVICE_DOC), eq(accountingOutbox.isHc, 1), sql`reverses_id is null`));
      expect(n).toBe(0);
    });
  });

  afterAll(async () => {
    await runner.runDue();
  });
});
