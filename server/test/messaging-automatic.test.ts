import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, members, serviceBillLines, serviceBills, services, serviceTypes, smsMessages } from '../src/db/schema.js';
import { smsBook } from '../src/modules/messaging/allowance.js';
import { DAILY_JOB, runDailySms } from '../src/modules/messaging/automatic.js';
import { JobRunner } from '../src/platform/jobs.js';
import { addDays, tenantToday } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember } from './assets-support.js';
import { build, expect400, expectOk, expectStatus } from './helpers.js';
import { newService } from './pricing-helpers.js';
import { shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const t = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const [shop1, shop2] = await shopIds(t, a);
const db = t.database.db;
const inA = <T>(work: Parameters<typeof inTenant<T>>[2]) => inTenant(db, a.tenantId, work);

expectOk(await a.admin.post('/api-chain/smsorder/create', { rechargenum: 1000, payje: 8000 }));
expectOk(await a.admin.post('/api-push/smsshop/batchAssign', { shopIds: [shop1, shop2], count: 300 }));
const today = await inA((tx) => tenantToday(tx, a.tenantId));
const shopUser = await createLimitedUser(t, a, { perms: ['messaging.sms.view', 'messaging.template.edit'], managerShops: [shop2] });

const textsOf = (kind: string, memberId: number) =>
  inA((tx) =>
    tx
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.kind, kind), eq(smsMessages.memberId, memberId))),
  );

describe('birthday texts (birthdaysms)', () => {
  it("saves a shop's text (one SMS at most), lists it within the user's shops, refuses another's shop", async () => {
    const saved = expectOk(
      await a.admin.post('/api-push/birthdaysms', { shopid: shop1, autosend: 1, autoMessage: '生日快乐！凭短信到店享好礼' }),
    );
    expect(saved).toMatchObject({ shopId: shop1, autosend: 1 });
    expect400(await a.admin.post('/api-push/birthdaysms', { shopid: shop1, autosend: 1, autoMessage: '字'.repeat(60) }), 'autoMessage');
    expectStatus(await shopUser.client.post('/api-push/birthdaysms', { shopid: shop1, autosend: 0, autoMessage: 'x' }), 403);
    expectOk(await shopUser.client.post('/api-push/birthdaysms', { shopid: shop2, autosend: 0, autoMessage: '生日快乐' }));
    const seen = expectOk(await shopUser.client.get('/api-push/birthdaysms/list/findAllByShop')) as { shopId: number }[];
    expect(seen.map((r) => r.shopId)).toEqual([shop2]);
    expectStatus(await b.admin.post('/api-push/birthdaysms', { shopid: shop1, autosend: 1, autoMessage: 'x' }), 404);
    expectStatus(await t.client().get('/api-push/birthdaysms/list/findAllByShop'), 401);
  });

  it('the daily job texts a member on their birthday once, at 09:00 on the company’s clock, and again only next year', async () => {
    const [member] = await inA((tx) =>
      tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.shopId, shop1), eq(members.status, 1)))
        .limit(1),
    );
    await inA((tx) =>
      tx
        .update(members)
        .set({ birthday: `1990-${today.slice(5)}` })
        .where(eq(members.id, member.id)),
    );
    const [before] = await inA((tx) => smsBook.balances(tx, [{ shopId: shop1 }]));
    const queued = await inA((tx) =>
      tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, DAILY_JOB), eq(jobs.state, 'queued'))),
    );
    expect(queued.map((j) => (j.payload as { day: string }).day)).toContain(today);
    // The clock moved a day on: today's run (and tomorrow's, queued by it) run; the member gets one text.
    const runner = new JobRunner(db, { batch: 50 });
    const tomorrowNoon = new Date(Date.now() + 36 * 3_600_000);
    for (let i = 0; i < 10 && (await runner.runDue(tomorrowNoon)) > 0; i++);
    const texts = await textsOf('birthday', member.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ shopId: shop1, state: 'sent', parts: 1, text: expect.stringContaining('生日快乐') });
    const [after] = await inA((tx) => smsBook.balances(tx, [{ shopId: shop1 }]));
    expect(after).toBeLessThanOrEqual(before - 1);
    // The same day again (a second instance, a retry) sends nothing more.
    expect(await inA((tx) => runDailySms(tx, a.tenantId, today))).toBe(0);
    expect(await textsOf('birthday', member.id)).toHaveLength(1);
    // Next year's birthday is another occasion.
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    if (!nextYear.endsWith('02-29')) {
      expect(await inA((tx) => runDailySms(tx, a.tenantId, nextYear))).toBeGreaterThanOrEqual(1);
      expect(await textsOf('birthday', member.id)).toHaveLength(2);
    }
    expect(await inA((tx) => smsBook.mismatches(tx))).toEqual([]);
  });
});

describe('service return visits (servicesmsreturn)', () => {
  it('texts the member N days after a settled service of a chosen type, once per bill', async () => {
    // A member's settled bill with a service of a type, ten days ago (written as the till leaves it).
    const [type] = await inA((tx) => tx.select({ id: serviceTypes.id }).from(serviceTypes).limit(1));
    const service = await newService(t, a, { serviceTypeId: type.id });
    const member = await makeMember(t, a, shop1);
    const served = addDays(today, -10);
    const bill = await inA(async (tx) => {
      const [svc] = await tx.select({ typeId: services.serviceTypeId }).from(services).where(eq(services.id, service.id));
      const [head] = await tx
        .insert(serviceBills)
        .values({
          tenantId: a.tenantId,
          billNo: `T${Date.now()}`,
          shopId: shop1,
          handTag: 1,
          businessDate: served,
          memberId: member.id,
          status: 4,
        })
        .returning({ id: serviceBills.id });
      await tx.insert(serviceBillLines).values({
        tenantId: a.tenantId,
        billId: head.id,
        lineNo: 1,
        kind: 'service',
        itemId: service.id,
        code: 'S',
        name: 'S',
        num: 1,
        listPrice: 100,
        plainPrice: 100,
        price: 100,
        priceSource: 'list',
        listAmount: 100,
        amount: 100,
      });
      return { id: head.id, day: served, memberId: member.id, typeId: svc.typeId as number };
    });
    expect(bill.typeId).toBeGreaterThan(0);
    const rule = expectOk(
      await a.admin.post('/api-push/servicesmsreturn', {
        scontent: '护理后感觉如何？欢迎回复',
        serviceTypeIds: [bill.typeId],
        afterDay: 3,
      }),
    );
    expect(expectOk(await a.admin.get('/api-push/servicesmsreturn')).map((r: { id: number }) => r.id)).toContain(rule.id);
    const day = addDays(bill.day, 3);
    const first = await inA((tx) => runDailySms(tx, a.tenantId, day));
    expect(first).toBeGreaterThanOrEqual(1);
    const texts = await textsOf('returnVisit', bill.memberId as number);
    expect(texts.filter((x) => x.text.startsWith('护理后'))).toHaveLength(1);
    expect(await inA((tx) => runDailySms(tx, a.tenantId, day))).toBe(0);
    expect(await inA((tx) => runDailySms(tx, a.tenantId, addDays(day, 1)))).toBe(0);
    expect((await textsOf('returnVisit', bill.memberId as number)).filter((x) => x.text.startsWith('护理后'))).toHaveLength(1);
    expect400(await a.admin.post('/api-push/servicesmsreturn', { scontent: 'x', serviceTypeIds: [], afterDay: 3 }), 'serviceTypeIds');
    expectStatus(
      await a.admin.post('/api-push/servicesmsreturn', {
        id: rule.id,
        version: rule.version + 5,
        scontent: 'x',
        serviceTypeIds: [1],
        afterDay: 3,
      }),
      409,
    );
    expectStatus(await b.admin.post('/api-push/servicesmsreturn', { id: rule.id, scontent: 'x', serviceTypeIds: [1], afterDay: 3 }), 404);
    expectStatus(await shopUser.client.post('/api-push/servicesmsreturn', { scontent: 'x', serviceTypeIds: [1], afterDay: 3 }), 403);
    expect(await inA((tx) => smsBook.mismatches(tx))).toEqual([]);
  });
});
