import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, employees, serviceBillLines, serviceBills, serviceTypes, shops, wxMessages } from '../src/db/schema.js';
import { runDailySms } from '../src/modules/messaging/automatic.js';
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
const [shop1] = await shopIds(t, a);
const db = t.database.db;
const inA = <T>(work: Parameters<typeof inTenant<T>>[2]) => inTenant(db, a.tenantId, work);
const P = '/api-push';

const today = await inA((tx) => tenantToday(tx, a.tenantId));
const shopUser = await createLimitedUser(t, a, { perms: ['messaging.sms.view', 'messaging.template.edit'], managerShops: [shop1] });
const [type, otherType] = await inA((tx) => tx.select({ id: serviceTypes.id }).from(serviceTypes).orderBy(serviceTypes.id).limit(2));
const service = await newService(t, a, { serviceTypeId: type.id });
const otherService = await newService(t, a, { serviceTypeId: otherType.id });
const [staff, helper] = await inA((tx) =>
  tx.select({ id: employees.id }).from(employees).where(eq(employees.shopId, shop1)).orderBy(employees.id).limit(2),
);
const [shop] = await inA((tx) => tx.select({ brandId: shops.brandId }).from(shops).where(eq(shops.id, shop1)));
const staffTemplate = expectOk(
  await a.admin.post(`${P}/smstemplate/save`, { name: '回访提醒（员工）', stype: 1, content: '请回访{name}', tempid: 'WX-STAFF' }),
);
const customerTemplate = expectOk(
  await a.admin.post(`${P}/smstemplate/save`, { name: '护理回访（顾客）', stype: 2, content: '护理后感觉如何', tempid: 'WX-CUS' }),
);

/** A member's settled bill of `day` with one service line: `staff` at station 1, `helper` at station 2. */
async function settledBill(day: string, serviceId: number) {
  const member = await makeMember(t, a, shop1);
  return inA(async (tx) => {
    const [head] = await tx
      .insert(serviceBills)
      .values({
        tenantId: a.tenantId,
        billNo: `W${Date.now()}${serviceId}`,
        shopId: shop1,
        handTag: 1,
        businessDate: day,
        memberId: member.id,
        status: 4,
      })
      .returning({ id: serviceBills.id });
    await tx.insert(serviceBillLines).values({
      tenantId: a.tenantId,
      billId: head.id,
      lineNo: 1,
      kind: 'service',
      itemId: serviceId,
      code: 'S',
      name: 'S',
      num: 1,
      listPrice: 100,
      plainPrice: 100,
      price: 100,
      priceSource: 'list',
      listAmount: 100,
      amount: 100,
      staff: [
        { employeeId: staff.id, station: 1, appointed: false, share: 10000 },
        { employeeId: helper.id, station: 2, appointed: false, share: 10000 },
      ],
    });
    return { id: head.id, memberId: member.id };
  });
}

const sentFor = (billId: number) => inA((tx) => tx.select().from(wxMessages).where(eq(wxMessages.billId, billId)).orderBy(wxMessages.id));

describe('WeChat return visits (servicewxreturn, servicewxtask)', () => {
  it('saves a setting per service group, lists it by service type, reads it by id, and deletes it as the original client does', async () => {
    const body = { servtid: type.id, servids: [service.id], brandid: shop.brandId, postion: 1, serStatus: 1, cusStatus: 2 };
    const rule = expectOk(await a.admin.post(`${P}/servicewxreturn`, body));
    expect(rule).toMatchObject({ ...body, version: 1 });
    expect(expectOk(await a.admin.get(`${P}/servicewxreturn`, { servtid: type.id })).map((r: { id: number }) => r.id)).toContain(rule.id);
    expect(expectOk(await a.admin.get(`${P}/servicewxreturn`, { servtid: otherType.id })).map((r: { id: number }) => r.id)).not.toContain(
      rule.id,
    );
    const changed = expectOk(await a.admin.post(`${P}/servicewxreturn`, { ...body, id: rule.id, version: 1, cusStatus: 1 }));
    expect(changed).toMatchObject({ version: 2, cusStatus: 1 });
    expect(expectOk(await shopUser.client.get(`${P}/servicewxreturn/id/${rule.id}`))).toMatchObject({ id: rule.id, cusStatus: 1 });

    expect400(await a.admin.post(`${P}/servicewxreturn`, { ...body, postion: 4 }), 'postion');
    expect400(await a.admin.post(`${P}/servicewxreturn`, { ...body, servids: [otherService.id] }), 'servids');
    expectStatus(await a.admin.post(`${P}/servicewxreturn`, { ...body, id: rule.id, version: 1 }), 409);
    expectStatus(await t.client().get(`${P}/servicewxreturn`), 401);
    expectStatus(await shopUser.client.post(`${P}/servicewxreturn`, body), 403);
    expectStatus(await b.admin.get(`${P}/servicewxreturn/id/${rule.id}`), 404);
    expectStatus(await b.admin.post(`${P}/servicewxreturn`, { id: rule.id, isDel: '1' }), 404);
    const [otherBrand] = await inTenant(db, b.tenantId, (tx) => tx.select({ id: brands.id }).from(brands).limit(1));
    if (otherBrand) expectStatus(await a.admin.post(`${P}/servicewxreturn`, { ...body, brandid: otherBrand.id }), 404);

    expect(expectOk(await a.admin.post(`${P}/servicewxreturn`, { id: rule.id, isDel: '1' }))).toBeNull();
    expectStatus(await a.admin.get(`${P}/servicewxreturn/id/${rule.id}`), 404);
  });

  it('adds reminders of a kind with a template of that kind, lists them by kind, and deletes one', async () => {
    const rule = expectOk(
      await a.admin.post(`${P}/servicewxreturn`, { servtid: type.id, servids: [service.id], postion: 1, serStatus: 1, cusStatus: 1 }),
    );
    const task = expectOk(
      await a.admin.post(`${P}/servicewxtask`, { wrid: rule.id, type: 1, afterDay: 2, pstid: staffTemplate.id, pstname: 'x' }),
    );
    expect(task).toMatchObject({ wrid: rule.id, type: 1, afterDay: 2, pstid: staffTemplate.id, pstname: '回访提醒（员工）' });
    expect(expectOk(await a.admin.post(`${P}/servicewxtask/findByIdAndType`, { wrid: rule.id, type: 1 }))).toEqual([task]);
    expect(expectOk(await shopUser.client.post(`${P}/servicewxtask/findByIdAndType`, { wrid: rule.id, type: 2 }))).toEqual([]);

    expect400(await a.admin.post(`${P}/servicewxtask`, { wrid: rule.id, type: 1, afterDay: 11, pstid: staffTemplate.id }), 'afterDay');
    expect400(await a.admin.post(`${P}/servicewxtask`, { wrid: rule.id, type: 2, afterDay: 1, pstid: staffTemplate.id }), 'pstid');
    expectStatus(await t.client().post(`${P}/servicewxtask`, { wrid: rule.id, type: 1, afterDay: 1, pstid: staffTemplate.id }), 401);
    expectStatus(await shopUser.client.post(`${P}/servicewxtask`, { wrid: rule.id, type: 1, afterDay: 1, pstid: staffTemplate.id }), 403);
    expectStatus(await shopUser.client.del(`${P}/servicewxtask/${task.id}`), 403);
    expectStatus(await b.admin.post(`${P}/servicewxtask`, { wrid: rule.id, type: 1, afterDay: 1, pstid: staffTemplate.id }), 404);
    expectStatus(await b.admin.post(`${P}/servicewxtask/findByIdAndType`, { wrid: rule.id, type: 1 }), 404);
    expectStatus(await b.admin.del(`${P}/servicewxtask/${task.id}`), 404);

    expectOk(await a.admin.del(`${P}/servicewxtask/${task.id}`));
    expect(expectOk(await a.admin.post(`${P}/servicewxtask/findByIdAndType`, { wrid: rule.id, type: 1 }))).toEqual([]);
    expectStatus(await a.admin.del(`${P}/servicewxtask/${task.id}`), 404);
    expectOk(await a.admin.post(`${P}/servicewxreturn`, { id: rule.id, isDel: '1' }));
  });

  it('the daily job reminds the employee at the station and messages the customer N days after, each exactly once', async () => {
    const rule = expectOk(
      await a.admin.post(`${P}/servicewxreturn`, { servtid: type.id, servids: [service.id], postion: 2, serStatus: 1, cusStatus: 1 }),
    );
    const staffTask = expectOk(await a.admin.post(`${P}/servicewxtask`, { wrid: rule.id, type: 1, afterDay: 1, pstid: staffTemplate.id }));
    const customerTask = expectOk(
      await a.admin.post(`${P}/servicewxtask`, { wrid: rule.id, type: 2, afterDay: 3, pstid: customerTemplate.id }),
    );
    // Served three days before tomorrow: tomorrow's run sends the customer's message; the staff's was due yesterday's run.
    const tomorrow = addDays(today, 1);
    const bill = await settledBill(addDays(tomorrow, -3), service.id);
    const unrelated = await settledBill(addDays(tomorrow, -3), otherService.id);

    // The clock moved to tomorrow noon: today's and tomorrow's runs are due.
    const runner = new JobRunner(db, { batch: 50 });
    const tomorrowNoon = new Date(Date.now() + 36 * 3_600_000);
    for (let i = 0; i < 10 && (await runner.runDue(tomorrowNoon)) > 0; i++);
    const customerSent = await sentFor(bill.id);
    expect(customerSent.map((m) => [m.taskId, m.type, m.memberId, m.employeeId, m.state])).toEqual([
      [customerTask.id, 2, bill.memberId, null, 'sent'],
    ]);
    // The staff reminder of the day after the service: to the employee at station 2 only.
    await inA((tx) => runDailySms(tx, a.tenantId, addDays(tomorrow, -2)));
    const both = await sentFor(bill.id);
    expect(both.filter((m) => m.type === 1).map((m) => [m.taskId, m.employeeId, m.templateId])).toEqual([
      [staffTask.id, helper.id, staffTemplate.id],
    ]);
    // Again, and a second concurrent run of the same days: nothing more.
    await Promise.all([
      inA((tx) => runDailySms(tx, a.tenantId, tomorrow)),
      inA((tx) => runDailySms(tx, a.tenantId, addDays(tomorrow, -2))),
    ]);
    expect(await sentFor(bill.id)).toHaveLength(2);
    expect(await sentFor(unrelated.id)).toHaveLength(0);

    // A template a reminder uses stays until the reminder goes.
    expectStatus(await a.admin.del(`${P}/smstemplate/${staffTemplate.id}`), 409);

    // A reminder switched off sends nothing for a new bill.
    expectOk(
      await a.admin.post(`${P}/servicewxreturn`, {
        id: rule.id,
        servtid: type.id,
        servids: [service.id],
        postion: 2,
        serStatus: 2,
        cusStatus: 2,
      }),
    );
    const later = await settledBill(addDays(tomorrow, -1), service.id);
    await inA((tx) => runDailySms(tx, a.tenantId, addDays(tomorrow, 2)));
    await inA((tx) => runDailySms(tx, a.tenantId, tomorrow));
    expect(await sentFor(later.id)).toHaveLength(0);
    expect(
      await inA((tx) =>
        tx
          .select()
          .from(wxMessages)
          .where(and(eq(wxMessages.taskId, staffTask.id), eq(wxMessages.employeeId, staff.id))),
      ),
    ).toHaveLength(0);
  });
});
