import type {
  PackageBillAnswer,
  PackageBillKind,
  PackageLineRow,
  packageConsumeBody,
  packageRecordsQuery,
  packageSellBody,
  pagePackagesQuery,
} from '@headoffice/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLedger, keyColumn, type Movement, rowsOf } from '../../platform/ledger.js';
import { nextNumber, tenantToday, tenantZone, withinDays } from '../../platform/numbering.js';
import { pageOf } from '../../platform/paging.js';
import { products, servicePackageItems, servicePackages, services } from '../catalog/public.js';
import { users } from '../identity/public.js';
import { members } from '../members/public.js';
import { shops } from '../org/public.js';
import { assertMemberVisible, assertShop } from './assets.js';
import { type Actor, checkOwner, type MovementOwner, moveMemberTotals, ownerValues, refuseClosed } from './card-money.js';
import './packages-messages.js';
import { memberCards, memberPackageLines, memberPackages, packageBalances, packageBills, packageLedger } from './schema.js';

/**
 * The package ledger: a count per member package line (`package_balances.remaining`), never below
 * zero, and `package_ledger` rows traced to their package bill. A member's `packageValue` moves with
 * it: Σ count left × unit price over the lines that are not gifts.
 */
export const packageBook = defineLedger({
  name: 'package',
  balanceTable: 'package_balances',
  ledgerTable: 'package_ledger',
  keys: { packageLineId: keyColumn.id('package_line_id') },
  amountColumn: 'remaining',
  touchColumn: 'updated_at',
  refuse: (s) => conflict('packageCountShort', { available: s.available, needed: s.needed }),
});

const prefixes: Record<Exclude<PackageBillKind, 'revoke'>, string> = { sell: 'TC', consume: 'TX', refund: 'TT' };

/** A package line locked for the rest of the transaction, with its holder's state and its expiry. */
export interface LockedLine {
  id: number;
  memberId: number;
  memberStatus: number;
  itemName: string;
  unitPrice: number;
  isGift: boolean;
  expired: boolean;
  expiresOn: string | null;
  shopId: number;
}

/**
 * The lines, locked in id order (two transactions never wait on each other in a cycle); 404 when one
 * is missing. A line is expired when its last day is before `today` (the company's, `tenantToday`).
 */
export async function lockLines(tx: Db, ids: number[], today: string): Promise<Map<number, LockedLine>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select({
      id: memberPackageLines.id,
      memberId: memberPackageLines.memberId,
      memberStatus: members.status,
      itemName: memberPackageLines.itemName,
      unitPrice: memberPackageLines.unitPrice,
      isGift: memberPackageLines.isGift,
      expired: sql<boolean>`coalesce(${memberPackageLines.expiresOn} < ${today}::date, false)`,
      expiresOn: memberPackageLines.expiresOn,
      shopId: memberPackages.shopId,
    })
    .from(memberPackageLines)
    .innerJoin(memberPackages, eq(memberPackages.id, memberPackageLines.memberPackageId))
    .innerJoin(members, eq(members.id, memberPackageLines.memberId))
    .where(inArray(memberPackageLines.id, unique))
    .orderBy(asc(memberPackageLines.id))
    .for('update', { of: memberPackageLines });
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.id, { ...r, unitPrice: Number(r.unitPrice), isGift: r.isGift === 1 }]));
}

/** The money value of a count on a line (gift lines: none). */
const moneyOf = (line: { unitPrice: number; isGift: boolean }, count: number) => (line.isGift ? 0 : count * line.unitPrice);

interface PostInput {
  kind: Exclude<PackageBillKind, 'revoke'>;
  memberId: number;
  shopId: number;
  memo?: string | null;
  /** Signed counts per line. */
  movements: { line: LockedLine; delta: number }[];
  owner: MovementOwner | null;
}

/** Writes a package bill and posts its counts (a line below zero refuses the whole bill); the member's package value moves. */
export async function postPackageBill(tx: Db, actor: Actor, input: PostInput): Promise<{ billId: number; billNo: string }> {
  await refuseClosed(tx, actor.tenantId, [input.shopId, ...input.movements.map((m) => m.line.shopId)]);
  const billNo = await nextNumber(tx, actor.tenantId, prefixes[input.kind], await tenantToday(tx, actor.tenantId));
  const [bill] = await tx
    .insert(packageBills)
    .values({
      tenantId: actor.tenantId,
      billNo,
      kind: input.kind,
      memberId: input.memberId,
      shopId: input.shopId,
      memo: input.memo ?? null,
      createdBy: actor.userId,
      ...ownerValues(input.owner),
    })
    .returning({ id: packageBills.id });
  const movements: Movement<{ packageLineId: number }>[] = input.movements.map((m) => ({
    packageLineId: m.line.id,
    delta: m.delta,
    lineId: null,
  }));
  await packageBook.post(tx, movements, {
    tenantId: actor.tenantId,
    docType: `package.${input.kind}`,
    billId: bill.id,
    allowNegative: false,
  });
  const value = input.movements.reduce((s, m) => s + moneyOf(m.line, m.delta), 0);
  await moveMemberTotals(tx, [{ memberId: input.memberId, packageValue: value }]);
  return { billId: bill.id, billNo };
}

/** A bill's ledger rows (or its reversal rows), in the order written, with each line's name and price. */
async function rowsOfBill(tx: Db, docType: string, billId: number, reversals = false) {
  const rows = await tx
    .select({
      lineId: packageLedger.packageLineId,
      itemName: memberPackageLines.itemName,
      amount: packageLedger.delta,
      balance: packageLedger.balance,
      unitPrice: memberPackageLines.unitPrice,
    })
    .from(packageLedger)
    .innerJoin(memberPackageLines, eq(memberPackageLines.id, packageLedger.packageLineId))
    .where(
      and(
        eq(packageLedger.docType, docType),
        eq(packageLedger.billId, billId),
        reversals ? sql`${packageLedger.reversesId} is not null` : sql`${packageLedger.reversesId} is null`,
      ),
    )
    .orderBy(asc(packageLedger.id));
  return rows.map((r) => ({ ...r, unitPrice: Number(r.unitPrice) }));
}

type SellInput = z.output<typeof packageSellBody>;

/** The lines of a sale: given, or the catalogue package's items with each item's share split over its count. */
async function saleLines(tx: Db, input: SellInput) {
  if (input.lines) return input.lines;
  const items = await tx
    .select({
      serviceId: servicePackageItems.serviceId,
      productId: servicePackageItems.productId,
      quantity: servicePackageItems.quantity,
      amount: servicePackageItems.amount,
    })
    .from(servicePackageItems)
    .where(eq(servicePackageItems.packageId, input.packageId as number))
    .orderBy(asc(servicePackageItems.sort), asc(servicePackageItems.id));
  if (!items.length) throw conflict('packageNoItems');
  // The batch's unit price is the item's share per use, rounded half up to the cent.
  return items.map((i) => ({
    itemType: (i.serviceId ? 1 : 2) as 1 | 2,
    serviceId: i.serviceId ?? undefined,
    productId: i.productId ?? undefined,
    total: i.quantity,
    unitPrice: Math.floor((2 * i.amount + i.quantity) / (2 * i.quantity)),
    isGift: false,
  }));
}

/**
 * Sells a package to a member (the till's 购买套餐, or head office): a member package with its lines,
 * each line's count posted as 购买 on the package ledger. Refused for a cancelled or frozen member.
 */
export async function sellPackage(tx: Db, actor: Actor, input: SellInput, owner: MovementOwner | null): Promise<PackageBillAnswer> {
  if (!input.packageId && !input.lines) throw fieldError('lines', 'packageOrLines');
  if (!input.packageId && !input.name) throw fieldError('name', 'packageName');
  const [member] = await tx
    .select({ id: members.id, status: members.status })
    .from(members)
    .where(eq(members.id, input.memberId))
    .for('update');
  if (!member) throw notFound();
  if (member.status === 3) throw conflict('cardMemberCancelled');
  if (member.status === 2) throw conflict('packageMemberFrozen');
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId));
  if (!shop) throw notFound();
  let name = input.name;
  let expiresOn: string | null = input.expiresOn ?? null;
  const today = await tenantToday(tx, actor.tenantId);
  if (input.packageId) {
    const [pkg] = await tx
      .select({ name: servicePackages.name, validityDays: servicePackages.validityDays, status: servicePackages.status })
      .from(servicePackages)
      .where(eq(servicePackages.id, input.packageId));
    if (!pkg) throw notFound();
    if (pkg.status !== 1) throw conflict('packageNotSold', { name: pkg.name });
    name ??= pkg.name;
    if (!input.expiresOn && pkg.validityDays) {
      const [row] = rowsOf<{ d: string }>(await tx.execute(sql`select (${today}::date + ${pkg.validityDays}::int)::text as d`));
      expiresOn = row.d;
    }
  }
  if (expiresOn && expiresOn < today) throw new AppError(400, 'packageExpiryPast');
  if (input.cardId) {
    const [card] = await tx.select({ memberId: memberCards.memberId }).from(memberCards).where(eq(memberCards.id, input.cardId));
    if (!card) throw notFound();
    if (card.memberId !== member.id) throw conflict('packageCardOtherMember');
  }
  const lines = await saleLines(tx, input);
  const items = await itemsOf(tx, lines);
  const [pkg] = await tx
    .insert(memberPackages)
    .values({
      tenantId: actor.tenantId,
      memberId: member.id,
      cardId: input.cardId ?? null,
      packageId: input.packageId ?? null,
      name: name as string,
      shopId: input.shopId,
      soldOn: today,
      memo: input.memo ?? null,
      createdBy: actor.userId,
    })
    .returning({ id: memberPackages.id });
  const inserted = await tx
    .insert(memberPackageLines)
    .values(
      lines.map((l, i) => ({
        tenantId: actor.tenantId,
        memberPackageId: pkg.id,
        memberId: member.id,
        itemType: l.itemType,
        serviceId: l.itemType === 1 ? (l.serviceId ?? null) : null,
        productId: l.itemType === 2 ? (l.productId ?? null) : null,
        itemCode: items[i].code,
        itemName: items[i].name,
        total: l.total,
        unitPrice: l.unitPrice,
        expiresOn,
        isGift: input.isGift || l.isGift ? 1 : 0,
        sort: (i + 1) * 10,
      })),
    )
    .returning({ id: memberPackageLines.id });
  const locked = await lockLines(
    tx,
    inserted.map((r) => r.id),
    today,
  );
  const bill = await postPackageBill(tx, actor, {
    kind: 'sell',
    memberId: member.id,
    shopId: input.shopId,
    memo: input.memo,
    movements: inserted.map((r, i) => ({ line: locked.get(r.id) as LockedLine, delta: lines[i].total })),
    owner,
  });
  await tx.update(memberPackages).set({ billId: bill.billId }).where(eq(memberPackages.id, pkg.id));
  return {
    ...bill,
    kind: 'sell',
    memberId: member.id,
    memberPackageId: pkg.id,
    rows: await rowsOfBill(tx, 'package.sell', bill.billId),
  };
}

/** Each line's item code and name from the catalogue (404 for an unknown service or product). */
async function itemsOf(tx: Db, lines: { itemType: 1 | 2; serviceId?: number; productId?: number }[]) {
  const serviceIds = lines.filter((l) => l.itemType === 1).map((l) => l.serviceId as number);
  const productIds = lines.filter((l) => l.itemType === 2).map((l) => l.productId as number);
  const found = new Map<string, { code: string; name: string }>();
  if (serviceIds.length)
    for (const s of await tx
      .select({ id: services.id, code: services.code, name: services.name })
      .from(services)
      .where(inArray(services.id, serviceIds)))
      found.set(`1:${s.id}`, s);
  if (productIds.length)
    for (const p of await tx
      .select({ id: products.id, code: products.pcode, name: products.name })
      .from(products)
      .where(inArray(products.id, productIds)))
      found.set(`2:${p.id}`, p);
  return lines.map((l) => {
    const item = found.get(`${l.itemType}:${l.itemType === 1 ? l.serviceId : l.productId}`);
    if (!item) throw notFound();
    return item;
  });
}

/** Refuses using a line: its holder cancelled or frozen, the line expired. */
function checkUsable(line: LockedLine) {
  if (line.memberStatus === 3) throw conflict('cardMemberCancelled');
  if (line.memberStatus === 2) throw conflict('packageMemberFrozen');
  if (line.expired) throw conflict('packageExpired', { name: line.itemName, date: line.expiresOn ?? '' });
}

/**
 * Uses counts of a member's package lines at a shop (the till's 套餐消费), as one bill: refused past
 * the count left (409 naming what is left), on an expired line and for a frozen or cancelled member.
 * Answers the exact rows with each line's unit price (the value used, for performance and reports).
 */
export async function consumePackages(
  tx: Db,
  actor: Actor,
  input: z.output<typeof packageConsumeBody>,
  owner: MovementOwner | null,
): Promise<PackageBillAnswer> {
  const seen = new Set<number>();
  for (const [i, item] of input.items.entries()) {
    if (seen.has(item.lineId)) throw new AppError(400, 'packageLineTwice', { line: i + 1 });
    seen.add(item.lineId);
  }
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId));
  if (!shop) throw notFound();
  const lines = await lockLines(
    tx,
    input.items.map((i) => i.lineId),
    await tenantToday(tx, actor.tenantId),
  );
  const memberIds = new Set([...lines.values()].map((l) => l.memberId));
  if (memberIds.size !== 1) throw conflict('packageLinesOfOneMember');
  for (const line of lines.values()) checkUsable(line);
  const memberId = [...memberIds][0];
  const bill = await postPackageBill(tx, actor, {
    kind: 'consume',
    memberId,
    shopId: input.shopId,
    memo: input.memo,
    movements: input.items.map((i) => ({ line: lines.get(i.lineId) as LockedLine, delta: -i.count })),
    owner,
  });
  return { ...bill, kind: 'consume', memberId, memberPackageId: null, rows: await rowsOfBill(tx, 'package.consume', bill.billId) };
}

/**
 * Revokes (撤单) a package bill: a use gives its counts back, a sale takes them away (refused once
 * some were used: a line would go below zero). The rows are reversed exactly, under the same bill.
 * A bill another bill made is revoked only by that bill (`by`), with the rest of it.
 */
export async function revokePackageBill(tx: Db, actor: Actor, input: { billId: number; memo: string }, by?: MovementOwner) {
  const [bill] = await tx.select().from(packageBills).where(eq(packageBills.id, input.billId)).for('update');
  if (!bill) throw notFound();
  checkOwner(bill, by);
  if (bill.revokedAt) throw conflict('billRevoked', { billNo: bill.billNo });
  // A refund is taken back only with the bill that made it (its owner asks).
  if (!['consume', 'sell', ...(by ? ['refund'] : [])].includes(bill.kind)) throw conflict('billNotRevocable', { billNo: bill.billNo });
  const docType = `package.${bill.kind}`;
  const reversal = await packageBook.reversalOf(tx, docType, bill.id);
  const lines = await lockLines(
    tx,
    reversal.map((m) => m.packageLineId),
    await tenantToday(tx, actor.tenantId),
  );
  await refuseClosed(tx, actor.tenantId, [bill.shopId, ...[...lines.values()].map((l) => l.shopId)], bill.createdAt);
  await packageBook.post(tx, reversal, { tenantId: actor.tenantId, docType, billId: bill.id, allowNegative: false });
  const value = reversal.reduce((s, m) => s + moneyOf(lines.get(m.packageLineId) as LockedLine, m.delta), 0);
  await moveMemberTotals(tx, [{ memberId: bill.memberId, packageValue: value }]);
  await tx
    .update(packageBills)
    .set({ revokedAt: sql`now()`, revokedBy: actor.userId, revokeMemo: input.memo })
    .where(eq(packageBills.id, bill.id));
  return {
    billId: bill.id,
    billNo: bill.billNo,
    kind: 'revoke' as const,
    memberId: bill.memberId,
    memberPackageId: null,
    rows: await rowsOfBill(tx, docType, bill.id, true),
  };
}

/** Moves the packages linked to a card to the card's new holder (转卡), with their value. */
export async function movePackagesWithCard(tx: Db, cardId: number, fromMemberId: number, toMemberId: number) {
  const linked = await tx
    .select({ id: memberPackages.id })
    .from(memberPackages)
    .where(and(eq(memberPackages.cardId, cardId), eq(memberPackages.memberId, fromMemberId)));
  if (!linked.length) return;
  const ids = linked.map((p) => p.id);
  const [{ value }] = await tx
    .select({
      value: sql<string>`coalesce(sum(${packageBalances.remaining} * ${memberPackageLines.unitPrice}) filter (where ${memberPackageLines.isGift} = 0), 0)`,
    })
    .from(memberPackageLines)
    .innerJoin(packageBalances, eq(packageBalances.packageLineId, memberPackageLines.id))
    .where(inArray(memberPackageLines.memberPackageId, ids));
  await tx.update(memberPackages).set({ memberId: toMemberId }).where(inArray(memberPackages.id, ids));
  await tx.update(memberPackageLines).set({ memberId: toMemberId }).where(inArray(memberPackageLines.memberPackageId, ids));
  await moveMemberTotals(tx, [
    { memberId: fromMemberId, packageValue: -Number(value) },
    { memberId: toMemberId, packageValue: Number(value) },
  ]);
}

// ------------------------------ reads ------------------------------

/** A package line's columns as the lists show them, `expired` as of `today` (the company's). */
const lineColumns = (today: string) => ({
  id: memberPackageLines.id,
  memberPackageId: memberPackageLines.memberPackageId,
  memberId: memberPackageLines.memberId,
  memname: members.name,
  mobile: members.mobile,
  mpname: memberPackages.name,
  cardId: memberPackages.cardId,
  cardno: memberCards.cardNo,
  stype: memberPackageLines.itemType,
  servId: memberPackageLines.serviceId,
  productId: memberPackageLines.productId,
  scode: memberPackageLines.itemCode,
  servname: memberPackageLines.itemName,
  total: memberPackageLines.total,
  snum: sql<number>`coalesce(${packageBalances.remaining}, 0)`,
  singlePrice: memberPackageLines.unitPrice,
  expiryTime: memberPackageLines.expiresOn,
  expired: sql<boolean>`coalesce(${memberPackageLines.expiresOn} < ${today}::date, false)`,
  isGift: memberPackageLines.isGift,
  shopId: memberPackages.shopId,
  shopName: shops.name,
  soldOn: memberPackages.soldOn,
});

const linesFrom = (tx: Db, today: string) =>
  tx
    .select(lineColumns(today))
    .from(memberPackageLines)
    .innerJoin(memberPackages, eq(memberPackages.id, memberPackageLines.memberPackageId))
    .innerJoin(members, eq(members.id, memberPackageLines.memberId))
    .innerJoin(shops, eq(shops.id, memberPackages.shopId))
    .leftJoin(memberCards, eq(memberCards.id, memberPackages.cardId))
    .leftJoin(packageBalances, eq(packageBalances.packageLineId, memberPackageLines.id))
    .$dynamic();

type RawLine = Awaited<ReturnType<ReturnType<typeof linesFrom>['execute']>>[number];
const shapeLine = (r: RawLine): PackageLineRow => {
  const snum = Number(r.snum);
  const singlePrice = Number(r.singlePrice);
  return { ...r, snum, singlePrice, lessmoney: snum * singlePrice, isGift: r.isGift === 1, expired: Boolean(r.expired) };
};

const itemMatch = (text: string) =>
  or(ilike(memberPackageLines.itemCode, `%${text}%`), ilike(memberPackageLines.itemName, `%${text}%`)) as SQL;

/** memPackagedescList: a member's package lines (optionally only usable ones, or matching an item's code or name). */
export async function memberPackageLinesOf(tx: Db, auth: Auth, q: { memid: number; scodename?: string; valid?: number }) {
  await assertMemberVisible(tx, auth, q.memid);
  const today = await tenantToday(tx, auth.tenantId);
  const where: SQL[] = [eq(memberPackageLines.memberId, q.memid)];
  if (q.scodename) where.push(itemMatch(q.scodename));
  if (q.valid === 1)
    where.push(sql`coalesce(${packageBalances.remaining}, 0) > 0`, sql`coalesce(${memberPackageLines.expiresOn} >= ${today}::date, true)`);
  const rows = await linesFrom(tx, today)
    .where(and(...where))
    .orderBy(asc(memberPackageLines.memberPackageId), asc(memberPackageLines.sort), asc(memberPackageLines.id));
  return rows.map(shapeLine);
}

/** Lines a user may pick for an extension bill: of members of their shops, with a count left, up to 200. */
export async function pickPackageLines(tx: Db, auth: Auth, keyword?: string) {
  const where: SQL[] = [sql`coalesce(${packageBalances.remaining}, 0) > 0`];
  const visible = visibleShops(auth);
  if (visible) where.push(visible.length ? inArray(members.shopId, visible) : sql`false`);
  if (keyword) where.push(or(eq(members.mobile, keyword), eq(members.name, keyword), itemMatch(keyword)) as SQL);
  const rows = await linesFrom(tx, await tenantToday(tx, auth.tenantId))
    .where(and(...where))
    .orderBy(desc(memberPackageLines.id))
    .limit(200);
  return rows.map((r) => {
    const line = shapeLine(r);
    return { ...line, label: `${line.memname} ${line.mobile} · ${line.mpname} · ${line.servname} (${line.expiryTime ?? '—'})` };
  });
}

/** pagePackages: package lines of the chain's members (a user limited to shops: their members), newest first. */
export async function pagePackages(tx: Db, auth: Auth, q: z.output<typeof pagePackagesQuery>) {
  const where: SQL[] = [];
  const visible = visibleShops(auth);
  if (visible) where.push(visible.length ? inArray(members.shopId, visible) : sql`false`);
  if (q.memberId) where.push(eq(memberPackageLines.memberId, q.memberId));
  if (q.mobile) where.push(eq(members.mobile, q.mobile));
  if (q.shopId) {
    assertShop(auth, q.shopId);
    where.push(eq(memberPackages.shopId, q.shopId));
  }
  if (q.scodename) where.push(itemMatch(q.scodename));
  const today = await tenantToday(tx, auth.tenantId);
  if (q.state === 'expired') where.push(sql`${memberPackageLines.expiresOn} < ${today}::date`);
  if (q.state === 'usedUp') where.push(sql`coalesce(${packageBalances.remaining}, 0) = 0`);
  if (q.state === 'active')
    where.push(sql`coalesce(${packageBalances.remaining}, 0) > 0`, sql`coalesce(${memberPackageLines.expiresOn} >= ${today}::date, true)`);
  const filter = where.length ? and(...where) : undefined;
  const page = await pageOf(
    tx,
    q,
    linesFrom(tx, today)
      .where(filter)
      .orderBy(desc(memberPackageLines.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () =>
      tx
        .select({ id: memberPackageLines.id })
        .from(memberPackageLines)
        .innerJoin(memberPackages, eq(memberPackages.id, memberPackageLines.memberPackageId))
        .innerJoin(members, eq(members.id, memberPackageLines.memberId))
        .leftJoin(packageBalances, eq(packageBalances.packageLineId, memberPackageLines.id))
        .where(filter),
  );
  return { ...page, list: page.list.map(shapeLine) };
}

/** queryPackageRecords: the package ledger, newest first (a user limited to shops: their members' lines). */
export async function packageRecords(tx: Db, auth: Auth, q: z.output<typeof packageRecordsQuery>) {
  const where: SQL[] = [];
  if (q.memberId) {
    await assertMemberVisible(tx, auth, q.memberId);
    where.push(eq(memberPackageLines.memberId, q.memberId));
  }
  if (q.lineId) where.push(eq(packageLedger.packageLineId, q.lineId));
  if (q.shopId) {
    assertShop(auth, q.shopId);
    where.push(eq(packageBills.shopId, q.shopId));
  }
  where.push(...withinDays(packageLedger.at, await tenantZone(tx, auth.tenantId), q.dateFrom, q.dateTo));
  const visible = visibleShops(auth);
  if (visible) where.push(visible.length ? inArray(members.shopId, visible) : sql`false`);
  const filter = where.length ? and(...where) : undefined;
  const from = () =>
    tx
      .select({
        id: packageLedger.id,
        lineId: packageLedger.packageLineId,
        mpname: memberPackages.name,
        servname: memberPackageLines.itemName,
        memberId: memberPackageLines.memberId,
        memname: members.name,
        shopId: packageBills.shopId,
        shopName: shops.name,
        billId: packageBills.id,
        billNo: packageBills.billNo,
        kind: sql<string>`case when ${packageLedger.reversesId} is not null then 'revoke' else ${packageBills.kind} end`,
        saleNum: packageLedger.delta,
        surplusNum: packageLedger.balance,
        memo: sql<
          string | null
        >`case when ${packageLedger.reversesId} is not null then ${packageBills.revokeMemo} else ${packageBills.memo} end`,
        at: packageLedger.at,
        by: users.name,
      })
      .from(packageLedger)
      .innerJoin(packageBills, eq(packageBills.id, packageLedger.billId))
      .innerJoin(memberPackageLines, eq(memberPackageLines.id, packageLedger.packageLineId))
      .innerJoin(memberPackages, eq(memberPackages.id, memberPackageLines.memberPackageId))
      .innerJoin(members, eq(members.id, memberPackageLines.memberId))
      .innerJoin(shops, eq(shops.id, packageBills.shopId))
      .leftJoin(users, eq(users.id, packageBills.createdBy));
  const page = await pageOf(
    tx,
    q,
    from()
      .where(filter)
      .orderBy(desc(packageLedger.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () =>
      tx
        .select({ id: packageLedger.id })
        .from(packageLedger)
        .innerJoin(packageBills, eq(packageBills.id, packageLedger.billId))
        .innerJoin(memberPackageLines, eq(memberPackageLines.id, packageLedger.packageLineId))
        .innerJoin(members, eq(members.id, memberPackageLines.memberId))
        .where(filter),
  );
  return {
    ...page,
    list: page.list.map((r) => ({ ...r, kind: r.kind as PackageBillKind, at: new Date(r.at as unknown as string).toISOString() })),
  };
}
