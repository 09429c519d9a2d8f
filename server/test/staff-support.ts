import { expect } from 'vitest';
import type { Answer, TestApp } from './helpers.js';

/** Shared by the staff test files. */
export function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}
export function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

/** A second, small tenant (not the demo chain: cheaper) holding one of each record the tests need as foreign ids. */
export async function foreignTenant(t: TestApp) {
  const b = await t.tenant();
  const ok = async (res: Promise<Answer>) => {
    const answer = await res;
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    return answer.body.data;
  };
  const brand = await ok(b.admin.post('/api-chain/brand/save', { code: 'PB1', name: '别家品牌' }));
  const region = await ok(b.admin.post('/api-chain/dictregion/save', { code: 'QB1', name: '别家区域' }));
  const shop = await ok(
    b.admin.post('/api-chain/shop/saveShop', {
      code: 'SB1',
      name: '别家门店',
      brandId: brand.id,
      regionId: region.id,
      provinceCode: '31',
      cityCode: '3101',
      areaCode: '310101',
    }),
  );
  const branch = await ok(b.admin.post('/api-chain/branch/save', { code: 'BB1', name: '别家部门' }));
  const skill = await ok(b.admin.post('/api-chain/skilllevel/save', { code: 'JB1', name: '别家等级' }));
  const employee = await ok(
    b.admin.post('/api-chain/employee', {
      eecode: 'B0001',
      name: '别家员工',
      shopId: shop.id,
      branchId: branch.id,
      skillLevelId: skill.id,
      entryDate: '2024-01-01',
    }),
  );
  return { ...b, shop, branch, skill, employee };
}
