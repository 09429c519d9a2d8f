import { REPORT_PATHS, type ReportHead, type ReportHeadRow, type SqlParseAnswer } from '@headoffice/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TabContext, type TabInfo } from '../../platform/pages';
import { calls, fakeApi, fetchMock, reply, serve, wrap } from '../../test/api';
import ReportDesignPage from './ReportDesignPage';
import { ReportEditor } from './ReportEditor';

fakeApi();

const SQL =
  'select s.name as shop_name, sum(p.amount) as cash_amount from payments p join shops s on s.id = p.shop_id where s.id = :shop_id group by 1';

const head: ReportHead = {
  id: 5,
  code: 'SHOP_CASH',
  name: '门店现金',
  isAuto: true,
  hideQuery: false,
  isPage: true,
  isSummary: true,
  isPrint: true,
  isExcel: true,
  isUdiy: true,
  isContent: false,
  content: null,
  testParams: { shop_id: '3' },
  reportSql: SQL,
  roles: [],
  status: 1,
  memo: null,
  shipped: false,
  updatedAt: '2026-03-04T01:30:00.000Z',
  items: [
    {
      id: 41,
      headId: 5,
      fieldName: 'shop_name',
      fieldTxt: '门店',
      fieldWidth: 160,
      fieldType: 'text',
      isRange: false,
      dict: null,
      link: null,
      fieldGroup: null,
      memo: null,
      isShow: true,
      isSearch: false,
      isOrder: false,
      isFixed: true,
      isNonull: false,
      isSum: false,
      fieldRole: [],
      sort: 10,
    },
  ],
};

const parsed: SqlParseAnswer = {
  columns: [
    { name: 'shop_name', type: 'text' },
    { name: 'cash_amount', type: 'numeric' },
    { name: 'bill_date', type: 'date' },
    { name: 'paid_at', type: 'timestamptz' },
    { name: 'visits', type: 'int8' },
  ],
  params: ['shop_id', 'bill_date_from', 'bill_date_to'],
};

const shipped: ReportHeadRow = {
  id: 1,
  code: 'DAY_CASH',
  name: '现金日报',
  isAuto: true,
  hideQuery: false,
  isPage: true,
  isSummary: true,
  isPrint: true,
  isExcel: true,
  isUdiy: true,
  isContent: false,
  content: null,
  roles: [],
  status: 1,
  memo: null,
  shipped: true,
  itemCount: 6,
  updatedAt: '2026-03-04T01:30:00.000Z',
};

/** The bodies the page posted to a path, oldest first. */
const posted = (path: string) => calls(path).map(([, init]) => JSON.parse(String(init?.body)));

function designPage(open = vi.fn()) {
  const tab: TabInfo = { key: '/admin/reports/design', params: {}, setTitle: () => undefined, open, close: () => undefined };
  wrap(
    <TabContext.Provider value={tab}>
      <ReportDesignPage />
    </TabContext.Provider>,
  );
  return open;
}

function edit(onClose = vi.fn()) {
  serve({
    [REPORT_PATHS.headGet]: () => head,
    [REPORT_PATHS.headSave]: () => ({ id: 5 }),
    [REPORT_PATHS.sqlParse]: () => parsed,
    '/api-user/roles/getSysRoleList': () => [{ id: 2, name: '店长' }],
  });
  wrap(<ReportEditor headId={5} readOnly={false} onClose={onClose} />);
  return onClose;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));

describe('the report designer', () => {
  it('saves the head with its columns, exactly those the table holds', async () => {
    const onClose = edit();
    const editor = await screen.findByTestId('report-editor');
    const items = within(editor).getByTestId('report-items');
    fireEvent.change(within(items).getByLabelText('列标题'), { target: { value: '门店名称' } });
    fireEvent.click(within(editor).getByRole('button', { name: /添加列/ }));
    const names = within(items).getAllByLabelText('字段名');
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'visits' } });
    fireEvent.change(within(items).getAllByLabelText('列标题')[1] as HTMLElement, { target: { value: '客数' } });
    fireEvent.click(within(items).getAllByLabelText('合计')[1] as HTMLElement);
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = posted(REPORT_PATHS.headSave);
    expect(body).toMatchObject({ id: 5, code: 'SHOP_CASH', name: '门店现金', reportSql: SQL, testParams: { shop_id: '3' } });
    expect(body.items).toEqual([
      expect.objectContaining({
        id: 41,
        fieldName: 'shop_name',
        fieldTxt: '门店名称',
        fieldWidth: 160,
        isFixed: true,
        dict: null,
        link: null,
        sort: 10,
      }),
      expect.objectContaining({
        fieldName: 'visits',
        fieldTxt: '客数',
        fieldType: 'text',
        isSum: true,
        dict: null,
        link: null,
        fieldGroup: null,
        sort: 20,
      }),
    ]);
    expect(body.items[1]).not.toHaveProperty('id');
  });

  it('refuses a column without its field name before the save', async () => {
    edit();
    const editor = await screen.findByTestId('report-editor');
    fireEvent.click(within(editor).getByRole('button', { name: /添加列/ }));
    save();
    // the whole form's validation takes a while in the test's document on a busy machine
    expect(await within(editor).findByText('请输入字段名', undefined, { timeout: 5000 })).toBeTruthy();
    expect(calls(REPORT_PATHS.headSave)).toHaveLength(0);
  });

  it('reads the columns of the SQL, adds the missing ones with their kinds guessed, and asks for its parameters', async () => {
    edit();
    const editor = await screen.findByTestId('report-editor');
    fireEvent.click(within(editor).getByRole('button', { name: /解析列/ }));
    const found = await within(editor).findByTestId('report-parsed');
    expect(found.textContent).toContain('解析出 5 列');
    expect(found.textContent).toContain('缺少 4 列：cash_amount、bill_date、paid_at、visits');
    expect(posted(REPORT_PATHS.sqlParse)).toEqual([{ reportSql: SQL, params: { shop_id: '3' } }]);
    // the parameters the SQL reads, the value typed for one it still reads kept
    const params = within(editor).getByTestId('report-test-params');
    expect((within(params).getByLabelText('shop_id') as HTMLInputElement).value).toBe('3');
    fireEvent.change(within(params).getByLabelText('bill_date_from'), { target: { value: '2026-03-01' } });

    fireEvent.click(within(found).getByRole('button', { name: /添加缺少的列/ }));
    await waitFor(() => expect(within(editor).getAllByLabelText('字段名')).toHaveLength(5));
    save();
    await waitFor(() => expect(calls(REPORT_PATHS.headSave)).toHaveLength(1));
    const [body] = posted(REPORT_PATHS.headSave);
    expect(body.items.map((i: { fieldName: string; fieldType: string; sort: number }) => [i.fieldName, i.fieldType, i.sort])).toEqual([
      ['shop_name', 'text', 10],
      ['cash_amount', 'money', 20],
      ['bill_date', 'date', 30],
      ['paid_at', 'datetime', 40],
      ['visits', 'number', 50],
    ]);
    expect(body.testParams).toEqual({ shop_id: '3', bill_date_from: '2026-03-01', bill_date_to: '' });
  });

  it('lists the reports and says why a shipped one cannot be deleted', async () => {
    serve({ [REPORT_PATHS.headList]: () => ({ list: [shipped], total: 1 }) });
    const answered = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith(REPORT_PATHS.headDelete)
        ? new Response(JSON.stringify({ resp_code: '409', resp_msg: '内置报表不能删除，可以复制后修改', data: null }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          })
        : ((await answered?.(input, init)) ?? reply([])),
    );
    const open = designPage();
    const row = (await screen.findByText('现金日报')).closest('tr') as HTMLElement;
    expect(within(row).getByText('内置')).toBeTruthy();
    expect(within(row).getByText('6')).toBeTruthy();

    fireEvent.click(within(row).getByText('运行'));
    expect(open).toHaveBeenCalledWith('/admin/reports/run/DAY_CASH');

    fireEvent.click(within(row).getByText('删除'));
    const confirm = await screen.findByRole('button', { name: /^(OK|确\s*定)$/ });
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(await screen.findByText('内置报表不能删除，可以复制后修改')).toBeTruthy();
    const [url, init] = calls(REPORT_PATHS.headDelete)[0] ?? [];
    expect(String(url)).toBe(`${REPORT_PATHS.headDelete}?id=1`);
    expect(init?.method).toBe('DELETE');
  });

  it('copies a shipped report under the code and name asked for, then opens the copy', async () => {
    serve({
      [REPORT_PATHS.headList]: () => ({ list: [shipped], total: 1 }),
      [REPORT_PATHS.headCopy]: () => ({ id: 7 }),
      [REPORT_PATHS.headGet]: () => ({ ...head, id: 7, code: 'MY_CASH', name: '我的现金日报' }),
    });
    designPage();
    const row = (await screen.findByText('现金日报')).closest('tr') as HTMLElement;
    // a shipped report is looked at, not changed
    expect(within(row).getByText('查看')).toBeTruthy();
    fireEvent.click(within(row).getByText('复制'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('编码') as HTMLInputElement).value).toBe('DAY_CASH_copy');
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'MY_CASH' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '我的现金日报' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^(OK|确\s*定)$/ }));
    await waitFor(() => expect(posted(REPORT_PATHS.headCopy)).toEqual([{ id: 1, code: 'MY_CASH', name: '我的现金日报' }]));
    await waitFor(() => expect(calls(`${REPORT_PATHS.headGet}?id=7`)).toHaveLength(1));
    expect(await screen.findByText('编辑报表「我的现金日报」')).toBeTruthy();
  });
});
