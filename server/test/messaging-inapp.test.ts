import { INAPP_TOPIC } from '@headoffice/contract';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../src/db/schema.js';
import { build, expect400, expectOk, expectStatus } from './helpers.js';
import { shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const t = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const [shop1, shop2] = await shopIds(t, a);
const P = '/api-push';
const shopOne = await createLimitedUser(t, a, { perms: ['messaging.notice.publish'], managerShops: [shop1] });
const shopTwo = await createLimitedUser(t, a, { perms: [], loginShops: [shop2] });

describe('in-app messages (systemmsg, systemmstatus, adminmstatus, insidemsg)', () => {
  it('a notice to every shop reaches every account, unread until each marks it read; pushed live', async () => {
    const before = expectOk(await shopTwo.client.get(`${P}/adminmstatus/list/account`)).unread;
    const [last] = await t.database.db.select({ id: events.id }).from(events).orderBy(events.id).limit(1);
    const notice = expectOk(await a.admin.post(`${P}/adminmstatus/publish`, { title: '国庆排班', content: '十月一日起按节日排班' }));
    expect(notice).toMatchObject({ kind: 'admin', toShopId: null, read: false });
    const pushed = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.tenantId, a.tenantId), eq(events.topic, INAPP_TOPIC), gt(events.id, last?.id ?? 0)));
    expect(pushed.map((e) => (e.payload as { id: number }).id)).toContain(notice.id);

    const two = expectOk(await shopTwo.client.get(`${P}/adminmstatus/list/account`));
    expect(two.unread).toBe(before + 1);
    expect(two.list[0]).toMatchObject({ id: notice.id, read: false });
    // The seed's GET (ids in the query) and the original client's POST both mark read, per account.
    expect(expectOk(await shopTwo.client.get(`${P}/adminmstatus/batchSave`, { ids: String(notice.id) }))).toEqual({ read: 1 });
    expect(expectOk(await shopTwo.client.post(`${P}/adminmstatus/batchSave`, { ids: [notice.id] }))).toEqual({ read: 0 });
    expect(expectOk(await shopTwo.client.get(`${P}/adminmstatus/list/account`)).unread).toBe(before);
    const one = expectOk(await shopOne.client.get(`${P}/adminmstatus/list/account`, { unread: 'true' }));
    expect(one.list.map((m: { id: number }) => m.id)).toContain(notice.id);
  });

  it('a message to one shop is read by that shop’s accounts and head office only', async () => {
    const toOne = expectOk(await a.admin.get(`${P}/insidemsg/publish`, { title: '盘点', content: '周五盘点', shopid: shop1 }));
    expect(toOne).toMatchObject({ kind: 'inside', toShopId: shop1 });
    expect(expectOk(await shopOne.client.get(`${P}/insidemsg/list/shop`)).list.map((m: { id: number }) => m.id)).toContain(toOne.id);
    expect(expectOk(await shopTwo.client.get(`${P}/insidemsg/list/shop`)).list.map((m: { id: number }) => m.id)).not.toContain(toOne.id);
    expectStatus(await shopTwo.client.post(`${P}/insidemsg/batchSave`, { ids: [toOne.id] }), 404);
    expectStatus(await shopTwo.client.get(`${P}/insidemsg/list/shop`, { shopid: shop1 }), 403);
    expect(expectOk(await a.admin.get(`${P}/insidemsg/list/shopchain`, { shopid: shop1 })).list[0].id).toBe(toOne.id);
  });

  it('a shop writes to head office (publishchain); another shop does not see it', async () => {
    const up = expectOk(await shopOne.client.post(`${P}/insidemsg/publishchain`, { title: '缺货', content: '洗发水缺货', shopid: shop1 }));
    expect(up).toMatchObject({ fromShopId: shop1, toShopId: null });
    expect(expectOk(await a.admin.get(`${P}/insidemsg/list/accountchain`)).list.map((m: { id: number }) => m.id)).toContain(up.id);
    expect(expectOk(await shopTwo.client.get(`${P}/insidemsg/list/account`)).list.map((m: { id: number }) => m.id)).not.toContain(up.id);
    expect400(await shopOne.client.post(`${P}/insidemsg/publishchain`, { title: 'x', content: 'y' }), 'shopid');
    expectStatus(await shopOne.client.post(`${P}/insidemsg/publishchain`, { title: 'x', content: 'y', shopid: shop2 }), 403);
  });

  it('refuses without the right, without a token, with bad input, and another tenant’s ids', async () => {
    expectStatus(await shopTwo.client.post(`${P}/systemmsg/publish`, { title: 'x', content: 'y' }), 403);
    expectStatus(await shopOne.client.post(`${P}/systemmsg/publish`, { title: 'x', content: 'y' }), 403);
    expectStatus(await t.client().get(`${P}/systemmstatus/list/account`), 401);
    expect400(await a.admin.post(`${P}/systemmsg/publish`, { title: '', content: 'y' }), 'title');
    expect400(await a.admin.post(`${P}/systemmsg/batchSave`, { ids: [] }), 'ids');
    const mine = expectOk(await a.admin.post(`${P}/systemmsg/publish`, { title: '系统升级', content: '今晚升级' }));
    expect(expectOk(await a.admin.get(`${P}/systemmstatus/list/account`)).list.map((m: { id: number }) => m.id)).toContain(mine.id);
    expectStatus(await b.admin.post(`${P}/systemmsg/batchSave`, { ids: [mine.id] }), 404);
    expectStatus(await b.admin.post(`${P}/insidemsg/publish`, { title: 'x', content: 'y', shopid: shop1 }), 404);
  });

  it('head office follows what it sent with the count of accounts that read it; a shop sees only its own and every shop’s', async () => {
    const all = expectOk(await a.admin.post(`${P}/adminmstatus/publish`, { title: '年终盘点', content: '各店月底盘点' }));
    const toTwo = expectOk(await a.admin.post(`${P}/adminmstatus/publish`, { title: '二店整改', content: '请整改', shopid: shop2 }));
    expectOk(await shopTwo.client.post(`${P}/adminmstatus/batchSave`, { ids: [all.id, toTwo.id] }));
    expectOk(await shopOne.client.post(`${P}/adminmstatus/batchSave`, { ids: [all.id] }));
    const sent = expectOk(await a.admin.get(`${P}/adminmstatus/list/published`));
    const byId = new Map(sent.list.map((m: { id: number; readers: number }) => [m.id, m.readers]));
    expect([byId.get(all.id), byId.get(toTwo.id)]).toEqual([2, 1]);
    expect(expectOk(await a.admin.get(`${P}/adminmstatus/list/published`, { shopid: shop2 })).list[0]).toMatchObject({
      id: toTwo.id,
      toShopId: shop2,
      readers: 1,
    });
    // A shop's message to head office is not among what was published to shops.
    const up = expectOk(await shopOne.client.post(`${P}/insidemsg/publishchain`, { title: '补货', content: '染膏补货', shopid: shop1 }));
    expect(expectOk(await a.admin.get(`${P}/insidemsg/list/published`)).list.map((m: { id: number }) => m.id)).not.toContain(up.id);

    const ones = expectOk(await shopOne.client.get(`${P}/adminmstatus/list/published`)).list.map((m: { id: number }) => m.id);
    expect(ones).toContain(all.id);
    expect(ones).not.toContain(toTwo.id);
    expectStatus(await shopOne.client.get(`${P}/adminmstatus/list/published`, { shopid: shop2 }), 403);
    expectStatus(await shopTwo.client.get(`${P}/adminmstatus/list/published`), 403);
    expectStatus(await t.client().get(`${P}/adminmstatus/list/published`), 401);
    expect400(await a.admin.get(`${P}/adminmstatus/list/published`, { pageSize: '0' }), 'pageSize');
    expect(expectOk(await b.admin.get(`${P}/adminmstatus/list/published`)).list.map((m: { id: number }) => m.id)).not.toContain(all.id);
  });
});
