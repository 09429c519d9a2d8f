import type { bookableBody, employeeSave, employeeStatusBody, orderBody, skillLevelBody } from '@headoffice/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { sentFields } from '../../platform/paging.js';
import { openSelfAccount } from '../identity/public.js';
import { branches, employeeStream, employees, positionLevels, positions, shops, skillLevels } from '../org/public.js';
import { getEmployee, lockEmployees } from './staff-queries.js';
import { writeStream } from './staff-transfers.js';

interface References {
  shopId?: number | null;
  branchId?: number | null;
  positionId?: number | null;
  levelId?: number | null;
  skillLevelId?: number | null;
}

/**
 * Linked records must exist and be enabled (400 on the field); a shop must be one the user may
 * see (403). Answers the level (with its position) when one is named, for the caller's position check.
 */
export async function checkReferences(tx: Db, auth: Auth, v: References) {
  if (v.shopId !== undefined) {
    if (v.shopId === null) {
      if (visibleShops(auth)) throw fieldError('shopId', 'shopRequiredForUser');
    } else {
      assertShopVisible(auth, v.shopId);
      const [shop] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.id, v.shopId), eq(shops.status, 1)));
      if (!shop) throw fieldError('shopId', 'missingReference', { field: '@shop' });
    }
  }
  const enabled = async (
    table: typeof branches | typeof positions | typeof skillLevels,
    id: number | null | undefined,
    path: string,
    field: string,
  ) => {
    if (!id) return;
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.status, 1)));
    if (!row) throw fieldError(path, 'missingReference', { field });
  };
  await enabled(branches, v.branchId, 'branchId', '@branch');
  await enabled(positions, v.positionId, 'positionId', '@position');
  await enabled(skillLevels, v.skillLevelId, 'skillLevelId', '@skillLevel');
  if (!v.levelId) return undefined;
  const [level] = await tx
    .select({ id: positionLevels.id, name: positionLevels.name, positionId: positionLevels.positionId })
    .from(positionLevels)
    .where(and(eq(positionLevels.id, v.levelId), eq(positionLevels.status, 1)));
  if (!level) throw fieldError('levelId', 'missingReference', { field: '@level' });
  return level;
}

/** 400 on levelId: the level named belongs to another position than `positionId` (or there is none). */
export async function levelMismatch(tx: Db, level: { name: string }, positionId: number | null) {
  if (!positionId) return fieldError('levelId', 'levelNeedsPosition');
  const [position] = await tx.select({ name: positions.name }).from(positions).where(eq(positions.id, positionId));
  return fieldError('levelId', 'levelNotInPosition', { level: level.name, position: position?.name ?? '' });
}

type SaveBody = z.output<typeof employeeSave>;
const ORG_FIELDS = [
  ['shopId', '@shopField'],
  ['branchId', '@branchField'],
  ['positionId', '@positionField'],
  ['levelId', '@levelField'],
] as const;

/**
 * Creates an employee (on the job, with an 'entry' stream row) or updates one: only the fields
 * sent change; shop, department, position and level of an existing employee change only through
 * a transfer (sending them unchanged is fine, forms send the whole record).
 */
export async function saveEmployee(tx: Db, auth: Auth, body: SaveBody, raw: unknown) {
  const { id, version, account, ...fields } = body;
  const saved = await saveFields(tx, auth, id, version, fields, raw);
  if (!account) return saved;
  await openSelfAccount(tx, auth, saved.id, account, 'account.username');
  return getEmployee(tx, auth, saved.id);
}

async function saveFields(
  tx: Db,
  auth: Auth,
  id: number | undefined,
  version: number | undefined,
  fields: Omit<SaveBody, 'id' | 'version' | 'account'>,
  raw: unknown,
) {
  if (!id) {
    const level = await checkReferences(tx, auth, fields.shopId === undefined ? { ...fields, shopId: null } : fields);
    if (level && level.positionId !== fields.positionId) throw await levelMismatch(tx, level, fields.positionId ?? null);
    const [created] = await tx
      .insert(employees)
      .values({ ...fields, tenantId: auth.tenantId, status: 1 })
      .returning({ id: employees.id });
    await writeStream(tx, auth, [
      {
        employeeId: created.id,
        kind: 'entry',
        effectiveDate: fields.entryDate,
        to: {
          shopId: fields.shopId ?? null,
          branchId: fields.branchId ?? null,
          positionId: fields.positionId ?? null,
          levelId: fields.levelId ?? null,
        },
      },
    ]);
    return getEmployee(tx, auth, created.id);
  }

  const current = await getEmployee(tx, auth, id);
  const sent = sentFields(fields, raw);
  for (const [key, label] of ORG_FIELDS) {
    if (key in sent && (sent[key] ?? null) !== current[key]) throw fieldError(key, 'useTransfer', { field: label });
    delete sent[key];
  }
  if (sent.skillLevelId !== undefined && sent.skillLevelId !== current.skillLevelId) {
    await checkReferences(tx, auth, { skillLevelId: sent.skillLevelId });
  }
  if (sent.bookable === 1 && current.status !== 1) throw conflict('bookableLeft', { name: current.name });
  if (sent.entryDate && current.leaveDate && sent.entryDate > current.leaveDate) {
    throw fieldError('entryDate', 'dateAfterLeave', { leaveDate: current.leaveDate });
  }
  const conditions = [eq(employees.id, id)];
  if (version !== undefined) conditions.push(eq(employees.version, version));
  const updated = await tx
    .update(employees)
    .set({ ...sent, version: sql`${employees.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: employees.id });
  if (!updated.length) throw conflict('staleVersion');
  if (sent.entryDate && sent.entryDate !== current.entryDate) {
    await tx
      .update(employeeStream)
      .set({ effectiveDate: sent.entryDate })
      .where(and(eq(employeeStream.employeeId, id), eq(employeeStream.kind, 'entry')));
  }
  return getEmployee(tx, auth, id);
}

/** Whether no employee of the company but the one being edited (one the user sees: 404 otherwise) holds the code. */
export async function eecodeAvailable(tx: Db, auth: Auth, eecode: string, id?: number) {
  if (id) await getEmployee(tx, auth, id);
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.eecode, eecode), id ? ne(employees.id, id) : undefined));
  return { available: !row };
}

type StatusBody = z.output<typeof employeeStatusBody>;

/**
 * Leave (status 0, leave date, not bookable; pending transfers dropped) or rejoin (status 1).
 * Each writes a stream row. An employee already in the asked state answers 409 and nothing changes.
 */
export async function updateStatus(tx: Db, auth: Auth, body: StatusBody, today: string) {
  const rows = await lockEmployees(tx, auth, body.ids);
  const same = rows.find((r) => r.status === body.status);
  if (same) throw conflict(body.status === 0 ? 'employeeAlreadyLeft' : 'employeeAlreadyOnJob', { name: same.name });
  const date = body.date ?? today;
  for (const r of rows) {
    if (date < r.entryDate) {
      throw fieldError('date', 'dateBeforeEntry', { field: body.status === 0 ? '@leaveDate' : '@rejoinDate', entryDate: r.entryDate });
    }
    if (body.status === 1 && r.leaveDate && date < r.leaveDate) throw fieldError('date', 'dateBeforeLeave', { leaveDate: r.leaveDate });
  }
  const ids = rows.map((r) => r.id);
  const placement = (r: (typeof rows)[number]) => ({
    shopId: r.shopId,
    branchId: r.branchId,
    positionId: r.positionId,
    levelId: r.levelId,
  });
  if (body.status === 0) {
    await tx
      .update(employees)
      .set({ status: 0, leaveDate: date, bookable: 0, version: sql`${employees.version} + 1`, updatedAt: new Date() })
      .where(inArray(employees.id, ids));
    await tx
      .delete(employeeStream)
      .where(and(inArray(employeeStream.employeeId, ids), eq(employeeStream.kind, 'transfer'), isNull(employeeStream.appliedAt)));
  } else {
    await tx
      .update(employees)
      .set({ status: 1, leaveDate: null, version: sql`${employees.version} + 1`, updatedAt: new Date() })
      .where(inArray(employees.id, ids));
  }
  await writeStream(
    tx,
    auth,
    rows.map((r) => ({
      employeeId: r.id,
      kind: body.status === 0 ? ('leave' as const) : ('rejoin' as const),
      effectiveDate: date,
      from: body.status === 0 ? placement(r) : null,
      to: body.status === 1 ? placement(r) : null,
      memo: body.memo,
    })),
  );
  return { updated: rows.length, status: body.status, date };
}

/** Online booking on or off; only employees on the job can be bookable. */
export async function setBookable(tx: Db, auth: Auth, body: z.output<typeof bookableBody>) {
  const rows = await lockEmployees(tx, auth, body.ids);
  const left = body.bookable === 1 ? rows.find((r) => r.status !== 1) : undefined;
  if (left) throw conflict('bookableLeft', { name: left.name });
  await tx
    .update(employees)
    .set({ bookable: body.bookable, version: sql`${employees.version} + 1`, updatedAt: new Date() })
    .where(
      inArray(
        employees.id,
        rows.map((r) => r.id),
      ),
    );
  return { updated: rows.length };
}

/** Online-booking display order: the ids in their new order get 1..n in one statement. */
export async function saveOrder(tx: Db, auth: Auth, body: z.output<typeof orderBody>) {
  if (new Set(body.ids).size !== body.ids.length) throw fieldError('ids', 'orderDuplicate');
  await lockEmployees(tx, auth, body.ids);
  const order = sql`array[${sql.join(
    body.ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  await tx
    .update(employees)
    .set({ bookingOrder: sql`array_position(${order}, ${employees.id})`, updatedAt: new Date() })
    .where(inArray(employees.id, body.ids));
  return { updated: body.ids.length };
}

/** Skill (commission) level of many employees; null clears it. */
export async function setSkillLevel(tx: Db, auth: Auth, body: z.output<typeof skillLevelBody>) {
  await checkReferences(tx, auth, { skillLevelId: body.skillLevelId });
  const rows = await lockEmployees(tx, auth, body.ids);
  if (!rows.length) throw notFound();
  await tx
    .update(employees)
    .set({ skillLevelId: body.skillLevelId, version: sql`${employees.version} + 1`, updatedAt: new Date() })
    .where(
      inArray(
        employees.id,
        rows.map((r) => r.id),
      ),
    );
  return { updated: rows.length };
}
