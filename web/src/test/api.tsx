import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';

/** The API of a page test: `fetch` stubbed for each test of the file that calls `fakeApi()`. */
export const fetchMock = vi.fn<typeof fetch>();

/** The calls made to paths starting with `prefix`, oldest first. */
export const calls = (prefix: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix));

/** An answer in the server's envelope. */
export function reply(data: unknown) {
  return new Response(JSON.stringify({ resp_code: '200', resp_msg: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Answers the signed-in user (every permission, one shop), `routes` by path prefix (given the call and its URL), and empty lists otherwise. */
export function serve(routes: Record<string, (init: RequestInit | undefined, url: URL) => unknown>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api-user/me'))
      return reply({ user: { id: 1 }, roles: [], permissions: ['*'], loginShops: [{ id: 3, name: '北京国贸店' }], managerShops: [] });
    const route = Object.keys(routes).find((p) => url.startsWith(p));
    return reply(route ? routes[route]?.(init, new URL(url, 'http://localhost')) : []);
  });
}

/** Stubs `fetch` with `fetchMock` before each test of the file and forgets its calls after. */
export function fakeApi() {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });
}

/** Renders a page as the shell would: a router (at the URL `at`) and a query client of its own that does not retry. */
export function wrap(node: ReactNode, at?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={at ? [at] : undefined}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MemoryRouter>,
  );
}
