import { employeeSave } from '@headoffice/contract';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { translate } from '../../platform/i18n.js';
import { bulkInsert, type ImportDef, type ImportProblem } from '../../platform/importer.js';
import { branches, employees, positionLevels, positions, shops, skillLevels } from '../org/public.js';
import { writeStream } from './staff-transfers.js';

const importRow = employeeSave.omit({ id: true, version: true, avatar: true });
type ImportedEmployee = z.output<typeof importRow>;

const shopScope = (auth: Auth) => {
  const visible = visibleShops(auth);
  return visible ? inArray(shops.id, visible.length ? visible : [0]) : undefined;
};

/** The employee sheet: what `excelTemplate` offers and `batchImport` reads. */
export const employeeImport: ImportDef<ImportedEmployee> = {
  name: ['员工', 'Employees'],
  columns: [
    { key: 'eecode', title: ['员工编号', 'Employee code'], required: true, unique: employees.eecode, example: 'E0001', width: 14 },
    { key: 'name', title: ['姓名', 'Name'], required: true, example: '张三', width: 12 },
    {
      key: 'gender',
      title: ['性别', 'Gender'],
      type: 'enum',
      options: [
        { value: 1, labels: ['男', 'Male'] },
        { value: 2, labels: ['女', 'Female'] },
      ],
      example: 2,
      width: 8,
    },
    { key: 'mobile', title: ['手机号', 'Mobile'], type: 'mobile', example: '13800138000', width: 14 },
    { key: 'birthday', title: ['出生日期', 'Birthday'], type: 'date', example: '1995-06-18', width: 12 },
    { key: 'idCard', title: ['身份证号', 'ID card number'], width: 20 },
    {
      key: 'shopId',
      title: ['门店', 'Shop'],
      lookup: { table: shops, scope: shopScope },
      hint: ['门店名称或门店编码；不填表示总部员工', 'Shop name or code; empty for head-office staff'],
      width: 20,
    },
    { key: 'branchId', title: ['部门', 'Department'], lookup: { table: branches }, width: 14 },
    { key: 'positionId', title: ['职位', 'Position'], lookup: { table: positions }, width: 12 },
    {
      key: 'levelId',
      title: ['职级', 'Level'],
      lookup: { table: positionLevels, parent: { key: 'positionId', column: positionLevels.positionId } },
      hint: ['须是所填职位下的职级', 'Must be a level of the position in this row'],
      width: 12,
    },
    { key: 'skillLevelId', title: ['技术等级', 'Skill level'], lookup: { table: skillLevels }, width: 12 },
    { key: 'entryDate', title: ['入职日期', 'Entry date'], type: 'date', required: true, example: '2024-03-01', width: 12 },
    {
      key: 'bookable',
      title: ['在线预约', 'Bookable online'],
      type: 'enum',
      options: [
        { value: 1, labels: ['是', 'Yes'] },
        { value: 0, labels: ['否', 'No'] },
      ],
      example: 0,
      width: 10,
    },
    { key: 'memo', title: ['备注', 'Memo'], width: 24 },
  ],
  schema: importRow,
  maxRows: 10_000,
  async check(_tx, rows, auth, lang) {
    // A user who sees only some shops imports only into them: an empty shop would be head office.
    if (!visibleShops(auth)) return [];
    return rows
      .filter((r) => !r.value.shopId)
      .map((r): ImportProblem => ({ row: r.row, key: 'shopId', message: translate(lang, 'shopRequiredForUser') }));
  },
  async insert(tx, rows, auth) {
    const created = await bulkInsert(
      tx,
      employees,
      rows.map((r) => ({
        tenantId: auth.tenantId,
        eecode: r.eecode,
        name: r.name,
        gender: r.gender,
        mobile: r.mobile ?? null,
        birthday: r.birthday ?? null,
        idCard: r.idCard ?? null,
        shopId: r.shopId ?? null,
        branchId: r.branchId ?? null,
        positionId: r.positionId ?? null,
        levelId: r.levelId ?? null,
        skillLevelId: r.skillLevelId ?? null,
        entryDate: r.entryDate,
        bookable: r.bookable,
        memo: r.memo ?? null,
        status: 1,
      })),
      { id: employees.id, eecode: employees.eecode },
    );
    const idOf = new Map(created.map((c) => [c.eecode, c.id]));
    await writeStream(
      tx,
      auth,
      rows.map((r) => ({
        employeeId: idOf.get(r.eecode) as number,
        kind: 'entry' as const,
        effectiveDate: r.entryDate,
        to: { shopId: r.shopId ?? null, branchId: r.branchId ?? null, positionId: r.positionId ?? null, levelId: r.levelId ?? null },
      })),
    );
    return created.length;
  },
};
