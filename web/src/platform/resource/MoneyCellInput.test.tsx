import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyCellInput } from './MoneyCellInput';

describe('a price typed in a table cell', () => {
  it('passes a price on in cents, and keeps a negative entry as an error instead of ¥0.00', () => {
    const onChange = vi.fn();
    render(<MoneyCellInput cents={1200} onChange={onChange} label="剪发" />);
    const input = screen.getByRole('spinbutton', { name: '剪发' }) as HTMLInputElement;
    expect(input.value).toBe('12.00');

    fireEvent.change(input, { target: { value: '38.5' } });
    expect(onChange).toHaveBeenLastCalledWith(3850);

    onChange.mockClear();
    fireEvent.change(input, { target: { value: '-5' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('剪发不能为负数');
    expect(input.value).toContain('-5');

    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
