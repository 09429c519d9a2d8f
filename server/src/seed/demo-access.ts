import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cashierAuthorities, menus, positionAuthorities, roleMenus, roles, roleTypes } from '../modules/identity/schema.js';
import { positions } from '../modules/org/schema.js';

/**
 * Demo role types, roles with their menus, till authorities and position roles. No users: the
 * printed admin is the only sign-in, and the admin gives these roles to the users they create.
 */
export async function seedDemoAccess(tx: Db, tenantId: number) {
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
  for (const def of roleDefs) {
    const { menuIds, ...values } = def;
    const [role] = await tx
      .insert(roles)
      .values({ ...t, ...values })
      .returning({ id: roles.id });
    if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ ...t, roleId: role.id, menuId })));
  }

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
