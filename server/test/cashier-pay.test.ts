import { describe, expect, it } from 'vitest';
import { payRulesFor } from '../src/modules/cashier/pay.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { EN, expect400, expectOk, expectStatus, shopIds, uniq } from './stock-support.js';
import { createLimitedUser } from './users.js';

const C = '/api-cashier';

describe('pay types, pay classes and pay templates', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const [bShop] = await shopIds(t, b);
  const typesOf = async (tenant = a) => expectOk(await tenant.admin.get(`${C}/paytype/list/vo`)) as any[];
  const byCode = async (code: string, tenant = a) => (await typesOf(tenant)).find((p) => p.code === code);

  it('ships the usual pay classes and pay types to every tenant, editable', async () => {
    const classes = expectOk(await a.admin.get(`${C}/paymold/list/all`)) as any[];
    expect(classes.map((c) => `${c.code} ${c.name}`)).toEqual(expect.arrayContaining(['01 现金类', '02 赠送类']));
    const types = await typesOf();
    for (const code of ['01', '07', '23', '52', '27', '02', '03', '11', '29', '06']) expect(types.map((p) => p.code)).toContain(code);
    const gift = types.find((p) => p.code === '03');
    expect(gift).toMatchObject({ name: '储值卡赠送', classCode: '02', perfRate: 0, kind: 'cardGift' });
    expect(types.find((p) => p.code === '07')).toMatchObject({ feeRate: 60, perfRate: 10000, kind: null });
    const info = expectOk(await a.admin.get(`${C}/paytypeinfo/list/all`)) as any[];
    expect(info.length).toBe(types.length);
    // Each tenant has its own.
    const other = await byCode('07', b);
    expect(other.id).not.toBe(types.find((p) => p.code === '07').id);
  });

  it('savePay creates and edits; code format, duplicates, system types (400, 409, 404, 403, 401)', async () => {
    const cash = (await typesOf()).find((p) => p.code === '01');
    const created = expectOk(
      await a.admin.post(`${C}/paytype/savePay`, { code: '88', name: '测试支付', classId: cash.classId, feeRate: 25, perfRate: 9000 }),
    );
    expect(created).toMatchObject({ code: '88', feeRate: 25, perfRate: 9000, status: 1 });
    const edited = expectOk(
      await a.admin.post(`${C}/paytype/savePay`, { id: created.id, code: '88', classId: cash.classId, name: '测试支付2', perfRate: 8000 }),
    );
    expect(edited).toMatchObject({ name: '测试支付2', perfRate: 8000, feeRate: 25 });
    expect400(await a.admin.post(`${C}/paytype/savePay`, { code: '8', name: 'x', classId: cash.classId }, EN), 'code');
    expect400(await a.admin.post(`${C}/paytype/savePay`, { code: '89', name: 'x', classId: cash.classId, feeRate: 10001 }), 'feeRate');
    const dup = await a.admin.post(`${C}/paytype/savePay`, { code: '88', name: 'again', classId: cash.classId });
    expectStatus(dup, 409);
    const principal = await byCode('02');
    const sys = await a.admin.post(
      `${C}/paytype/savePay`,
      { id: principal.id, code: '92', name: principal.name, classId: principal.classId },
      EN,
    );
    expectStatus(sys, 409);
    expect(sys.body.resp_msg).toContain('system pay type');
    expectOk(await a.admin.post(`${C}/paytype/savePay`, { id: principal.id, code: '02', name: '卡金', classId: principal.classId }));
    expectStatus(await a.admin.del(`${C}/paytype/${principal.id}`), 409);
    // Another tenant's pay type is not found.
    expectStatus(await b.admin.post(`${C}/paytype/savePay`, { id: created.id, code: '88', name: 'x', classId: cash.classId }), 404);
    expectStatus(await b.admin.del(`${C}/paytype/${created.id}`), 404);
    expectStatus(await b.admin.post(`${C}/paytype/EditStatus`, { id: created.id, status: 0 }), 404);
    expectStatus(await t.client().get(`${C}/paytype/list/vo`), 401);
    const reader = await createLimitedUser(t, a, { perms: ['cashier.paytype.view'] });
    expectStatus(await reader.client.post(`${C}/paytype/savePay`, { id: created.id, code: '88', name: 'x', classId: cash.classId }), 403);
    expectOk(await reader.client.get(`${C}/paytype/list/vo`));
    // Enable/disable; a disabled type leaves the till's list.
    expect(expectOk(await a.admin.post(`${C}/paytype/EditStatus`, { id: created.id, status: 0 })).status).toBe(0);
    expect((expectOk(await a.admin.get(`${C}/paytypeinfo/list/all`)) as any[]).map((p) => p.code)).not.toContain('88');
    expect400(await a.admin.post(`${C}/paytype/EditStatus`, { id: created.id, status: 2 }), 'status');
    expectOk(await a.admin.del(`${C}/paytype/${created.id}`));
  });

  it('templates: save, settings per business type, assign to shops, payRulesFor', async () => {
    const code = `PT${uniq()}`;
    const tpl = expectOk(await a.admin.post(`${C}/paytemplate/savePayTemplate`, { code, name: '标准模板' }));
    const types = await typesOf();
    expect(tpl.items.length).toBe(types.length * 6);
    const cash = types.find((p) => p.code === '01');
    const pos = types.find((p) => p.code === '07');
    const wx = types.find((p) => p.code === '23');
    // Services: cash (quick button) and POS at 90 % with its fee; WeChat disabled.
    const items = [
      { businessType: 1, payTypeId: cash.id, enable: true, isOften: true, isMixed: true, perfRate: 10000, classRate: 10000, feeRate: 0 },
      { businessType: 1, payTypeId: pos.id, enable: true, isOften: false, isMixed: true, perfRate: 9000, classRate: 10000, feeRate: 60 },
      { businessType: 1, payTypeId: wx.id, enable: false, isOften: false, isMixed: false, perfRate: 10000, classRate: 10000, feeRate: 60 },
    ];
    const saved = expectOk(await a.admin.post(`${C}/paytemplate/savePayTemplates`, { templateId: tpl.id, businessTypes: [1], items }));
    expect(saved.items.filter((i: any) => i.businessType === 1)).toHaveLength(3);
    expect(saved.items.filter((i: any) => i.businessType === 2)).toHaveLength(types.length);
    expect400(
      await a.admin.post(`${C}/paytemplate/savePayTemplates`, { templateId: tpl.id, businessTypes: [1], items: [items[0], items[0]] }),
      'items.1.payTypeId',
    );
    expect400(
      await a.admin.post(`${C}/paytemplate/savePayTemplates`, { templateId: tpl.id, items: [{ ...items[0], businessType: 7 }] }),
      'items.0.businessType',
    );
    expectStatus(await b.admin.post(`${C}/paytemplate/savePayTemplates`, { templateId: tpl.id, items: [] }), 404);
    expectStatus(await a.admin.post(`${C}/paytemplate/savePayTemplate`, { code, name: 'dup' }), 409);

    // Before assignment a shop pays with every enabled pay type at its own rates.
    const before = await inTenant(t.database.db, a.tenantId, (tx) => payRulesFor(tx, s1, 1));
    expect(before.map((r) => r.code)).toContain('23');
    const assigned = expectOk(await a.admin.post(`${C}/paytemplate/batchSave`, { templateId: tpl.id, shopIds: [s1, s2] }));
    expect(assigned.shopIds.sort()).toEqual([s1, s2].sort());
    const rules = await inTenant(t.database.db, a.tenantId, (tx) => payRulesFor(tx, s1, 1));
    expect(rules).toEqual([
      expect.objectContaining({ code: '01', isOften: true, perfRate: 10000, feeRate: 0 }),
      expect.objectContaining({ code: '07', isOften: false, perfRate: 9000, feeRate: 60 }),
    ]);
    const products = await inTenant(t.database.db, a.tenantId, (tx) => payRulesFor(tx, s1, 2));
    expect(products.length).toBe(types.length);
    // A shop has one template: assigning another moves it.
    const other = expectOk(await a.admin.post(`${C}/paytemplate/savePayTemplate`, { code: `PO${uniq()}`, name: '其他模板' }));
    expectOk(await a.admin.post(`${C}/paytemplate/batchSave`, { templateId: other.id, shopIds: [s2], replace: false }));
    const list = expectOk(await a.admin.get(`${C}/paytemplate/list/all`)) as any[];
    expect(list.find((x) => x.id === tpl.id).shopIds).toEqual([s1]);
    expect((expectOk(await a.admin.get(`${C}/paytemplate/list/all`, { shopid: s2 })) as any[]).map((x) => x.id)).toEqual([other.id]);
    // A pay type a template uses cannot be deleted; another tenant's shop is not found.
    const unused = expectOk(await a.admin.post(`${C}/paytype/savePay`, { code: '87', name: '临时', classId: cash.classId }));
    expectOk(
      await a.admin.post(`${C}/paytemplate/savePayTemplates`, {
        templateId: tpl.id,
        businessTypes: [6],
        items: [{ ...items[0], businessType: 6, payTypeId: unused.id }],
      }),
    );
    const used = await a.admin.del(`${C}/paytype/${unused.id}`, EN);
    expectStatus(used, 409);
    expect(used.body.resp_msg).toContain('pay templates');
    expectStatus(await a.admin.post(`${C}/paytemplate/batchSave`, { templateId: tpl.id, shopIds: [bShop] }), 404);
    expect400(await a.admin.post(`${C}/paytemplate/batchSave`, { templateId: tpl.id, shopIds: 'x' }), 'shopIds');
    // A user of one shop cannot assign templates to another shop, and sees only their shop in the list.
    const shopUser = await createLimitedUser(t, a, { perms: ['cashier.paytemplate.view', 'cashier.paytemplate.edit'], loginShops: [s1] });
    expectStatus(await shopUser.client.post(`${C}/paytemplate/batchSave`, { templateId: tpl.id, shopIds: [s2], replace: false }), 403);
    const seen = expectOk(await shopUser.client.get(`${C}/paytemplate/list/all`)) as any[];
    expect(seen.find((x) => x.id === other.id).shopIds).toEqual([]);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.paytype.view'] });
    expectStatus(await viewer.client.get(`${C}/paytemplate/list/all`), 403);
    expectStatus(await t.client().post(`${C}/paytemplate/batchSave`, { templateId: tpl.id, shopIds: [] }), 401);
    expectOk(await a.admin.del(`${C}/paytemplate/${other.id}`));
    expectStatus(await b.admin.get(`${C}/paytemplate/${tpl.id}`), 404);
  });
});
