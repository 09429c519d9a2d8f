import {
  CASHIER_PATHS as P,
  positionOption,
  type Station,
  station,
  stationDescQuery,
  stationSave,
  type WheelScheme,
  wheelRest,
  wheelRestDelete,
  wheelRestQuery,
  wheelRestSave,
  wheelScheme,
  wheelSchemeSave,
} from '@headoffice/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { positionLevels, positions, shops } from '../org/public.js';
import { assertShops } from './pay.js';
import { stations, wheelRests, wheelSchemeShops, wheelSchemes } from './schema.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

async function stationsOf(tx: Db, where?: ReturnType<typeof eq>): Promise<Station[]> {
  const rows = await tx.select().from(stations).where(where).orderBy(asc(stations.code));
  const ids = [...new Set(rows.flatMap((r) => r.rows.flatMap((x) => x.positionIds)))];
  const names = ids.length
    ? new Map(
        (await tx.select({ id: positions.id, name: positions.name }).from(positions).where(inArray(positions.id, ids))).map((p) => [
          p.id,
          p.name,
        ]),
      )
    : new Map<number, string>();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    businessType: r.businessType,
    version: r.version,
    rows: r.rows.map((x) => ({
      ...x,
      positions: x.positionIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) as string })),
    })),
  }));
}

async function assertPositions(tx: Db, ids: number[], path: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await tx.select({ id: positions.id }).from(positions).where(inArray(positions.id, unique));
  if (found.length < unique.length) throw fieldError(path, 'stationPositionUnknown');
}

async function schemesOf(tx: Db, auth: Auth, ids?: number[]): Promise<WheelScheme[]> {
  const rows = await tx
    .select()
    .from(wheelSchemes)
    .where(ids ? inArray(wheelSchemes.id, ids) : undefined)
    .orderBy(asc(wheelSchemes.code))
    .limit(2000);
  const links = rows.length
    ? await tx
        .select({ schemeId: wheelSchemeShops.schemeId, id: shops.id, code: shops.code, name: shops.name })
        .from(wheelSchemeShops)
        .innerJoin(shops, eq(shops.id, wheelSchemeShops.shopId))
        .where(
          inArray(
            wheelSchemeShops.schemeId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(shops.code))
    : [];
  const visible = visibleShops(auth);
  return rows.map((r) => {
    const own = links.filter((l) => l.schemeId === r.id && (!visible || visible.includes(l.id)));
    return {
      id: r.id,
      version: r.version,
      cwtcode: r.code,
      cwtname: r.name,
      shoptype: r.shopType,
      memo: r.memo,
      rows: r.rows,
      updatedAt: r.updatedAt.toISOString(),
      shopIds: own.map((l) => l.id),
      shops: own.map(({ schemeId: _s, ...s }) => s),
    };
  });
}

/** A shop in scope of the user, else 404 (another shop's rows are not the user's to see). */
function assertShopVisible(auth: Auth, shopId: number) {
  const visible = visibleShops(auth);
  if (visible && !visible.includes(shopId)) throw notFound();
}

export function registerWheelRoutes(app: FastifyInstance) {
  // ---- stations ----
  route(
    app,
    'GET',
    P.stationAll,
    { summary: 'Stations per business type (美发/美容/综合) with their rows and positions', perm: null, response: z.array(station) },
    async ({ tx }) => stationsOf(tx),
  );
  route(
    app,
    'GET',
    `${P.stationAll.replace('/list/all', '')}/getByCode/:code`,
    {
      summary: 'The station of one code (01 美发, 02 美容, 03 综合) with its rows and positions',
      perm: null,
      params: z.object({ code: z.string().trim().min(1).max(32) }),
      response: station,
    },
    async ({ tx, params }) => {
      const [row] = await stationsOf(tx, eq(stations.code, params.code));
      if (!row) throw notFound();
      return row;
    },
  );
  route(
    app,
    'GET',
    P.stationDesc,
    {
      summary: 'The rows of a station (statid): 第一/第二/第三工位 and the employee positions that may fill each',
      perm: null,
      query: stationDescQuery,
      response: station.shape.rows,
    },
    async ({ tx, query }) => {
      const [row] = await stationsOf(tx, eq(stations.id, query.statid));
      if (!row) throw notFound();
      return row.rows;
    },
  );
  route(
    app,
    'GET',
    P.stationPositions,
    {
      summary: 'Employee positions usable in the wheel: those some station row lists (every enabled position when none does)',
      perm: null,
      response: z.array(positionOption),
    },
    async ({ tx }) => {
      const used = [
        ...new Set((await tx.select({ rows: stations.rows }).from(stations)).flatMap((s) => s.rows.flatMap((r) => r.positionIds))),
      ];
      return tx
        .select({ id: positions.id, code: positions.code, name: positions.name })
        .from(positions)
        .where(used.length ? inArray(positions.id, used) : eq(positions.status, 1))
        .orderBy(asc(positions.sort), asc(positions.code));
    },
  );
  route(
    app,
    'POST',
    P.stationSave,
    {
      summary: "Save a station's rows (name and positions of 第一/第二/第三工位)",
      perm: 'cashier.station.edit',
      body: stationSave,
      entity: 'station',
      response: station,
    },
    async ({ tx, body }) => {
      body.rows.forEach((r, i) => {
        if (r.postion !== i + 1) throw fieldError(`rows.${i}.postion`, 'validation');
      });
      for (const [i, r] of body.rows.entries()) await assertPositions(tx, r.positionIds, `rows.${i}.positionIds`);
      const [row] = await tx
        .update(stations)
        .set({
          ...(body.name ? { name: body.name } : {}),
          rows: body.rows,
          version: sql`${stations.version} + 1`,
          updatedAt: new Date(),
        })
        .where(body.version ? and(eq(stations.id, body.id), eq(stations.version, body.version)) : eq(stations.id, body.id))
        .returning({ id: stations.id });
      if (!row) {
        const [exists] = await tx.select({ id: stations.id }).from(stations).where(eq(stations.id, body.id));
        throw exists ? conflict('staleVersion') : notFound();
      }
      const [out] = await stationsOf(tx, eq(stations.id, body.id));
      return out;
    },
  );

  // ---- wheel schemes ----
  route(
    app,
    'GET',
    P.wheelAll,
    { summary: 'Wheel schemes (轮牌方案) with their rows and shops', perm: 'cashier.wheel.view', response: z.array(wheelScheme) },
    ({ tx, auth }) => schemesOf(tx, auth),
  );
  route(
    app,
    'POST',
    P.wheelSave,
    {
      summary: 'Save a wheel scheme: code, name, shop type, shops, rows',
      description:
        "A shop follows one scheme (409 naming the other scheme); the shops must be of the scheme's shop type (400). Rows name the positions and levels of their queue.",
      perm: 'cashier.wheel.edit',
      body: wheelSchemeSave,
      entity: 'wheelconfig',
      response: wheelScheme,
    },
    async ({ tx, auth, body }) => {
      const names = new Set<string>();
      for (const [i, r] of body.rows.entries()) {
        if (names.has(r.cwcname)) throw fieldError(`rows.${i}.cwcname`, 'wheelRowPost', { name: r.cwcname });
        names.add(r.cwcname);
        await assertPositions(tx, r.positionIds, `rows.${i}.positionIds`);
        if (r.levelIds.length) {
          const found = await tx.select({ id: positionLevels.id }).from(positionLevels).where(inArray(positionLevels.id, r.levelIds));
          if (found.length < new Set(r.levelIds).size) throw fieldError(`rows.${i}.levelIds`, 'notFound');
        }
      }
      const shopIds = [...new Set(body.shopIds)];
      await assertShops(tx, auth, shopIds);
      if (shopIds.length) {
        const wrong = await tx
          .select({ name: shops.name })
          .from(shops)
          .where(and(inArray(shops.id, shopIds), ne(shops.type, body.shoptype)))
          .limit(1);
        if (wrong.length) throw fieldError('shopIds', 'wheelShopType', { shop: wrong[0].name });
      }
      const values = { code: body.cwtcode, name: body.cwtname, shopType: body.shoptype, rows: body.rows, memo: body.memo ?? null };
      let id = body.id;
      if (id) {
        const [row] = await tx
          .update(wheelSchemes)
          .set({ ...values, version: sql`${wheelSchemes.version} + 1`, updatedAt: new Date() })
          .where(body.version ? and(eq(wheelSchemes.id, id), eq(wheelSchemes.version, body.version)) : eq(wheelSchemes.id, id))
          .returning({ id: wheelSchemes.id });
        if (!row) {
          const [exists] = await tx.select({ id: wheelSchemes.id }).from(wheelSchemes).where(eq(wheelSchemes.id, id));
          throw exists ? conflict('staleVersion') : notFound();
        }
      } else {
        const [row] = await tx
          .insert(wheelSchemes)
          .values({ ...values, tenantId: auth.tenantId })
          .returning({ id: wheelSchemes.id });
        id = row.id;
      }
      if (shopIds.length) {
        const [taken] = await tx
          .select({ shop: shops.name, scheme: wheelSchemes.name })
          .from(wheelSchemeShops)
          .innerJoin(shops, eq(shops.id, wheelSchemeShops.shopId))
          .innerJoin(wheelSchemes, eq(wheelSchemes.id, wheelSchemeShops.schemeId))
          .where(and(inArray(wheelSchemeShops.shopId, shopIds), ne(wheelSchemeShops.schemeId, id)))
          .limit(1);
        if (taken) throw conflict('wheelShopTaken', taken);
      }
      // The scheme's shops become those sent, among the shops the user may see.
      const visible = visibleShops(auth);
      await tx
        .delete(wheelSchemeShops)
        .where(
          and(eq(wheelSchemeShops.schemeId, id), visible ? inArray(wheelSchemeShops.shopId, visible.length ? visible : [0]) : undefined),
        );
      if (shopIds.length)
        await tx.insert(wheelSchemeShops).values(shopIds.map((shopId) => ({ tenantId: auth.tenantId, shopId, schemeId: id as number })));
      const [out] = await schemesOf(tx, auth, [id]);
      return out;
    },
  );
  route(
    app,
    'DELETE',
    '/api-chain/wheelconfig/:id',
    { summary: 'Delete a wheel scheme (its shops are released)', perm: 'cashier.wheel.edit', params: idParams, entity: 'wheelconfig' },
    async ({ tx, params }) => {
      const [row] = await tx.delete(wheelSchemes).where(eq(wheelSchemes.id, params.id)).returning({ id: wheelSchemes.id });
      if (!row) throw notFound();
      return row;
    },
  );

  // ---- temporary rest kinds per shop ----
  const restColumns = {
    id: wheelRests.id,
    shopId: wheelRests.shopId,
    cwrname: wheelRests.name,
    time: wheelRests.minutes,
    updatedAt: wheelRests.updatedAt,
  };
  const restOut = (r: { updatedAt: Date } & Record<string, unknown>) =>
    ({ ...r, updatedAt: r.updatedAt.toISOString() }) as z.input<typeof wheelRest>;
  route(
    app,
    'GET',
    P.wheelRestList,
    {
      summary: "A shop's temporary rest kinds (name, minutes)",
      perm: 'cashier.wheel.view',
      query: wheelRestQuery,
      response: z.array(wheelRest),
    },
    async ({ tx, query }) => {
      const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, query.shopid));
      if (!shop) throw notFound();
      const rows = await tx
        .select(restColumns)
        .from(wheelRests)
        .where(and(eq(wheelRests.shopId, query.shopid), eq(wheelRests.isDel, 0)))
        .orderBy(asc(wheelRests.minutes), asc(wheelRests.id));
      return rows.map(restOut);
    },
  );
  route(
    app,
    'POST',
    P.wheelRestSave,
    {
      summary: 'Save a temporary rest kind of a shop: no id creates; the name is unique in the shop (409)',
      perm: 'cashier.wheel.edit',
      body: wheelRestSave,
      entity: 'wheelrest',
      response: wheelRest,
    },
    async ({ tx, auth, body }) => {
      await assertShops(tx, auth, [body.shopid]);
      const values = { shopId: body.shopid, name: body.cwrname, minutes: body.time };
      if (body.id) {
        const [old] = await tx
          .select({ shopId: wheelRests.shopId })
          .from(wheelRests)
          .where(and(eq(wheelRests.id, body.id), eq(wheelRests.isDel, 0)));
        if (!old) throw notFound();
        assertShopVisible(auth, old.shopId);
        const [row] = await tx
          .update(wheelRests)
          .set({ ...values, version: sql`${wheelRests.version} + 1`, updatedAt: new Date() })
          .where(eq(wheelRests.id, body.id))
          .returning(restColumns);
        return restOut(row);
      }
      const [row] = await tx
        .insert(wheelRests)
        .values({ ...values, tenantId: auth.tenantId })
        .returning(restColumns);
      return restOut(row);
    },
  );
  route(
    app,
    'POST',
    P.wheelRestDelete,
    {
      summary: 'Delete a temporary rest kind ({id, isDel: 1})',
      perm: 'cashier.wheel.edit',
      body: wheelRestDelete,
      entity: 'wheelrest',
      verb: 'delete',
    },
    async ({ tx, auth, body }) => {
      const [old] = await tx
        .select({ shopId: wheelRests.shopId })
        .from(wheelRests)
        .where(and(eq(wheelRests.id, body.id), eq(wheelRests.isDel, 0)));
      if (!old) throw notFound();
      assertShopVisible(auth, old.shopId);
      await tx
        .update(wheelRests)
        .set({ isDel: 1, version: sql`${wheelRests.version} + 1`, updatedAt: new Date() })
        .where(eq(wheelRests.id, body.id));
      return { id: body.id };
    },
  );
}
