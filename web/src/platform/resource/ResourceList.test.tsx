import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n';
import { TabContext } from '../pages';
import { ResourceList } from './ResourceList';
import { pagerTotal, totalText } from './total';
import type { ResourceDef } from './types';

interface Row {
  id: number;
  code: string;
  name: string;
}

const def: ResourceDef<Row> = {
  key: 'thing',
  title: 'org.brand.title',
  basePath: '/api-chain/thing',
  readOnly: true,
  fields: [
    { key: 'code', title: 'common.code' },
    { key: 'name', title: 'common.name' },
  ],
};

function reply(data: unknown) {
  return new Response(JSON.stringify({ resp_code: '200', resp_msg: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

/** Answers the list with `page` and the signed-in user with every permission. */
function serve(page: Record<string, unknown>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api-user/me')) return reply({ user: { id: 1 }, roles: [], permissions: ['*'], loginShops: [], managerShops: [] });
    return reply(page);
  });
}

/** Reports every location the page shows. */
function Probe({ seen }: { seen: (search: string) => void }) {
  seen(useLocation().search);
  return null;
}

/** The list as a page in its tab: opened at `url`; `seen` gets every location it shows. */
function renderList(listDef: ResourceDef<Row> = def, url = '/admin/things', seen: (search: string) => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tab = { key: '/admin/things', params: {}, setTitle: () => undefined, open: () => undefined, close: () => undefined };
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <TabContext.Provider value={tab}>
          <ResourceList def={listDef} />
          <Probe seen={seen} />
        </TabContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const searchable: ResourceDef<Row> = {
  ...def,
  key: 'thing2',
  fields: [
    { key: 'code', title: 'common.code', search: true, table: { sorter: true } },
    { key: 'name', title: 'common.name', table: { sorter: true } },
  ],
};

const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, code: `C${i + 1}`, name: `Thing ${i + 1}` }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await setLang('zh-CN');
});

describe('the total of a list', () => {
  it('shows "10000+" when the server stopped counting', async () => {
    serve({ list: rows, total: 10000, page: 1, pageSize: 20, totalCapped: true });
    renderList();
    expect(await screen.findByText('共 10000+ 条')).toBeTruthy();
    // the pager offers a page past the counted ones, since more rows exist
    expect(screen.getByTitle('501')).toBeTruthy();
    // the list was asked for once, even though the request starts before the list is on screen
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api-chain/thing')).length).toBe(1);
  });

  it('shows the exact total otherwise', async () => {
    serve({ list: rows, total: 9999, page: 1, pageSize: 20 });
    renderList();
    expect(await screen.findByText('共 9999 条')).toBeTruthy();
    expect(screen.queryByText(/\+/)).toBeNull();
    expect(screen.getByTitle('500')).toBeTruthy();
    expect(screen.queryByTitle('501')).toBeNull();
  });

  it('says it in English too', async () => {
    await setLang('en-US');
    expect(totalText(10000, { totalCapped: true })).toBe('10000+ in total');
    expect(totalText(42, { total: 42 })).toBe('42 in total');
    await setLang('zh-CN');
    expect(totalText(10000, { total: 10000, totalCapped: true })).toBe('共 10000+ 条');
    expect(totalText(10000, { hasMore: true })).toBe('共 10,000+ 条');
  });

  it('keeps "next" open past a capped total', () => {
    expect(pagerTotal({ total: 10000, totalCapped: true })).toBe(10001);
    expect(pagerTotal({ total: 42 })).toBe(42);
    expect(pagerTotal(undefined)).toBe(0);
  });
});

describe('the search, sort and page in the URL', () => {
  const listCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api-chain/thing'));

  it('opens with the state of its URL (a refresh, a shared link)', async () => {
    serve({ list: rows, total: 60, page: 3, pageSize: 20 });
    renderList(searchable, '/admin/things?code=C3&sort=-name&page=3');
    expect(await screen.findByText('共 60 条')).toBeTruthy();
    const asked = new URL(listCalls()[0] ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({ page: '3', pageSize: '20', sort: '-name', code: 'C3' });
    expect((screen.getByPlaceholderText('请输入编码') as HTMLInputElement).value).toBe('C3');
    expect(document.querySelector('.ant-table-column-sort')?.textContent).toContain('名称');
  });

  it('writes a new search and sort into the URL, back on the first page', async () => {
    serve({ list: rows, total: 60, page: 1, pageSize: 20 });
    const seen: string[] = [];
    renderList(searchable, '/admin/things?page=2', (search) => seen.push(search));
    expect(await screen.findByText('共 60 条')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入编码'), { target: { value: 'C7' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(seen.at(-1)).toBe('?code=C7'));
    const codeHeader = [...document.querySelectorAll('th.ant-table-column-has-sorters')].find((th) => th.textContent === '编码');
    fireEvent.click(codeHeader as Element);
    await waitFor(() => expect(seen.at(-1)).toBe('?code=C7&sort=code'));
  });
});

describe('the pager and the page key', () => {
  /** Answers each page with its rows and, as a keyed list does, the key of its last row. */
  function serveKeyed() {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api-user/me'))
        return reply({ user: { id: 1 }, roles: [], permissions: ['*'], loginShops: [], managerShops: [] });
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      const list = rows.map((r) => ({ ...r, id: r.id + (page - 1) * 20, code: `P${page}-${r.id}` }));
      return reply({ list, total: 200, page, pageSize: 20, next: `key-after-page-${page}` });
    });
  }
  const listCalls = () =>
    fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === '/api-chain/thing');

  it('sends the key of the page on screen when moving on to the next page, and a page number otherwise', async () => {
    serveKeyed();
    const seen: string[] = [];
    renderList(def, '/admin/things', (s) => seen.push(s));
    expect(await screen.findByText('P1-1')).toBeTruthy();
    expect(listCalls()[0].searchParams.get('after')).toBeNull();

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('P2-1')).toBeTruthy();
    const second = listCalls().at(-1) as URL;
    expect(second.searchParams.get('page')).toBe('2');
    expect(second.searchParams.get('after')).toBe('key-after-page-1');
    // the URL keeps the page number, not the key
    await waitFor(() => expect(seen.at(-1)).toContain('page=2'));
    expect(seen.at(-1)).not.toContain('after');

    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('P3-1')).toBeTruthy();
    expect(listCalls().at(-1)?.searchParams.get('after')).toBe('key-after-page-2');

    // a jump further away, and back, go by page number
    fireEvent.click(screen.getByTitle('5'));
    expect(await screen.findByText('P5-1')).toBeTruthy();
    expect(listCalls().at(-1)?.searchParams.get('page')).toBe('5');
    expect(listCalls().at(-1)?.searchParams.get('after')).toBeNull();
    fireEvent.click(screen.getByTitle('4'));
    expect(await screen.findByText('P4-1')).toBeTruthy();
    expect(listCalls().at(-1)?.searchParams.get('after')).toBeNull();
  });
});

describe('the column chooser', () => {
  const noted = {
    ...def,
    key: 'noted',
    fields: [
      { key: 'code', title: 'common.code' },
      { key: 'name', title: 'common.name' },
      { key: 'sort', title: 'common.sort' },
      { key: 'memo', title: 'common.memo', table: { optional: true } },
    ],
  } as unknown as ResourceDef<Row>;
  const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
  afterEach(() => localStorage.clear());

  it('hides optional columns by default, lists every column with the first one locked, and remembers choices per page', async () => {
    serve({ list: rows.map((r) => ({ ...r, memo: `memo ${r.id}`, sort: r.id })), total: 20, page: 1, pageSize: 20 });
    const first = renderList(noted);
    await screen.findByText('共 20 条');
    expect(headers()).toEqual(['编码', '名称', '排序']);
    fireEvent.click(screen.getByTestId('column-chooser'));
    const list = await screen.findByTestId('column-chooser-list');
    const boxes = [...list.querySelectorAll('label')].map((l) => [
      l.textContent,
      (l.querySelector('input') as HTMLInputElement).checked,
      (l.querySelector('input') as HTMLInputElement).disabled,
    ]);
    expect(boxes).toEqual([
      ['编码', true, true],
      ['名称', true, false],
      ['排序', true, false],
      ['备注', false, false],
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: '备注' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '排序' }));
    await waitFor(() => expect(headers()).toEqual(['编码', '名称', '备注']));
    expect(JSON.parse(localStorage.getItem('ho.columns.noted') ?? '{}')).toEqual({ memo: true, sort: false });
    // Opened again, the page shows what was chosen; another page keeps its own columns.
    first.unmount();
    renderList(noted);
    await screen.findByText('共 20 条');
    expect(headers()).toEqual(['编码', '名称', '备注']);
    expect(localStorage.getItem('ho.columns.thing')).toBeNull();
  });
});
