import { deviceListQuery, deviceSave, deviceSettings, idParam, status, statusBody } from '@headoffice/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { keywordMatch, offsetOf, orderBy, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { getSetting, setSetting } from '../../platform/settings.js';
import { shops } from '../org/public.js';
import './messages.js';
import { devices } from './schema.js';

/** Tenant setting: the cashier application opens only on a bound, enabled device of the user's shop. */
export const REQUIRE_BOUND_DEVICE = 'identity.requireBoundDevice';
/** The header a cashier terminal sends with its device id (the seed's mac). */
export const DEVICE_HEADER = 'x-device-id';
export const CASHIER_APP = 'cashier';

/** Device ids compare without case and surrounding spaces (AA:BB… and aa:bb… are one device). */
export const normalizeMac = (mac: string) => mac.trim().toUpperCase();

const deviceColumns = {
  id: devices.id,
  mac: devices.mac,
  name: devices.name,
  shopId: devices.shopId,
  shopCode: shops.code,
  shopName: shops.name,
  status: devices.status,
  memo: devices.memo,
  lastSeenAt: devices.lastSeenAt,
  version: devices.version,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

/** Devices of the shops the user sees (every shop for head office). */
function scope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? inArray(devices.shopId, visible.length ? visible : [0]) : undefined;
}

function selectDevices(tx: Db) {
  return tx.select(deviceColumns).from(devices).innerJoin(shops, eq(shops.id, devices.shopId)).$dynamic();
}

async function getDevice(tx: Db, auth: Auth, id: number) {
  const [row] = await selectDevices(tx).where(and(eq(devices.id, id), scope(auth)));
  if (!row) throw notFound();
  return row;
}

async function listDevices(tx: Db, auth: Auth, q: z.output<typeof deviceListQuery>) {
  const where: SQL[] = [];
  const s = scope(auth);
  if (s) where.push(s);
  if (q.keyword) where.push(keywordMatch(q.keyword, devices.mac, devices.name));
  if (q.shopId) where.push(eq(devices.shopId, q.shopId));
  if (q.status !== undefined) where.push(eq(devices.status, q.status));
  const sortable = {
    mac: devices.mac,
    name: devices.name,
    shopId: devices.shopId,
    status: devices.status,
    lastSeenAt: devices.lastSeenAt,
    createdAt: devices.createdAt,
  };
  return pageOf(
    tx,
    q,
    selectDevices(tx)
      .where(and(...where))
      .orderBy(...orderBy(q.sort, sortable, [asc(shops.code), asc(devices.mac)], devices.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () =>
      tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(...where)),
  );
}

async function saveDevice(tx: Db, auth: Auth, value: z.output<typeof deviceSave>, raw: unknown) {
  const { id, version, ...fields } = value;
  const current = id ? await getDevice(tx, auth, id) : undefined;
  const values = current ? sentFields(fields, raw) : fields;
  if (values.mac !== undefined) {
    values.mac = normalizeMac(values.mac);
    const [same] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.mac, values.mac), id ? ne(devices.id, id) : undefined));
    if (same) {
      const params = { field: '@mac', value: values.mac };
      throw new AppError(409, 'duplicate', params, [{ path: 'mac', key: 'duplicate', params }]);
    }
  }
  if (values.shopId !== undefined) {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, values.shopId));
    if (!shop) throw fieldError('shopId', 'missingReference', { field: '@shop' });
    const visible = visibleShops(auth);
    if (visible && !visible.includes(values.shopId)) throw forbidden('shopForbidden');
  }
  if (!current) {
    const [created] = await tx
      .insert(devices)
      .values({ ...fields, mac: values.mac as string, tenantId: auth.tenantId })
      .returning({ id: devices.id });
    return getDevice(tx, auth, created.id);
  }
  const conditions = [eq(devices.id, current.id)];
  if (version !== undefined) conditions.push(eq(devices.version, version));
  const updated = await tx
    .update(devices)
    .set({ ...values, version: sql`${devices.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: devices.id });
  if (!updated.length) throw new AppError(409, 'staleVersion');
  return getDevice(tx, auth, current.id);
}

/** Sets the status of devices the user sees; an unknown (or unseen) id answers 404 and nothing changes. */
async function setStatus(tx: Db, auth: Auth, ids: number[], value: number) {
  const wanted = [...new Set(ids)];
  const changed = await tx
    .update(devices)
    .set({ status: value, version: sql`${devices.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(devices.id, wanted), scope(auth)))
    .returning({ id: devices.id });
  if (changed.length !== wanted.length) throw notFound();
  const result = { updated: changed.length, ids: changed.map((r) => r.id).sort((a, b) => a - b) };
  // One device: its id names the record in the operation log.
  return wanted.length === 1 ? { id: wanted[0], ...result } : result;
}

/**
 * When the tenant requires bound devices, opening the cashier application needs the `X-Device-Id`
 * of an enabled device bound to one of the user's login shops (any shop for a super administrator).
 */
export async function assertBoundDevice(tx: Db, auth: Auth, appId: string, req: FastifyRequest) {
  if (appId !== CASHIER_APP || !(await getSetting(tx, REQUIRE_BOUND_DEVICE, false))) return;
  const header = req.headers[DEVICE_HEADER];
  const mac = typeof header === 'string' ? normalizeMac(header) : '';
  if (!mac) throw forbidden('deviceNotBound');
  const [device] = await tx
    .select({ id: devices.id, shopId: devices.shopId })
    .from(devices)
    .where(and(eq(devices.mac, mac), eq(devices.status, 1)));
  if (!device || (!auth.isSuper && !auth.loginShops.includes(device.shopId))) throw forbidden('deviceNotBound');
  await tx.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, device.id));
}

const queryStatus = z.coerce.number().pipe(status);
const saveQuery = deviceSave.extend({
  version: z.coerce.number().int().positive().optional(),
  status: queryStatus.default(1),
});
const statusOne = z.strictObject({ id: z.number().int().positive(), status });
const statusOneQuery = z.object({ id: idParam.shape.id, status: queryStatus });
const statusManyQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().positive()).min(1).max(1000)),
  status: queryStatus,
});

export function registerDeviceRoutes(app: FastifyInstance) {
  const view = 'identity.device.view';
  const edit = 'identity.device.edit';
  const M = '/api-user/mac';
  const byGet = 'The seed names this call without a method: served by GET (query parameters) and POST (JSON body).';

  route(
    app,
    'GET',
    `${M}/list`,
    {
      summary: 'Cashier devices: paged list with shop name (keyword on device id and name; shopId, status)',
      description: 'Shows devices of the shops the user sees. Sort: mac, name, shopId, status, lastSeenAt, createdAt.',
      perm: view,
      query: deviceListQuery,
    },
    ({ tx, auth, query }) => listDevices(tx, auth, query),
  );
  const saveSpec = {
    summary: 'Create (no id) or update a cashier device (device id unique in the company: 409)',
    description: `${byGet} The device id (mac) is stored trimmed and upper-case. The shop must be one the user sees (403).`,
    perm: edit,
    entity: 'device',
  };
  route(app, 'GET', `${M}/saveMac`, { ...saveSpec, query: saveQuery, write: true }, ({ tx, auth, query, req }) =>
    saveDevice(tx, auth, query, req.query),
  );
  route(app, 'POST', `${M}/saveMac`, { ...saveSpec, body: deviceSave }, ({ tx, auth, body, req }) => saveDevice(tx, auth, body, req.body));

  const oneSpec = { summary: 'Enable (1) or disable (0) one device {id, status}', description: byGet, perm: edit, entity: 'device' };
  route(app, 'GET', `${M}/updateStatus`, { ...oneSpec, query: statusOneQuery, write: true }, ({ tx, auth, query }) =>
    setStatus(tx, auth, [query.id], query.status),
  );
  route(app, 'POST', `${M}/updateStatus`, { ...oneSpec, body: statusOne }, ({ tx, auth, body }) =>
    setStatus(tx, auth, [body.id], body.status),
  );

  const manySpec = {
    summary: 'Enable (1) or disable (0) several devices {ids, status}',
    description: `${byGet} By GET, ids are comma-separated (ids=1,2,3). One unknown id answers 404 and nothing changes.`,
    perm: edit,
    entity: 'device',
  };
  route(app, 'GET', `${M}/batchUpdateStatus`, { ...manySpec, query: statusManyQuery, write: true }, ({ tx, auth, query }) =>
    setStatus(tx, auth, query.ids, query.status),
  );
  route(app, 'POST', `${M}/batchUpdateStatus`, { ...manySpec, body: statusBody }, ({ tx, auth, body }) =>
    setStatus(tx, auth, body.ids, body.status),
  );

  const settingsDescription =
    'Not in the seed. When requireBoundDevice is on, POST /api-user/relogin and /api-user/app-login for appId "cashier" must ' +
    "carry the header X-Device-Id of an enabled device bound to one of the user's login shops (any shop for a super " +
    'administrator); otherwise they answer 403.';
  route(
    app,
    'GET',
    `${M}/settings`,
    {
      summary: 'Device settings of the company: {requireBoundDevice}',
      description: settingsDescription,
      perm: view,
      response: deviceSettings,
    },
    async ({ tx }) => ({ requireBoundDevice: await getSetting(tx, REQUIRE_BOUND_DEVICE, false) }),
  );
  route(
    app,
    'POST',
    `${M}/settings`,
    {
      summary: 'Change the device settings: {requireBoundDevice}',
      description: settingsDescription,
      perm: edit,
      body: deviceSettings,
      entity: 'setting',
    },
    async ({ tx, auth, body }) => {
      await setSetting(tx, auth.tenantId, REQUIRE_BOUND_DEVICE, body.requireBoundDevice);
      return { requireBoundDevice: body.requireBoundDevice };
    },
  );
}
