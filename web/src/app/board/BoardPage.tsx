import { LogoutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { type AppEntry, authApi, logout, useMe } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { isApiError } from '../../platform/http';
import { AppIcon } from '../../platform/icons';
import { LangSwitch } from '../../platform/LangSwitch';
import { getBoardToken, setAppToken } from '../../platform/session';

const AUTO_OPENED = 'ho.board.autoOpened';

const absolute = (url: string) => new URL(url, window.location.href).href;

/** Send a window opened during the click to the application, or open a new one. */
function show(win: Window | null, url: string): boolean {
  if (win && !win.closed) {
    win.location.href = absolute(url);
    return true;
  }
  const w = window.open(absolute(url), '_blank');
  return !!w;
}

export function appLabel(app: AppEntry, en: boolean): string {
  return en && app.nameEn ? app.nameEn : app.name;
}

/**
 * The application board: one card per application the user may open. Opening one re-logs in for it
 * (an app-scoped token under `ho.token.<appId>`) and opens its URL in a new tab.
 */
export default function BoardPage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const hasToken = !!getBoardToken();
  const me = useMe(hasToken);
  const apps = useQuery({ queryKey: ['apps'], queryFn: authApi.apps, enabled: hasToken });
  // An employee's own account opens no application (it has none): its pages are the phone's.
  const ownAccount = me.data?.selfService === true;
  const [opening, setOpening] = useState<string | null>(null);
  const autoTried = useRef(false);
  const en = i18n.language === 'en-US';

  const entries = (apps.data ?? []).filter((a) => typeof a.url === 'string' && a.url.trim() !== '');

  const open = async (app: AppEntry, auto = false) => {
    const url = app.url ?? '';
    // a window opened inside the click is not blocked; it is pointed at the app once signed in
    const win = auto ? null : window.open('about:blank', '_blank');
    if (win) win.opener = null;
    setOpening(app.appId);
    try {
      const data = await authApi.relogin(app.appId);
      setAppToken(app.appId, data.access_token, data.tenantId);
      if (!show(win, url)) message.warning(t('board.popupBlocked'));
    } catch (e) {
      win?.close();
      if (isApiError(e) && e.code === '4005') {
        modal.confirm({
          title: t('board.needPassword'),
          content: t('board.needPasswordContent'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          onOk: () => {
            if (!show(null, url)) message.warning(t('board.popupBlocked'));
          },
        });
      } else if (isApiError(e) && (e.status === 401 || e.code === '401')) {
        /* the client sends the user to sign in */
      } else {
        modal.error({ title: t('board.openFailed'), content: isApiError(e) ? e.message : String(e) });
      }
    } finally {
      setOpening(null);
    }
  };

  // exactly one application: open it by itself, once per browser session
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list arrives
  useEffect(() => {
    if (autoTried.current || entries.length !== 1 || !entries[0]) return;
    autoTried.current = true;
    try {
      if (sessionStorage.getItem(AUTO_OPENED) === entries[0].appId) return;
      sessionStorage.setItem(AUTO_OPENED, entries[0].appId);
    } catch {
      /* no session storage: open anyway */
    }
    void open(entries[0], true);
  }, [entries.length]);

  if (!hasToken) return <Navigate to="/login" replace />;
  if (ownAccount) return <Navigate to="/m/sign-in" replace />;

  const signOut = async () => {
    await logout();
    try {
      sessionStorage.removeItem(AUTO_OPENED);
    } catch {
      /* ignore */
    }
    navigate('/login', { replace: true });
  };

  const narrow = entries.length < 4;
  const name = me.data?.user.name ?? '';

  let body: ReactNode;
  if (apps.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (apps.isError)
    body = (
      <Result
        status="warning"
        title={t('board.loadFailed')}
        subTitle={isApiError(apps.error) ? apps.error.message : undefined}
        extra={
          <Button type="primary" onClick={() => void apps.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (!entries.length) body = <EmptyState description={t('board.noApps')} />;
  else
    body = (
      <div className="ho-board-grid">
        {entries.map((app) => (
          <Card
            key={app.appId}
            hoverable
            className="ho-app-card"
            onClick={() => opening || void open(app)}
            role="button"
            tabIndex={0}
            onKeyDown={(e) => {
              if ((e.key === 'Enter' || e.key === ' ') && !opening) void open(app);
            }}
          >
            <Spin spinning={opening === app.appId}>
              <div className="ho-app-icon">
                <AppIcon name={app.icon} size={30} />
              </div>
              <div className="ho-app-name">{appLabel(app, en)}</div>
            </Spin>
          </Card>
        ))}
      </div>
    );

  return (
    <div className="ho-board">
      <header className="ho-board-header">
        <div className="ho-brand">
          <img src="/logo.svg" alt="" />
          <span>{t('app.title')}</span>
        </div>
        <Space size="middle">
          {me.data ? (
            <Typography.Text type="secondary">
              {me.data.user.tenantName} · {name}
            </Typography.Text>
          ) : null}
          <LangSwitch />
          <Button type="link" icon={<LogoutOutlined />} onClick={signOut}>
            {t('common.logout')}
          </Button>
        </Space>
      </header>
      <main className="ho-board-body" style={{ maxWidth: narrow ? 640 : 1100 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {name ? t('board.greeting', { name }) : t('app.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 28 }}>
          {t('board.subtitle')}
        </Typography.Paragraph>
        {body}
      </main>
      <footer className="ho-board-footer">{t('app.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
