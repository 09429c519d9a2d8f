import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAction } from './action';
import { ApiError } from './http';
import { setLang } from './i18n';
import { bindNotify } from './notify';
import { invalidate } from './resource/invalidate';

const message = { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() };
bindNotify({ message: message as never });
setLang('zh-CN');

afterEach(() => vi.clearAllMocks());

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return { qc, wrapper };
}

describe('useAction', () => {
  it('is busy while the write runs, then says so, refetches what changed and runs what follows', async () => {
    const { qc, wrapper } = setup();
    let finish: (v: string) => void = () => undefined;
    const done = vi.fn();
    const shopList = vi.fn(async () => ['shop']);
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ['shop', 'list', {}], queryFn: shopList });
        return useAction<number, string>({
          run: () => new Promise<string>((resolve) => (finish = resolve)),
          success: 'common.saved',
          invalidates: [{ key: 'shop', basePath: '/api-chain/shop' }],
          done,
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(shopList).toHaveBeenCalledTimes(1));
    let answer: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      answer = result.current.run(7);
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(result.current.busyFor((id) => id === 7)).toBe(true);
    expect(result.current.busyFor((id) => id === 8)).toBe(false);
    await act(async () => {
      finish('ok');
      await answer;
    });
    await expect(answer).resolves.toBe('ok');
    expect(message.success).toHaveBeenCalledWith('保存成功');
    expect(shopList).toHaveBeenCalledTimes(2);
    expect(done).toHaveBeenCalledWith('ok', 7);
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(qc.getQueryState(['shop', 'list', {}])?.isInvalidated).toBe(false);
  });

  it('leaves an API failure to the client (shown once), answers undefined and hands the error to failed', async () => {
    const { wrapper } = setup();
    const failure = new ApiError(409, '409', '编码已存在');
    const failed = vi.fn();
    const done = vi.fn();
    const { result } = renderHook(() => useAction({ run: () => Promise.reject(failure), success: 'common.saved', done, failed }), {
      wrapper,
    });
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.run();
    });
    expect(answer).toBeUndefined();
    expect(message.error).not.toHaveBeenCalled();
    expect(message.success).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    expect(failed).toHaveBeenCalledWith(failure, undefined);
    expect(result.current.busy).toBe(false);
  });

  it('shows a failure the client did not see, and stays silent on a form that did not validate', async () => {
    const { wrapper } = setup();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = renderHook(() => useAction({ run: () => Promise.reject(new Error('读取文件失败')) }), { wrapper });
    await act(async () => {
      await broken.result.current.run();
    });
    expect(message.error).toHaveBeenCalledWith('读取文件失败');
    message.error.mockClear();
    const invalid = renderHook(() => useAction({ run: () => Promise.reject({ errorFields: [{ name: ['price'] }] }) }), { wrapper });
    await act(async () => {
      await invalid.result.current.run();
    });
    expect(message.error).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('takes its success text and targets from the result', async () => {
    const { qc, wrapper } = setup();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const { result } = renderHook(
      () =>
        useAction<void, number>({
          run: async () => 3,
          success: (n) => `已移动 ${n} 家门店`,
          invalidates: () => [['authority']],
        }),
      { wrapper },
    );
    await act(async () => {
      await result.current.run();
    });
    expect(message.success).toHaveBeenCalledWith('已移动 3 家门店');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('invalidate', () => {
  it('refetches a resource, its pickers and the reads that count it, and nothing else', async () => {
    const qc = new QueryClient();
    const keys = [
      ['shop', 'list', {}],
      ['options', '/api-chain/shop/list/all'],
      ['options', '/api-chain/dictregion/tree/all'],
      ['region', 'list'],
      ['brand', 'list', {}],
      ['authority', 'all'],
    ];
    for (const key of keys) qc.setQueryData(key, 1);
    const region = { key: 'region', basePath: '/api-chain/dictregion' };
    await invalidate(qc, [{ key: 'shop', basePath: '/api-chain/shop', countedBy: [region] }, ['authority']]);
    const stale = keys.filter((k) => qc.getQueryState(k)?.isInvalidated).map((k) => k.join(' '));
    expect(stale).toEqual([
      'shop list [object Object]',
      'options /api-chain/shop/list/all',
      'options /api-chain/dictregion/tree/all',
      'region list',
      'authority all',
    ]);
  });
});
