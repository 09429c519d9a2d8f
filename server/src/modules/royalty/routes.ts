import {
  awardBatchImport,
  awardBatchUpdate,
  awardItemRecord,
  awardListQuery,
  awardPage,
  awardSumAnswer,
  awardSumQuery,
  basePaySave,
  idParam,
  myRoyaltyQuery,
  royaltyGroup,
  royaltyGroupCopy,
  royaltyGroupEmployee,
  royaltyGroupSave,
  royaltyItemNew,
  royaltyItemSave,
  royaltyItemStatus,
  royaltyLockBody,
  royaltyNorms,
  royaltyScheme,
  royaltySchemeCopy,
  royaltySchemeEmployees,
  royaltySchemeIdQuery,
  royaltySchemePage,
  royaltySchemeQuery,
  royaltySchemeSave,
  royaltySchemeStatus,
  royaltyStatementQuery,
  royaltyTaken,
  royaltyTypeRecord,
  salaryPage,
  salaryQuery,
} from '@headoffice/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { tenantToday } from '../../platform/numbering.js';
import { registerRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { users } from '../identity/public.js';
import { employees } from '../org/public.js';
import { schemeFor } from './compute.js';
import './messages.js';
import { assertEmployeeVisible } from '../org/public.js';
import { awardBatchImportRun, awardBatchUpdateRun, awardList, awardSum, salaryDetail, saveBasePay } from './pay.js';
import { awardItems, royaltyMonthLocks, royaltyTypes } from './schema.js';
import {
  allEnabledShopSchemes,
  allVersions,
  copyGroup,
  copyScheme,
  deleteGroup,
  groupRow,
  groupsOf,
  itemOut,
  itemRow,
  listSchemes,
  saveGroup,
  saveItem,
  saveScheme,
  schemeOut,
  schemeRow,
  setItemStatus,
  setSchemeEmployees,
  setSchemeStatus,
  unableEmployees,
  unableShops,
} from './schemes.js';
import { lockMonth, positionsOf, statement } from './statement.js';
import { registerStatementExport } from './statement-export.js';

definedEntityLabels.set('royaltymanage', ['提成方案', 'commission scheme']);
definedEntityLabels.set('royaltygroup', ['提成分组', 'commission group']);
definedEntityLabels.set('royaltyitem', ['提成项', 'commission item']);
definedEntityLabels.set('employeeroyalty', ['提成月份', 'commission month']);
definedEntityLabels.set('awarddesc', ['奖罚金额', 'awards and penalties']);
definedEntityLabels.set('salary', ['底薪', 'base pay']);

export const royaltyTypeDef = serveRecord(royaltyTypeRecord, { table: royaltyTypes });
export const awardItemDef = serveRecord(awardItemRecord, { table: awardItems });

const M = '/api-pers/royaltymanage';
const G = '/api-pers/royaltygroup';
const I = '/api-pers/royaltyitem';
const V = 'royalty.scheme.view';
const E = 'royalty.scheme.edit';

async function myEmployee(tx: Db, auth: Auth) {
  const [row] = await tx
    .select({ id: employees.id, shopId: employees.shopId })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.id, auth.userId));
  return row;
}

/** 提成: types, schemes with groups and items, the metrics, the monthly statement and the employee's own page. */
export async function royaltyModule(app: FastifyInstance) {
  registerRecord(app, royaltyTypeDef);
  registerRecord(app, awardItemDef);

  route(
    app,
    'GET',
    `${M}/page`,
    { summary: 'Commission schemes, paged', perm: V, query: royaltySchemeQuery, response: royaltySchemePage },
    ({ tx, auth, query }) => listSchemes(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${M}/search`,
    { summary: 'Commission schemes by code or name', perm: V, query: royaltySchemeQuery, response: royaltySchemePage },
    ({ tx, auth, query }) => listSchemes(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${M}/list/all`,
    { summary: 'Enabled shop schemes (the fixed filter status=1&type=1)', perm: null, response: z.array(royaltyScheme) },
    ({ tx, auth }) => allEnabledShopSchemes(tx, auth),
  );
  route(app, 'GET', `${M}/vo/:id`, { summary: 'A commission scheme', perm: V, params: idParam }, ({ tx, auth, params }) =>
    schemeOut(tx, params.id, auth),
  );
  route(
    app,
    'GET',
    `${M}/unableSelectShopList`,
    {
      summary: 'Shops bound to another scheme (a shop has one scheme)',
      perm: V,
      query: royaltySchemeIdQuery,
      response: z.array(royaltyTaken),
    },
    ({ tx, auth, query }) => unableShops(tx, query.id, auth),
  );
  route(
    app,
    'GET',
    `${M}/unableSelectEmployeeList`,
    { summary: 'Employees bound to another personal scheme', perm: V, query: royaltySchemeIdQuery, response: z.array(royaltyTaken) },
    ({ tx, auth, query }) => unableEmployees(tx, query.id, auth),
  );
  route(
    app,
    'POST',
    `${M}/save`,
    { summary: 'Add or change a commission scheme', perm: E, body: royaltySchemeSave },
    ({ tx, auth, body }) => saveScheme(tx, auth, body),
  );
  route(
    app,
    'POST',
    `${M}/status`,
    { summary: 'Enable or disable a scheme', perm: E, body: royaltySchemeStatus, verb: 'update' },
    ({ tx, auth, body }) => setSchemeStatus(tx, auth, body.id, body.status),
  );
  route(
    app,
    'POST',
    `${M}/copy`,
    { summary: 'Copy a scheme with its groups and items', perm: E, body: royaltySchemeCopy },
    ({ tx, auth, body }) => copyScheme(tx, auth, body.id, body.prmname),
  );
  route(
    app,
    'POST',
    `${M}/employee`,
    { summary: "Set a personal scheme's employees", perm: E, body: royaltySchemeEmployees },
    ({ tx, auth, body }) => setSchemeEmployees(tx, auth, body.id, body.employees),
  );

  route(app, 'POST', `${G}/save`, { summary: 'Add or change a group', perm: E, body: royaltyGroupSave }, ({ tx, auth, body }) =>
    saveGroup(tx, auth, body),
  );
  route(app, 'POST', `${G}/copy`, { summary: 'Copy a group with its items', perm: E, body: royaltyGroupCopy }, ({ tx, auth, body }) =>
    copyGroup(tx, auth, body.id, body.name),
  );
  route(
    app,
    'POST',
    `${G}/employee`,
    {
      summary: 'The scheme and groups that apply to an employee on a day',
      perm: V,
      body: royaltyGroupEmployee,
      read: true,
    },
    async ({ tx, auth, body }) => {
      const [e] = await tx.select({ id: employees.id, shopId: employees.shopId }).from(employees).where(eq(employees.id, body.employeeId));
      if (!e) throw notFound();
      assertShopVisible(auth, e.shopId);
      const day = body.date ?? (await tenantToday(tx, auth.tenantId));
      const scheme = schemeFor(await allVersions(tx), e.id, e.shopId ?? 0, day);
      if (!scheme) return { scheme: null, groups: [] };
      const ps = (await positionsOf(tx, [e.id]))(e.id, day);
      const groups = scheme.groups.filter(
        (g) => !g.psList.length || g.psList.some((p) => (p.type === 'position' ? p.psid === ps.positionId : p.psid === ps.levelId)),
      );
      return { scheme: { id: scheme.id, name: scheme.name, type: scheme.type, bracket: scheme.bracket }, groups, ...ps };
    },
  );
  route(app, 'DELETE', `${G}/:id`, { summary: 'Delete a group and its items', perm: E, params: idParam }, ({ tx, auth, params }) =>
    deleteGroup(tx, auth, params.id),
  );
  route(app, 'GET', `${G}/vo/:id`, { summary: 'A group with its items', perm: V, params: idParam }, async ({ tx, params }) => {
    const g = await groupRow(tx, params.id);
    return (await groupsOf(tx, g.schemeId, g.id))[0];
  });
  route(
    app,
    'GET',
    `${G}/list/:id`,
    { summary: "A scheme's groups with their items", perm: V, params: idParam, response: z.array(royaltyGroup) },
    async ({ tx, params }) => {
      await schemeRow(tx, params.id);
      return groupsOf(tx, params.id);
    },
  );

  route(app, 'GET', `${I}/structure`, { summary: 'An empty item to fill in', perm: V }, async () => ({
    items: [],
    normType: 2,
    costType: 1,
    cost: 0,
    payList: [],
    norm: 0,
    norm2: 0,
    levelList: [],
    status: 1,
  }));
  route(app, 'GET', `${I}/vo/:id`, { summary: 'A commission item', perm: V, params: idParam }, async ({ tx, params }) =>
    itemOut(await itemRow(tx, params.id)),
  );
  route(app, 'POST', `${I}/item`, { summary: 'Add or change an item', perm: E, body: royaltyItemSave }, ({ tx, auth, body }) =>
    saveItem(tx, auth, body),
  );
  route(app, 'POST', `${I}/new`, { summary: 'Add an empty item to a group', perm: E, body: royaltyItemNew }, ({ tx, auth, body }) =>
    saveItem(tx, auth, royaltyItemSave.parse({ groupId: body.groupId, normType: 2, norm: 0, norm2: 0 })),
  );
  route(app, 'POST', I, { summary: 'Enable or disable an item', perm: E, body: royaltyItemStatus, verb: 'update' }, ({ tx, auth, body }) =>
    setItemStatus(tx, auth, body.id, body.status),
  );
  route(app, 'GET', `${I}/list/:id`, { summary: "A scheme's items, by group", perm: V, params: idParam }, async ({ tx, params }) => {
    await schemeRow(tx, params.id);
    return (await groupsOf(tx, params.id)).flatMap((g) => g.items.map((i) => ({ ...i, groupName: g.name })));
  });
  route(app, 'GET', '/api-pers/royaltynorm/list/vo', { summary: 'The metrics tiers test', perm: null }, async () =>
    royaltyNorms.map((n) => ({ ...n })),
  );

  route(
    app,
    'POST',
    '/api-pers/employeeroyalty/chain/list',
    {
      summary: 'The monthly commission statement: one row per bill line and employee',
      description:
        "Computed from the till's performance rows: the employee's scheme and group as they stood on the bill date, the most specific item, counted pay types, cost, the rate for 指定/非指定 and the tier reached by the month's totals.",
      perm: 'royalty.statement.view',
      body: royaltyStatementQuery,
      read: true,
    },
    async ({ tx, auth, body }) => {
      if (body.employeeId !== undefined) await assertEmployeeVisible(tx, auth, body.employeeId);
      return statement(tx, auth, body);
    },
  );
  registerStatementExport(app);
  route(
    app,
    'GET',
    '/api-pers/employeeroyalty/my',
    {
      summary: "The signed-in employee's own month: performance and commission line by line",
      perm: null,
      self: true,
      query: myRoyaltyQuery,
    },
    async ({ tx, auth, query }) => {
      const me = await myEmployee(tx, auth);
      if (query.employeeId !== undefined && query.employeeId !== me?.id) throw forbidden('royaltyOnlyOwn');
      if (!me) throw conflict('royaltyNoEmployeeLink');
      return statement(tx, auth, { month: query.month, employeeId: me.id, page: 1, pageSize: 500 }, true);
    },
  );

  route(
    app,
    'POST',
    '/api-pers/employeeroyalty/lock',
    {
      summary: "Lock a month's commission: its rows as now are final; later corrections land in the open month",
      perm: 'royalty.statement.lock',
      body: royaltyLockBody,
      entity: 'employeeroyalty',
      verb: 'update',
    },
    ({ tx, auth, body }) => {
      if (visibleShops(auth)) throw forbidden('royaltyLockAllShops');
      return lockMonth(tx, auth, body.month);
    },
  );
  route(app, 'GET', '/api-pers/employeeroyalty/locks', { summary: 'The locked months', perm: 'royalty.statement.view' }, async ({ tx }) =>
    (await tx.select().from(royaltyMonthLocks).orderBy(asc(royaltyMonthLocks.month))).map((l) => ({
      month: l.month,
      lockedAt: l.lockedAt.toISOString(),
      lockedByName: l.lockedByName,
    })),
  );

  const A = '/api-pers/awarddesc';
  route(
    app,
    'GET',
    `${A}/list`,
    {
      summary: "The month's awards and penalties per employee and item",
      perm: 'royalty.award.view',
      query: awardListQuery,
      response: awardPage,
    },
    ({ tx, auth, query }) => awardList(tx, auth, query),
  );
  route(
    app,
    'POST',
    `${A}/batchUpate`,
    {
      summary: 'Set amounts of a month (employee × item; 0 removes one)',
      perm: 'royalty.award.edit',
      body: awardBatchUpdate,
      entity: 'awarddesc',
      verb: 'update',
    },
    ({ tx, auth, body }) => awardBatchUpdateRun(tx, auth, body),
  );
  route(
    app,
    'POST',
    `${A}/batchImport`,
    {
      summary: 'Set amounts of a month by employee code and item code (rows of a workbook)',
      perm: 'royalty.award.edit',
      body: awardBatchImport,
      entity: 'awarddesc',
      verb: 'import',
    },
    ({ tx, auth, body }) => awardBatchImportRun(tx, auth, body),
  );
  route(
    app,
    'GET',
    `${A}/sum`,
    { summary: "The month's awards and penalties in total", perm: 'royalty.award.view', query: awardSumQuery, response: awardSumAnswer },
    ({ tx, auth, query }) => awardSum(tx, auth, query),
  );
  route(
    app,
    'POST',
    '/api-pers/salary/base',
    { summary: 'Set monthly base pay of employees', perm: 'royalty.salary.edit', body: basePaySave, entity: 'salary', verb: 'update' },
    ({ tx, auth, body }) => saveBasePay(tx, auth, body),
  );
  route(
    app,
    'GET',
    '/api-pers/salary/detail',
    {
      summary: 'Salary detail: base pay by days attended + commission + awards − penalties',
      perm: 'royalty.salary.view',
      query: salaryQuery,
      response: salaryPage,
    },
    ({ tx, auth, query }) => salaryDetail(tx, auth, query),
  );
}
