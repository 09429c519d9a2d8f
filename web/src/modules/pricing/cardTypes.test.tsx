import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../platform/i18n';
import { CardTypeSelect } from './cardTypes';

const fetchMock = vi.fn<typeof fetch>();

const cardTypes = [
  { id: 11, code: '001', name: '金卡', kind: 1, status: 1 },
  { id: 12, code: '002', name: '旧年卡', kind: 2, status: 2 },
];

function renderSelect(value: number | null, onChange = vi.fn()) {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ resp_code: '200', resp_msg: 'ok', data: cardTypes }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CardTypeSelect value={value} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await setLang('zh-CN');
});

describe('CardTypeSelect', () => {
  it('picks card types of the chain by name and code, from the card type list', async () => {
    const onChange = renderSelect(null);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '卡项' }));
    // One no longer issued is listed but cannot be picked.
    const stopped = await screen.findByText('旧年卡（002，停办）');
    expect(stopped.closest('.ant-select-item-option')?.className).toContain('disabled');
    fireEvent.click(stopped);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByText('金卡（001）'));
    expect(onChange).toHaveBeenCalledWith(11);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api-chain/cardinfo/list/all');
  });

  it('shows a card type no longer issued when it is already chosen, in either language', async () => {
    renderSelect(12);
    expect(await screen.findByText('旧年卡（002，停办）')).toBeTruthy();
    await setLang('en-US');
    expect(await screen.findByText('旧年卡 (002, discontinued)')).toBeTruthy();
  });
});
