import { packageExtensionBill } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { visibleShops } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, logBill, nextBillNumber, type TransitionContext } from '../../platform/documents.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { businessDate } from '../../platform/numbering.js';
import { keywordMatch } from '../../platform/paging.js';
import { members } from '../members/public.js';
import './packages-messages.js';
import { memberCards, memberPackageLines, memberPackages, packageExtensionLines, packageExtensions } from './schema.js';

// The package extension bill (会员套餐延期单, mempackageorder) on the bill engine: lines name a
// member's package line and its new expiry; the audit moves each line's expiry to it.

type Save = z.output<typeof packageExtensionBill.save>;

async function today(tx: Db, tenantId: number) {
  const [tenant] = await tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return businessDate(tenant?.timeZone ?? 'Asia/Shanghai');
}

/** The lines' package lines: each once, of a member the user sees, the new expiry after the current one (400 on the line). */
async function checkLines(ctx: BillCtx, lines: Save['lines']) {
  const ids = lines.map((l) => l.packageLineId);
  const found = await ctx.tx
    .select({
      id: memberPackageLines.id,
      memberId: memberPackageLines.memberId,
      expiresOn: memberPackageLines.expiresOn,
      shopId: members.shopId,
    })
    .from(memberPackageLines)
    .innerJoin(members, eq(members.id, memberPackageLines.memberId))
    .where(inArray(memberPackageLines.id, ids));
  const byId = new Map(found.map((f) => [f.id, f]));
  const visible = visibleShops(ctx.auth);
  const seen = new Set<number>();
  return lines.map((l, i) => {
    const line = byId.get(l.packageLineId);
    if (!line || (visible && !visible.includes(line.shopId))) throw notFound();
    if (seen.has(l.packageLineId)) throw fieldError(`lines.${i}.packageLineId`, 'extensionLineTwice', { line: i + 1 });
    seen.add(l.packageLineId);
    if (line.expiresOn && l.nexpiryTime <= line.expiresOn)
      throw fieldError(`lines.${i}.nexpiryTime`, 'extensionNotLater', { line: i + 1, date: line.expiresOn });
    return { ...l, memberId: line.memberId, expiryTime: line.expiresOn };
  });
}

async function writeLines(tx: Db, tenantId: number, billId: number, lines: Awaited<ReturnType<typeof checkLines>>) {
  await tx.delete(packageExtensionLines).where(eq(packageExtensionLines.extensionId, billId));
  await tx.insert(packageExtensionLines).values(
    lines.map((l, i) => ({
      tenantId,
      extensionId: billId,
      packageLineId: l.packageLineId,
      memberId: l.memberId,
      expiryTime: l.expiryTime,
      nexpiryTime: l.nexpiryTime,
      sort: (i + 1) * 10,
    })),
  );
  await tx.update(packageExtensions).set({ lineCount: lines.length }).where(eq(packageExtensions.id, billId));
}

async function save(ctx: BillCtx, body: Save, bill?: BillRow) {
  const { tx, auth } = ctx;
  const lines = await checkLines(ctx, body.lines);
  if (bill) {
    await tx
      .update(packageExtensions)
      .set({ ...(body.billDate ? { billDate: body.billDate } : {}), memo: body.memo ?? null })
      .where(eq(packageExtensions.id, bill.id));
    await writeLines(tx, auth.tenantId, bill.id, lines);
    return bill.id;
  }
  const date = await today(tx, auth.tenantId);
  const [created] = await tx
    .insert(packageExtensions)
    .values({
      tenantId: auth.tenantId,
      billNo: await nextBillNumber(tx, packageExtensionType.doc, auth.tenantId, date),
      billDate: body.billDate ?? date,
      memo: body.memo ?? null,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: packageExtensions.id });
  await writeLines(tx, auth.tenantId, created.id, lines);
  await logBill(tx, packageExtensionType.doc, created.id, 'create', null, 'draft', auth);
  return created.id;
}

/**
 * Audit moves each line's expiry: the line keeps the expiry it had at that moment (expiryTime) and
 * gets the new one; a new date no longer after the current one (moved since by another bill) is refused.
 */
async function auditEffect(tx: Db, bill: BillRow, ctx: TransitionContext) {
  const lines = await tx
    .select({
      id: packageExtensionLines.id,
      packageLineId: packageExtensionLines.packageLineId,
      nexpiryTime: packageExtensionLines.nexpiryTime,
    })
    .from(packageExtensionLines)
    .where(eq(packageExtensionLines.extensionId, bill.id))
    .orderBy(asc(packageExtensionLines.packageLineId));
  for (const [i, l] of lines.entries()) {
    const [current] = await tx
      .select({ expiresOn: memberPackageLines.expiresOn })
      .from(memberPackageLines)
      .where(eq(memberPackageLines.id, l.packageLineId))
      .for('update');
    if (current.expiresOn && l.nexpiryTime <= current.expiresOn)
      throw fieldError(`lines.${i}.nexpiryTime`, 'extensionNotLater', { line: i + 1, date: current.expiresOn });
    await tx.update(packageExtensionLines).set({ expiryTime: current.expiresOn }).where(eq(packageExtensionLines.id, l.id));
    await tx.update(memberPackageLines).set({ expiresOn: l.nexpiryTime }).where(eq(memberPackageLines.id, l.packageLineId));
  }
  return { auditedBy: ctx.auth.userId, auditedByName: ctx.auth.name, auditedAt: new Date() };
}

const { tenantId: _tenant, ...columns } = getTableColumns(packageExtensions);

async function linesOf(tx: Db, billIds: number[]) {
  if (!billIds.length) return [];
  return tx
    .select({
      id: packageExtensionLines.id,
      billId: packageExtensionLines.extensionId,
      packageLineId: packageExtensionLines.packageLineId,
      memberId: packageExtensionLines.memberId,
      memname: members.name,
      mobile: members.mobile,
      cardno: memberCards.cardNo,
      mpname: memberPackages.name,
      scode: memberPackageLines.itemCode,
      servname: memberPackageLines.itemName,
      expiryTime: packageExtensionLines.expiryTime,
      nexpiryTime: packageExtensionLines.nexpiryTime,
      sort: packageExtensionLines.sort,
    })
    .from(packageExtensionLines)
    .innerJoin(memberPackageLines, eq(memberPackageLines.id, packageExtensionLines.packageLineId))
    .innerJoin(memberPackages, eq(memberPackages.id, memberPackageLines.memberPackageId))
    .innerJoin(members, eq(members.id, packageExtensionLines.memberId))
    .leftJoin(memberCards, eq(memberCards.id, memberPackages.cardId))
    .where(inArray(packageExtensionLines.extensionId, billIds))
    .orderBy(asc(packageExtensionLines.extensionId), asc(packageExtensionLines.sort), asc(packageExtensionLines.id));
}

function listWhere({ auth }: BillCtx, q: Record<string, unknown>): SQL[] {
  const where: SQL[] = [];
  const visible = visibleShops(auth);
  // A user limited to some shops sees the bills that extend packages of their members.
  if (visible)
    where.push(
      sql`${packageExtensions.id} in (select l.extension_id from ${packageExtensionLines} l join ${members} m on m.id = l.member_id and m.tenant_id = l.tenant_id
        where l.tenant_id = ${auth.tenantId} and ${visible.length ? inArray(sql`m.shop_id`, visible) : sql`false`})`,
    );
  if (q.billNo) where.push(keywordMatch(q.billNo as string, packageExtensions.billNo));
  if (q.state) where.push(eq(packageExtensions.state, q.state as string));
  if (q.dateFrom) where.push(gte(packageExtensions.billDate, q.dateFrom as string));
  if (q.dateTo) where.push(lte(packageExtensions.billDate, q.dateTo as string));
  if (q.memid)
    where.push(
      sql`${packageExtensions.id} in (select ${packageExtensionLines.extensionId} from ${packageExtensionLines}
        where ${packageExtensionLines.tenantId} = ${auth.tenantId} and ${packageExtensionLines.memberId} = ${q.memid})`,
    );
  return where.length ? [and(...where) as SQL] : [];
}

export const packageExtensionType = billType(packageExtensionBill, {
  table: packageExtensions,
  dateField: 'billDate',
  numberPrefix: 'TY',
  headOfficePerm: 'assets.packageExtension.view',
  select: (tx) => tx.select(columns).from(packageExtensions).$dynamic(),
  lines: { table: packageExtensionLines, billKey: packageExtensionLines.extensionId, of: linesOf },
  list: {
    where: listWhere,
    sortable: { billNo: packageExtensions.billNo, billDate: packageExtensions.billDate, state: packageExtensions.state },
    order: [
      { field: 'billDate', column: packageExtensions.billDate, desc: true },
      { field: 'id', column: packageExtensions.id, desc: true },
    ],
  },
  save,
  effects: { audit: auditEffect },
  describe: {
    queryBillByPage:
      'Paged extension bills with their lines. Filters billNo, state (draft 未审核, audited 已审核), dateFrom/dateTo, memid.',
    saveBill:
      "lines: packageLineId (a member's package line, pdid), nexpiryTime (after the line's current expiry). Audit moves each line's expiry.",
  },
});
