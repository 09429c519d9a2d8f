import {
  bookableBody,
  EMPLOYEE_ACCOUNT_PATH,
  employeeAccountBody,
  employeeListQuery,
  employeeSave,
  employeeStatusBody,
  id,
  idParam,
  orderBody,
  skillLevelBody,
  streamQuery,
  transferBody,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ExcelColumn, sendXlsx, shownInFull } from '../../platform/excel.js';
import { registerImport } from '../../platform/importer.js';
import { nextSeriesCode, tenantToday, tenantZone } from '../../platform/numbering.js';
import { listAllRecords } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { openSelfAccount } from '../identity/public.js';
import { employees, skillLevelDef } from '../org/public.js';
import { employeeImport } from './staff-import.js';
import {
  employeeTree,
  getEmployee,
  headCounts,
  listEmployees,
  PERM_EDIT,
  PERM_STREAM,
  PERM_VIEW,
  pickerList,
  shopEmployees,
} from './staff-queries.js';
import { describe, getStreamRow, listStream, streamExportColumns } from './staff-stream.js';
import { saveTransfer } from './staff-transfers.js';
import { eecodeAvailable, saveEmployee, saveOrder, setBookable, setSkillLevel, updateStatus } from './staff-writes.js';

export { applyDueTransfers } from './staff-transfers.js';

/** Employee codes the create form proposes: E0001... (the demo's E1001 continue as E1041...). */
const EMPLOYEE_CODE_PREFIX = 'E';
const E = '/api-chain/employee';
const B = '/api-base/employee';
const S = '/api-pers/employeestream';

const flag = z.coerce.number().int().min(0).max(1);
/** Pickers: optional shop (`shopid`, scope-checked by the platform), position and keyword. */
const pickerQuery = z.object({
  shopid: id.optional(),
  positionId: id.optional(),
  keyword: z.string().trim().max(64).optional(),
});

const genderText = (g: unknown, lang: string) => (g === 1 ? (lang === 'en-US' ? 'Male' : '男') : lang === 'en-US' ? 'Female' : '女');
const yesNo = (v: unknown, lang: string) => (v === 1 ? (lang === 'en-US' ? 'Yes' : '是') : lang === 'en-US' ? 'No' : '否');

const employeeExportColumns: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'eecode', title: ['员工编号', 'Employee code'] },
  { key: 'name', title: ['姓名', 'Name'] },
  { key: 'gender', title: ['性别', 'Gender'], width: 8, value: (r, lang) => genderText(r.gender, lang) },
  { key: 'mobile', title: ['手机号', 'Mobile'], masked: 'mobile' },
  { key: 'shopName', title: ['门店', 'Shop'], width: 20 },
  { key: 'branchName', title: ['部门', 'Department'] },
  { key: 'positionName', title: ['职位', 'Position'] },
  { key: 'levelName', title: ['职级', 'Level'] },
  { key: 'skillLevelName', title: ['技术等级', 'Skill level'] },
  { key: 'entryDate', title: ['入职日期', 'Entry date'], width: 12 },
  { key: 'leaveDate', title: ['离职日期', 'Leave date'], width: 12 },
  {
    key: 'status',
    title: ['状态', 'Status'],
    width: 8,
    value: (r, lang) => (r.status === 1 ? (lang === 'en-US' ? 'On the job' : '在职') : lang === 'en-US' ? 'Left' : '离职'),
  },
  { key: 'bookable', title: ['在线预约', 'Bookable online'], width: 10, value: (r, lang) => yesNo(r.bookable, lang) },
  { key: 'username', title: ['登录账号', 'User'] },
  { key: 'memo', title: ['备注', 'Memo'], width: 24 },
];

/** The employee register, transfers, online booking settings, Excel import and the employee stream. */
export async function staffModule(app: FastifyInstance) {
  // ---- Register
  route(
    app,
    'GET',
    E,
    {
      summary: 'Employees: paged list (shop, department, position, level, skill level, status, bookable, keyword on code/name/mobile)',
      perm: PERM_VIEW,
      query: employeeListQuery,
    },
    ({ tx, auth, query }) => listEmployees(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${E}/export`,
    {
      summary: 'Employees: Excel export of the filtered list',
      perm: PERM_VIEW,
      query: employeeListQuery.omit({ page: true, pageSize: true }),
      raw: true,
    },
    async ({ tx, auth, query, reply, lang }) => {
      const result = await listEmployees(tx, auth, { ...query, page: 1, pageSize: 50_000 });
      const zone = await tenantZone(tx, auth.tenantId);
      const shown = await shownInFull(tx, employeeExportColumns);
      return sendXlsx(reply, lang, lang === 'en-US' ? 'Employees' : '员工档案', employeeExportColumns, result.list, zone, shown);
    },
  );
  route(
    app,
    'POST',
    E,
    {
      summary: 'Employees: create (no id) or update (id, optional version; only the fields sent change)',
      description:
        "Creating writes an entry row in the employee stream; `account` opens the employee's own account with the save (as openAccount). Shop, department, position and level of an existing employee change only through saveTransfer: a different value answers 400 on that field.",
      perm: PERM_EDIT,
      body: employeeSave,
      entity: 'employee',
    },
    ({ tx, auth, body, req }) => saveEmployee(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    EMPLOYEE_ACCOUNT_PATH,
    {
      summary: "Employees: open an employee's own account (开通账号): username and password, no role, no shop",
      description:
        'Not in the seed. The account signs in on a phone and reaches only the routes serving the employee (sign-in, schedule, ' +
        'commission); every other route answers it 403. The employee must be on the job and without a user (409); a username ' +
        'taken answers 409 on `username`. An employee the caller does not see answers 404. Answers the employee with the username.',
      perm: PERM_EDIT,
      body: employeeAccountBody,
      entity: 'employee',
      verb: 'update',
    },
    async ({ tx, auth, body }) => {
      const { id, ...account } = body;
      await openSelfAccount(tx, auth, id, account);
      return getEmployee(tx, auth, id);
    },
  );
  route(
    app,
    'GET',
    `${E}/id/:id`,
    { summary: 'Employees: one employee with linked names', perm: PERM_VIEW, params: idParam },
    ({ tx, auth, params }) => getEmployee(tx, auth, params.id),
  );
  route(
    app,
    'GET',
    `${E}/getCode`,
    { summary: 'Employees: the next free employee code (E0001...): what the create form proposes', perm: PERM_EDIT, response: z.string() },
    ({ tx }) => nextSeriesCode(tx, employees, employees.eecode, EMPLOYEE_CODE_PREFIX, 4),
  );
  route(
    app,
    'POST',
    `${E}/checkEecode`,
    {
      summary: 'Employees: is this employee code free? (id: the employee being edited)',
      description:
        'Codes are unique in the company: a code any employee holds, in any shop, is taken, and the answer says no more (not ' +
        'which shop or employee). id must be an employee the caller sees (404 otherwise, as an unknown one).',
      read: true,
      perm: PERM_VIEW,
      body: z.object({ eecode: z.string().trim().min(1).max(32), id: z.number().int().positive().optional() }),
      entity: 'employee',
    },
    ({ tx, auth, body }) => eecodeAvailable(tx, auth, body.eecode, body.id),
  );
  route(
    app,
    'POST',
    `${E}/updateStatus`,
    {
      summary: 'Employees: leave (status 0, with the leave date) or rejoin (status 1); 409 when already in that state',
      perm: PERM_EDIT,
      body: employeeStatusBody,
      verb: (input) => ((input.body as { status?: number }).status === 0 ? 'leave' : 'rejoin'),
      entity: 'employee',
    },
    async ({ tx, auth, body }) => updateStatus(tx, auth, body, await tenantToday(tx, auth.tenantId)),
  );
  route(
    app,
    'POST',
    `${E}/saveTransfer`,
    {
      summary: 'Employees: transfer to another shop, department, position or level from a date',
      description:
        'Fields left out stay as they are; null clears. A date up to today applies at once; a later date waits (pending) and applies on its day. Writes one transfer row per employee in the employee stream.',
      perm: PERM_EDIT,
      body: transferBody,
      verb: 'transfer',
      entity: 'employee',
    },
    async ({ tx, auth, body }) => saveTransfer(tx, auth, body, await tenantToday(tx, auth.tenantId)),
  );

  // ---- Skill (commission) levels
  route(
    app,
    'POST',
    `${E}/saveJfclevel`,
    {
      summary: 'Employees: set the skill (commission) level of many employees; null clears it',
      perm: PERM_EDIT,
      body: skillLevelBody,
      entity: 'employee',
    },
    ({ tx, auth, body }) => setSkillLevel(tx, auth, body),
  );
  route(app, 'GET', `${E}/getjfClevelList`, { summary: 'Enabled skill (commission) levels, for pickers', perm: null }, ({ tx }) =>
    listAllRecords(tx, skillLevelDef),
  );

  // ---- Pickers (any signed-in user; only employees of the shops they may see; no personal data)
  route(
    app,
    'GET',
    `${E}/listAll`,
    { summary: 'On-the-job employees for pickers (bounded), optionally of one shop (shopid) or position', perm: null, query: pickerQuery },
    ({ tx, auth, query }) => pickerList(tx, auth, { shopId: query.shopid, positionId: query.positionId, keyword: query.keyword }),
  );
  route(
    app,
    'GET',
    `${B}/chain/list/all`,
    { summary: 'On-the-job employees of every shop the user may see, for pickers (bounded)', perm: null, query: pickerQuery },
    ({ tx, auth, query }) => pickerList(tx, auth, { shopId: query.shopid, positionId: query.positionId, keyword: query.keyword }),
  );
  route(
    app,
    'GET',
    `${E}/getListUnbind`,
    {
      summary: 'On-the-job employees no user is linked to (to link one to a user)',
      perm: null,
      query: pickerQuery,
    },
    ({ tx, auth, query }) =>
      pickerList(tx, auth, { shopId: query.shopid, keyword: query.keyword, positionId: query.positionId, unbound: true }),
  );
  route(
    app,
    'GET',
    `${E}/getEmployeeDshop`,
    {
      summary: 'On-the-job employees of one shop, in online-booking order',
      perm: null,
      query: z.object({ shopid: id, bookable: flag.optional() }),
    },
    ({ tx, auth, query }) => shopEmployees(tx, auth, query.shopid, query.bookable),
  );
  route(
    app,
    'GET',
    `${B}/list/tree`,
    { summary: 'Shops → positions → on-the-job employees (tree for pickers)', perm: null, query: z.object({ shopid: id.optional() }) },
    ({ tx, auth, lang, query }) => employeeTree(tx, auth, lang, query.shopid),
  );
  route(
    app,
    'GET',
    `${B}/geteeNums`,
    { summary: 'On-the-job head counts by shop and position', perm: PERM_VIEW, query: z.object({ shopid: id.optional() }) },
    ({ tx, auth, lang, query }) => headCounts(tx, auth, lang, query.shopid),
  );

  // ---- Online booking
  route(
    app,
    'POST',
    `${B}/editYystatus`,
    { summary: 'Employees: bookable online on (1) or off (0)', perm: PERM_EDIT, body: bookableBody, entity: 'employee' },
    ({ tx, auth, body }) => setBookable(tx, auth, body),
  );
  route(
    app,
    'POST',
    `${B}/saveOrderids`,
    {
      summary: 'Employees: online-booking display order (the ids in their new order get 1..n)',
      perm: PERM_EDIT,
      body: orderBody,
      entity: 'employee',
    },
    ({ tx, auth, body }) => saveOrder(tx, auth, body),
  );

  // ---- Excel template and import
  registerImport(app, employeeImport, {
    templateUrl: `${B}/excelTemplate`,
    importUrl: `${E}/batchImport`,
    perm: PERM_EDIT,
    entity: 'employee',
  });

  // ---- Employee stream
  route(
    app,
    'GET',
    `${S}/chain/streamList`,
    {
      summary: 'Employee stream: entries, transfers, leaves and returns (filters: employee, shop, kind, keyword, dates)',
      perm: PERM_STREAM,
      query: streamQuery,
    },
    ({ tx, auth, query }) => listStream(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${S}/chain/streamListExport`,
    {
      summary: 'Employee stream: Excel export of the filtered list',
      perm: PERM_STREAM,
      query: streamQuery.omit({ page: true, pageSize: true }),
      raw: true,
    },
    async ({ tx, auth, query, reply, lang }) => {
      const result = await listStream(tx, auth, { ...query, page: 1, pageSize: 50_000 });
      const zone = await tenantZone(tx, auth.tenantId);
      return sendXlsx(reply, lang, lang === 'en-US' ? 'Staff changes' : '员工异动', streamExportColumns, result.list, zone);
    },
  );
  route(
    app,
    'GET',
    `${S}/getDescById`,
    { summary: 'Employee stream: one row with a sentence describing it', perm: PERM_STREAM, query: z.object({ id }) },
    async ({ tx, auth, lang, query }) => {
      const row = await getStreamRow(tx, auth, query.id);
      return { ...row, description: describe(lang, row) };
    },
  );
}
