import {
  AppstoreOutlined,
  DownOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useIsFetching, usePrefetchQuery } from '@tanstack/react-query';
import { Avatar, Badge, Breadcrumb, Button, Dropdown, Layout, Menu, type MenuProps, Result, Space, Tag, Typography } from 'antd';
import { memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMenuBadges } from '../../modules/inbox/api';
import { MessagesBell } from '../../modules/messaging/MessagesBell';
import { logout, type MenuNode, menusQuery, meQuery, useMe, useMenus } from '../../platform/auth';
import { ErrorBoundary } from '../../platform/ErrorBoundary';
import { isApiError } from '../../platform/http';
import { AppIcon } from '../../platform/icons';
import { LangSwitch } from '../../platform/LangSwitch';
import { useLiveConnection } from '../../platform/live';
import { PageLoading } from '../../platform/PageLoading';
import { type LazyPage, type PageDef, resolvePage, TabContext, type TabInfo } from '../../platform/pages';
import { ForbiddenResult, NotFoundResult } from '../../platform/results';
import { appTokenKey, clearToken } from '../../platform/session';
import { PageTabs } from '../../platform/tabs/PageTabs';
import { openTab, type TabItem } from '../../platform/tabs/tabState';
import { ADMIN_APP_ID, ADMIN_HOME, adminPages } from './pages';

const TABS_KEY = 'ho.tabs.admin';

const normalize = (p: string) => (p.length > 1 && p.endsWith('/') ? p.replace(/\/+$/, '') : p);

function restoreTabs(): TabItem[] {
  try {
    const raw = sessionStorage.getItem(TABS_KEY);
    const keys = raw ? (JSON.parse(raw) as unknown) : null;
    if (Array.isArray(keys)) {
      return keys
        .filter((k): k is string => typeof k === 'string' && resolvePage(adminPages, k) !== null)
        .map((key) => ({ key, title: '', refresh: 0 }));
    }
  } catch {
    /* start afresh */
  }
  return [];
}

interface MenuIndex {
  /** leaf url → node */
  leaves: Map<string, MenuNode>;
  /** leaf url → keys of its groups (for the open submenus) */
  ancestors: Map<string, string[]>;
  /** leaf url → names from the root (breadcrumb) */
  trail: Map<string, MenuNode[]>;
}

const groupKey = (n: MenuNode) => `group:${n.id}`;

function indexMenus(nodes: MenuNode[]): MenuIndex {
  const idx: MenuIndex = { leaves: new Map(), ancestors: new Map(), trail: new Map() };
  const walk = (list: MenuNode[], parents: MenuNode[]) => {
    for (const n of list) {
      if (n.children?.length) walk(n.children, [...parents, n]);
      else if (n.url) {
        const url = normalize(n.url);
        idx.leaves.set(url, n);
        idx.ancestors.set(url, parents.map(groupKey));
        idx.trail.set(url, [...parents, n]);
      }
    }
  };
  walk(nodes, []);
  return idx;
}

const bySort = (a: MenuNode, b: MenuNode) => (a.sort ?? 0) - (b.sort ?? 0);

/** A page renders on its own changes, not on every change of the shell (me, menus, badges, titles, tabs). */
const PageView = memo(function PageView({ page, onShown }: { page: PageDef['component']; onShown: () => void }) {
  // a lazy page whose code is already there (preloaded) renders in this pass rather than suspending for
  // one; the choice holds for the life of the tab's page (switching would remount it)
  const [Page] = useState(() => (page as Partial<LazyPage>).loaded?.() ?? page);
  useEffect(() => onShown(), [onShown]);
  return <Page />;
});

/** Runs `work` when the browser has nothing else to do (soon after at the latest); the returned function cancels it. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}

/** No request in flight for this long: the page on screen has what it shows. */
const SETTLED_MS = 400;

/**
 * Once the page on screen has what it shows (rendered, then no request in flight for a while), the code and texts of the
 * pages of the user's menu, one page at a time and only when nothing else runs: a click on a menu entry
 * then finds its page's code there and asks for its data at once. A component of its own, so that the
 * shell does not render again with each request.
 */
const PreloadMenuPages = memo(function PreloadMenuPages({ urls }: { urls: string[] }) {
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled || fetching > 0) return;
    const timer = window.setTimeout(() => setSettled(true), SETTLED_MS);
    return () => window.clearTimeout(timer);
  }, [fetching, settled]);
  useEffect(() => {
    if (!settled) return;
    const queue = [...urls];
    let cancel: () => void = () => undefined;
    const next = () => {
      const url = queue.shift();
      if (url === undefined) return;
      const page = resolvePage(adminPages, url)?.def.component as Partial<LazyPage> | undefined;
      (page?.preload?.() ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => {
          cancel = whenIdle(next);
        });
    };
    cancel = whenIdle(next);
    return () => {
      queue.length = 0;
      cancel();
    };
  }, [settled, urls]);
  return null;
});

/** The admin shell: side menu from the server, header, and the tabbed pages. */
export default function AdminLayout({ onNeedPassword }: { onNeedPassword: () => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const location = useLocation();
  const navigate = useNavigate();
  const active = normalize(location.pathname);
  // The shell's first render is long: the user and the menus are asked for as it starts, not once it is
  // on screen (opened by a link or a reload, Root has already asked; the page's code: AdminApp).
  usePrefetchQuery(meQuery);
  usePrefetchQuery(menusQuery(ADMIN_APP_ID));
  const me = useMe();
  const menus = useMenus(ADMIN_APP_ID);
  // the tab's one live connection (events pushed by the server), open while the shell is
  useLiveConnection();
  const [collapsed, setCollapsed] = useState(false);
  // the tab of the URL is there from the first render (the effect below keeps it so on navigation)
  const [tabs, setTabs] = useState<TabItem[]>(() => openTab(restoreTabs(), active, ''));
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // the app-scoped token is refused until the independent password is given
  useEffect(() => {
    if ([me.error, menus.error].some((e) => isApiError(e) && e.code === '4005')) {
      clearToken(appTokenKey(ADMIN_APP_ID));
      onNeedPassword();
    }
  }, [me.error, menus.error, onNeedPassword]);

  const label = useCallback((n: MenuNode) => (en && n.nameEn ? n.nameEn : n.name), [en]);
  const index = useMemo(() => indexMenus(menus.data ?? []), [menus.data]);
  // counts next to menu entries (the approvals inbox), only when the entry is in the user's menu
  const badges = useMenuBadges(index.leaves.has('/admin/inbox'));
  const menuPages = useMemo(() => [...index.leaves.keys()], [index]);
  // a page on screen (its code there and rendered): from then on the other pages' code may be fetched
  const [pageShown, setPageShown] = useState(false);
  const markShown = useCallback(() => setPageShown(true), []);

  const pageOf = useCallback((key: string) => resolvePage(adminPages, key), []);
  const menuUrlOf = useCallback(
    (key: string) => {
      const r = pageOf(key);
      return r ? (r.def.menuUrl?.(r.params) ?? key) : key;
    },
    [pageOf],
  );

  const titleOf = (key: string): string => {
    if (titles[key]) return titles[key];
    const r = pageOf(key);
    if (!r) return t('admin.notFoundTab');
    const leaf = key === ADMIN_HOME ? undefined : index.leaves.get(key);
    if (leaf) return label(leaf);
    return typeof r.def.title === 'function' ? r.def.title(r.params, (k) => t(k)) : t(r.def.title);
  };

  // the URL decides the active tab: deep links and reloads open it
  useEffect(() => {
    setTabs((ts) => openTab(ts, active, ''));
  }, [active]);

  useEffect(() => {
    try {
      sessionStorage.setItem(TABS_KEY, JSON.stringify(tabs.map((x) => x.key)));
    } catch {
      /* not persisted */
    }
  }, [tabs]);

  // open the submenu holding the active page, in the same render (no second pass of the whole shell)
  const selectedMenu = menuUrlOf(active);
  const [openedFor, setOpenedFor] = useState<{ menu: string; index: MenuIndex } | null>(null);
  if (openedFor?.menu !== selectedMenu || openedFor.index !== index) {
    setOpenedFor({ menu: selectedMenu, index });
    const anc = index.ancestors.get(selectedMenu);
    if (anc?.length) setOpenKeys((keys) => [...new Set([...keys, ...anc])]);
  }

  const activeTitle = titleOf(active);
  useEffect(() => {
    document.title = `${activeTitle} · ${t('app.title')}`;
  }, [activeTitle, t]);

  // one stable TabInfo per tab, so pages can depend on it
  const infos = useRef(new Map<string, TabInfo>());
  const tabsRef = useRef(tabs);
  tabsRef.current = tabs;
  const infoFor = (key: string): TabInfo => {
    let info = infos.current.get(key);
    if (!info) {
      info = {
        key,
        params: pageOf(key)?.params ?? {},
        setTitle: (title) => setTitles((m) => (m[key] === title ? m : { ...m, [key]: title })),
        open: (path) => navigate(path),
        close: () => {
          const rest = tabsRef.current.filter((x) => x.key !== key);
          if (!rest.length) return;
          setTabs(rest);
          navigate(rest[rest.length - 1]?.key ?? ADMIN_HOME);
        },
      };
      infos.current.set(key, info);
    }
    return info;
  };

  const content = (key: string) => {
    const r = pageOf(key);
    if (!r) return <NotFoundResult />;
    if (!r.def.public) {
      // the user first too: pages open on the company's today, known with them
      if (menus.isLoading || me.isLoading) return <PageLoading />;
      if (menus.isError) {
        return (
          <Result
            status="warning"
            title={menus.error.message}
            extra={<Button onClick={() => void menus.refetch()}>{t('common.retry')}</Button>}
          />
        );
      }
      if (!index.leaves.has(menuUrlOf(key))) return <ForbiddenResult />;
    }
    return <PageView page={r.def.component} onShown={markShown} />;
  };

  const menuItems: MenuProps['items'] = useMemo(() => {
    const build = (nodes: MenuNode[]): NonNullable<MenuProps['items']> =>
      [...nodes].sort(bySort).flatMap((n) => {
        if (n.children?.length) {
          return [{ key: groupKey(n), icon: n.icon ? <AppIcon name={n.icon} /> : undefined, label: label(n), children: build(n.children) }];
        }
        if (!n.url) return [];
        const url = normalize(n.url);
        // the home menu entry grants the home page's figures: the page is the shell's own first entry
        if (url === ADMIN_HOME) return [];
        const badge = badges[url];
        const text = badge ? (
          <span key={url} className="ho-menu-badge">
            {label(n)}
            <Badge count={badge} overflowCount={99} size="small" style={{ marginInlineStart: 8, boxShadow: 'none' }} />
          </span>
        ) : (
          label(n)
        );
        return [{ key: url, icon: n.icon ? <AppIcon name={n.icon} /> : undefined, label: text }];
      });
    return [{ key: ADMIN_HOME, icon: <HomeOutlined />, label: t('admin.home') }, ...build(menus.data ?? [])];
  }, [menus.data, label, t, badges]);

  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const user = me.data?.user;
  const trail = index.trail.get(selectedMenu) ?? [];
  const crumbs = [
    { title: <HomeOutlined /> },
    ...(selectedMenu === ADMIN_HOME ? [{ title: t('admin.home') }] : trail.map((n) => ({ title: label(n) }))),
    ...(selectedMenu !== active && pageOf(active) ? [{ title: activeTitle }] : []),
  ];

  return (
    <Layout className="ho-admin">
      {menus.data && pageShown ? <PreloadMenuPages urls={menuPages} /> : null}
      <Layout.Sider
        className="ho-sider"
        width={216}
        collapsedWidth={64}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        breakpoint="lg"
      >
        <button type="button" className="ho-sider-logo" onClick={() => navigate(ADMIN_HOME)} title={t('app.title')}>
          <img src="/logo.svg" alt="" />
          {collapsed ? null : <span>{t('app.product')}</span>}
        </button>
        <Menu
          className="ho-sider-menu"
          theme="dark"
          mode="inline"
          items={menuItems}
          selectedKeys={[selectedMenu]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys)}
          onClick={({ key }) => {
            if (/^https?:\/\//.test(key)) window.open(key, '_blank', 'noopener');
            else if (key.startsWith('/')) navigate(key);
          }}
        />
      </Layout.Sider>
      <Layout className="ho-main">
        <Layout.Header className="ho-header">
          <Space size={4}>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={collapsed ? t('admin.expand') : t('admin.collapse')}
            />
            <Breadcrumb items={crumbs} />
          </Space>
          <div className="ho-header-right">
            {user?.tenantName ? <Tag color="geekblue">{user.tenantName}</Tag> : null}
            <MessagesBell />
            <LangSwitch />
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...(me.data?.roles.length
                    ? [
                        {
                          key: 'roles',
                          icon: <TeamOutlined />,
                          disabled: true,
                          label: `${t('admin.roles')}：${me.data.roles.map((r) => r.name).join('、')}`,
                        },
                        { type: 'divider' as const },
                      ]
                    : []),
                  { key: 'board', icon: <AppstoreOutlined />, label: t('admin.backToBoard') },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('common.logout'), danger: true },
                ],
                onClick: ({ key }) => {
                  if (key === 'board') window.location.assign('/');
                  else if (key === 'logout') void signOut();
                },
              }}
            >
              <Button type="text" style={{ height: 40 }}>
                <Space size={6}>
                  <Avatar size="small" icon={<UserOutlined />} style={{ background: '#2f54eb' }} />
                  <Typography.Text>{user?.name ?? user?.username ?? ''}</Typography.Text>
                  <DownOutlined style={{ fontSize: 10 }} />
                </Space>
              </Button>
            </Dropdown>
          </div>
        </Layout.Header>
        <PageTabs
          tabs={tabs.map((x) => ({ ...x, title: titleOf(x.key) }))}
          activeKey={active}
          onActivate={(key) => navigate(key)}
          onChange={(next, activate) => {
            setTabs(next);
            const keys = new Set(next.map((x) => x.key));
            for (const k of infos.current.keys()) if (!keys.has(k)) infos.current.delete(k);
            if (activate) navigate(activate);
          }}
          render={(tab) => (
            <TabContext.Provider value={infoFor(tab.key)}>
              <div className="ho-page">
                <ErrorBoundary>
                  <Suspense fallback={<PageLoading />}>{content(tab.key)}</Suspense>
                </ErrorBoundary>
              </div>
            </TabContext.Provider>
          )}
        />
      </Layout>
    </Layout>
  );
}
