import { authoritySave, dictionaryListQuery, idParam, positionRoleSave } from '@headoffice/contract';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { afterKey, keyset, keywordMatch, offsetOf, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { positions } from '../org/public.js';
import './messages.js';
import { cashierAuthorities as authorities, positionAuthorities } from './schema.js';

const authorityColumns = {
  id: authorities.id,
  code: authorities.code,
  name: authorities.name,
  discountFloor: authorities.discountFloor,
  canRevoke: authorities.canRevoke,
  canRefund: authorities.canRefund,
  canChangePrice: authorities.canChangePrice,
  status: authorities.status,
  memo: authorities.memo,
  // Written out: drizzle leaves columns of a one-table select unqualified, which would bind inside the subquery.
  positionCount: sql<number>`(select count(*)::int from position_authorities pa where pa.authority_id = cashier_authorities.id)`,
  version: authorities.version,
  createdAt: authorities.createdAt,
  updatedAt: authorities.updatedAt,
};

async function getAuthority(tx: Db, id: number) {
  const [row] = await tx.select(authorityColumns).from(authorities).where(eq(authorities.id, id));
  if (!row) throw notFound();
  return row;
}

async function listAuthorities(tx: Db, q: z.output<typeof dictionaryListQuery>) {
  const where: SQL[] = [];
  if (q.keyword) where.push(keywordMatch(q.keyword, authorities.code, authorities.name));
  if (q.status !== undefined) where.push(eq(authorities.status, q.status));
  const sortable = {
    code: authorities.code,
    name: authorities.name,
    discountFloor: authorities.discountFloor,
    status: authorities.status,
    createdAt: authorities.createdAt,
  };
  const keys = keyset(q.sort, sortable, [{ field: 'code', column: authorities.code }], authorities.id);
  return pageOf(
    tx,
    q,
    tx
      .select(authorityColumns)
      .from(authorities)
      .where(and(...where, afterKey(keys, q)))
      .orderBy(...keys.order)
      .limit(q.pageSize)
      .offset(offsetOf(q, keys)),
    () =>
      tx
        .select({ id: authorities.id })
        .from(authorities)
        .where(and(...where)),
    keys,
  );
}

/** Creates or updates a till authority; one that a position uses cannot be disabled (the till would not know what applies). */
async function saveAuthority(tx: Db, auth: Auth, body: z.output<typeof authoritySave>, raw: unknown) {
  const { id, version, ...fields } = body;
  if (!id) {
    const [created] = await tx
      .insert(authorities)
      .values({ ...fields, tenantId: auth.tenantId })
      .returning({ id: authorities.id });
    return getAuthority(tx, created.id);
  }
  await getAuthority(tx, id);
  const values = sentFields(fields, raw);
  if (values.status === 0) {
    const [user] = await tx
      .select({ name: positions.name })
      .from(positionAuthorities)
      .innerJoin(positions, eq(positions.id, positionAuthorities.positionId))
      .where(eq(positionAuthorities.authorityId, id))
      .orderBy(asc(positions.sort), asc(positions.code))
      .limit(1);
    if (user) throw conflict('authorityInUse', { name: user.name });
  }
  const conditions = [eq(authorities.id, id)];
  if (version !== undefined) conditions.push(eq(authorities.version, version));
  const updated = await tx
    .update(authorities)
    .set({ ...values, version: sql`${authorities.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: authorities.id });
  if (!updated.length) throw conflict('staleVersion');
  return getAuthority(tx, id);
}

const authoritySummary = {
  id: authorities.id,
  code: authorities.code,
  name: authorities.name,
  discountFloor: authorities.discountFloor,
  canRevoke: authorities.canRevoke,
  canRefund: authorities.canRefund,
  canChangePrice: authorities.canChangePrice,
  status: authorities.status,
};

/** Every position (enabled or not) with its till authority, or `authority: null` when it has none. */
async function positionRoleList(tx: Db, positionId?: number) {
  const rows = await tx
    .select({
      positionId: positions.id,
      positionCode: positions.code,
      positionName: positions.name,
      positionStatus: positions.status,
      id: positionAuthorities.id,
      authorityId: positionAuthorities.authorityId,
      memo: positionAuthorities.memo,
      version: positionAuthorities.version,
      authority: authoritySummary,
    })
    .from(positions)
    .leftJoin(positionAuthorities, eq(positionAuthorities.positionId, positions.id))
    .leftJoin(authorities, eq(authorities.id, positionAuthorities.authorityId))
    .where(positionId ? eq(positions.id, positionId) : undefined)
    .orderBy(asc(positions.sort), asc(positions.code));
  return rows.map((r) => ({ ...r, authority: r.authority?.id ? r.authority : null }));
}

async function savePositionRole(tx: Db, auth: Auth, body: z.output<typeof positionRoleSave>, raw: unknown) {
  const { id, version, ...fields } = body;
  if (id) {
    const [current] = await tx.select({ id: positionAuthorities.id }).from(positionAuthorities).where(eq(positionAuthorities.id, id));
    if (!current) throw notFound();
  }
  const values = id ? sentFields(fields, raw) : fields;
  const [position] = await tx.select({ name: positions.name }).from(positions).where(eq(positions.id, fields.positionId));
  if (!position) throw fieldError('positionId', 'missingReference', { field: '@position' });
  const [authority] = await tx
    .select({ id: authorities.id })
    .from(authorities)
    .where(and(eq(authorities.id, fields.authorityId), eq(authorities.status, 1)));
  if (!authority) throw fieldError('authorityId', 'missingReference', { field: '@authority' });
  const [taken] = await tx
    .select({ id: positionAuthorities.id })
    .from(positionAuthorities)
    .where(and(eq(positionAuthorities.positionId, fields.positionId), id ? ne(positionAuthorities.id, id) : undefined));
  if (taken) throw conflict('positionRoleExists', { name: position.name });

  let rowId: number;
  if (!id) {
    const [created] = await tx
      .insert(positionAuthorities)
      .values({ ...fields, tenantId: auth.tenantId })
      .returning({ id: positionAuthorities.id });
    rowId = created.id;
  } else {
    const conditions = [eq(positionAuthorities.id, id)];
    if (version !== undefined) conditions.push(eq(positionAuthorities.version, version));
    const updated = await tx
      .update(positionAuthorities)
      .set({ ...values, version: sql`${positionAuthorities.version} + 1`, updatedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: positionAuthorities.id });
    if (!updated.length) throw conflict('staleVersion');
    rowId = id;
  }
  const [row] = await positionRoleList(tx, fields.positionId);
  return { ...row, id: rowId };
}

export function registerAuthorityRoutes(app: FastifyInstance) {
  const view = 'identity.authority.view';
  const edit = 'identity.authority.edit';
  const A = '/api-cashier/modelauthority';
  const withId = { id: z.number().int().positive() };

  route(
    app,
    'GET',
    A,
    {
      summary: 'Till authorities (model authority): paged list (keyword on code and name; status)',
      description:
        'What a holder may do at the till: the lowest discount in percent of the price (100 = none), revoke, refund and price ' +
        'change; positionCount says how many positions use it. Stored for the cashier to enforce. Sort: code, name, discountFloor, status.',
      perm: view,
      query: dictionaryListQuery,
    },
    ({ tx, query }) => listAuthorities(tx, query),
  );
  const saveDescription =
    'The code is unique in the company (409). An authority that a position uses cannot be disabled (409): give the position ' +
    'another authority first. Authorities are not deleted (the seed has no delete): disable unused ones.';
  route(
    app,
    'POST',
    `${A}/save`,
    {
      summary: 'Create (no id) or update (id) a till authority',
      description: saveDescription,
      perm: edit,
      body: authoritySave,
      entity: 'authority',
    },
    ({ tx, auth, body, req }) => saveAuthority(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${A}/edit`,
    {
      summary: 'Update a till authority (as save, with id required)',
      description: saveDescription,
      perm: edit,
      body: authoritySave.extend(withId),
      entity: 'authority',
    },
    ({ tx, auth, body, req }) => saveAuthority(tx, auth, body, req.body),
  );
  route(
    app,
    'GET',
    `${A}/positionRoleList`,
    {
      summary: 'Every position with its till authority (position role); positions without one have authority null',
      perm: view,
    },
    ({ tx }) => positionRoleList(tx),
  );
  const positionDescription =
    'One authority per position: a second one for the same position answers 409. The authority must exist and be enabled.';
  route(
    app,
    'POST',
    `${A}/savePositionRole`,
    {
      summary: 'Give a position its till authority (no id), or change it (id)',
      description: positionDescription,
      perm: edit,
      body: positionRoleSave,
      entity: 'positionrole',
    },
    ({ tx, auth, body, req }) => savePositionRole(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${A}/editPositionRole`,
    {
      summary: "Change a position's till authority (as savePositionRole, with id required)",
      description: positionDescription,
      perm: edit,
      body: positionRoleSave.extend(withId),
      entity: 'positionrole',
    },
    ({ tx, auth, body, req }) => savePositionRole(tx, auth, body, req.body),
  );
  route(
    app,
    'DELETE',
    `${A}/deletePositionRole/:id`,
    { summary: 'Remove the till authority of a position (position role {id})', perm: edit, params: idParam, entity: 'positionrole' },
    async ({ tx, params }) => {
      const deleted = await tx
        .delete(positionAuthorities)
        .where(eq(positionAuthorities.id, params.id))
        .returning({ id: positionAuthorities.id });
      if (!deleted.length) throw notFound();
      return { id: params.id };
    },
  );
}
