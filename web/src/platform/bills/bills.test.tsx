import { type BillDef, cardRefundBill, coopBill, csadjBill, fundBill, productOrderBill, stockEntryBill } from '@headoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { setLang } from '../i18n';
import { TabContext } from '../pages';
import { BillDetail } from './BillDetail';
import { BillForm } from './BillForm';
import { BillList, billListDef } from './BillList';
import { fromBillLines, lineAmount, toWireLines } from './LinesEditor';
import { ActionButtons, BillStateTag } from './parts';

/** Stock entries with a batch audit and an export, as a type that has them declares them. */
const batchDef = {
  ...stockEntryBill,
  transitions: { ...stockEntryBill.transitions, audit: { ...stockEntryBill.transitions.audit, batchPath: 'auditBatch' } },
  paths: { ...stockEntryBill.paths, export: 'export' },
} as BillDef;

const entryRow = (id: number, state: string) => ({
  id,
  billNo: `RK20260101-000${id}`,
  type: '1',
  shopId: 3,
  shopName: '北京国贸店',
  billDate: '2026-01-01',
  reasonId: 1,
  reasonName: '采购入库',
  reasonKind: 'purchase',
  counterpart: '欧莱雅',
  counterpartShopId: null,
  counterpartShopName: null,
  state,
  totalQuantity: 2,
  totalAmount: 300,
  createdByName: '张三',
  lines: [{ id: 9, productId: 5, pcode: 'SP0005', productName: '洗发水', unit: '瓶', quantity: 2 }],
});

fakeApi();

afterEach(async () => {
  await setLang('zh-CN');
});

describe('the list of a bill type, from its definition', () => {
  const def = billListDef(batchDef, 'zh-CN', () => undefined);
  const field = (key: string) => def.fields.find((f) => f.key === key);
  const column = (key: string) => field(key)?.table || {};

  it('has the columns the definition lists, the lines in short before the totals, and its sortable columns', () => {
    const columns = def.fields.filter((f) => f.table !== false).map((f) => f.key);
    expect(columns).toEqual([
      'billNo',
      'shopId',
      'billDate',
      'reasonId',
      'state',
      'counterpart',
      'lines',
      'totalQuantity',
      'totalAmount',
      'createdByName',
    ]);
    expect(column('billNo').sorter).toBe(true);
    expect(column('shopId').sorter).toBeFalsy();
    expect(def.listPath).toBe('/api-stock/entry/chain/findListWithPro');
    expect(def.exportPath).toBe('/api-stock/entry/export');
    const withoutExport = { ...stockEntryBill, paths: { ...stockEntryBill.paths, export: undefined } } as BillDef;
    expect(billListDef(withoutExport, 'zh-CN', () => undefined).exportPath).toBe(false);
  });

  it('shows a display field, or the field itself when the display is empty', () => {
    const cell = column('counterpart').render;
    expect(cell?.({ id: 1, counterpart: '欧莱雅', counterpartShopName: null })).toBe('欧莱雅');
    expect(cell?.({ id: 1, counterpart: null, counterpartShopName: '北京国贸店' })).toBe('北京国贸店');
  });

  it('filters as the definition declares, the state by tabs and the location by a picker', () => {
    expect(def.fields.filter((f) => f.search).map((f) => f.key)).toEqual(['billNo', 'reasonId', 'dateRange', 'productId']);
    expect(field('reasonId')?.options).toMatchObject({ kind: 'remote', url: '/api-stock/dictinout/list/all', params: { direction: 1 } });
    expect(field('dateRange')?.search).toEqual({ type: 'dateRange', range: ['dateFrom', 'dateTo'] });
  });

  it('offers the import of a type that has one, with its template and its upload', async () => {
    serve({});
    const coop = wrap(<BillList def={coopBill} />);
    fireEvent.click(await screen.findByRole('button', { name: /导\s*入/ }));
    expect((await screen.findAllByText('下载模板')).length).toBeGreaterThan(0);
    coop.unmount();
    const { container } = wrap(<BillList def={stockEntryBill} />);
    await waitFor(() => expect(container.querySelector('.ant-table')).not.toBeNull());
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
  });

  it('lists by state tab, and a batch transition reports what was done and what failed', async () => {
    serve({
      '/api-stock/entry/chain/findListWithPro': () => ({
        list: [entryRow(1, 'draft'), entryRow(2, 'draft')],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
      '/api-stock/entry/auditBatch': () => ({
        done: [{ id: 1, billNo: 'RK20260101-0001', state: 'audited' }],
        failed: [{ id: 2, billNo: 'RK20260101-0002', code: 409, message: '库存不足' }],
      }),
    });
    const { container } = wrap(<BillList def={batchDef} />);
    expect(await screen.findByText('RK20260101-0002')).toBeTruthy();
    expect(screen.getAllByText('草稿').length).toBeGreaterThan(1);

    fireEvent.click(screen.getByText('已审核'));
    await waitFor(() =>
      expect(calls('/api-stock/entry/chain/findListWithPro').some(([url]) => String(url).includes('state=audited'))).toBe(true),
    );
    fireEvent.click(screen.getByText('全部'));
    await screen.findByText('RK20260101-0002');

    // Text and selector queries, not role queries: a role query computes the accessible name and
    // visibility of every element, each a getComputedStyle over all of antd's injected styles (seconds
    // for this page under load, about half of the test's time).
    const batch = screen.getByText('批量审核').closest('button') as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    const rowBoxes = container.querySelectorAll('.ant-table-row .ant-checkbox-input');
    expect(rowBoxes).toHaveLength(2);
    for (const box of rowBoxes) fireEvent.click(box);
    await waitFor(() => expect(batch.disabled).toBe(false));
    fireEvent.click(batch);
    // the confirmation is antd's static modal (outside the app's locale)
    const confirm = await screen.findByText(/^(OK|确\s*定)$/, { selector: '.ant-modal-confirm-btns button span' }, { timeout: 5000 });
    fireEvent.click(confirm);

    const result = (await screen.findAllByText('批量审核：成功 1 张，失败 1 张'))[0]?.closest('.ho-batch-result');
    expect(result && within(result as HTMLElement).getByText('库存不足')).toBeTruthy();
    expect(calls('/api-stock/entry/auditBatch')).toHaveLength(1);
    const [, init] = calls('/api-stock/entry/auditBatch')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ ids: [1, 2] });
    expect(((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key']).toMatch(/^r-/);
  });
});

describe('lines', () => {
  it('go to the wire in cents, an empty optional price left to the server, a line id only where the type keeps one', () => {
    expect(toWireLines(stockEntryBill, [{ id: 5, productId: 1, quantity: 2, unitCost: 1.5, memo: ' ' }, { quantity: 1 }])).toEqual([
      { id: 5, productId: 1, quantity: 2, unitCost: 150 },
    ]);
    expect(toWireLines(productOrderBill, [{ id: 5, productId: 1, quantity: 2, price: null }])).toEqual([{ productId: 1, quantity: 2 }]);
  });

  it('come back from a saved bill in yuan, with their products named', () => {
    const { lines, meta } = fromBillLines(stockEntryBill, [
      { id: 9, productId: 5, pcode: 'SP0005', productName: '洗发水', unit: '瓶', spec: null, quantity: 3, unitCost: 1250, memo: null },
    ]);
    expect(lines).toEqual([{ id: 9, productId: 5, quantity: 3, unitCost: 12.5, memo: null }]);
    expect(meta[5]).toEqual({ label: 'SP0005 洗发水', unit: '瓶', spec: null });
    expect(lineAmount(stockEntryBill, lines[0])).toBe(3750);
  });
});

describe('states and actions', () => {
  it('show the state with the label and colour of the definition, in the page language', async () => {
    const { unmount } = wrap(<BillStateTag def={productOrderBill} state="audited" />);
    expect(screen.getByText('已发货').className).toMatch(/green/);
    unmount();
    await setLang('en-US');
    wrap(<BillStateTag def={productOrderBill} state="audited" />);
    expect(screen.getByText('Sent')).toBeTruthy();
  });

  it('name a transition whose verb reads only with its object by its button’s words ("Cancel review")', async () => {
    await setLang('en-US');
    const { container } = wrap(
      <ActionButtons transitions={fundBill.transitions} actions={['review', 'cancelReview']} billNo="FH1" run={async () => undefined} />,
    );
    const buttons = within(container)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toContain('Cancel review');
    expect(buttons.some((b) => b?.endsWith(' of'))).toBe(false);
  });

  it('ask for the reason of a transition that needs one, and send it', async () => {
    const run = vi.fn(async () => undefined);
    const { container } = wrap(
      <ActionButtons transitions={stockEntryBill.transitions} actions={['reject', 'audit']} billNo="RK1" run={run} />,
    );
    const buttons = within(container)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(['审核', '驳回']);
    fireEvent.click(within(container).getByRole('button', { name: /驳\s*回/ }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请输入原因')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '数量不对' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('reject', '数量不对', undefined));
  });
});

describe('the form of a bill', () => {
  const order = {
    id: 7,
    version: 3,
    billNo: 'DH1',
    shopId: 3,
    shopName: '北京国贸店',
    orderDate: '2026-01-02',
    state: 'draft',
    memo: '周末要',
    lines: [{ id: 1, productId: 5, pcode: 'SP0005', productName: '洗发水', unit: '瓶', quantity: 4, price: 0, amount: 0, sort: 10 }],
  };

  it('asks before saving a zero price, then saves once with an Idempotency-Key', async () => {
    serve({ '/api-chain/productorder/saveBill': () => ({ id: 7, version: 4 }) });
    wrap(<BillForm def={productOrderBill} open bill={order} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText(/以下明细的单价为 0：SP0005 洗发水/)).toBeTruthy();
    expect(calls('/api-chain/productorder/saveBill')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '仍然保存' }));
    await waitFor(() => expect(calls('/api-chain/productorder/saveBill')).toHaveLength(1));
    const [, init] = calls('/api-chain/productorder/saveBill')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      id: 7,
      version: 3,
      shopId: 3,
      orderDate: '2026-01-02',
      memo: '周末要',
      lines: [{ productId: 5, quantity: 4, price: 0 }],
    });
    expect(((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key']).toMatch(/^r-/);
  });

  it('refuses a negative price with a message and saves nothing', async () => {
    serve({});
    wrap(<BillForm def={productOrderBill} open bill={order} onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('单价'), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('单价不能为负数')).toBeTruthy();
    expect(calls('/api-chain/productorder')).toHaveLength(0);
  });

  it('shows a saved member by name, not by id, until another is searched for', async () => {
    serve({});
    const refund = { id: 4, version: 1, billNo: 'TKSP1', shopId: 3, memberId: 11, memberName: '王小美', tkattr: 3, tktype: 2, lines: [] };
    wrap(<BillForm def={cardRefundBill} open bill={refund} onClose={() => undefined} />);
    const member = (await screen.findByText('会员', { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
    expect(await within(member).findByText('王小美')).toBeTruthy();
    expect(within(member).queryByText('11')).toBeNull();
  });

  it('asks for a field another one makes required only while it does: the credited card when paid as card money', async () => {
    serve({});
    const refund = { id: 4, version: 1, billNo: 'TKSP1', shopId: 3, memberId: 11, memberName: '王小美', tkattr: 3, tktype: 3, lines: [] };
    wrap(<BillForm def={cardRefundBill} open bill={refund} onClose={() => undefined} />);
    const item = async (name: string) => (await screen.findByText(name, { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
    const isRequired = async (name: string) => (await item(name)).querySelector('.ant-form-item-required') !== null;
    await waitFor(async () => expect(await isRequired('转入卡')).toBe(true));
    expect(await isRequired('退款方式')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('请输入转入卡')).toBeTruthy();
    expect(calls('/api-finance/cardtkhead')).toHaveLength(0);
  });
});

describe('the page of one bill', () => {
  /** Product orders whose memo stays editable once received, as an after-approval field. */
  const withAfter = {
    ...productOrderBill,
    after: {
      memo: {
        label: ['备注', 'Memo'],
        perm: 'stock.order.memo',
        states: ['received'],
        path: 'changeMemo',
        kind: 'text',
        value: productOrderBill.save.shape.memo,
      },
    },
  } as BillDef;
  const detail = (state: string, extra: Record<string, unknown>) => ({
    id: 7,
    billNo: 'DH20260102-0001',
    shopId: 3,
    regionId: 1,
    shopName: '北京国贸店',
    orderDate: '2026-01-02',
    state,
    rejectReason: null,
    memo: '周末要',
    outBillId: null,
    outBillNo: null,
    entryBillId: null,
    entryBillNo: null,
    totalQuantity: 4,
    totalAmount: 27200,
    createdBy: 1,
    createdByName: '张三',
    version: 5,
    createdAt: '2026-01-02T01:00:00Z',
    updatedAt: '2026-01-02T01:00:00Z',
    lines: [{ id: 1, productId: 5, pcode: 'SP0005', productName: '洗发水', unit: '瓶', quantity: 4, price: 6800, amount: 27200, sort: 10 }],
    editable: false,
    afterFields: [],
    actions: [],
    log: [],
    ...extra,
  });
  const page = (def: BillDef) =>
    wrap(
      <TabContext.Provider
        value={{ key: 't', params: { id: '7' }, setTitle: () => undefined, open: () => undefined, close: () => undefined }}
      >
        <BillDetail def={def} />
      </TabContext.Provider>,
    );

  it('shows the head, the lines with their totals, the log and the reason of a rejection', async () => {
    const log = [
      { id: 1, action: 'create', fromState: null, toState: 'draft', memo: null, userId: 1, username: '张三', at: '2026-01-02T01:00:00Z' },
      {
        id: 2,
        action: 'submit',
        fromState: 'draft',
        toState: 'submitted',
        memo: null,
        userId: 1,
        username: '张三',
        at: '2026-01-02T02:00:00Z',
      },
      {
        id: 3,
        action: 'reject',
        fromState: 'submitted',
        toState: 'rejected',
        memo: '数量太多',
        userId: 2,
        username: '李四',
        at: '2026-01-02T03:00:00Z',
      },
    ];
    serve({ '/api-chain/productorder/7': () => detail('rejected', { log, editable: true, actions: ['submit'] }) });
    const { container } = page(productOrderBill);
    expect(await screen.findByText('DH20260102-0001')).toBeTruthy();
    expect(screen.getByText('驳回原因：数量太多')).toBeTruthy();
    expect(screen.getByText('北京国贸店')).toBeTruthy();
    expect(screen.getByText('SP0005 洗发水')).toBeTruthy();
    expect(screen.getByText('1 行')).toBeTruthy();
    const logRows = container.querySelectorAll('.ho-bill-log .ant-table-row');
    expect([...logRows].map((r) => r.textContent?.match(/创建|提交|驳回/)?.[0])).toEqual(['创建', '提交', '驳回']);
    expect(screen.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /提\s*交/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /审\s*核/ })).toBeNull();
  });

  it('shows what an empty line value means where the definition says so: no employee is 公单 / Shared (公单)', async () => {
    const line = { billId: 7, lineId: 3, lineName: '金卡', station: 1, appointed: false };
    const adjustment = {
      id: 7,
      billNo: 'CZTZ20260102-0001',
      shopId: 3,
      shopName: '北京国贸店',
      refBillId: 2,
      refbillcode: 'CZ20260102-0001',
      billDate: '2026-01-02',
      state: 'draft',
      memo: null,
      createdBy: 1,
      createdByName: '张三',
      createdAt: '2026-01-02T01:00:00Z',
      auditedBy: null,
      auditedByName: null,
      auditedAt: null,
      version: 1,
      updatedAt: '2026-01-02T01:00:00Z',
      lines: [
        { ...line, id: 1, employeeId: 4, employeeName: '王丽', yj: 30_000, sort: 10 },
        { ...line, id: 2, employeeId: null, employeeName: null, yj: 29_880, sort: 20 },
      ],
      card: {
        id: 2,
        billNo: 'CZ20260102-0001',
        shopName: '北京国贸店',
        businessDate: '2026-01-02',
        memberName: null,
        cardNo: null,
        amount: 60_000,
        isHc: 0,
        payments: [],
        lines: [],
      },
      before: [],
      editable: true,
      actions: [],
      afterFields: [],
      log: [],
    };
    serve({ '/api-cashier/csadjrecords/getCsadjBillForSaas/7': () => adjustment });
    // The lines' third column (after the line number and the station) is the employee.
    const employees = (c: HTMLElement) =>
      [...c.querySelectorAll('.ant-table-row')].map((r) => r.querySelectorAll('.ant-table-cell')[2]?.textContent);
    const zh = page(csadjBill);
    await screen.findByText('CZTZ20260102-0001');
    expect(employees(zh.container)).toEqual(['王丽', '公单']);
    zh.unmount();
    await setLang('en-US');
    const en = page(csadjBill);
    await screen.findByText('CZTZ20260102-0001');
    expect(employees(en.container)).toEqual(['王丽', 'Shared (公单)']);
  });

  it('changes an after-approval field the answer offers, with its own call', async () => {
    serve({
      '/api-chain/productorder/changeMemo': () => ({ id: 7 }),
      '/api-chain/productorder/7': () => detail('received', { afterFields: ['memo'] }),
    });
    page(withAfter);
    fireEvent.click(await screen.findByRole('button', { name: '修改备注' }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    const input = within(dialog).getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('周末要');
    fireEvent.change(input, { target: { value: '放前台' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls('/api-chain/productorder/changeMemo')).toHaveLength(1));
    const [, init] = calls('/api-chain/productorder/changeMemo')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ id: 7, version: 5, value: '放前台' });
  });
});
