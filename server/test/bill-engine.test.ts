import { auditedOnce, type BillActionDef, defineBill, id, savedFields } from '@headoffice/contract';
import { gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { menus } from '../src/db/schema.js';
import { billType, registerBill } from '../src/platform/bills.js';
import { billMenu } from '../src/platform/menus.js';
import { inTenant } from '../src/platform/tenancy.js';
import { serveVouchers, voucherBill, vouchers, voucherType } from './example-bill.js';
import { build, type Client, expect400, expectOk, expectStatus, type TestApp } from './helpers.js';
import { shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

/**
 * What the bill engine supplies from a definition alone, on the example voucher's tables: the filters
 * of every kind, a named action with its own right and body, the default save of head and lines, the
 * "draft → audited, once" builder and the menu entry.
 */

// The example with every kind of filter and a named action (批注: a remark on an approved voucher).
// Without the voucher's status log by number: its path is absolute, the voucher's own.
const {
  filters: _voucherFilters,
  paths: { logByNo: _log, ...voucherPaths },
  ...voucherRest
} = voucherBill;
const voucherDeclared = { ...voucherRest, paths: voucherPaths };
const filteredBill = defineBill({
  ...voucherDeclared,
  docType: 'example.filtered',
  perm: 'example.filtered',
  basePath: '/api-example/filtered',
  webPath: '/admin/example/filtered',
  filterFields: {
    state: { label: ['状态', 'State'], kind: 'state', keys: ['state'] },
    states: { label: ['状态', 'States'], kind: 'select', keys: ['states'], match: 'in', fields: ['state'], hidden: true },
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', keys: ['billNo'] },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopId'] },
    date: { label: ['日期', 'Date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    updated: { label: ['修改日期', 'Changed on'], kind: 'dateRange', keys: ['updatedFrom', 'updatedTo'], fields: ['updatedAt'] },
    item: { label: ['费用项目', 'Item'], kind: 'text', keys: ['item'], fields: ['lines.item'] },
    atLeast: { label: ['金额不低于', 'Amount from'], kind: 'text', keys: ['atLeast'], match: 'named' },
  },
  actions: {
    remark: {
      label: ['批注', 'remark on'],
      perm: 'example.filtered.remark',
      path: 'remark',
      batchPath: 'remarkBatch',
      states: ['approved', 'reviewed'],
      body: z.object({ note: z.string().trim().min(1, '请填写批注').max(100) }),
    },
  },
});
const filteredType = billType(filteredBill, {
  table: vouchers,
  dateField: 'voucherDate',
  numberPrefix: 'BF',
  lines: voucherType.impl.lines,
  prepare: async (_ctx, body) => ({ amount: body.lines?.reduce((sum, l) => sum + l.amount, 0) }),
  signs: { review: 'reviewed' },
  reasons: { reject: 'rejectReason' },
  conditions: { zeroAmount: (_tx, bill) => bill.amount === 0 },
  filters: { atLeast: (_ctx, value) => gte(vouchers.amount, Number(value)) },
  actions: { remark: async (_ctx, _bill, body) => ({ memo: body.note }) },
});

// The smallest bill: a draft audited once, signed by its auditor.
const { after: _after, ...voucherShapes } = voucherDeclared;
const onceBill = defineBill({
  ...voucherShapes,
  docType: 'example.once',
  perm: 'example.once',
  basePath: '/api-example/once',
  webPath: '/admin/example/once',
  ...auditedOnce({ audited: 'reviewed', perm: 'example.once.audit' }),
  filterFields: {},
});
const onceType = billType(onceBill, {
  table: vouchers,
  dateField: 'voucherDate',
  numberPrefix: 'BO',
  lines: voucherType.impl.lines,
  signs: { audit: 'reviewed' },
});

const t: TestApp = await build(async (app, database) => {
  await serveVouchers(app, database);
  registerBill(app, filteredType);
  registerBill(app, onceType);
});
const a = await t.tenant({ demo: true });
const shops = await shopIds(t, a);
const perms = [
  ...['example.filtered.view', 'example.filtered.edit', 'example.filtered.remark', 'example.voucher.approve'],
  ...['example.once.view', 'example.once.edit', 'example.once.audit'],
];
await inTenant(t.database.db, a.tenantId, async (tx) => {
  for (const perm of perms)
    await tx
      .insert(menus)
      .values({ tenantId: a.tenantId, appId: 'admin', key: `engine.${perm}`, type: 'action', name: perm, permKey: perm });
});
const everyShop = { managerShops: shops, loginShops: shops };
const maker = await createLimitedUser(t, a, { perms: perms.filter((p) => p !== 'example.filtered.remark'), ...everyShop });
const checker = await createLimitedUser(t, a, { perms, ...everyShop });
const shopOne = await createLimitedUser(t, a, { perms, managerShops: [shops[0]], loginShops: [shops[0]] });

const base = filteredBill.basePath;
const list = async (client: Client, query: Record<string, unknown>) =>
  (expectOk(await client.get(`${base}/list`, { pageSize: 200, ...query })).list as { id: number }[]).map((r) => r.id).sort();
const save = (client: Client, body: Record<string, unknown>) => client.post(`${base}/save`, body);

describe('filters the definition declares', async () => {
  const draft = expectOk(
    await save(maker.client, { shopId: shops[0], voucherDate: '2026-03-02', lines: [{ item: '差旅报销', amount: 30_000 }] }),
  );
  const approved = expectOk(
    await save(maker.client, { shopId: shops[1], voucherDate: '2026-03-20', lines: [{ item: '餐费', amount: 800 }] }),
  );
  expectOk(await checker.client.post(`${base}/approve`, { id: approved.id }));
  const other = expectOk(
    await save(maker.client, { shopId: shops[1], voucherDate: '2026-04-05', lines: [{ item: '办公用品', amount: 5_000 }] }),
  );
  const mine = [draft.id, approved.id, other.id];
  const only = async (query: Record<string, unknown>) => (await list(checker.client, query)).filter((id) => mine.includes(id));

  it('eq, in and contains', async () => {
    expect(await only({ state: 'approved' })).toEqual([approved.id]);
    expect(await only({ states: 'draft,approved' })).toEqual(mine);
    expect(await only({ states: 'rejected' })).toEqual([]);
    expect(await only({ billNo: draft.billNo.slice(-6).toLowerCase() })).toEqual([draft.id]);
  });

  it('a date range on the date field, a range of company days on a timestamp', async () => {
    expect(await only({ dateFrom: '2026-03-01', dateTo: '2026-03-31' })).toEqual([draft.id, approved.id]);
    expect(await only({ dateFrom: '2026-03-20' })).toEqual([approved.id, other.id]);
    expect(await only({ dateTo: '2026-03-02' })).toEqual([draft.id]);
    expect(await only({ updatedFrom: '2000-01-01', updatedTo: '2000-01-02' })).toEqual([]);
    expect(await only({ updatedFrom: '2000-01-01' })).toEqual(mine);
  });

  it("on the lines, by the server's named condition, and a shop the user sees (403 for another)", async () => {
    expect(await only({ item: '差旅' })).toEqual([draft.id]);
    expect(await only({ atLeast: 5_000 })).toEqual([draft.id, other.id]);
    expect(await only({ shopId: shops[1] })).toEqual([approved.id, other.id]);
    expect(await only({ shopId: shops[1], state: 'draft' })).toEqual([other.id]);
    expectStatus(await shopOne.client.get(`${base}/list`, { shopId: shops[1] }), 403);
    expect((await list(shopOne.client, {})).filter((id) => mine.includes(id))).toEqual([draft.id]);
  });

  it('reads display names through references and exports under the same filters', async () => {
    const page = expectOk(await checker.client.get(`${base}/list`, { state: 'approved', pageSize: 200 }));
    const row = page.list.find((r: { id: number }) => r.id === approved.id);
    expect(row.shopName).toBeTruthy();
    expect(row.lines).toMatchObject([{ billId: approved.id, item: '餐费', amount: 800 }]);
    const exported = await checker.client.get(`${base}/export`, { state: 'approved' });
    expect(exported.status).toBe(200);
  });
});

describe('a named action', async () => {
  const bill = expectOk(await save(maker.client, { shopId: shops[0], lines: [{ item: '打车', amount: 2_000 }] }));
  const remark = (client: Client, body: Record<string, unknown>) => client.post(`${base}/remark`, body);

  it('needs its own right (403), its states (409), a good body (400 with the message)', async () => {
    expectStatus(await remark(maker.client, { id: bill.id, note: '请补发票' }), 403);
    const early = await remark(checker.client, { id: bill.id, note: '请补发票' });
    expectStatus(early, 409);
    expect(early.body.resp_msg).toBe('单据当前状态为「草稿」，不能批注');
    expectOk(await checker.client.post(`${base}/approve`, { id: bill.id }));
    const bad = await remark(checker.client, { id: bill.id, note: ' ' });
    expect400(bad, 'note');
    expect(bad.body.errors?.[0].message).toBe('请填写批注');
    expectStatus(await remark(checker.client, { id: bill.id, note: '请补发票', other: 1 }), 400);
  });

  it('sets what its handler answers with a new version, logs the change, and runs in batches', async () => {
    const before = expectOk(await checker.client.get(`${base}/${bill.id}`));
    const after = expectOk(await remark(checker.client, { id: bill.id, version: before.version, note: '请补发票' }));
    expect(after).toMatchObject({ memo: '请补发票', version: before.version + 1, state: 'approved' });
    expect(after.log.at(-1)).toMatchObject({ action: 'remark', change: { field: 'memo', from: null, to: '请补发票' } });
    expectStatus(await remark(checker.client, { id: bill.id, version: before.version, note: '再补' }), 409);
    const draft = expectOk(await save(maker.client, { shopId: shops[0], lines: [] }));
    const batch = expectOk(await checker.client.post(`${base}/remarkBatch`, { ids: [bill.id, draft.id], note: '已看' }));
    expect(batch.done.map((d: { id: number }) => d.id)).toEqual([bill.id]);
    expect(batch.failed).toMatchObject([{ id: draft.id, code: 409 }]);
  });
});

describe('the default save', () => {
  it('saves head and lines from the schemas, numbers and logs a new bill, today when no date is given', async () => {
    const made = expectOk(await save(maker.client, { shopId: shops[0], memo: '出差', lines: [{ item: '车票', amount: 1_200 }] }));
    expect(made).toMatchObject({ billNo: expect.stringMatching(/^BF\d{8}-\d{4}$/), amount: 1_200, memo: '出差', state: 'draft' });
    expect(made.voucherDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(made.log).toMatchObject([{ action: 'create', toState: 'draft' }]);
    expect(made.lines).toMatchObject([{ item: '车票', amount: 1_200 }]);
    // Lines left out stay; a field left out that may be null is cleared; lines sent replace the bill's.
    const kept = expectOk(await save(maker.client, { id: made.id, version: made.version, shopId: shops[1], voucherDate: '2026-05-01' }));
    expect(kept).toMatchObject({ shopId: shops[1], voucherDate: '2026-05-01', memo: null, amount: 1_200, version: made.version + 1 });
    expect(kept.lines).toHaveLength(1);
    const replaced = expectOk(
      await save(maker.client, {
        id: made.id,
        shopId: shops[1],
        lines: [
          { item: '住宿', amount: 30_000 },
          { item: '餐', amount: 500 },
        ],
      }),
    );
    expect(replaced.lines.map((l: { item: string }) => l.item)).toEqual(['住宿', '餐']);
    expect(replaced).toMatchObject({ amount: 30_500, voucherDate: '2026-05-01' });
  });

  it('checks the references it names: 400 naming the field, 403 for a shop the user does not see', async () => {
    expect400(await save(maker.client, { shopId: 999_999_999, lines: [] }), 'shopId');
    expectStatus(await save(shopOne.client, { shopId: shops[1], lines: [] }), 403);
    expect400(await save(maker.client, { shopId: shops[0], lines: [{ item: '', amount: 1 }] }), 'lines.0.item');
  });
});

describe('draft → audited, once', () => {
  it('audits once (409 the second time), signs the audit, and the audited bill is read-only', async () => {
    const bill = expectOk(await maker.client.post('/api-example/once/save', { shopId: shops[0], lines: [{ item: '清洁', amount: 100 }] }));
    expect(bill.actions).toEqual(['audit']);
    const audited = expectOk(await checker.client.post('/api-example/once/auditBill', { id: bill.id }));
    expect(audited).toMatchObject({ state: 'reviewed', reviewedBy: checker.userId, actions: [], editable: false });
    const again = await checker.client.post('/api-example/once/auditBill', { id: bill.id });
    expectStatus(again, 409);
    expect(again.body.resp_msg).toContain('已审核');
    expectStatus(await maker.client.post('/api-example/once/save', { id: bill.id, shopId: shops[0], lines: [] }), 409);
    expectStatus(await maker.client.post('/api-example/once/auditBill', { id: bill.id }), 409);
  });

  it('gives the menu entry with the rights of its transitions and actions', () => {
    expect(billMenu(onceBill, 'AuditOutlined')).toMatchObject({
      key: 'example.once',
      url: '/admin/example/once',
      perm: 'example.once.view',
      actions: [{ perm: 'example.once.edit' }, { perm: 'example.once.audit', name: '审核' }],
    });
    expect(billMenu(filteredBill).actions?.map((x) => x.perm)).toEqual([
      'example.filtered.edit',
      'example.voucher.approve',
      'example.voucher.review',
      'example.voucher.pay',
      'example.filtered.remark',
    ]);
  });
});

describe('what a definition need not restate', () => {
  it("reads a save's fields back as its row: the same types, null only where the save allows it", () => {
    const row = z.object(savedFields(voucherBill.save));
    expect(Object.keys(row.shape)).toEqual(['shopId', 'voucherDate', 'memo']);
    expect(row.parse({ shopId: 7, voucherDate: '2026-03-01', memo: null })).toEqual({ shopId: 7, voucherDate: '2026-03-01', memo: null });
    expect(row.safeParse({ shopId: 7, voucherDate: null, memo: null }).success).toBe(false);
  });

  it('makes a filter declared `true` from its head field, and refuses one without a head field', () => {
    const bill = defineBill({ ...voucherDeclared, filterFields: { state: true, shopId: true } });
    expect(bill.filterFields.shopId).toEqual({ label: ['门店', 'Shop'], kind: 'shop', keys: ['shopId'] });
    expect(bill.filterFields.state).toMatchObject({ kind: 'state', keys: ['state'] });
    expect(z.object(bill.filters).safeParse({ state: 'nonsense' }).success).toBe(false);
    expect(() => defineBill({ ...voucherDeclared, filterFields: { memo: true } })).toThrow('no head field memo');
  });

  it('makes the save, the line, the row and an action body from the fields, each declared once', () => {
    const bill = defineBill({
      ...auditedOnce({ audited: 'audited', perm: 'example.fielded.audit' }),
      docType: 'example.fielded',
      label: ['字段单', 'Fielded'],
      basePath: '/api-example/fielded',
      webPath: '/admin/example/fielded',
      actions: { note: { label: ['批注', 'note'], perm: 'example.fielded.note', path: 'note', fields: ['kind'] } },
      filterFields: {},
      headFields: {
        shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName' }, form: {}, value: id.nullish() },
        kind: { label: ['类别', 'Kind'], kind: 'select', options: { 1: ['甲', 'A'], 2: ['乙', 'B'] }, form: {} },
        total: { label: ['合计', 'Total'], kind: 'money', row: z.number() },
        remark: { label: ['批注', 'Remark'], kind: 'text', value: z.string().max(20).nullish(), by: 'note' },
      },
      lineFields: {
        word: { label: ['词', 'Word'], kind: 'select', options: { a: ['甲', 'A'] }, form: {} },
        qty: { label: ['数', 'Qty'], kind: 'number', value: z.number() },
      },
      lineCount: [1, 2],
      paths: { list: ['list'], save: ['save'], detail: 'detail/:id' },
    });
    const saved: { shopId?: number | null; kind: number; lines: { word: 'a'; qty: number }[] } = bill.save.parse({
      kind: '2',
      lines: [{ word: 'a', qty: 1 }],
    });
    expect(saved).toEqual({ kind: 2, lines: [{ word: 'a', qty: 1 }] });
    expect(Object.keys(bill.save.shape)).toEqual(['id', 'version', 'shopId', 'kind', 'lines']);
    expect(bill.save.safeParse({ kind: 3, lines: [{ word: 'a', qty: 1 }] }).success).toBe(false);
    expect(bill.save.safeParse({ kind: 1, lines: [] }).success).toBe(false);
    expect(Object.keys((bill.actions as Record<string, BillActionDef>).note.body?.shape ?? {})).toEqual(['kind', 'remark']);
    const row: { shopName: string | null; total: number; remark: string | null; lines: { qty: number }[] } = bill.row.parse({
      ...{
        id: 1,
        billNo: 'B1',
        state: 'draft',
        createdBy: null,
        version: 1,
        updatedAt: '2026-03-01',
        createdByName: null,
        createdAt: '2026-03-01',
      },
      ...{ auditedBy: null, auditedByName: null, auditedAt: null, shopId: null, shopName: null, kind: 1, total: 5, remark: null },
      lines: [{ id: 1, billId: 1, word: 'a', qty: 2 }],
    });
    expect(row.total).toBe(5);
    expect(() =>
      defineBill({
        ...bill,
        save: undefined,
        row: undefined,
        line: undefined,
        lineRow: undefined,
        actions: { note: { label: ['批注', 'note'], perm: 'example.fielded.note', path: 'note', fields: ['total'] } },
      }),
    ).toThrow('no head field total');
  });
});
