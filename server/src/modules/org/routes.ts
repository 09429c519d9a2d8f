import { idParam, regionTreeNode, statusBody } from '@headoffice/contract';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { deleteRecord, listAllRecords, listRecords, registerRecord, saveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { brandDef, dictionaries, packageTypeDef, positionDef, positionLevelDef, productCategoryDef, regionDef } from './dictionaries.js';
import { positions, productCategories, regions, shops } from './schema.js';
import { registerShopRoutes } from './shops.js';

interface TreeNode {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  sort: number;
  status: number;
  children: TreeNode[];
  shopCount?: number;
  shops?: { id: number; code: string; name: string; status: number }[];
}

function buildTree<T extends { id: number; parentId: number | null }>(rows: T[]): (T & { children: T[] })[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as T[] }]));
  const roots: (T & { children: T[] })[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (!node.parentId) roots.push(node);
  }
  return roots;
}

async function regionTree(tx: Db, auth: Auth, mode: 'counts' | 'plain' | 'shops') {
  const rows = await tx
    .select({
      id: regions.id,
      code: regions.code,
      name: regions.name,
      parentId: regions.parentId,
      sort: regions.sort,
      status: regions.status,
    })
    .from(regions)
    .orderBy(asc(regions.sort), asc(regions.code));
  const visible = visibleShops(auth);
  const shopScope = visible ? inArray(shops.id, visible.length ? visible : [0]) : undefined;
  const nodes: TreeNode[] = rows.map((r) => ({ ...r, children: [] }));
  if (mode === 'counts') {
    const counts = await tx.select({ regionId: shops.regionId, n: count() }).from(shops).where(shopScope).groupBy(shops.regionId);
    const byRegion = new Map(counts.map((c) => [c.regionId, c.n]));
    for (const n of nodes) n.shopCount = byRegion.get(n.id) ?? 0;
  }
  if (mode === 'shops') {
    const shopRows = await tx
      .select({ id: shops.id, code: shops.code, name: shops.name, status: shops.status, regionId: shops.regionId })
      .from(shops)
      .where(shopScope)
      .orderBy(asc(shops.code));
    for (const n of nodes) n.shops = shopRows.filter((s) => s.regionId === n.id).map(({ regionId: _r, ...s }) => s);
  }
  const roots = buildTree(nodes) as TreeNode[];
  if (mode === 'counts')
    for (const root of roots) root.shopCount = (root.shopCount ?? 0) + root.children.reduce((sum, c) => sum + (c.shopCount ?? 0), 0);
  return roots;
}

export async function orgModule(app: FastifyInstance) {
  for (const record of dictionaries) registerRecord(app, record);

  // Regions
  const R = regionDef.def.basePath;
  const tree = z.array(regionTreeNode);
  route(app, 'GET', `${R}/tree/all`, { summary: 'Region tree with shop counts', perm: 'org.region.view', response: tree }, ({ tx, auth }) =>
    regionTree(tx, auth, 'counts'),
  );
  route(app, 'GET', `${R}/tree/allNoNum`, { summary: 'Region tree without counts', perm: null, response: tree }, ({ tx, auth }) =>
    regionTree(tx, auth, 'plain'),
  );
  route(
    app,
    'GET',
    `${R}/tree/two`,
    { summary: 'Region tree, two levels (top regions and their sub-regions)', perm: null, response: tree },
    ({ tx, auth }) => regionTree(tx, auth, 'plain'),
  );
  route(
    app,
    'GET',
    `${R}/shopTree`,
    { summary: 'Region tree with the shops of each region', perm: 'org.region.view', response: tree },
    ({ tx, auth }) => regionTree(tx, auth, 'shops'),
  );
  route(
    app,
    'POST',
    `${R}/saveRegion`,
    { summary: 'Create or update a region', perm: 'org.region.edit', body: regionDef.def.save, entity: 'dictregion' },
    ({ tx, body, auth, req }) => saveRecord(tx, regionDef, body, auth, req.body),
  );

  // Brands (lists show isDel = 0 only) and channels
  route(app, 'GET', `${brandDef.def.basePath}/allBrand`, { summary: 'Every brand not deleted, enabled or not', perm: null }, ({ tx }) =>
    listRecords(tx, brandDef, { page: 1, pageSize: 2000 }).then((p) => p.list),
  );

  // Positions and levels
  route(
    app,
    'GET',
    `${positionDef.def.basePath}/list/position`,
    { summary: 'Enabled positions, each with its enabled levels', perm: null },
    async ({ tx }) => {
      const positionRows = await listAllRecords(tx, positionDef);
      const levelRows = await listAllRecords(tx, positionLevelDef);
      return positionRows.map((p) => ({ ...p, levels: levelRows.filter((l) => l.positionId === p.id) }));
    },
  );
  route(
    app,
    'GET',
    `${positionLevelDef.def.basePath}/list/listByPscode`,
    { summary: 'Enabled levels of the position with this code', perm: null, query: z.object({ pscode: z.string().min(1).max(32) }) },
    async ({ tx, query }) => {
      const [position] = await tx.select({ id: positions.id }).from(positions).where(eq(positions.code, query.pscode));
      if (!position) throw fieldError('pscode', 'missingReference', { field: '@position' });
      return listAllRecords(tx, positionLevelDef, { positionId: position.id });
    },
  );

  // Package types: the seed's deleteType (by GET with ?id=, POST with {id} as well)
  route(
    app,
    'GET',
    `${packageTypeDef.def.basePath}/deleteType`,
    {
      summary: 'Delete a package type (by GET, as the seed does)',
      perm: 'org.dict.packagetype.edit',
      query: idParam,
      write: true,
      entity: 'packagetype',
    },
    ({ tx, query }) => deleteRecord(tx, packageTypeDef, query.id),
  );
  route(
    app,
    'POST',
    `${packageTypeDef.def.basePath}/deleteType`,
    {
      summary: 'Delete a package type',
      perm: 'org.dict.packagetype.edit',
      body: z.object({ id: z.number().int().positive() }),
      entity: 'packagetype',
    },
    ({ tx, body }) => deleteRecord(tx, packageTypeDef, body.id),
  );

  // Product categories: first level (f), second level (z), both (fz), tree
  const C = productCategoryDef.def.basePath;
  const categoryRows = async (tx: Db, level?: 'first' | 'second') => {
    const rows = await listAllRecords(tx, productCategoryDef);
    return level === 'first' ? rows.filter((r) => !r.parentId) : level === 'second' ? rows.filter((r) => r.parentId) : rows;
  };
  const categoryTree = async (tx: Db) => buildTree((await categoryRows(tx)) as { id: number; parentId: number | null }[]);
  for (const prefix of [C, '/api-base/productcategory']) {
    route(
      app,
      'GET',
      `${prefix}/list/allfz`,
      { summary: 'Enabled categories of both levels, each with its parent name', perm: null },
      ({ tx }) => categoryRows(tx),
    );
    route(app, 'GET', `${prefix}/tree/all`, { summary: 'Enabled category tree (first level → second level)', perm: null }, ({ tx }) =>
      categoryTree(tx),
    );
  }
  route(app, 'GET', '/api-base/productcategory/list/all', { summary: 'Enabled categories for pickers', perm: null }, ({ tx }) =>
    categoryRows(tx),
  );
  route(app, 'GET', `${C}/list/allf`, { summary: 'Enabled first-level categories', perm: null }, ({ tx }) => categoryRows(tx, 'first'));
  route(
    app,
    'GET',
    `${C}/listz`,
    {
      summary: 'Second-level categories, paged (filter by parentId)',
      perm: 'org.dict.productcategory.view',
      query: productCategoryDef.def.listQuery,
    },
    ({ tx, query }) => listRecords(tx, productCategoryDef, query, [isNotNull(productCategories.parentId)]),
  );
  route(
    app,
    'POST',
    `${C}/updateStatusz`,
    {
      summary: 'Enable or disable second-level categories',
      perm: 'org.dict.productcategory.edit',
      body: statusBody,
      entity: 'productcategory',
    },
    async ({ tx, body }) => {
      const changed = await tx
        .update(productCategories)
        .set({ status: body.status, version: sql`${productCategories.version} + 1`, updatedAt: new Date() })
        .where(and(inArray(productCategories.id, body.ids), isNotNull(productCategories.parentId)))
        .returning({ id: productCategories.id });
      if (!changed.length) throw notFound();
      return { updated: changed.length };
    },
  );
  registerShopRoutes(app);
}
