import fs from 'node:fs';
import { render } from '@testing-library/react';
import { Table } from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The tests do not load CSS files: the app's own is read and put on the page beside antd's styles.
const style = document.createElement('style');
beforeAll(() => {
  style.textContent = fs.readFileSync('src/app/global.css', 'utf8');
  document.head.appendChild(style);
});
afterAll(() => style.remove());

describe('a table header', () => {
  it('breaks between words, never inside one, whatever antd lets other cells do', () => {
    const { container } = render(
      <Table size="small" columns={[{ title: 'Quantity on hand', dataIndex: 'qty', width: 60 }]} dataSource={[{ key: 1, qty: 12 }]} />,
    );
    const th = getComputedStyle(container.querySelector('th') as HTMLElement);
    expect([th.overflowWrap, th.wordBreak]).toEqual(['normal', 'normal']);
    // a cell still wraps a long value anywhere rather than overflowing its column
    expect(getComputedStyle(container.querySelector('td') as HTMLElement).overflowWrap).toBe('break-word');
  });
});
