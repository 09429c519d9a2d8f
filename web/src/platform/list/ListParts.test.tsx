import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLang } from '../i18n';
import { FilterBar, type Filters, useFilters } from './ListParts';

setLang('zh-CN');

type Seen = { params: Filters['params'] };

/** A filter bar of business days; `seen` gets the parameters the list would be asked with. */
function Bar({ month, seen }: { month: boolean; seen: Seen }) {
  const filters = useFilters([{ kind: 'days', month }]);
  seen.params = filters.params;
  return <FilterBar filters={filters} />;
}

function renderDays(month = false) {
  const seen: Seen = { params: {} };
  const { container } = render(<Bar month={month} seen={seen} />);
  const [from, to] = Array.from(container.querySelectorAll('.ant-picker-input input')) as HTMLInputElement[];
  return { seen, from, to };
}

/** Types a date into a picker's input and presses Enter, as a person at the keyboard does. */
async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    fireEvent.mouseDown(input);
    input.focus();
  });
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
  });
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

describe('the filter bar’s business days', () => {
  it('take typed dates, both ends', async () => {
    const { seen, from, to } = renderDays();
    await type(from, '2026-03-01');
    await type(to, '2026-03-31');
    expect(seen.params).toMatchObject({ dateFrom: '2026-03-01', dateTo: '2026-03-31' });
  });

  it('take a typed start alone: from that day on', async () => {
    const { seen, from, to } = renderDays();
    await type(from, '2026-03-01');
    // then on to whatever comes next, the end left empty
    await act(async () => {
      to.blur();
      fireEvent.mouseDown(document.body);
      document.body.focus();
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(seen.params.dateFrom).toBe('2026-03-01');
    expect(seen.params.dateTo).toBeUndefined();
  });

  it('take dates typed the other usual ways (2026/3/1, 20260301)', async () => {
    const { seen, from, to } = renderDays();
    await type(from, '2026/3/1');
    await type(to, '20260315');
    expect(seen.params).toMatchObject({ dateFrom: '2026-03-01', dateTo: '2026-03-15' });
    expect(from.value).toBe('2026-03-01');
  });
});
