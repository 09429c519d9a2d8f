import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { members } from '../src/db/schema.js';
import { build, expectOk } from './helpers.js';

const L = '/api-member/chainmember/pageChainMembers';
const S = '/api-member/chainmember/saveMemberCard';
const R = '/api-member/userinfo/relation/list';

/** The calendar day of a moment in Shanghai, the demo company's zone. */
const shanghaiDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const dayBefore = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

/** The latest 20:25 UTC that has passed: 04:25 the next morning in Shanghai. */
function lastEvening(): Date {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 20, 25));
  return at > now ? new Date(at.getTime() - 86_400_000) : at;
}

let serial = 0;
const mobile = () => `137${String(Date.now() % 1e5).padStart(5, '0')}${String(serial++).padStart(3, '0')}`;

describe("the company's calendar, not the database's (UTC)", async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [shop] = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number }[];
  const at = lastEvening();
  const day = shanghaiDay(at);

  it('a member registered at 04:25 in Shanghai (20:25 UTC the day before) is registered on that day, listed and filtered by it', async () => {
    expect(utcDay(at)).toBe(dayBefore(day));
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    let created: { id: number };
    try {
      created = expectOk(await a.admin.post(S, { mobile: mobile(), name: '早起', shopId: shop.id }));
    } finally {
      vi.useRealTimers();
    }
    const onTheDay = expectOk(await a.admin.get(L, { regFrom: day, regTo: day, pageSize: 100 }));
    const row = onTheDay.list.find((m: { id: number }) => m.id === created.id);
    expect(row?.registeredOn).toBe(day);
    const before = expectOk(await a.admin.get(L, { regFrom: dayBefore(day), regTo: dayBefore(day), pageSize: 100 }));
    expect(before.list.some((m: { id: number }) => m.id === created.id)).toBe(false);
  });

  it('a visit at 04:25 in Shanghai counts on that day: the visit filter and the days since the last visit', async () => {
    const created = expectOk(await a.admin.post(S, { mobile: mobile(), name: '常来', shopId: shop.id }));
    await t.database.db.update(members).set({ lastVisitAt: at }).where(eq(members.id, created.id));
    const found = (q: Record<string, unknown>) =>
      a.admin.get(L, { ...q, pageSize: 100 }).then((res) => expectOk(res).list.some((m: { id: number }) => m.id === created.id));
    expect(await found({ visitFrom: day, visitTo: day })).toBe(true);
    expect(await found({ visitFrom: dayBefore(day), visitTo: dayBefore(day) })).toBe(false);
    expect(await found({ visitTo: dayBefore(day) })).toBe(false);

    const today = shanghaiDay(new Date());
    const missed = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000;
    const relations = expectOk(await a.admin.get(R, { keyword: created.code, pageSize: 10 }));
    expect(relations.list.find((r: { id: number }) => r.id === created.id)?.missDays).toBe(missed);
    const since = (n: number) =>
      a.admin
        .get(R, { missDays: n, pageSize: 100, keyword: created.code })
        .then((res) => expectOk(res).list.some((r: { id: number }) => r.id === created.id));
    expect(await since(missed)).toBe(true);
    expect(await since(missed + 1)).toBe(false);

    // the export writes the visit on the company's clock, whatever the server's own zone
    const xlsx = await a.admin.get(`${R.replace('/list', '/export')}`, { keyword: created.code });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const column = (sheet.getRow(1).values as string[]).indexOf('最近到店');
    expect(sheet.getRow(2).getCell(column).value).toBe(`${day} 04:25:00`);
  });
});
