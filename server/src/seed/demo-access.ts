import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fundDescriptions } from '../modules/finance/schema.js';
import {
  cashierAuthorities,
  menus,
  positionAuthorities,
  roleMenus,
  roles,
  roleTypes,
  userRoles,
  userShops,
  users,
} from '../modules/identity/schema.js';
import { branches, employeeStream, employees, positions, shops } from '../modules/org/schema.js';
import { type Auth, hashPassword } from '../platform/auth.js';

/** The demo's administrator as the seed acts through the modules' own functions (numbers, transitions, logs). */
export async function demoAdmin(tx: Db, tenantId: number): Promise<Auth> {
  const [admin] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, 'admin'));
  return {
    userId: admin?.id ?? 0,
    tenantId,
    appId: 'admin',
    tokenVersion: 0,
    jti: 'demo-seed',
    exp: 0,
    username: 'admin',
    name: admin?.name ?? '系统管理员',
    isSuper: true,
    permissions: new Set(),
    loginShops: [],
    managerShops: [],
  };
}

/** The sign-in of each department's petty-cash approver (运营部 → sp_yunying), and the name of the employee made where it has none. */
export const APPROVERS: Record<string, [username: string, name: string]> = {
  总经办: ['sp_zongjingban', '周总经办'],
  运营部: ['sp_yunying', '陈运营'],
  财务部: ['sp_caiwu', '林财务'],
  人事行政部: ['sp_renshi', '王人事'],
  市场部: ['sp_shichang', '赵市场'],
  培训部: ['sp_peixun', '孙培训'],
  门店事业部: ['sp_mendian', '吴门店'],
};

/**
 * Demo role types, roles with their menus, till authorities and position roles; and, for each
 * department that approves petty-cash requests, its approver: a head-office employee of that
 * department with a user (the 部门审批人 role, every shop managed) signing in with `password`, so that
 * a request can be approved as the chain would (its maker may not). Other users are the admin's to make.
 */
export async function seedDemoAccess(tx: Db, tenantId: number, password: string) {
  const t = { tenantId };
  const [headOffice, shop, finance] = await tx
    .insert(roleTypes)
    .values([
      { ...t, code: 'JS001', name: '总部', sort: 10, memo: '总部职能人员' },
      { ...t, code: 'JS002', name: '门店', sort: 20, memo: '门店人员' },
      { ...t, code: 'JS003', name: '财务', sort: 30, memo: '财务人员' },
    ])
    .returning({ id: roleTypes.id });

  const adminMenus = await tx
    .select({ id: menus.id, key: menus.key, parentId: menus.parentId, type: menus.type })
    .from(menus)
    .where(eq(menus.appId, 'admin'));
  const byKey = new Map(adminMenus.map((m) => [m.key, m]));
  const ids = (keys: string[]) => keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)?.id as number] : []));
  /** The pages (view rights, no edit actions) under the given directories. */
  const pagesUnder = (dirKeys: string[]) => {
    const dirIds = ids(dirKeys);
    return adminMenus.filter((m) => m.type === 'page' && m.parentId !== null && dirIds.includes(m.parentId)).map((m) => m.id);
  };

  const roleDefs: { code: string; name: string; roleTypeId: number; memo: string; menuIds: number[] }[] = [
    {
      code: 'region_manager',
      name: '区域经理',
      roleTypeId: headOffice.id,
      memo: '查看组织架构与员工',
      menuIds: pagesUnder(['org', 'staff']),
    },
    {
      code: 'shop_manager',
      name: '店长',
      roleTypeId: shop.id,
      memo: '维护本店资料与员工',
      menuIds: ids(['org.shop', 'org.shop.edit', 'staff.employee', 'staff.employee.edit']),
    },
    { code: 'cashier', name: '收银员', roleTypeId: shop.id, memo: '只使用收银系统，不进总部管理', menuIds: [] },
    { code: 'finance', name: '财务', roleTypeId: finance.id, memo: '查看操作日志', menuIds: ids(['identity.log']) },
  ];
  roleDefs.push({
    code: 'fund_approver',
    name: '部门审批人',
    roleTypeId: headOffice.id,
    memo: '审批本部门负责的备用金申请',
    menuIds: ids(['inbox', 'finance.fundbill', 'finance.fundbill.approve', 'finance.fundbill.reject']),
  });
  const roleIds = new Map<string, number>();
  for (const def of roleDefs) {
    const { menuIds, ...values } = def;
    const [role] = await tx
      .insert(roles)
      .values({ ...t, ...values })
      .returning({ id: roles.id });
    roleIds.set(def.code, role.id);
    if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ ...t, roleId: role.id, menuId })));
  }
  await seedApprovers(tx, tenantId, roleIds.get('fund_approver') as number, password);

  const [managerAuthority, cashierAuthority] = await tx
    .insert(cashierAuthorities)
    .values([
      {
        ...t,
        code: 'QX001',
        name: '店长权限',
        discountFloor: 70,
        canRevoke: true,
        canRefund: true,
        canChangePrice: true,
        memo: '最低七折，可撤单、退款、改价',
      },
      { ...t, code: 'QX002', name: '收银员权限', discountFloor: 95, memo: '最低九五折，不能撤单、退款、改价' },
    ])
    .returning({ id: cashierAuthorities.id });
  const positionRows = await tx
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(inArray(positions.name, ['店长', '前台接待']));
  const authorityOf: Record<string, number> = { 店长: managerAuthority.id, 前台接待: cashierAuthority.id };
  if (positionRows.length)
    await tx
      .insert(positionAuthorities)
      .values(positionRows.map((p) => ({ ...t, positionId: p.id, authorityId: authorityOf[p.name], memo: `${p.name}的收银权限` })));
}

/** A head-office employee of a department, with the entry row of the employee stream as every demo employee has. */
async function headOfficeEmployee(tx: Db, tenantId: number, n: number, name: string, branchId: number) {
  const entryDate = '2020-01-01';
  const made = await tx
    .insert(employees)
    // 137: a mobile prefix the demo's shop staff do not use
    .values({
      tenantId,
      eecode: `HQ${String(n).padStart(3, '0')}`,
      name,
      mobile: `1370000${String(n).padStart(4, '0')}`,
      branchId,
      entryDate,
    })
    .returning({ id: employees.id, name: employees.name });
  await tx.insert(employeeStream).values({
    tenantId,
    employeeId: made[0].id,
    kind: 'entry',
    effectiveDate: entryDate,
    toBranchId: branchId,
    appliedAt: new Date(),
    createdByName: '系统',
  });
  return made;
}

/**
 * A user for each department that approves petty-cash requests, on the department's head-office
 * employee (one is made where the department has none).
 */
async function seedApprovers(tx: Db, tenantId: number, roleId: number, password: string) {
  const approving = await tx
    .selectDistinct({ id: branches.id, code: branches.code, name: branches.name })
    .from(fundDescriptions)
    .innerJoin(branches, eq(branches.id, fundDescriptions.departmentId))
    .orderBy(asc(branches.code));
  const shopIds = (await tx.select({ id: shops.id }).from(shops)).map((s) => s.id);
  const passwordHash = await hashPassword(password);
  for (const [i, department] of approving.entries()) {
    const [username, name] = APPROVERS[department.name] ?? [`sp_${department.code.toLowerCase()}`, `${department.name}审批人`];
    const [staff] = await tx
      .select({ id: employees.id, name: employees.name })
      .from(employees)
      .where(and(eq(employees.branchId, department.id), isNull(employees.shopId), eq(employees.status, 1)))
      .orderBy(asc(employees.eecode))
      .limit(1);
    const [employee] = staff ? [staff] : await headOfficeEmployee(tx, tenantId, i + 1, name, department.id);
    const [user] = await tx
      .insert(users)
      .values({ tenantId, username, name: employee.name, passwordHash, employeeId: employee.id, memo: `${department.name}的备用金审批人` })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId, userId: user.id, roleId });
    if (shopIds.length)
      await tx.insert(userShops).values(shopIds.map((shopId) => ({ tenantId, userId: user.id, shopId, kind: 'manager' })));
  }
}
