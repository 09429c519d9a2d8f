import { CloseOutlined, ColumnWidthOutlined, MoreOutlined, ReloadOutlined, VerticalLeftOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Space, Tabs, Tooltip } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify';
import { closeOthers, closeRight, closeTab, refreshTab, type TabItem } from './tabState';

export interface PageTabsProps {
  tabs: TabItem[];
  activeKey: string;
  onActivate: (key: string) => void;
  /** New tab list, and the tab to activate when it changed. */
  onChange: (tabs: TabItem[], activate?: string) => void;
  render: (tab: TabItem) => ReactNode;
}

/**
 * The tabbed page container: each open page is a tab with close and refresh; the last tab cannot be
 * closed ("keep at least one tab"). Inactive tabs stay mounted, so their filters and scroll survive.
 */
export function PageTabs({ tabs, activeKey, onActivate, onChange, render }: PageTabsProps) {
  const { t } = useTranslation();

  const close = (key: string) => {
    const r = closeTab(tabs, key, activeKey);
    if (!r.ok) {
      notify.message.warning(t('tabs.keepOne'));
      return;
    }
    onChange(r.tabs, r.active !== activeKey ? r.active : undefined);
  };
  const refresh = (key: string) => onChange(refreshTab(tabs, key));
  const others = (key: string) => onChange(closeOthers(tabs, key), key !== activeKey ? key : undefined);
  const right = (key: string) => {
    const next = closeRight(tabs, key);
    onChange(next, next.some((x) => x.key === activeKey) ? undefined : key);
  };

  const menuFor = (key: string): MenuProps => {
    const i = tabs.findIndex((x) => x.key === key);
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
        { key: 'close', icon: <CloseOutlined />, label: t('tabs.close') },
        { key: 'others', icon: <ColumnWidthOutlined />, label: t('tabs.closeOthers'), disabled: tabs.length <= 1 },
        { key: 'right', icon: <VerticalLeftOutlined />, label: t('tabs.closeRight'), disabled: i === tabs.length - 1 },
      ],
      onClick: ({ key: action, domEvent }) => {
        domEvent.stopPropagation();
        if (action === 'refresh') refresh(key);
        else if (action === 'close') close(key);
        else if (action === 'others') others(key);
        else if (action === 'right') right(key);
      },
    };
  };

  return (
    <Tabs
      className="ho-page-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={onActivate}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close(key);
      }}
      tabBarExtraContent={{
        right: (
          <Space size={2} style={{ paddingRight: 8 }}>
            <Tooltip title={t('tabs.refresh')}>
              <Button
                type="text"
                size="small"
                icon={<ReloadOutlined />}
                aria-label={t('tabs.refresh')}
                onClick={() => refresh(activeKey)}
              />
            </Tooltip>
            <Dropdown menu={menuFor(activeKey)} trigger={['click']} placement="bottomRight">
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.more')} />
            </Dropdown>
          </Space>
        ),
      }}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: true,
        label: (
          <Dropdown menu={menuFor(tab.key)} trigger={['contextMenu']}>
            <span>{tab.title}</span>
          </Dropdown>
        ),
        children: <Fragment key={`${tab.key}#${tab.refresh}`}>{render(tab)}</Fragment>,
      }))}
    />
  );
}
