import type { wxReturnBody, wxTaskBody } from '@headoffice/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { addDays } from '../../platform/numbering.js';
import { serviceBillLines, serviceBills } from '../cashier/public.js';
import { services } from '../catalog/public.js';
import { members } from '../members/public.js';
import { brands, shops } from '../org/public.js';
import { smsAutoSent, smsTemplates, wxMessages, wxReturnRules, wxReturnTasks } from './schema.js';

defineMessages({
  wxServiceOtherType: ['所选服务须属于该服务类别', 'The services must be of the chosen service type'],
  wxTemplateKind: ['模板类型与提醒对象不符', "The template's kind is not the reminder's (staff or customer)"],
});

/** The WeChat settings are the chain's: a user limited to shops reads them and changes none. */
function assertHeadOffice(auth: Auth) {
  if (visibleShops(auth)) throw forbidden('shopForbidden');
}

const ruleRow = (r: typeof wxReturnRules.$inferSelect) => ({
  id: r.id,
  version: r.version,
  servtid: r.serviceTypeId,
  servids: r.serviceIds,
  brandid: r.brandId,
  postion: r.station,
  serStatus: r.staffOn,
  cusStatus: r.customerOn,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listWxRules(tx: Db, serviceTypeId?: number) {
  const rows = await tx
    .select()
    .from(wxReturnRules)
    .where(serviceTypeId ? eq(wxReturnRules.serviceTypeId, serviceTypeId) : undefined)
    .orderBy(wxReturnRules.id);
  return rows.map(ruleRow);
}

export async function oneWxRule(tx: Db, id: number) {
  const [row] = await tx.select().from(wxReturnRules).where(eq(wxReturnRules.id, id));
  if (!row) throw notFound();
  return ruleRow(row);
}

/** Creates, changes (with its version) or deletes (`isDel`) a setting; its services must be of its type. */
export async function saveWxRule(tx: Db, auth: Auth, body: z.output<typeof wxReturnBody>, schedule: () => Promise<void>) {
  assertHeadOffice(auth);
  if ('isDel' in body) {
    const [gone] = await tx.delete(wxReturnRules).where(eq(wxReturnRules.id, body.id)).returning({ id: wxReturnRules.id });
    if (!gone) throw notFound();
    return null;
  }
  const serviceIds = [...new Set(body.servids)];
  const found = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, serviceIds), eq(services.serviceTypeId, body.servtid)));
  if (found.length !== serviceIds.length) throw fieldError('servids', 'wxServiceOtherType');
  if (body.brandid) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brandid));
    if (!brand) throw notFound();
  }
  const values = {
    serviceTypeId: body.servtid,
    serviceIds,
    brandId: body.brandid ?? null,
    station: body.postion,
    staffOn: body.serStatus,
    customerOn: body.cusStatus,
  };
  let row: typeof wxReturnRules.$inferSelect | undefined;
  if (body.id) {
    const [old] = await tx.select().from(wxReturnRules).where(eq(wxReturnRules.id, body.id)).for('update');
    if (!old) throw notFound();
    if (body.version !== undefined && body.version !== old.version) throw conflict('staleVersion');
    [row] = await tx
      .update(wxReturnRules)
      .set({ ...values, version: sql`${wxReturnRules.version} + 1`, updatedAt: sql`now()` })
      .where(eq(wxReturnRules.id, body.id))
      .returning();
  } else {
    [row] = await tx
      .insert(wxReturnRules)
      .values({ tenantId: auth.tenantId, ...values, createdBy: auth.userId, createdByName: auth.name })
      .returning();
  }
  await schedule();
  return ruleRow(row as typeof wxReturnRules.$inferSelect);
}

async function taskRows(tx: Db, where: ReturnType<typeof and>) {
  const rows = await tx
    .select({ t: wxReturnTasks, name: smsTemplates.name })
    .from(wxReturnTasks)
    .innerJoin(smsTemplates, eq(smsTemplates.id, wxReturnTasks.templateId))
    .where(where)
    .orderBy(wxReturnTasks.afterDays, wxReturnTasks.id);
  return rows.map(({ t, name }) => ({
    id: t.id,
    wrid: t.ruleId,
    type: t.type,
    afterDay: t.afterDays,
    pstid: t.templateId,
    pstname: name,
    createdAt: t.createdAt.toISOString(),
  }));
}

export async function findWxTasks(tx: Db, ruleId: number, type: number) {
  const [rule] = await tx.select({ id: wxReturnRules.id }).from(wxReturnRules).where(eq(wxReturnRules.id, ruleId));
  if (!rule) throw notFound();
  return taskRows(tx, and(eq(wxReturnTasks.ruleId, ruleId), eq(wxReturnTasks.type, type)));
}

/** Adds a reminder to a setting; its template must be of the reminder's kind (1 staff, 2 customer). */
export async function addWxTask(tx: Db, auth: Auth, body: z.output<typeof wxTaskBody>, schedule: () => Promise<void>) {
  assertHeadOffice(auth);
  const [rule] = await tx.select({ id: wxReturnRules.id }).from(wxReturnRules).where(eq(wxReturnRules.id, body.wrid));
  const [template] = await tx.select({ kind: smsTemplates.kind }).from(smsTemplates).where(eq(smsTemplates.id, body.pstid));
  if (!rule || !template) throw notFound();
  if (template.kind !== body.type) throw fieldError('pstid', 'wxTemplateKind');
  const [row] = await tx
    .insert(wxReturnTasks)
    .values({
      tenantId: auth.tenantId,
      ruleId: body.wrid,
      type: body.type,
      afterDays: body.afterDay,
      templateId: body.pstid,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: wxReturnTasks.id });
  await schedule();
  return (await taskRows(tx, eq(wxReturnTasks.id, row.id)))[0];
}

export async function deleteWxTask(tx: Db, auth: Auth, id: number) {
  assertHeadOffice(auth);
  const [gone] = await tx.delete(wxReturnTasks).where(eq(wxReturnTasks.id, id)).returning({ id: wxReturnTasks.id });
  if (!gone) throw notFound();
}

/**
 * The day's WeChat return visits: for each reminder, the settled bills of `afterDays` ago with a
 * member and a service of its setting (in a shop of its brand). A customer message is one per bill;
 * a staff reminder one per service line, to the employee at the setting's station. Each occasion's
 * once-only row (the SMS texts' key) is written first, so a second run or a concurrent one sends nothing
 * again; the sandbox delivers at once (no WeChat link).
 */
export async function runWxReturnVisits(tx: Db, tenantId: number, day: string) {
  const tasks = await tx
    .select({ task: wxReturnTasks, rule: wxReturnRules })
    .from(wxReturnTasks)
    .innerJoin(wxReturnRules, eq(wxReturnRules.id, wxReturnTasks.ruleId))
    .orderBy(wxReturnTasks.id);
  let sent = 0;
  for (const { task, rule } of tasks) {
    const toStaff = task.type === 1;
    if ((toStaff ? rule.staffOn : rule.customerOn) !== 1 || !rule.serviceIds.length) continue;
    const lines = await tx
      .select({
        billId: serviceBills.id,
        lineId: serviceBillLines.id,
        shopId: serviceBills.shopId,
        memberId: members.id,
        staff: serviceBillLines.staff,
      })
      .from(serviceBills)
      .innerJoin(serviceBillLines, and(eq(serviceBillLines.billId, serviceBills.id), eq(serviceBillLines.kind, 'service')))
      .innerJoin(members, eq(members.id, serviceBills.memberId))
      .innerJoin(shops, eq(shops.id, serviceBills.shopId))
      .where(
        and(
          eq(serviceBills.businessDate, addDays(day, -task.afterDays)),
          eq(serviceBills.status, 4),
          eq(serviceBills.isHc, 0),
          isNotNull(serviceBills.memberId),
          eq(members.status, 1),
          inArray(serviceBillLines.itemId, rule.serviceIds),
          rule.brandId ? eq(shops.brandId, rule.brandId) : undefined,
        ),
      )
      .orderBy(serviceBillLines.id);
    const occasions = toStaff
      ? lines.flatMap((l) =>
          l.staff
            .filter((s) => s.station === rule.station)
            .map((s) => ({ ...l, key: l.lineId, employeeId: s.employeeId as number | null })),
        )
      : [...new Map(lines.map((l) => [l.billId, { ...l, key: l.billId, employeeId: null as number | null }])).values()];
    for (const o of occasions) {
      const [first] = await tx
        .insert(smsAutoSent)
        .values({ tenantId, occasion: `wx:${task.id}${o.employeeId ? `:${o.employeeId}` : ''}`, memberId: o.memberId, key: o.key })
        .onConflictDoNothing()
        .returning({ memberId: smsAutoSent.memberId });
      if (!first) continue;
      await tx.insert(wxMessages).values({
        tenantId,
        shopId: o.shopId,
        taskId: task.id,
        type: task.type,
        billId: o.billId,
        memberId: o.memberId,
        employeeId: o.employeeId,
        templateId: task.templateId,
        state: 'sent',
        sentAt: sql`now()`,
      });
      sent++;
    }
  }
  return sent;
}
