import {
  REPORT_HEAD,
  REPORT_PATHS,
  type ReportColumn,
  type ReportColumnsAnswer,
  type ReportDataAnswer,
  reportColumnsPath,
  reportDataPath,
} from '@headoffice/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabContext, type TabInfo } from '../../platform/pages';
import { calls, fakeApi, fetchMock, reply, serve, wrap } from '../../test/api';
import ReportRunPage from './ReportRunPage';

fakeApi();

const COLUMNS_PATH = reportColumnsPath(REPORT_HEAD);
const DATA_PATH = reportDataPath(REPORT_HEAD);

let nextId = 1;
function column(fieldName: string, fieldTxt: string, settings: Partial<ReportColumn> = {}): ReportColumn {
  return {
    id: nextId++,
    fieldName,
    fieldTxt,
    fieldWidth: null,
    fieldType: 'text',
    isRange: false,
    dict: null,
    link: null,
    fieldGroup: null,
    memo: null,
    isShow: true,
    isSearch: false,
    isOrder: false,
    isFixed: false,
    isNonull: false,
    isSum: false,
    ...settings,
  };
}

const head: ReportColumnsAnswer['head'] = {
  code: 'SHOP_DAYS',
  name: '门店营业日报',
  isAuto: true,
  hideQuery: false,
  isPage: true,
  isSummary: true,
  isPrint: true,
  isExcel: true,
  isUdiy: true,
  isContent: true,
  content: '<b>金额单位：元</b>',
  status: 1,
};

const columns = [
  column('shop_name', '门店', { isFixed: true, fieldWidth: 160 }),
  column('bill_date', '营业日', { fieldType: 'date', isSearch: true, isRange: true, isOrder: true }),
  column('cash_amount', '现金业绩', { fieldType: 'money', isSum: true, fieldGroup: '业绩', isSearch: true, isRange: true }),
  column('card_amount', '耗卡', { fieldType: 'money', isSum: true, fieldGroup: '业绩' }),
  column('visits', '客数', { fieldType: 'number', isSum: true }),
  column('memo', '备注'),
  column('keyword', '单号', { isShow: false, isSearch: true }),
];

const definition = (settings: Partial<ReportColumnsAnswer> = {}): ReportColumnsAnswer => ({ head, columns, hidden: ['memo'], ...settings });

const data = (settings: Partial<ReportDataAnswer> = {}): ReportDataAnswer => ({
  ...definition(),
  rows: [
    { shop_name: '北京国贸店', bill_date: '2026-03-04', cash_amount: 123_450, card_amount: 20_000, visits: 7, memo: '雨天' },
    { shop_name: '上海静安店', bill_date: '2026-03-04', cash_amount: 6_000, card_amount: 0, visits: 1, memo: null },
  ],
  total: 2,
  totals: { cash_amount: 987_654, card_amount: 20_000, visits: 61 },
  source: { replica: true, lagSeconds: 3 },
  ...settings,
});

function open(code = 'SHOP_DAYS', o: { search?: string; opened?: (path: string) => void } = {}) {
  const tab: TabInfo = {
    key: `/admin/reports/run/${code}`,
    params: { code },
    setTitle: () => undefined,
    open: o.opened ?? (() => undefined),
    close: () => undefined,
  };
  return wrap(
    <TabContext.Provider value={tab}>
      <ReportRunPage />
    </TabContext.Provider>,
    o.search === undefined ? undefined : `${tab.key}${o.search}`,
  );
}

/** The query the runner read the report's data with last. */
function lastDataQuery() {
  const asked = calls(DATA_PATH);
  return new URL(String(asked[asked.length - 1]?.[0]), 'http://localhost').searchParams;
}

describe('the report runner', () => {
  it('shows money as ¥1,234.50, the totals of every matching row, the columns the user has not hidden, grouped', async () => {
    serve({ [DATA_PATH]: () => data(), [COLUMNS_PATH]: () => definition() });
    open();
    const table = await screen.findByTestId('report-table');
    await within(table).findByText('¥1,234.50');
    expect(lastDataQuery().get('code')).toBe('SHOP_DAYS');
    expect(lastDataQuery().get('pageSize')).toBe('20');

    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['门店', '营业日', '业绩', '现金业绩', '耗卡', '客数']));
    expect(headers).not.toContain('备注');
    expect(headers).not.toContain('单号');
    expect(within(table).queryByText('雨天')).toBeNull();

    const totals = screen.getByTestId('report-totals');
    expect([...totals.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['合计', '', '¥9,876.54', '¥200.00', '61']);

    // The note is text, never markup; where the rows came from is said.
    expect(screen.getByTestId('report-content').textContent).toBe('<b>金额单位：元</b>');
    expect(screen.getByTestId('report-replica').textContent).toBe('数据来自只读副本，约 3 秒前');
  });

  it('makes its filters from the columns, asks for the required ones first and sends them as one JSON', async () => {
    const required = columns.map((c) => (c.fieldName === 'keyword' ? { ...c, isNonull: true } : c));
    const shopFilter = column('shop_id', '门店', {
      isShow: false,
      isSearch: true,
      fieldType: 'select',
      dict: { url: '/api-chain/shop/list/all', label: 'name', value: 'id' },
    });
    serve({
      [DATA_PATH]: () => data(),
      [COLUMNS_PATH]: () => definition({ columns: [...required, shopFilter] }),
      '/api-chain/shop/list/all': () => ({ list: [{ id: 3, name: '北京国贸店' }] }),
    });
    open();
    const bar = await screen.findByTestId('report-filters');
    // a date range, a money range (two numbers), a text and a choice from the dict's answer
    expect(within(bar).getAllByPlaceholderText(/营业日/)).toHaveLength(1);
    expect(within(bar).getByLabelText('现金业绩 从')).toBeTruthy();
    expect(within(bar).getByLabelText('现金业绩 至')).toBeTruthy();
    const keyword = within(bar).getByPlaceholderText('单号（必填）');

    // a required filter keeps the report from running on open, and from running until it is given
    expect(await screen.findByText('设置查询条件后点击“查询”')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: /查\s*询/ }));
    expect((await screen.findByTestId('report-required')).textContent).toContain('请先填写：单号');
    expect(calls(DATA_PATH)).toHaveLength(0);

    fireEvent.change(keyword, { target: { value: 'XF-1' } });
    fireEvent.change(within(bar).getByLabelText('现金业绩 从'), { target: { value: '12.5' } });
    fireEvent.mouseDown(within(bar).getByRole('combobox', { name: '门店' }));
    fireEvent.click(await screen.findByTitle('北京国贸店'));
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls(DATA_PATH)).toHaveLength(1));
    expect(screen.queryByTestId('report-required')).toBeNull();
    expect(JSON.parse(lastDataQuery().get('params') ?? '')).toEqual({ cash_amount: ['1250', ''], keyword: 'XF-1', shop_id: '3' });
  });

  it('keeps the columns a user hides for them', async () => {
    serve({ [DATA_PATH]: () => data(), [COLUMNS_PATH]: () => definition() });
    open();
    await screen.findByText('¥1,234.50');
    await act(async () => {
      fireEvent.click(screen.getByTestId('report-columns'));
    });
    const chooser = await screen.findByTestId('report-column-chooser');
    // the column that names a row cannot be hidden
    expect(within(chooser).getByLabelText('门店').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(chooser).getByLabelText('备注'));
    fireEvent.click(within(chooser).getByLabelText('客数'));
    await waitFor(() => expect(calls(REPORT_PATHS.udiySave)).toHaveLength(2));
    const saved = calls(REPORT_PATHS.udiySave).map(([, init]) => JSON.parse(String(init?.body)));
    expect(saved).toEqual([
      { code: 'SHOP_DAYS', hidden: [] },
      { code: 'SHOP_DAYS', hidden: ['visits'] },
    ]);
    const headers = [...screen.getByTestId('report-table').querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toContain('备注');
    expect(headers).not.toContain('客数');
  });

  it('shows the server’s message when it refuses the run', async () => {
    serve({ [COLUMNS_PATH]: () => definition() });
    const refused = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith(DATA_PATH)
        ? new Response(JSON.stringify({ resp_code: '400', resp_msg: '报表查询超时，请缩小日期范围', data: null }), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          })
        : ((await refused?.(input, init)) ?? reply([])),
    );
    open();
    expect(await screen.findByText('报表查询超时，请缩小日期范围', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('runs at once with the filters a link gives (a chart’s click), and a linked cell opens its page with the row’s value', async () => {
    const linked = [
      column('bill_no', '单号', { link: '/admin/cashier/servicerecords/:bill_id' }),
      column('bill_id', '单据', { isShow: false }),
      column('bill_date', '营业日', { fieldType: 'date', isSearch: true, isRange: true, isNonull: true }),
      column('shop_id', '门店', {
        fieldType: 'select',
        isShow: false,
        isSearch: true,
        dict: { url: '/api-chain/shop/list/all', label: 'name', value: 'id' },
      }),
    ];
    const waiting = { ...head, isAuto: false };
    serve({
      [DATA_PATH]: () => ({
        head: waiting,
        columns: linked,
        hidden: [],
        rows: [
          { bill_no: 'XS0001', bill_id: 9, bill_date: '2026-03-04' },
          { bill_no: 'XS0002', bill_id: null, bill_date: '2026-03-04' },
        ],
        total: 2,
        totals: null,
        source: { replica: false, lagSeconds: null },
      }),
      [COLUMNS_PATH]: () => ({ head: waiting, columns: linked, hidden: [] }),
    });
    const opened: string[] = [];
    open('SHOP_DAYS', { search: '?bill_date=2026-03-01,2026-03-04&shop_id=3', opened: (path) => opened.push(path) });
    const table = await screen.findByTestId('report-table');
    const link = await within(table).findByText('XS0001');
    expect(JSON.parse(lastDataQuery().get('params') ?? '{}')).toEqual({ bill_date: ['2026-03-01', '2026-03-04'], shop_id: '3' });
    fireEvent.click(link);
    expect(opened).toEqual(['/admin/cashier/servicerecords/9']);
    // a row without the value the link needs shows the number as text
    const plain = within(table).getByText('XS0002');
    expect(plain.closest('a')).toBeNull();
    expect(within(table).queryByText('单据')).toBeNull();
  });
});
