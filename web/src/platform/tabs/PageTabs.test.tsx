import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindNotify } from '../notify';
import { PageTabs } from './PageTabs';
import { closeTab, openTab, type TabItem } from './tabState';

const message = { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() };
bindNotify({ message: message as never });

afterEach(() => vi.clearAllMocks());

const tab = (key: string, title = key): TabItem => ({ key, title, refresh: 0 });

describe('tab rules', () => {
  it('refuses to close the last tab', () => {
    expect(closeTab([tab('/admin')], '/admin', '/admin')).toEqual({ ok: false, reason: 'last' });
  });
  it('activates the neighbour when the active tab closes', () => {
    const tabs = [tab('/a'), tab('/b'), tab('/c')];
    expect(closeTab(tabs, '/b', '/b')).toEqual({ ok: true, tabs: [tab('/a'), tab('/c')], active: '/c' });
    expect(closeTab(tabs, '/c', '/c')).toMatchObject({ ok: true, active: '/b' });
    expect(closeTab(tabs, '/a', '/c')).toMatchObject({ ok: true, active: '/c' });
  });
  it('opens a tab once', () => {
    const once = openTab([], '/a', 'A');
    expect(openTab(once, '/a', 'A')).toBe(once);
    expect(openTab(once, '/b', 'B')).toHaveLength(2);
  });
});

describe('PageTabs', () => {
  it('warns "keep at least one tab" instead of closing the last one', () => {
    const onChange = vi.fn();
    render(
      <PageTabs
        tabs={[tab('/admin', '首页')]}
        activeKey="/admin"
        onActivate={() => undefined}
        onChange={onChange}
        render={(x) => <div>page {x.key}</div>}
      />,
    );
    expect(screen.getByText('page /admin')).toBeTruthy();
    const remove = document.querySelector('.ant-tabs-tab-remove');
    expect(remove).toBeTruthy();
    fireEvent.click(remove as Element);
    expect(message.warning).toHaveBeenCalledWith('至少保留一个标签页');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes a tab when others remain and refreshes by remounting', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <PageTabs
        tabs={[tab('/admin', '首页'), tab('/admin/org/shops', '门店管理')]}
        activeKey="/admin/org/shops"
        onActivate={() => undefined}
        onChange={onChange}
        render={(x) => <div>page {x.key}</div>}
      />,
    );
    const removes = document.querySelectorAll('.ant-tabs-tab-remove');
    fireEvent.click(removes[1] as Element);
    expect(message.warning).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledWith([tab('/admin', '首页')], '/admin');

    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(onChange).toHaveBeenLastCalledWith([tab('/admin', '首页'), { key: '/admin/org/shops', title: '门店管理', refresh: 1 }]);
    rerender(
      <PageTabs
        tabs={[tab('/admin', '首页'), { key: '/admin/org/shops', title: '门店管理', refresh: 1 }]}
        activeKey="/admin/org/shops"
        onActivate={() => undefined}
        onChange={onChange}
        render={(x) => <div>page {x.key}</div>}
      />,
    );
    expect(screen.getByText('page /admin/org/shops')).toBeTruthy();
  });
});
