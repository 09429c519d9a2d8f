import {
  idBody,
  idParam,
  inPackageAnswer,
  serviceDeleteQuery,
  serviceGroupQuery,
  serviceGroupSave,
  serviceListQuery,
  servicePickQuery,
  serviceSave,
  serviceUpdateInfos,
  serviceWhoQuery,
} from '@headoffice/contract';
import { and, asc, count, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { dateTimeText, statusText, yuanCell } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { nextSeriesCode } from '../../platform/numbering.js';
import { afterKey, keyset, keywordMatch, offsetOf, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { branches, employeeScope, employees, positionLevels, positions, serviceTypes, shops } from '../org/public.js';
import { assertNotInPackage, assertRefs, PICK_LIMIT, packagesUsing } from './common.js';
import { serviceEmployees, serviceGroupItems, serviceGroups, servicePositions, services } from './schema.js';

export const SERVICE_CODE_PREFIX = 'FW';

const serviceColumns = {
  id: services.id,
  code: services.code,
  name: services.name,
  serviceTypeId: services.serviceTypeId,
  serviceTypeName: serviceTypes.name,
  branchId: services.branchId,
  branchName: branches.name,
  line: services.line,
  serType: services.serType,
  durationMinutes: services.durationMinutes,
  basePrice: services.basePrice,
  perfRatio: services.perfRatio,
  status: services.status,
  memo: services.memo,
  version: services.version,
  createdAt: services.createdAt,
  updatedAt: services.updatedAt,
};

function selectServices(tx: Db) {
  return tx
    .select(serviceColumns)
    .from(services)
    .leftJoin(serviceTypes, eq(serviceTypes.id, services.serviceTypeId))
    .leftJoin(branches, eq(branches.id, services.branchId))
    .$dynamic();
}

type ServiceBase = Awaited<ReturnType<typeof selectServices>>[number];

/** Adds each service's performing positions and named employees (two queries for all rows); `auth` shows only employees it sees. */
async function withPerformers(tx: Db, rows: ServiceBase[], auth?: Auth) {
  const ids = rows.map((r) => r.id);
  const positionRows = ids.length
    ? await tx
        .select({ serviceId: servicePositions.serviceId, id: positions.id, name: positions.name })
        .from(servicePositions)
        .innerJoin(positions, eq(positions.id, servicePositions.positionId))
        .where(inArray(servicePositions.serviceId, ids))
        .orderBy(asc(positions.sort), asc(positions.code))
    : [];
  const employeeRows = ids.length
    ? await tx
        .select({ serviceId: serviceEmployees.serviceId, id: employees.id, name: employees.name })
        .from(serviceEmployees)
        .innerJoin(employees, eq(employees.id, serviceEmployees.employeeId))
        .where(and(inArray(serviceEmployees.serviceId, ids), auth ? employeeScope(auth) : undefined))
        .orderBy(asc(employees.eecode))
    : [];
  const group = <T extends { serviceId: number; id: number; name: string }>(list: T[]) => {
    const out = new Map<number, { id: number; name: string }[]>();
    for (const { serviceId, id, name } of list) out.set(serviceId, [...(out.get(serviceId) ?? []), { id, name }]);
    return out;
  };
  const byPosition = group(positionRows);
  const byEmployee = group(employeeRows);
  return rows.map((r) => ({ ...r, positions: byPosition.get(r.id) ?? [], employees: byEmployee.get(r.id) ?? [] }));
}

export async function getService(tx: Db, id: number, auth?: Auth) {
  const [row] = await selectServices(tx).where(and(eq(services.id, id), eq(services.isDel, 0)));
  if (!row) throw notFound();
  return (await withPerformers(tx, [row], auth))[0];
}

type ListQuery = z.output<typeof serviceListQuery>;

function serviceFilters(q: Partial<ListQuery>): SQL[] {
  const where: SQL[] = [eq(services.isDel, 0)];
  if (q.keyword) where.push(keywordMatch(q.keyword, services.code, services.name));
  if (q.serviceTypeId) where.push(eq(services.serviceTypeId, q.serviceTypeId));
  if (q.branchId) where.push(eq(services.branchId, q.branchId));
  if (q.line) where.push(eq(services.line, q.line));
  if (q.status !== undefined) where.push(eq(services.status, q.status));
  return where;
}

async function listServices(tx: Db, q: ListQuery, auth: Auth) {
  const where = and(...serviceFilters(q));
  const sortable = {
    code: services.code,
    name: services.name,
    basePrice: services.basePrice,
    durationMinutes: services.durationMinutes,
    status: services.status,
    createdAt: services.createdAt,
    updatedAt: services.updatedAt,
  };
  const keys = keyset(q.sort, sortable, [{ field: 'code', column: services.code }], services.id);
  const result = await pageOf(
    tx,
    q,
    selectServices(tx)
      .where(and(where, afterKey(keys, q)))
      .orderBy(...keys.order)
      .limit(q.pageSize)
      .offset(offsetOf(q, keys)),
    () => tx.select({ id: services.id }).from(services).where(where),
    keys,
  );
  return { ...result, list: await withPerformers(tx, result.list, auth) };
}

const pickColumns = {
  id: services.id,
  code: services.code,
  name: services.name,
  serviceTypeId: services.serviceTypeId,
  serviceTypeName: serviceTypes.name,
  line: services.line,
  durationMinutes: services.durationMinutes,
  basePrice: services.basePrice,
};

/** Enabled services for pickers, bounded. */
export async function pickServices(tx: Db, q: z.output<typeof servicePickQuery>) {
  return tx
    .select(pickColumns)
    .from(services)
    .leftJoin(serviceTypes, eq(serviceTypes.id, services.serviceTypeId))
    .where(and(...serviceFilters(q), eq(services.status, 1)))
    .orderBy(asc(serviceTypes.sort), asc(services.code))
    .limit(PICK_LIMIT);
}

type SaveBody = z.output<typeof serviceSave>;

const sentKey = (raw: unknown, key: string) => !!raw && typeof raw === 'object' && key in raw;

async function checkLinks(
  tx: Db,
  value: { serviceTypeId?: number; branchId?: number | null; positionIds?: number[]; employeeIds?: number[] },
  current: ServiceBase | undefined,
  pathPrefix = '',
) {
  if (value.serviceTypeId && value.serviceTypeId !== current?.serviceTypeId)
    await assertRefs(tx, serviceTypes, [{ path: `${pathPrefix}serviceTypeId`, id: value.serviceTypeId }], 'catalogServiceType', {
      enabledOnly: true,
    });
  if (value.branchId && value.branchId !== current?.branchId)
    await assertRefs(tx, branches, [{ path: `${pathPrefix}branchId`, id: value.branchId }], 'catalogBranch', { enabledOnly: true });
  if (value.positionIds)
    await assertRefs(
      tx,
      positions,
      value.positionIds.map((id, i) => ({ path: `${pathPrefix}positionIds.${i}`, id })),
      'catalogPosition',
    );
  if (value.employeeIds)
    await assertRefs(
      tx,
      employees,
      value.employeeIds.map((id, i) => ({ path: `${pathPrefix}employeeIds.${i}`, id })),
      'catalogEmployee',
    );
}

async function replacePerformers(tx: Db, auth: Auth, serviceIds: number[], positionIds?: number[], employeeIds?: number[]) {
  if (positionIds) {
    await tx.delete(servicePositions).where(inArray(servicePositions.serviceId, serviceIds));
    const rows = serviceIds.flatMap((serviceId) =>
      [...new Set(positionIds)].map((positionId) => ({ tenantId: auth.tenantId, serviceId, positionId })),
    );
    if (rows.length) await tx.insert(servicePositions).values(rows);
  }
  if (employeeIds) {
    // A user limited to some shops names only their shops' employees (another shop's is refused like an unknown one)
    // and leaves the other shops' employees linked.
    const scope = employeeScope(auth);
    if (scope)
      await assertRefs(
        tx,
        employees,
        employeeIds.map((id, i) => ({ path: `employeeIds.${i}`, id })),
        'catalogEmployee',
        { extra: [scope] },
      );
    await tx
      .delete(serviceEmployees)
      .where(
        and(
          inArray(serviceEmployees.serviceId, serviceIds),
          scope ? inArray(serviceEmployees.employeeId, tx.select({ id: employees.id }).from(employees).where(scope)) : undefined,
        ),
      );
    const rows = serviceIds.flatMap((serviceId) =>
      [...new Set(employeeIds)].map((employeeId) => ({ tenantId: auth.tenantId, serviceId, employeeId })),
    );
    if (rows.length) await tx.insert(serviceEmployees).values(rows);
  }
}

async function saveService(tx: Db, auth: Auth, body: SaveBody, raw: unknown) {
  const { id, version, positionIds, employeeIds, ...fields } = body;
  if (!id) {
    await checkLinks(tx, body, undefined);
    const [created] = await tx
      .insert(services)
      .values({ ...fields, tenantId: auth.tenantId })
      .returning({ id: services.id });
    await replacePerformers(tx, auth, [created.id], positionIds, employeeIds);
    return getService(tx, created.id, auth);
  }
  const current = await getService(tx, id);
  const sent = sentFields(fields, raw);
  const replacePositions = sentKey(raw, 'positionIds') ? positionIds : undefined;
  const replaceEmployees = sentKey(raw, 'employeeIds') ? employeeIds : undefined;
  await checkLinks(tx, { ...sent, positionIds: replacePositions, employeeIds: replaceEmployees }, current);
  const conditions = [eq(services.id, id), eq(services.isDel, 0)];
  if (version !== undefined) conditions.push(eq(services.version, version));
  const updated = await tx
    .update(services)
    .set({ ...sent, version: sql`${services.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: services.id });
  if (!updated.length) throw conflict('staleVersion');
  await replacePerformers(tx, auth, [id], replacePositions, replaceEmployees);
  return getService(tx, id, auth);
}

async function deleteService(tx: Db, id: number) {
  await getService(tx, id);
  await assertNotInPackage(tx, 'service', id);
  await tx
    .update(services)
    .set({ isDel: 1, status: 0, version: sql`${services.version} + 1`, updatedAt: new Date() })
    .where(eq(services.id, id));
  await tx.delete(serviceGroupItems).where(eq(serviceGroupItems.serviceId, id));
  return { id };
}

/** Employees who may perform a service: named for it, or on the job in one of its positions; of shops `auth` sees. */
async function performers(tx: Db, auth: Auth, serviceId: number, shopId?: number) {
  await getService(tx, serviceId);
  const named = exists(
    tx
      .select({ one: sql`1` })
      .from(serviceEmployees)
      .where(and(eq(serviceEmployees.serviceId, serviceId), eq(serviceEmployees.employeeId, employees.id))),
  );
  const byPosition = and(
    eq(employees.status, 1),
    inArray(
      employees.positionId,
      tx.select({ id: servicePositions.positionId }).from(servicePositions).where(eq(servicePositions.serviceId, serviceId)),
    ),
  );
  const rows = await tx
    .select({
      id: employees.id,
      eecode: employees.eecode,
      name: employees.name,
      shopId: employees.shopId,
      shopName: shops.name,
      positionId: employees.positionId,
      positionName: positions.name,
      levelId: employees.levelId,
      levelName: positionLevels.name,
      named: sql<boolean>`${named}`,
    })
    .from(employees)
    .leftJoin(shops, eq(shops.id, employees.shopId))
    .leftJoin(positions, eq(positions.id, employees.positionId))
    .leftJoin(positionLevels, eq(positionLevels.id, employees.levelId))
    .where(and(or(named, byPosition), shopId ? eq(employees.shopId, shopId) : undefined, employeeScope(auth)))
    .orderBy(asc(shops.code), asc(employees.eecode))
    .limit(PICK_LIMIT);
  return rows.map((r) => ({ ...r, named: Boolean(r.named) }));
}

async function performingPositions(tx: Db, serviceId: number) {
  await getService(tx, serviceId);
  return tx
    .select({ id: positions.id, code: positions.code, name: positions.name, status: positions.status })
    .from(servicePositions)
    .innerJoin(positions, eq(positions.id, servicePositions.positionId))
    .where(eq(servicePositions.serviceId, serviceId))
    .orderBy(asc(positions.sort), asc(positions.code));
}

type UpdateInfos = z.output<typeof serviceUpdateInfos>;

async function updateInfos(tx: Db, auth: Auth, body: UpdateInfos) {
  const ids = [...new Set(body.ids)];
  const { positionIds, ...changes } = body.changes;
  if (!Object.keys(body.changes).length) throw new AppError(400, 'validation', {}, [{ path: 'changes', key: 'catalogNothingToChange' }]);
  const found = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, ids), eq(services.isDel, 0)));
  if (found.length !== ids.length) throw notFound();
  await checkLinks(tx, { ...changes, positionIds }, undefined, 'changes.');
  if (Object.keys(changes).length)
    await tx
      .update(services)
      .set({ ...changes, version: sql`${services.version} + 1`, updatedAt: new Date() })
      .where(inArray(services.id, ids));
  await replacePerformers(tx, auth, ids, positionIds);
  return { updated: ids.length };
}

// ---- service groups ----

async function serviceGroupList(tx: Db, q: z.output<typeof serviceGroupQuery> | undefined) {
  const where: SQL[] = [];
  if (q?.keyword) where.push(keywordMatch(q.keyword, serviceGroups.code, serviceGroups.name));
  if (q?.status !== undefined) where.push(eq(serviceGroups.status, q.status));
  const groups = await tx
    .select({
      id: serviceGroups.id,
      code: serviceGroups.code,
      name: serviceGroups.name,
      sort: serviceGroups.sort,
      status: serviceGroups.status,
      memo: serviceGroups.memo,
      version: serviceGroups.version,
    })
    .from(serviceGroups)
    .where(and(...where))
    .orderBy(asc(serviceGroups.sort), asc(serviceGroups.code))
    .limit(PICK_LIMIT);
  const ids = groups.map((g) => g.id);
  const items = ids.length
    ? await tx
        .select({ groupId: serviceGroupItems.groupId, ...pickColumns })
        .from(serviceGroupItems)
        .innerJoin(services, and(eq(services.id, serviceGroupItems.serviceId), eq(services.isDel, 0)))
        .leftJoin(serviceTypes, eq(serviceTypes.id, services.serviceTypeId))
        .where(inArray(serviceGroupItems.groupId, ids))
        .orderBy(asc(serviceGroupItems.sort), asc(services.code))
    : [];
  return groups.map((g) => ({ ...g, services: items.filter((i) => i.groupId === g.id).map(({ groupId: _g, ...s }) => s) }));
}

async function saveServiceGroup(tx: Db, auth: Auth, body: z.output<typeof serviceGroupSave>, raw: unknown) {
  const { id, version, serviceIds, ...fields } = body;
  const unique = [...new Set(serviceIds)];
  await assertRefs(
    tx,
    services,
    serviceIds.map((sid, i) => ({ path: `serviceIds.${i}`, id: sid })),
    'catalogService',
    { extra: [eq(services.isDel, 0)] },
  );
  let groupId: number;
  if (!id) {
    const [created] = await tx
      .insert(serviceGroups)
      .values({ ...fields, tenantId: auth.tenantId })
      .returning({ id: serviceGroups.id });
    groupId = created.id;
  } else {
    const [existing] = await tx.select({ id: serviceGroups.id }).from(serviceGroups).where(eq(serviceGroups.id, id));
    if (!existing) throw notFound();
    const conditions = [eq(serviceGroups.id, id)];
    if (version !== undefined) conditions.push(eq(serviceGroups.version, version));
    const updated = await tx
      .update(serviceGroups)
      .set({ ...sentFields(fields, raw), version: sql`${serviceGroups.version} + 1`, updatedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: serviceGroups.id });
    if (!updated.length) throw conflict('staleVersion');
    groupId = id;
  }
  if (!id || sentKey(raw, 'serviceIds')) {
    await tx.delete(serviceGroupItems).where(eq(serviceGroupItems.groupId, groupId));
    if (unique.length)
      await tx.insert(serviceGroupItems).values(unique.map((serviceId, sort) => ({ tenantId: auth.tenantId, groupId, serviceId, sort })));
  }
  const groups = await serviceGroupList(tx, undefined);
  return groups.find((g) => g.id === groupId);
}

export function registerServiceRoutes(app: FastifyInstance) {
  const C = '/api-chain/serviceinfo';
  const B = '/api-base/serviceinfo';
  const view = 'catalog.service.view';
  const edit = 'catalog.service.edit';
  const entity = 'service';

  for (const url of [`${C}/list`, `${C}/listPage`]) {
    route(
      app,
      'GET',
      url,
      { summary: 'Services: paged list (keyword, serviceTypeId, branchId, line, status)', perm: view, query: serviceListQuery },
      ({ tx, auth, query }) => listServices(tx, query, auth),
    );
  }
  listExport(app, `${C}/export`, {
    perm: view,
    query: serviceListQuery,
    list: ({ tx, auth }, query) => listServices(tx, query, auth),
    title: ['服务项目', 'Services'],
    columns: [
      { key: 'code', title: ['项目编码', 'Code'] },
      { key: 'name', title: ['项目名称', 'Name'], width: 24 },
      { key: 'serviceTypeName', title: ['项目类别', 'Type'] },
      { key: 'branchName', title: ['部门', 'Department'] },
      {
        key: 'line',
        title: ['业务线', 'Line'],
        value: (r, lang) => (r.line === 'mr' ? (lang === 'en-US' ? 'Beauty' : '美容') : lang === 'en-US' ? 'Hair' : '美发'),
      },
      {
        key: 'serType',
        title: ['项目大小', 'Size'],
        value: (r, lang) => (r.serType === 1 ? (lang === 'en-US' ? 'Major' : '大项目') : lang === 'en-US' ? 'Minor' : '小项目'),
      },
      { key: 'durationMinutes', title: ['时长（分钟）', 'Minutes'] },
      { key: 'basePrice', title: ['标准价', 'Base price'], value: (r) => yuanCell(r.basePrice) },
      { key: 'status', title: ['状态', 'Status'], value: (r, lang) => statusText(r.status, lang) },
      { key: 'updatedAt', title: ['更新时间', 'Updated'], width: 20, value: (r, _lang, zone) => dateTimeText(r.updatedAt, zone) },
    ],
  });
  route(
    app,
    'GET',
    `${C}/findServiceList`,
    { summary: 'Enabled services for pickers (keyword, serviceTypeId, line), at most 2000', perm: null, query: servicePickQuery },
    ({ tx, query }) => pickServices(tx, query),
  );
  for (const url of [`${B}/listAll`, `${B}/list/chain`]) {
    route(
      app,
      'GET',
      url,
      {
        summary: 'Enabled services of the chain for pickers (keyword, serviceTypeId, line), at most 2000',
        perm: null,
        query: servicePickQuery,
      },
      ({ tx, query }) => pickServices(tx, query),
    );
  }
  route(app, 'GET', `${C}/findbranch`, { summary: 'Departments that have services (for the list filter)', perm: null }, ({ tx }) =>
    tx
      .select({ id: branches.id, code: branches.code, name: branches.name })
      .from(branches)
      .where(
        exists(
          tx
            .select({ one: sql`1` })
            .from(services)
            .where(and(eq(services.branchId, branches.id), eq(services.isDel, 0))),
        ),
      )
      .orderBy(asc(branches.sort), asc(branches.code)),
  );
  route(app, 'GET', `${C}/findServiceType`, { summary: 'Service types that have services, with their counts', perm: null }, ({ tx }) =>
    tx
      .select({ id: serviceTypes.id, code: serviceTypes.code, name: serviceTypes.name, serviceCount: count(services.id) })
      .from(serviceTypes)
      .innerJoin(services, and(eq(services.serviceTypeId, serviceTypes.id), eq(services.isDel, 0)))
      .groupBy(serviceTypes.id, serviceTypes.code, serviceTypes.name, serviceTypes.sort)
      .orderBy(asc(serviceTypes.sort), asc(serviceTypes.code)),
  );
  route(app, 'GET', `${C}/newcode`, { summary: 'The next free service code (FW001...)', perm: view }, ({ tx }) =>
    nextSeriesCode(tx, services, services.code, SERVICE_CODE_PREFIX, 3),
  );
  for (const prefix of [C, B]) {
    route(
      app,
      'GET',
      `${prefix}/employees`,
      {
        summary: 'Employees who perform a service: named for it or on the job in one of its positions (shopid narrows)',
        perm: null,
        query: serviceWhoQuery,
      },
      ({ tx, auth, query }) => performers(tx, auth, query.serviceId, query.shopid),
    );
    route(
      app,
      'GET',
      `${prefix}/positions`,
      { summary: 'Positions that perform a service', perm: null, query: serviceWhoQuery.pick({ serviceId: true }) },
      ({ tx, query }) => performingPositions(tx, query.serviceId),
    );
  }
  route(
    app,
    'GET',
    `${C}/checkPackage/:id`,
    {
      summary: 'Is the service in a package? (a service in a package cannot be deleted)',
      perm: view,
      params: idParam,
      response: inPackageAnswer,
    },
    async ({ tx, params }) => {
      await getService(tx, params.id);
      const packages = await packagesUsing(tx, 'service', params.id);
      return { inPackage: packages.length > 0, packages };
    },
  );
  route(
    app,
    'GET',
    `${C}/delete`,
    {
      summary: 'Delete a service (by GET ?id=, as the seed does; 409 while a package holds it)',
      perm: edit,
      query: serviceDeleteQuery,
      write: true,
      entity,
    },
    ({ tx, query }) => deleteService(tx, query.id),
  );
  route(
    app,
    'POST',
    `${C}/delete`,
    { summary: 'Delete a service (409 while a package holds it)', perm: edit, body: idBody, entity },
    ({ tx, body }) => deleteService(tx, body.id),
  );
  route(
    app,
    'POST',
    `${C}/save`,
    {
      summary: 'Create (no id) or update (id, version) a service with its positions and employees',
      perm: edit,
      body: serviceSave,
      entity,
    },
    ({ tx, auth, body, req }) => saveService(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${C}/updateInfos`,
    {
      summary: 'Batch edit: the same changes (type, department, line, duration, status, positions) on many services, all or nothing',
      perm: edit,
      body: serviceUpdateInfos,
      entity,
    },
    ({ tx, auth, body }) => updateInfos(tx, auth, body),
  );
  route(app, 'GET', `${C}/:id`, { summary: 'One service', perm: view, params: idParam }, ({ tx, auth, params }) =>
    getService(tx, params.id, auth),
  );

  const G = '/api-chain/serviceGroup';
  route(
    app,
    'POST',
    `${G}/getServiceGroup`,
    { summary: 'Service groups with their services (keyword, status)', perm: view, body: serviceGroupQuery.optional(), read: true },
    ({ tx, body }) => serviceGroupList(tx, body),
  );
  route(
    app,
    'POST',
    `${G}/saveServiceGroup`,
    {
      summary: 'Create (no id) or update a service group and its services (in order)',
      perm: edit,
      body: serviceGroupSave,
      entity: 'servicegroup',
    },
    ({ tx, auth, body, req }) => saveServiceGroup(tx, auth, body, req.body),
  );
  route(
    app,
    'DELETE',
    `${G}/:id`,
    { summary: 'Delete a service group (its services stay)', perm: edit, params: idParam, entity: 'servicegroup' },
    async ({ tx, params }) => {
      const deleted = await tx.delete(serviceGroups).where(eq(serviceGroups.id, params.id)).returning({ id: serviceGroups.id });
      if (!deleted.length) throw notFound();
      return { id: params.id };
    },
  );
}
