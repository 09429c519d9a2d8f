import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LOG_WINDOW } from '../src/modules/identity/logs.js';
import { EXPORT_CAP, EXPORT_CHUNK } from '../src/platform/list-export.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EN = { 'accept-language': 'en-US' };

async function sheetOf(res: Answer) {
  expect(res.status).toBe(200);
  expect(String(res.headers['content-type'])).toContain(XLSX);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** One exportable list: its route, the export's, who may read it, a filter and the column that names a row. */
interface ListCase {
  name: string;
  list: string;
  export: string;
  perm: string;
  /** Sheet column (0-based) and list field that identify a row. */
  column: number;
  field: string;
  header: [zh: string, en: string];
  sort?: string;
  /** A filter that keeps some rows, made from the full list. */
  filter: (rows: Record<string, unknown>[]) => Record<string, unknown>;
}

const cases: ListCase[] = [
  {
    name: 'products',
    list: '/api-chain/product',
    export: '/api-chain/product/export',
    perm: 'catalog.product.view',
    column: 0,
    field: 'pcode',
    header: ['产品编码', 'Code'],
    sort: '-pcode',
    filter: (rows) => ({ keyword: rows[0]?.name }),
  },
  {
    name: 'services',
    list: '/api-chain/serviceinfo/list',
    export: '/api-chain/serviceinfo/export',
    perm: 'catalog.service.view',
    column: 0,
    field: 'code',
    header: ['项目编码', 'Code'],
    sort: '-basePrice',
    filter: (rows) => ({ line: rows[0]?.line }),
  },
  {
    name: 'packages',
    list: '/api-chain/servicepackage/list',
    export: '/api-chain/servicepackage/export',
    perm: 'catalog.package.view',
    column: 0,
    field: 'code',
    header: ['套餐编码', 'Code'],
    sort: '-code',
    filter: (rows) => ({ keyword: rows[0]?.code }),
  },
  {
    name: 'shop products',
    list: '/api-stock/product/chain/list',
    export: '/api-stock/product/chain/export',
    perm: 'catalog.stockproduct.view',
    column: 1,
    field: 'pcode',
    header: ['门店/仓库', 'Shop / warehouse'],
    sort: 'pcode',
    filter: (rows) => ({ shopid: rows.find((r) => r.shopId)?.shopId }),
  },
  {
    name: 'stock balances',
    list: '/api-stock/balance',
    export: '/api-stock/balance/export',
    perm: 'stock.balance.view',
    column: 1,
    field: 'pcode',
    header: ['门店/仓库', 'Shop / warehouse'],
    sort: '-quantity',
    filter: (rows) => ({ keyword: rows[0]?.pcode }),
  },
  {
    name: 'service price grid',
    list: '/api-chain/serviceprice/findServPriceListPage',
    export: '/api-chain/serviceprice/exportServPriceList',
    perm: 'pricing.serviceprice.view',
    column: 0,
    field: 'code',
    header: ['项目编码', 'Code'],
    sort: 'name',
    filter: (rows) => ({ keyword: rows[0]?.code }),
  },
  {
    name: 'product price grid',
    list: '/api-chain/productprice/productPriceListByPage',
    export: '/api-chain/productprice/exportProductPriceList',
    perm: 'pricing.productprice.view',
    column: 0,
    field: 'pcode',
    header: ['产品编码', 'Code'],
    sort: '-pcode',
    filter: (rows) => ({ keyword: rows[0]?.pcode }),
  },
  {
    name: 'users',
    list: '/api-user/users',
    export: '/api-user/users/export',
    perm: 'identity.user.view',
    column: 0,
    field: 'username',
    header: ['用户名', 'Username'],
    sort: '-username',
    filter: (rows) => ({ keyword: rows[0]?.username }),
  },
  {
    name: 'operation log',
    list: '/api-chain/logger/list',
    export: '/api-chain/logger/export',
    perm: 'identity.log.view',
    column: 1,
    field: 'username',
    header: ['时间', 'Time'],
    filter: (rows) => ({ action: rows[0]?.action }),
  },
];

describe('list exports', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const anon = t.client();
  // a few writes, so the operation log has something to export
  for (const name of ['导出测试甲', '导出测试乙']) {
    await a.admin.post('/api-chain/channel', { code: `EX${name.length}${Math.random().toString(36).slice(2, 6)}`, name, status: 1 });
  }
  const listOf = async (client: Client, c: ListCase, query: Record<string, unknown> = {}) => {
    const res = await client.get(c.list, { pageSize: 200, ...(c.sort ? { sort: c.sort } : {}), ...query });
    expect(res.status).toBe(200);
    return res.body.data.list as Record<string, unknown>[];
  };

  for (const c of cases) {
    describe(c.name, () => {
      it('exports the rows the list shows, in its order, with titles in the reader’s language', async () => {
        const rows = await listOf(a.admin, c);
        expect(rows.length).toBeGreaterThan(0);
        const total = (await a.admin.get(c.list, { pageSize: 1 })).body.data.total as number;
        const sheet = await sheetOf(await a.admin.get(c.export, c.sort ? { sort: c.sort } : {}));
        expect(sheet[0]?.[0]).toBe(c.header[0]);
        // every row (the list's first 200 compared one by one)
        expect(sheet.length - 1).toBe(total);
        expect(sheet.slice(1, rows.length + 1).map((r) => r[c.column])).toEqual(rows.map((r) => r[c.field]));
        const en = await sheetOf(await a.admin.get(c.export, c.sort ? { sort: c.sort } : {}, EN));
        expect(en[0]?.[0]).toBe(c.header[1]);
      });

      it('applies the list’s filters', async () => {
        const filter = c.filter(await listOf(a.admin, c));
        expect(Object.values(filter).every((v) => v !== undefined)).toBe(true);
        const rows = await listOf(a.admin, c, filter);
        const sheet = await sheetOf(await a.admin.get(c.export, { ...filter, ...(c.sort ? { sort: c.sort } : {}) }));
        expect(sheet.slice(1).map((r) => r[c.column])).toEqual(rows.map((r) => r[c.field]));
        expect(sheet.length - 1).toBeLessThan((await listOf(a.admin, c)).length + 1);
      });

      it('answers 401 without a token, 403 without the list’s permission, 400 for a page', async () => {
        expect((await anon.get(c.export)).status).toBe(401);
        const other = await createLimitedUser(t, a, { perms: ['org.shop.view'] });
        const refused = await other.client.get(c.export);
        expect(refused.status).toBe(403);
        expect(refused.body.resp_code).toBe('403');
        const paged = await a.admin.get(c.export, { page: 2 });
        expect(paged.status).toBe(400);
        expect(paged.body.errors?.map((e) => e.path)).toContain('page');
      });
    });
  }

  it('sorts shop products by the product and the location columns the page shows', async () => {
    const byProduct = (await a.admin.get('/api-stock/product/chain/list', { pageSize: 200, sort: '-product' })).body.data.list as {
      pcode: string;
    }[];
    const codes = byProduct.map((r) => r.pcode);
    expect(codes).toEqual([...codes].sort((x, y) => (x < y ? 1 : x > y ? -1 : 0)));
    const byShop = await a.admin.get('/api-stock/product/chain/list', { pageSize: 5, sort: '-shopId' });
    expect(byShop.status).toBe(200);
    expect(byShop.body.data.list[0].shopId).toBeNull(); // the warehouse (no shop code) sorts first when descending
  });

  describe('a user limited to one shop', () => {
    it('exports only that shop’s stock, shop products and price columns', async () => {
      const shops = (await a.admin.get('/api-chain/shop', { pageSize: 200 })).body.data.list as { id: number; name: string }[];
      const balances = (await a.admin.get('/api-stock/balance', { pageSize: 200 })).body.data.list as { shopId: number | null }[];
      const mine = shops.find((s) => balances.some((b) => b.shopId === s.id)) ?? shops[0];
      const other = shops.find((s) => s.id !== mine.id);
      const manager = await createLimitedUser(t, a, {
        perms: ['stock.balance.view', 'catalog.stockproduct.view', 'pricing.serviceprice.view'],
        managerShops: [mine.id],
      });
      const stock = await sheetOf(await manager.client.get('/api-stock/balance/export'));
      expect(stock.length).toBeGreaterThan(1);
      expect(new Set(stock.slice(1).map((r) => r[0]))).toEqual(new Set([mine.name]));
      const shopProducts = await sheetOf(await manager.client.get('/api-stock/product/chain/export'));
      expect(shopProducts.slice(1).every((r) => r[0] === mine.name)).toBe(true);
      const grid = await sheetOf(await manager.client.get('/api-chain/serviceprice/exportServPriceList'));
      expect(grid[0]).toContain(mine.name);
      expect(grid[0]).not.toContain(other?.name);
      const refused = await manager.client.get('/api-stock/balance/export', { shopid: other?.id });
      expect(refused.status).toBe(403);
    });
  });

  describe('a query the list refuses', () => {
    const bills = [
      { list: '/api-stock/entry/chain/findListWithPro', export: '/api-stock/entry/export', text: 'billNo' },
      { list: '/api-member/carddispatchhead', export: '/api-member/carddispatchhead/export', text: 'billNo' },
      { list: '/api-finance/fundbillhead/billListForchain', export: '/api-finance/fundbillhead/expRecordsList', text: 'keyword' },
    ];

    it('is refused by the export as by the list: a 400 envelope naming the field, before any workbook', async () => {
      for (const c of bills) {
        for (const [field, value, message] of [
          [c.text, 'a\u0000b', 'must not hold a NUL character (\\0)'],
          ['dateFrom', '2024-13-45', 'YYYY-MM-DD'],
          ['dateTo', '2023-02-29', 'YYYY-MM-DD'],
        ]) {
          for (const url of [c.list, c.export]) {
            const res = await a.admin.get(url, { [field]: value }, EN);
            expect(res.status, `${url} ${field}`).toBe(400);
            expect(String(res.headers['content-type'])).toContain('application/json');
            expect(res.headers['content-disposition']).toBeUndefined();
            expect(res.body).toMatchObject({ resp_code: '400', data: null });
            expect(res.body.errors).toContainEqual({ path: field, message });
          }
        }
        const zh = await a.admin.get(c.export, { [c.text]: 'a\u0000b' });
        expect(zh.body.errors).toContainEqual({ path: c.text, message: '不能包含空字符（\\0）' });
      }
    });

    it('answers 401 and 403 before looking at the query', async () => {
      const viewer = await createLimitedUser(t, a, { perms: ['org.shop.view'] });
      for (const c of bills) {
        expect((await anon.get(c.export, { dateFrom: '2024-13-45' })).status).toBe(401);
        const refused = await viewer.client.get(c.export, { dateFrom: '2024-13-45' });
        expect(refused.status).toBe(403);
        expect(refused.body.resp_code).toBe('403');
      }
    });

    it('is refused for another shop of a user limited to one, before any workbook', async () => {
      const shops = (await a.admin.get('/api-chain/shop', { pageSize: 200 })).body.data.list as { id: number }[];
      const manager = await createLimitedUser(t, a, { perms: ['stock.entry.view'], managerShops: [shops[0].id] });
      const refused = await manager.client.get('/api-stock/entry/export', { shopid: shops[1].id });
      expect(refused.status).toBe(403);
      expect(refused.body.resp_code).toBe('403');
      expect(refused.headers['content-disposition']).toBeUndefined();
    });
  });

  it('refuses an export past its cap with a message, before sending anything', async () => {
    const b = await t.tenant();
    await inTenant(t.database.db, b.tenantId, (tx) =>
      tx.execute(sql`insert into audit_log (tenant_id, action, entity, entity_id)
        select ${b.tenantId}, 'bulk', 'channel', n from generate_series(1, ${LOG_WINDOW + 1}) n`),
    );
    const refused = await b.admin.get('/api-chain/logger/export', { action: 'bulk' });
    expect(refused.status).toBe(400);
    expect(refused.body.resp_msg).toBe(`符合条件的记录超过 ${LOG_WINDOW} 条，请缩小筛选范围后再导出`);
    const one = await sheetOf(await b.admin.get('/api-chain/logger/export', { action: 'bulk', entityId: 7 }));
    expect(one.length).toBe(2);
    expect(one[1]?.[4]).toBe(7);
    expect(EXPORT_CAP % EXPORT_CHUNK).toBe(0);
  });
});
