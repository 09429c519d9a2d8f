import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { products, stockProducts } from '../modules/catalog/schema.js';
import { shops } from '../modules/org/schema.js';
import { billTypeOf, ENTRY, insertBill, OUT } from '../modules/stock/bills.js';
import { orderBills } from '../modules/stock/orders.js';
import { seedDefaultReasons } from '../modules/stock/reasons.js';
import { stockReasons } from '../modules/stock/schema.js';
import { transition } from '../platform/documents.js';
import { tenantToday } from '../platform/numbering.js';
import { demoAdmin } from './demo-access.js';

/**
 * Demo stock, made through the same functions as the API (numbers, transitions, ledger): the default
 * in/out reasons, an audited opening entry for the warehouse and every shop, a few bills in each
 * state, a transfer, and two shop orders (one waiting in head office's inbox, one received).
 * Without products (no demo catalogue) it stops after the reasons.
 */
export async function seedDemoStock(tx: Db, tenantId: number) {
  await seedDefaultReasons(tx, tenantId);
  const auth = await demoAdmin(tx, tenantId);
  const reasons = await tx.select({ id: stockReasons.id, code: stockReasons.code }).from(stockReasons);
  const reason = (code: string) => reasons.find((r) => r.code === code)?.id as number;

  const catalogue = await tx
    .select({ id: products.id, purchasePrice: products.purchasePrice })
    .from(products)
    .where(and(eq(products.isDel, 0), eq(products.status, 1)))
    .orderBy(asc(products.id));
  if (!catalogue.length) return;
  const price = new Map(catalogue.map((p) => [p.id, p.purchasePrice]));
  const shopRows = await tx.select({ id: shops.id }).from(shops).orderBy(asc(shops.code));
  const kept = await tx.select({ shopId: stockProducts.shopId, productId: stockProducts.productId }).from(stockProducts);
  /** The first products a location keeps (any products when the catalogue says nothing). */
  const productsOf = (shopId: number | null, n: number) => {
    const listed = kept.filter((k) => k.shopId === shopId).map((k) => k.productId);
    return (listed.length ? catalogue.filter((p) => listed.includes(p.id)) : catalogue).slice(0, n).map((p) => p.id);
  };
  const today = await tenantToday(tx, tenantId);
  const bill = async (
    type: '1' | '2',
    shopId: number | null,
    reasonCode: string,
    lines: [number, number][],
    extra: Record<string, unknown> = {},
  ) =>
    insertBill(tx, auth, {
      type,
      shopId,
      billDate: today,
      reasonId: reason(reasonCode),
      lines: lines.map(([productId, quantity]) => ({ productId, quantity, unitCost: price.get(productId) ?? 0 })),
      ...extra,
    });
  const act = (type: '1' | '2', id: number, action: string, memo?: string) =>
    transition(tx, billTypeOf(type).doc, { id, action, memo }, auth);

  // Opening stock: the warehouse holds plenty, each shop a few dozen of what it sells.
  const warehouseProducts = productsOf(null, 12);
  const opening = await bill(
    ENTRY,
    null,
    'RK01',
    warehouseProducts.map((p, i) => [p, 200 + i * 20]),
    { counterpart: '广州美源供应链有限公司', memo: '期初库存' },
  );
  await act(ENTRY, opening, 'audit');
  for (const [i, shop] of shopRows.entries()) {
    const id = await bill(
      ENTRY,
      shop.id,
      'RK01',
      productsOf(shop.id, 6).map((p, j) => [p, 20 + ((i + j) % 5) * 5]),
      { memo: '期初库存' },
    );
    await act(ENTRY, id, 'audit');
  }
  if (shopRows.length < 3) return;
  const [first, second, third] = shopRows.map((s) => s.id);
  const [pa, pb] = productsOf(first, 2);

  // A draft purchase, a rejected loss, an audited internal use, a transfer between two shops.
  await bill(
    ENTRY,
    first,
    'RK01',
    [
      [pa, 12],
      [pb, 6],
    ],
    { counterpart: '欧莱雅（中国）有限公司', memo: '本周补货' },
  );
  const loss = await bill(OUT, second, 'CK03', [[productsOf(second, 1)[0], 2]], { memo: '破损' });
  await act(OUT, loss, 'reject', '请附上破损照片后重新提交');
  const use = await bill(OUT, first, 'CK01', [[pa, 3]], { memo: '门店护理领用' });
  await act(OUT, use, 'audit');
  const transfer = await bill(OUT, first, 'CK02', [[pb, 4]], { counterpartShopId: second, memo: '门店间调货' });
  await act(OUT, transfer, 'audit');

  // Two shop orders: one waiting for head office, one sent and received.
  const [wa, wb] = warehouseProducts;
  const saveOrder = (body: Parameters<typeof orderBills.impl.save>[1]) => orderBills.impl.save({ tx, auth, lang: 'zh-CN' }, body);
  const waiting = await saveOrder({
    shopId: third,
    memo: '周末活动备货',
    lines: [
      { productId: wa, quantity: 10 },
      { productId: wb, quantity: 6 },
    ],
  });
  await transition(tx, orderBills.doc, { id: waiting, action: 'submit' }, auth);
  const done = await saveOrder({ shopId: first, lines: [{ productId: wa, quantity: 8 }] });
  for (const action of ['submit', 'audit', 'receive']) await transition(tx, orderBills.doc, { id: done, action }, auth);
}
