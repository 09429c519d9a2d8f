import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildQuery, download, http } from './http';
import { setLang } from './i18n';
import { bindNotify } from './notify';
import { appTokenKey, BOARD_TOKEN_KEY } from './session';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const message = { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() };
const navigate = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  bindNotify({ message: message as never, navigate });
  window.history.replaceState(null, '', '/admin/org/shops');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('http client', () => {
  it('unwraps the envelope and sends token, language and query', async () => {
    localStorage.setItem(BOARD_TOKEN_KEY, 'board-token');
    fetchMock.mockResolvedValueOnce(reply(200, { resp_code: '200', resp_msg: 'ok', data: { list: [1], total: 1 } }));
    const data = await http.get<{ list: number[]; total: number }>('/api-chain/shop', { page: 2, keyword: '', regionId: null, status: 0 });
    expect(data).toEqual({ list: [1], total: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api-chain/shop?page=2&status=0');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer board-token');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(init?.method).toBe('GET');
    expect(message.error).not.toHaveBeenCalled();
  });

  it('prefers the app-scoped token on an app route and posts JSON', async () => {
    localStorage.setItem(BOARD_TOKEN_KEY, 'board-token');
    localStorage.setItem(appTokenKey('admin'), 'admin-token');
    await setLang('en-US');
    fetchMock.mockResolvedValueOnce(reply(200, { resp_code: '200', resp_msg: 'ok', data: { id: 7 } }));
    await http.post('/api-chain/brand', { code: 'B01' });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer admin-token');
    expect(headers['Content-Type']).toBe('application/json;charset=UTF-8');
    expect(headers['Accept-Language']).toBe('en-US');
    expect(init?.body).toBe('{"code":"B01"}');
    await setLang('zh-CN');
  });

  it('gives a money or stock write the same Idempotency-Key when the same request is sent again, another for another request', async () => {
    const ok = () => reply(200, { resp_code: '200', resp_msg: 'ok', data: null });
    fetchMock.mockResolvedValueOnce(ok()).mockResolvedValueOnce(ok()).mockResolvedValueOnce(ok()).mockResolvedValueOnce(ok());
    await http.post('/api-stock/entry/audit', { id: 1, version: 2 }, { once: true });
    await http.post('/api-stock/entry/audit', { id: 1, version: 2 }, { once: true });
    await http.post('/api-stock/entry/audit', { id: 1, version: 3 }, { once: true });
    await http.post('/api-chain/brand', { code: 'B01' });
    const keys = fetchMock.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^r-[0-9a-f]{16}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBeUndefined();
  });

  it('shows the server message and exposes field errors on 400', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(400, {
        resp_code: '400',
        resp_msg: '请检查输入',
        data: null,
        errors: [{ path: 'code', message: '编码不能为空' }],
      }),
    );
    const err = await http.post('/api-chain/shop/saveShop', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('400');
    expect(e.errors).toEqual([{ path: 'code', message: '编码不能为空' }]);
    expect(message.error).toHaveBeenCalledWith('请检查输入');
  });

  it('returns 4005 to the caller without a message', async () => {
    fetchMock.mockResolvedValueOnce(reply(403, { resp_code: '4005', resp_msg: '需要独立密码', data: null }));
    const err = (await http.post('/api-user/relogin', { appId: 'cashier' }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('4005');
    expect(err.status).toBe(403);
    expect(message.error).not.toHaveBeenCalled();
  });

  it('drops the token and asks to sign in on 401', async () => {
    localStorage.setItem(appTokenKey('admin'), 'expired');
    fetchMock.mockResolvedValueOnce(reply(401, { resp_code: '401', resp_msg: '登录已过期', data: null }));
    const err = (await http.get('/api-user/me').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(localStorage.getItem(appTokenKey('admin'))).toBeNull();
    expect(message.error).toHaveBeenCalledWith('登录已过期');
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/admin/org/shops')}`);
  });

  it('stays quiet for the codes the caller handles', async () => {
    fetchMock.mockResolvedValueOnce(reply(403, { resp_code: '403', resp_msg: '没有权限', data: null }));
    const err = (await http.get('/api-chain/shop', undefined, { quiet: ['403'] }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(403);
    expect(message.error).not.toHaveBeenCalled();
  });

  it('reports network failures and non-JSON answers', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const net = (await http.get('/api-chain/brand').catch((e: unknown) => e)) as ApiError;
    expect(net.code).toBe('NETWORK');
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const bad = (await http.get('/api-chain/brand/x').catch((e: unknown) => e)) as ApiError;
    expect(bad.status).toBe(502);
    expect(message.error).toHaveBeenCalledTimes(2);
  });

  it('gives up after the 40 s timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = http.get('/api-report/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(40_000);
    const err = (await pending) as ApiError;
    expect(err.code).toBe('TIMEOUT');
  });

  it('downloads an export with the server file name', async () => {
    const click = vi.fn();
    const create = document.createElement.bind(document);
    const spy = vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const el = create(tag);
      if (tag === 'a') (el as HTMLAnchorElement).click = click;
      return el;
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    fetchMock.mockResolvedValueOnce(
      new Response(new Blob(['xlsx']), {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('门店.xlsx')}`,
        },
      }),
    );
    await download('/api-chain/shop/export', { status: 1 }, 'fallback.xlsx');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api-chain/shop/export?status=1');
    expect(click).toHaveBeenCalled();
    const a = spy.mock.results.find((r) => (r.value as HTMLElement).tagName === 'A')?.value as HTMLAnchorElement;
    expect(a.download).toBe('门店.xlsx');
    spy.mockRestore();
  });

  it('builds query strings', () => {
    expect(buildQuery({ a: 1, b: undefined, c: '', d: [1, 2] })).toBe('?a=1&d=1%2C2');
    expect(buildQuery({})).toBe('');
  });
});
