import type { MemberDetail, MemberRow, memberListQuery, memberSave } from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { defineProvider } from '../../platform/hooks.js';
import { reserveNumbers, tenantToday, tenantZone, withinDays } from '../../platform/numbering.js';
import { keyset, onPage, pageOf, sentFields } from '../../platform/paging.js';
import { searchCondition } from '../../platform/search.js';
import { channels, employees, memberGrades, shops } from '../org/public.js';
import './messages.js';
import { members } from './schema.js';

export const PERM_VIEW = 'members.member.view';
export const PERM_EDIT = 'members.member.edit';
export const PERM_FREEZE = 'members.member.freeze';
export const PERM_IMPORT = 'members.member.import';
export const PERM_RELATION_VIEW = 'members.relation.view';
export const PERM_RELATION_EDIT = 'members.relation.edit';

/** Member numbers: M0000001, M0000002... from the tenant's series `member`. */
export const MEMBER_SERIES = 'member';
export const memberCode = (n: number) => `M${String(n).padStart(7, '0')}`;

/** Reserves `count` member numbers in one statement. */
export async function nextMemberCodes(tx: Db, tenantId: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const first = await reserveNumbers(tx, tenantId, MEMBER_SERIES, count);
  return Array.from({ length: count }, (_, i) => memberCode(first + i));
}

/** Members whose home shop the user sees: everyone for head office. */
export function memberScope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? inArray(members.shopId, visible.length ? visible : [0]) : undefined;
}

export const inScope = (auth: Auth, shopId: number) => {
  const visible = visibleShops(auth);
  return !visible || visible.includes(shopId);
};

const EXACT_MOBILE = /^1\d{10}$/;

/** The keyword's index-answered condition; a keyword too short to be answered from an index asks for more (400). */
export function memberKeyword(keyword: string): SQL {
  const condition = keywordCondition(keyword);
  if (!condition) throw fieldError('keyword', 'memberKeywordShort');
  return condition;
}

function keywordCondition(keyword: string): SQL | undefined {
  const k = keyword.trim();
  return Array.from(k).length >= 2
    ? searchCondition(k, {
        numbers: [members.code],
        mobile: { column: members.mobile, tail: members.mobileTail },
        name: { column: members.name, grams: [members.nameGram1, members.nameGram2, members.nameGram3] },
        initials: members.initials,
      })
    : undefined;
}

export type MemberListQuery = z.output<typeof memberListQuery>;

/**
 * The list's conditions, all on the members table (each answered by an index led by tenant_id).
 * A user limited to some shops sees the members of those shops; a keyword that is a whole mobile, a card number
 * or a member number finds the member chain-wide (members are the chain's shared customers: the
 * front desk serves a member of another shop), any other keyword only within their shops. Days are the
 * company's, in `zone` (read with `tenantZone`: a value the planner sees, so a day range is an index range).
 */
export function memberFilters(auth: Auth, q: Partial<MemberListQuery>, zone: string, scoped = true, cardHolders: number[] = []): SQL[] {
  const where: (SQL | undefined)[] = [];
  const keyword = q.keyword?.trim();
  const exact = keyword && (EXACT_MOBILE.test(keyword) || /^M\d+$/i.test(keyword));
  const scope = scoped && !exact ? memberScope(auth) : undefined;
  if (!keyword) where.push(scope);
  else {
    const matched = exact
      ? or(eq(members.mobile, keyword), eq(members.code, keyword.toUpperCase()))
      : cardHolders.length
        ? keywordCondition(keyword)
        : memberKeyword(keyword);
    // A card's holder is found chain-wide, beside what the keyword finds in the user's shops.
    const inShops = matched ? and(scope, matched) : undefined;
    where.push(cardHolders.length ? or(inArray(members.id, cardHolders), inShops) : inShops);
  }
  if (q.shopId) where.push(eq(members.shopId, q.shopId));
  if (q.gradeId) where.push(eq(members.gradeId, q.gradeId));
  if (q.channelId) where.push(eq(members.channelId, q.channelId));
  if (q.status) where.push(eq(members.status, q.status));
  if (q.regFrom) where.push(gte(members.registeredOn, q.regFrom));
  if (q.regTo) where.push(lte(members.registeredOn, q.regTo));
  where.push(...withinDays(members.lastVisitAt, zone, q.visitFrom, q.visitTo));
  if (q.balanceMin !== undefined) where.push(gte(members.balance, q.balanceMin));
  if (q.balanceMax !== undefined) where.push(lte(members.balance, q.balanceMax));
  return where.filter((w): w is SQL => w !== undefined);
}

const sortable = {
  code: members.code,
  name: members.name,
  registeredOn: members.registeredOn,
  lastVisitAt: members.lastVisitAt,
  spent: members.spent,
  visits: members.visits,
  perVisit: members.perVisit,
  points: members.points,
  principal: members.principal,
  balance: members.balance,
};

export function selectMembers(tx: Db) {
  return tx
    .select({
      id: members.id,
      code: members.code,
      name: members.name,
      nickname: members.nickname,
      mobile: members.mobile,
      gender: members.gender,
      birthday: members.birthday,
      registeredOn: members.registeredOn,
      shopId: members.shopId,
      shopName: shops.name,
      channelId: members.channelId,
      channelName: channels.name,
      gradeId: members.gradeId,
      gradeName: memberGrades.name,
      advisorId: members.advisorId,
      advisorName: employees.name,
      status: members.status,
      freezeMemo: members.freezeMemo,
      memo: members.memo,
      principal: members.principal,
      gift: members.gift,
      balance: members.balance,
      packageValue: members.packageValue,
      spent: members.spent,
      visits: members.visits,
      perVisit: members.perVisit,
      points: members.points,
      lastVisitAt: members.lastVisitAt,
      version: members.version,
      createdAt: members.createdAt,
    })
    .from(members)
    .leftJoin(shops, eq(shops.id, members.shopId))
    .leftJoin(channels, eq(channels.id, members.channelId))
    .leftJoin(memberGrades, eq(memberGrades.id, members.gradeId))
    .leftJoin(employees, eq(employees.id, members.advisorId))
    .$dynamic();
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectMembers>['execute']>>[number];

export const toRow = (r: Selected): MemberRow => ({
  ...r,
  lastVisitAt: r.lastVisitAt ? r.lastVisitAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

const CARD_NUMBER = /^[A-Z0-9-]{4,32}$/;

/**
 * The holders of the card whose electronic or physical number is the keyword (a card read at the front
 * desk). Like a whole mobile it finds the member chain-wide: the card is the member's proof.
 */
async function cardHoldersOf(tx: Db, keyword: string | undefined): Promise<number[]> {
  const k = keyword?.trim().toUpperCase();
  if (!k || !CARD_NUMBER.test(k) || EXACT_MOBILE.test(k) || /^M\d+$/.test(k)) return [];
  return cardHolders.call(tx, k);
}

/** The members holding the card of this electronic or physical number: the member assets (the cards' owner) provide it. */
export const cardHolders = defineProvider<(tx: Db, cardNumber: string) => Promise<number[]>>('the card holders lookup');

/** Opens a new member's first card with the member's save: the member assets provide it. */
export const firstCardOpener =
  defineProvider<
    (
      tx: Db,
      auth: Auth,
      memberId: number,
      member: { id?: number; shopId: number },
      card: { cardTypeId: number; amount: number; cardNo?: string },
    ) => Promise<unknown>
  >('the first card opener');

/**
 * The members a front-desk search finds within the user's shops (the card page: another shop's member
 * has no assets the user may see), by the member list's keyword, at most `limit`, by number.
 */
export async function findMembers(tx: Db, auth: Auth, keyword: string, limit: number) {
  const where = and(
    memberScope(auth),
    ...memberFilters(auth, { keyword }, await tenantZone(tx, auth.tenantId), true, await cardHoldersOf(tx, keyword)),
  );
  const rows = await selectMembers(tx).where(where).orderBy(asc(members.code)).limit(limit);
  return rows.map(toRow);
}

/** A page of members (deferred join: the page's ids from the members table's own indexes). */
export async function listMembers(tx: Db, auth: Auth, q: MemberListQuery) {
  const where = and(...memberFilters(auth, q, await tenantZone(tx, auth.tenantId), true, await cardHoldersOf(tx, q.keyword)));
  // Keyset paging: the page after a `next` key starts from that row (an index range), so a deep page
  // costs what the first does; the count stops at TOTAL_CAP.
  const keys = keyset(q.sort, sortable, [{ field: 'id', column: members.id, desc: true }], members.id);
  const page = await pageOf(
    tx,
    q,
    selectMembers(tx)
      .where(onPage(tx, members.id, where, keys, q))
      .orderBy(...keys.order),
    () => tx.select({ id: members.id }).from(members).where(where),
    keys,
  );
  return { ...page, list: page.list.map(toRow) };
}

/** The member, or 404 (another tenant's id is not there under row security). */
async function loadMember(tx: Db, id: number) {
  const [row] = await selectMembers(tx).where(eq(members.id, id));
  if (!row) throw notFound();
  return row;
}

const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

/**
 * The member detail. A member of a shop the user does not see (found at the front desk by mobile
 * or number) answers the reduced view: who they are, their shop, grade, status and totals, with the
 * mobile masked and the personal fields (birthday, memo, nickname, advisor) left out.
 */
export async function getMember(tx: Db, auth: Auth, id: number): Promise<MemberDetail> {
  const row = toRow(await loadMember(tx, id));
  if (inScope(auth, row.shopId)) return { ...row, limited: false };
  return {
    ...row,
    mobile: maskMobile(row.mobile),
    nickname: null,
    birthday: null,
    memo: null,
    advisorId: null,
    advisorName: null,
    freezeMemo: null,
    limited: true,
  };
}

export type MemberInput = z.output<typeof memberSave>;

async function assertMobileFree(tx: Db, mobile: string, except?: number) {
  const [taken] = await tx
    .select({ id: members.id, name: members.name, code: members.code })
    .from(members)
    .where(except ? and(eq(members.mobile, mobile), ne(members.id, except)) : eq(members.mobile, mobile));
  if (taken) {
    const params = { mobile, name: taken.name, code: taken.code };
    throw new AppError(409, 'memberMobileTaken', params, [{ path: 'mobile', key: 'memberMobileTaken', params }]);
  }
}

/**
 * Creates a member: a number from the tenant's series, the mobile unique in the tenant (409 naming
 * the member who has it), the home shop one of the user's. For other modules (the cashier's new
 * member, card opening) as well as `saveMemberCard`.
 */
export async function createMember(tx: Db, auth: Auth, input: Omit<MemberInput, 'id' | 'version'>) {
  if (!inScope(auth, input.shopId)) throw forbidden('shopForbidden');
  await assertMobileFree(tx, input.mobile);
  const [code] = await nextMemberCodes(tx, auth.tenantId, 1);
  const [created] = await tx
    .insert(members)
    .values({
      tenantId: auth.tenantId,
      code,
      name: input.name,
      nickname: input.nickname ?? null,
      mobile: input.mobile,
      gender: input.gender ?? 0,
      birthday: input.birthday ?? null,
      // registered on the company's day, not the database's (UTC): 04:25 in Shanghai is that day, not the one before
      registeredOn: input.registeredOn || (await tenantToday(tx, auth.tenantId)),
      shopId: input.shopId,
      channelId: input.channelId ?? null,
      gradeId: input.gradeId ?? null,
      advisorId: input.advisorId ?? null,
      memo: input.memo ?? null,
    })
    .returning({ id: members.id, code: members.code });
  return created;
}

/** Create (no id) or update (id; only the fields sent change; version checked when sent). */
export async function saveMember(tx: Db, auth: Auth, body: MemberInput, raw: unknown) {
  if (!body.id) return createMember(tx, auth, body);
  const current = await loadMember(tx, body.id);
  if (!inScope(auth, current.shopId)) throw new AppError(403, 'memberOtherShop', { name: current.name });
  const { id, version, registeredOn, ...fields } = sentFields(body, raw) as Partial<MemberInput>;
  if (fields.shopId !== undefined && !inScope(auth, fields.shopId)) throw forbidden('shopForbidden');
  if (fields.mobile && fields.mobile !== current.mobile) await assertMobileFree(tx, fields.mobile, current.id);
  const conditions = [eq(members.id, current.id)];
  if (version !== undefined) conditions.push(eq(members.version, version));
  const updated = await tx
    .update(members)
    // An empty registration date keeps the one the member has.
    .set({ ...fields, ...(registeredOn ? { registeredOn } : {}), version: sql`${members.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: members.id, code: members.code });
  if (!updated.length) throw conflict('staleVersion');
  return updated[0];
}

/** Members by id for a status change: every id must be there (404) and of the user's shops (403). */
async function membersFor(tx: Db, auth: Auth, ids: number[]) {
  const rows = await tx
    .select({ id: members.id, name: members.name, status: members.status, shopId: members.shopId })
    .from(members)
    .where(inArray(members.id, ids));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) if (!inScope(auth, r.shopId)) throw new AppError(403, 'memberOtherShop', { name: r.name });
  return rows;
}

/** Freezes members (a frozen member cannot pay with cards or packages); 409 when one is frozen or cancelled. */
export async function freezeMembers(tx: Db, auth: Auth, ids: number[], memo: string) {
  const rows = await membersFor(tx, auth, ids);
  for (const r of rows) {
    if (r.status === 3) throw conflict('memberCancelled', { name: r.name });
    if (r.status === 2) throw conflict('memberAlreadyFrozen', { name: r.name });
  }
  await tx
    .update(members)
    .set({ status: 2, freezeMemo: memo, version: sql`${members.version} + 1`, updatedAt: new Date() })
    .where(inArray(members.id, ids));
  return { frozen: rows.length };
}

export async function unfreezeMember(tx: Db, auth: Auth, id: number) {
  const [r] = await membersFor(tx, auth, [id]);
  if (r.status !== 2) throw conflict('memberNotFrozen', { name: r.name });
  await tx
    .update(members)
    .set({ status: 1, freezeMemo: null, version: sql`${members.version} + 1`, updatedAt: new Date() })
    .where(eq(members.id, id));
  return { id };
}
