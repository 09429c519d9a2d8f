import { describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers.js';
import { EN, expect400, expectOk, expectStatus, shopIds, uniq } from './stock-support.js';
import { createLimitedUser } from './users.js';

const t: TestApp = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const shopsOfA = await shopIds(t, a);
const shopsOfB = await shopIds(t, b);

const C = '/api-chain/cardinfo';
const B = '/api-base/cardinfo';

const stored = (over: Record<string, unknown> = {}) => ({
  name: `储值卡${uniq()}`,
  kind: 1,
  openAmount: 100_000,
  minRecharge: 50_000,
  serviceDiscount: 8500,
  productDiscount: 9000,
  ...over,
});
const makeType = async (client = a.admin, over: Record<string, unknown> = {}) => expectOk(await client.post(C, stored(over)));

describe('card systems (cardtemp)', () => {
  it('saves, searches and lists card systems with their cross-shop rules', async () => {
    const code = `KT${uniq()}`;
    const saved = expectOk(
      await a.admin.post('/api-chain/cardtemp/save', {
        code,
        name: '通用体系',
        storedOtherShop: 1,
        storedOtherShopMoney: ['principal'],
        qualificationOtherBrand: 0,
      }),
    );
    expect(saved).toMatchObject({ code, storedOtherShopMoney: ['principal'], storedOtherShopRecharge: 1, status: 1 });
    const page = expectOk(await a.admin.get(`/api-chain/cardtemp/search?keyword=${code}`));
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    const all = expectOk(await a.admin.get('/api-chain/cardtemp/list/all'));
    expect(all.map((r: { id: number }) => r.id)).toContain(saved.id);
    expect400(
      await a.admin.post('/api-chain/cardtemp/save', { code: `KT${uniq()}`, name: '坏', storedOtherShopMoney: ['cash'] }),
      'storedOtherShopMoney.0',
    );
    expectStatus(await a.admin.post('/api-chain/cardtemp/save', { code, name: '重复' }), 409);
    expectStatus(await b.admin.post('/api-chain/cardtemp/save', { id: saved.id, code, name: '别家' }), 404);
    expectStatus(await t.client().get('/api-chain/cardtemp/search'), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['cards.system.view'] });
    expectStatus(await viewer.client.post('/api-chain/cardtemp/save', { code: `KT${uniq()}`, name: '无权' }), 403);
    expectOk(await viewer.client.get('/api-chain/cardtemp/search'));
  });
});

describe('card types (api-chain cardinfo)', () => {
  it('creates card types with codes from 001, reads, searches and updates them', async () => {
    const first = await makeType();
    expect(first.code).toMatch(/^\d{3}$/);
    const next = expectOk(await a.admin.get(`${C}/newcode`));
    expect(Number(next)).toBe(Number(first.code) + 1);
    const second = await makeType();
    expect(second.code).toBe(next);
    expect(first).toMatchObject({ kind: 1, status: 1, paySplit: 'proportional', serviceDiscount: 8500, shopCount: 0, ruleCount: 0 });
    const one = expectOk(await a.admin.get(`${C}/cardInfo/${first.id}`));
    expect(one.name).toBe(first.name);
    const page = expectOk(await a.admin.get(`${C}/search/all?keyword=${encodeURIComponent(first.name)}`));
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const changed = expectOk(
      await a.admin.post(C, { id: first.id, version: first.version, name: first.name, kind: 1, paySplit: 'principalFirst' }),
    );
    expect(changed).toMatchObject({ paySplit: 'principalFirst', version: first.version + 1, openAmount: 100_000 });
    expectStatus(await a.admin.post(C, { id: first.id, version: first.version, name: first.name, kind: 1 }), 409);
    expectStatus(await a.admin.post(C, stored({ code: first.code })), 409);
    const all = expectOk(await a.admin.get(`${C}/list/all`));
    expect(all.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('refuses bad input with a message, and a change of kind', async () => {
    const bad = await a.admin.post(C, stored({ serviceDiscount: 50 }));
    expect400(bad, 'serviceDiscount');
    expect(bad.body.errors?.[0].message).toContain('折');
    expect400(await a.admin.post(C, { name: '资格卡', kind: 2, fee: 10_000 }), 'periodMonths');
    expect400(await a.admin.post(C, stored({ code: '12' })), 'code');
    const type = await makeType();
    const refused = await a.admin.post(C, { id: type.id, name: type.name, kind: 2, periodMonths: 12 }, EN);
    expect400(refused, 'kind');
    expect(refused.body.errors?.[0].message).toContain('cannot change');
  });

  it('stops and issues card types; 401, 403, 404 for another tenant', async () => {
    const type = await makeType();
    expect(expectOk(await a.admin.post(`${C}/status`, { ids: [type.id], status: 2 }))).toEqual({ updated: 1 });
    expect(expectOk(await a.admin.get(`${C}/cardInfo/${type.id}`)).status).toBe(2);
    expect400(await a.admin.post(`${C}/status`, { ids: [type.id], status: 0 }), 'status');
    expectStatus(await b.admin.post(`${C}/status`, { ids: [type.id], status: 1 }), 404);
    expectStatus(await b.admin.get(`${C}/cardInfo/${type.id}`), 404);
    expectStatus(await b.admin.post(C, { id: type.id, name: 'x', kind: 1 }), 404);
    expectStatus(await t.client().get(`${C}/search/all`), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['cards.type.view'] });
    expectStatus(await viewer.client.post(C, stored()), 403);
    expectStatus(await viewer.client.post(`${C}/status`, { ids: [type.id], status: 1 }), 403);
    expectOk(await viewer.client.get(`${C}/cardInfo/${type.id}`));
    const nobody = await createLimitedUser(t, a, { perms: ['stock.entry.view'] });
    expectStatus(await nobody.client.get(`${C}/list/all`), 403);
  });
});

describe('gift rules', () => {
  it('saves rules, refuses duplicates of a common occasion and threshold, deletes them', async () => {
    const type = await makeType();
    const rules = expectOk(
      await a.admin.post(`${C}/saveCardRules`, {
        cardTypeId: type.id,
        rules: [
          { kind: 1, threshold: 100_000, giftType: 1, giftValue: 10_000 },
          { kind: 2, threshold: 50_000, giftType: 2, giftValue: 1_000 },
          { kind: 2, threshold: 100_000, giftType: 2, giftValue: 1_500 },
        ],
      }),
    );
    expect(rules).toHaveLength(3);
    expectOk(await a.admin.get(`${C}/cardRules?cardTypeId=${type.id}`));
    const dup = await a.admin.post(`${C}/saveCardRules`, {
      cardTypeId: type.id,
      rules: [{ kind: 3, threshold: 50_000, giftType: 1, giftValue: 1 }],
    });
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toContain('500.00');
    expectStatus(
      await a.admin.post(`${C}/saveCardRules`, {
        cardTypeId: type.id,
        rules: [{ kind: 1, threshold: 100_000, giftType: 1, giftValue: 1 }],
      }),
      409,
    );
    // The same threshold on another occasion is fine; changing a rule in place is no duplicate of itself.
    const opening = rules.find((r: { kind: number }) => r.kind === 1);
    expectOk(
      await a.admin.post(`${C}/saveCardRules`, { cardTypeId: type.id, rules: [{ ...opening, cardTypeId: undefined, giftValue: 12_000 }] }),
    );
    expect400(
      await a.admin.post(`${C}/saveCardRules`, { cardTypeId: type.id, rules: [{ kind: 2, threshold: 1, giftType: 2, giftValue: 20_000 }] }),
      'rules.0.giftValue',
    );
    expectStatus(
      await b.admin.post(`${C}/saveCardRules`, { cardTypeId: type.id, rules: [{ kind: 2, threshold: 1, giftType: 1, giftValue: 1 }] }),
      404,
    );
    expectStatus(await b.admin.del(`${C}/delCardRule/${opening.id}`), 404);
    expectOk(await a.admin.del(`${C}/delCardRule/${opening.id}`));
    expect(expectOk(await a.admin.get(`${C}/cardRules?cardTypeId=${type.id}`))).toHaveLength(2);
    const qualification = expectOk(await a.admin.post(C, { name: `资格${uniq()}`, kind: 2, fee: 20_000, periodMonths: 12 }));
    expect400(
      await a.admin.post(`${C}/saveCardRules`, {
        cardTypeId: qualification.id,
        rules: [{ kind: 1, threshold: 1, giftType: 1, giftValue: 1 }],
      }),
      'cardTypeId',
    );
  });

  it('previews the one rule that applies to an amount, as the cashier does', async () => {
    const type = await makeType();
    const rules = expectOk(
      await a.admin.post(`${C}/saveCardRules`, {
        cardTypeId: type.id,
        rules: [
          { kind: 2, threshold: 50_000, giftType: 2, giftValue: 1_000 },
          { kind: 3, threshold: 100_000, giftType: 1, giftValue: 20_000 },
        ],
      }),
    );
    const byThreshold = (n: number) => rules.find((r: { threshold: number }) => r.threshold === n).id;
    const preview = async (occasion: string, amount: number) =>
      expectOk(await a.admin.get(`${C}/giftPreview?cardTypeId=${type.id}&occasion=${occasion}&amount=${amount}`));
    expect(await preview('recharge', 49_999)).toEqual({ ruleId: null, gift: 0 });
    expect(await preview('recharge', 80_001)).toEqual({ ruleId: byThreshold(50_000), gift: 8_000 });
    expect(await preview('recharge', 150_000)).toEqual({ ruleId: byThreshold(100_000), gift: 20_000 });
    expect(await preview('open', 80_000)).toEqual({ ruleId: null, gift: 0 });
    expect(await preview('open', 100_000)).toEqual({ ruleId: byThreshold(100_000), gift: 20_000 });
    expect400(await a.admin.get(`${C}/giftPreview?cardTypeId=${type.id}&occasion=transfer&amount=1`), 'occasion');
    expectStatus(await b.admin.get(`${C}/giftPreview?cardTypeId=${type.id}&occasion=open&amount=1`), 404);
  });
});

describe('card types per shop (cardishop)', () => {
  it('enables and disables card types at shops; a stopped card type cannot be enabled', async () => {
    const [one, two] = [await makeType(), await makeType()];
    expect(
      expectOk(
        await a.admin.post('/api-chain/cardishop/batchSave', { cardTypeIds: [one.id, two.id], shopIds: shopsOfA.slice(0, 2), status: 1 }),
      ),
    ).toEqual({
      updated: 4,
    });
    expectOk(await a.admin.post('/api-chain/cardishop', { cardTypeId: two.id, shopId: shopsOfA[1], status: 2 }));
    const rows = expectOk(await a.admin.get(`/api-chain/cardishop/search/all?cardTypeId=${two.id}`));
    expect(rows).toEqual([
      { cardTypeId: two.id, shopId: shopsOfA[0], status: 1 },
      { cardTypeId: two.id, shopId: shopsOfA[1], status: 2 },
    ]);
    expect(expectOk(await a.admin.get(`${C}/cardInfo/${one.id}`)).shopCount).toBe(2);
    expectOk(await a.admin.post(`${C}/status`, { ids: [two.id], status: 2 }));
    const refused = await a.admin.post('/api-chain/cardishop', { cardTypeId: two.id, shopId: shopsOfA[1], status: 1 });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain('该会员卡已经是停用状态');
    // Disabling a stopped card type is still allowed.
    expectOk(await a.admin.post('/api-chain/cardishop', { cardTypeId: two.id, shopId: shopsOfA[0], status: 2 }));
    expect400(await a.admin.post('/api-chain/cardishop', { cardTypeId: one.id, shopId: shopsOfA[0], status: 3 }), 'status');
    expectStatus(await b.admin.post('/api-chain/cardishop', { cardTypeId: one.id, shopId: shopsOfB[0], status: 1 }), 404);
    expectStatus(await a.admin.post('/api-chain/cardishop', { cardTypeId: one.id, shopId: shopsOfB[0], status: 1 }), 404);
    expectStatus(await t.client().get('/api-chain/cardishop/search/all'), 401);
    const limited = await createLimitedUser(t, a, { perms: ['cards.shop.view', 'cards.shop.edit'], managerShops: [shopsOfA[0]] });
    expectStatus(await limited.client.post('/api-chain/cardishop', { cardTypeId: one.id, shopId: shopsOfA[1], status: 2 }), 403);
    const seen = expectOk(await limited.client.get(`/api-chain/cardishop/search/all?cardTypeId=${one.id}`));
    expect(seen.map((r: { shopId: number }) => r.shopId)).toEqual([shopsOfA[0]]);
    const viewer = await createLimitedUser(t, a, { perms: ['cards.shop.view'] });
    expectStatus(await viewer.client.post('/api-chain/cardishop', { cardTypeId: one.id, shopId: shopsOfA[0], status: 2 }), 403);
  });
});

describe('the shop-side view (api-base cardinfo)', () => {
  it('shows and changes only the card types the shop sells, for users of that shop', async () => {
    const [sold, notSold] = [await makeType(), await makeType()];
    expectOk(await a.admin.post('/api-chain/cardishop', { cardTypeId: sold.id, shopId: shopsOfA[0], status: 1 }));
    const user = await createLimitedUser(t, a, { perms: ['cards.type.view', 'cards.type.edit'], managerShops: [shopsOfA[0]] });
    const s = `shopid=${shopsOfA[0]}`;
    const list = expectOk(await user.client.get(`${B}/list/all?${s}`));
    expect(list.map((r: { id: number }) => r.id)).toContain(sold.id);
    expect(list.map((r: { id: number }) => r.id)).not.toContain(notSold.id);
    expectOk(await user.client.get(`${B}/cardInfo/${sold.id}?${s}`));
    expectStatus(await user.client.get(`${B}/cardInfo/${notSold.id}?${s}`), 404);
    expectStatus(await user.client.get(`${B}/list/all?shopid=${shopsOfA[1]}`), 403);
    expectStatus(await user.client.post(`${B}/save?shopid=${shopsOfA[1]}`, stored()), 403);
    expectStatus(await user.client.post(`${B}/status?${s}`, { ids: [notSold.id], status: 2 }), 404);
    expect(/^\d{3}$/.test(expectOk(await user.client.get(`${B}/newcode?${s}`)))).toBe(true);
    // A card type made by the shop is enabled there.
    const own = expectOk(await user.client.post(`${B}/save?${s}`, stored()));
    expect(own.shopCount).toBe(1);
    expectOk(await user.client.post(`${B}/save?${s}`, { id: own.id, name: own.name, kind: 1, memo: '门店自建' }));
    expectStatus(await user.client.post(`${B}/save?${s}`, { id: notSold.id, name: 'x', kind: 1 }), 404);
    const rules = expectOk(
      await user.client.post(`${B}/saveCardRules?${s}`, {
        cardTypeId: own.id,
        rules: [{ kind: 2, threshold: 10_000, giftType: 1, giftValue: 500 }],
      }),
    );
    expect(expectOk(await user.client.get(`${B}/cardRules?${s}&cardTypeId=${own.id}`))).toEqual(rules);
    expectStatus(await user.client.get(`${B}/cardRules?${s}&cardTypeId=${notSold.id}`), 404);
    expectOk(await user.client.del(`${B}/delCardRule/${rules[0].id}?${s}`));
    expectOk(await user.client.post(`${B}/status?${s}`, { ids: [own.id], status: 2 }));
    expect400(await user.client.get(`${B}/list/all`), 'shopid');
    expectStatus(await t.client().get(`${B}/list/all?${s}`), 401);
    expectStatus(await b.admin.get(`${B}/cardInfo/${sold.id}?shopid=${shopsOfB[0]}`), 404);
    expectStatus(await b.admin.get(`${B}/list/all?${s}`), 404);
  });
});
