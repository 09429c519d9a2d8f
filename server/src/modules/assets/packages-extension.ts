import { packageExtensionBill } from '@headoffice/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inVisibleShops, visibleShops } from '../../platform/auth.js';
import { type BillCtx, type BillOf, billType } from '../../platform/bills.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { members } from '../members/public.js';
import './packages-messages.js';
import { memberCards, memberPackageLines, memberPackages, packageExtensionLines, packageExtensions } from './schema.js';

type Save = z.output<typeof packageExtensionBill.save>;

/** The lines' package lines: each once, of a member the user sees, the new expiry after the current one (400 on the line). */
async function checkLines(ctx: BillCtx, lines: Save['lines']) {
  const ids = lines.map((l) => l.packageLineId);
  const found = await ctx.tx
    .select({
      id: memberPackageLines.id,
      memberId: memberPackageLines.memberId,
      expiresOn: memberPackageLines.expiresOn,
    })
    .from(memberPackageLines)
    .innerJoin(members, eq(members.id, memberPackageLines.memberId))
    .where(and(inArray(memberPackageLines.id, ids), inVisibleShops(ctx.auth, members.shopId)));
  const byId = new Map(found.map((f) => [f.id, f]));
  return lines.map((l, i) => {
    const line = byId.get(l.packageLineId);
    if (!line) throw notFound();
    if (lines.findIndex((o) => o.packageLineId === l.packageLineId) !== i)
      throw fieldError(`lines.${i}.packageLineId`, 'extensionLineTwice', { line: i + 1 });
    if (line.expiresOn && l.nexpiryTime <= line.expiresOn)
      throw fieldError(`lines.${i}.nexpiryTime`, 'extensionNotLater', { line: i + 1, date: line.expiresOn });
    return { memberId: line.memberId, expiryTime: line.expiresOn };
  });
}

/**
 * Audit moves each line's expiry: the line keeps the expiry it had at that moment (expiryTime) and
 * gets the new one; a new date no longer after the current one (moved since by another bill) is refused.
 */
async function auditEffect(tx: Db, bill: BillOf<typeof packageExtensions>) {
  const lines = await tx
    .select()
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
  return undefined;
}

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

/** A user limited to some shops sees the bills that extend packages of their members. */
function ofVisibleMembers({ tx, auth }: BillCtx): SQL[] {
  const visible = visibleShops(auth);
  if (!visible) return [];
  const theirs = tx
    .select({ id: packageExtensionLines.extensionId })
    .from(packageExtensionLines)
    .innerJoin(members, and(eq(members.id, packageExtensionLines.memberId), eq(members.tenantId, packageExtensionLines.tenantId)))
    .where(and(eq(packageExtensionLines.tenantId, auth.tenantId), inArray(members.shopId, visible.length ? visible : [0])));
  return [inArray(packageExtensions.id, theirs)];
}

export const packageExtensionType = billType(packageExtensionBill, {
  table: packageExtensions,
  numberPrefix: 'TY',
  headOfficePerm: 'assets.packageExtension.view',
  lines: { table: packageExtensionLines, of: linesOf },
  list: { where: ofVisibleMembers },
  prepare: async (_ctx, body) => ({ lineCount: body.lines.length }),
  lineValues: checkLines,
  effects: { audit: auditEffect },
  describe: {
    saveBill:
      "lines: packageLineId (a member's package line, pdid), nexpiryTime (after the line's current expiry). Audit moves each line's expiry.",
  },
});
