import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/http';
import { bindNotify, notify } from '../../platform/notify';
import { PriceCellEditor } from './PriceCellEditor';

const render = (ui: ReactElement) => renderBare(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

const bounds = { minPrice: 10900, maxPrice: 15400 };
const cell = { id: 1, price: 13800, status: 1, templateId: 7 };

describe('PriceCellEditor', () => {
  it('shows the price, then keeps a refused value with the server’s reason on the cell', async () => {
    const onSave = vi.fn().mockRejectedValueOnce(new ApiError(400, '400', '“剪发”价格 ¥200.00 高于总部最高价 ¥154.00'));
    render(<PriceCellEditor cell={cell} bounds={bounds} basePrice={12800} canEdit label="国贸店 · 剪发" onSave={onSave} />);
    expect(screen.getByRole('button', { name: '国贸店 · 剪发' }).textContent).toContain('¥138.00');

    fireEvent.click(screen.getByRole('button', { name: '国贸店 · 剪发' }));
    const input = screen.getByRole('spinbutton', { name: '国贸店 · 剪发' });
    fireEvent.change(input, { target: { value: '200' } });
    expect(screen.getByText('高于总部最高价 ¥154.00')).toBeTruthy(); // the hint before saving
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    expect(onSave).toHaveBeenCalledWith(20000);
    expect(screen.getByRole('alert').textContent).toContain('高于总部最高价 ¥154.00');
    expect((screen.getByRole('spinbutton', { name: '国贸店 · 剪发' }) as HTMLInputElement).value).toContain('200');
  });

  it('saves a price in cents and closes the editor', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<PriceCellEditor cell={undefined} bounds={bounds} basePrice={12800} canEdit label="中关村店 · 剪发" onSave={onSave} />);
    expect(screen.getByRole('button', { name: '中关村店 · 剪发' }).textContent).toContain('未上架');
    fireEvent.click(screen.getByRole('button', { name: '中关村店 · 剪发' }));
    const input = screen.getByRole('spinbutton', { name: '中关村店 · 剪发' });
    fireEvent.change(input, { target: { value: '150.5' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    expect(onSave).toHaveBeenCalledWith(15050);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('refuses a negative price on the cell instead of saving ¥0.00', async () => {
    const onSave = vi.fn();
    render(<PriceCellEditor cell={cell} bounds={bounds} basePrice={12800} canEdit label="国贸店 · 剪发" onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: '国贸店 · 剪发' }));
    const input = screen.getByRole('spinbutton', { name: '国贸店 · 剪发' });
    fireEvent.change(input, { target: { value: '-5' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('门店价格不能为负数');
  });

  it('asks before saving a price of ¥0.00, and saves only when confirmed', async () => {
    const confirm = vi.fn();
    bindNotify({ modal: { ...notify.modal, confirm } });
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<PriceCellEditor cell={cell} bounds={bounds} basePrice={12800} canEdit label="国贸店 · 剪发" onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: '国贸店 · 剪发' }));
    const input = screen.getByRole('spinbutton', { name: '国贸店 · 剪发' });
    fireEvent.change(input, { target: { value: '0' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0].content).toBe('国贸店 · 剪发为 ¥0.00，即免费。确定保存吗？');
    await act(async () => confirm.mock.calls[0]?.[0].onCancel());
    expect(onSave).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await act(async () => confirm.mock.calls[1]?.[0].onOk());
    expect(onSave).toHaveBeenCalledWith(0);
  });

  it('is read-only without the permission', () => {
    render(<PriceCellEditor cell={cell} bounds={bounds} basePrice={12800} canEdit={false} label="x" onSave={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('¥138.00')).toBeTruthy();
  });
});
