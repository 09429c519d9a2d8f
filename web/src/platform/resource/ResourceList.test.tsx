import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n';
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

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ResourceList def={def} />
    </QueryClientProvider>,
  );
}

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
