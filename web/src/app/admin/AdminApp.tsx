import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAction } from '../../platform/action';
import { authApi, logout } from '../../platform/auth';
import { isApiError } from '../../platform/http';
import { LangSwitch } from '../../platform/LangSwitch';
import { PageLoading } from '../../platform/PageLoading';
import { preloadPage } from '../../platform/pages';
import { getAppToken, getBoardToken, setAppToken } from '../../platform/session';
import AdminLayout from './AdminLayout';
import { ADMIN_APP_ID, adminPages } from './pages';

// Opened on one of its pages (a link, a reload): that page's code is fetched along with the shell's.
if (typeof window !== 'undefined') preloadPage(adminPages, window.location.pathname);

type Gate = 'checking' | 'ready' | 'password' | 'signin';

/**
 * The admin application. It works with its own token (`ho.token.admin`). Opened without one, it re-logs
 * in with the board's token; when the app needs its independent password (4005) it asks for it; when the
 * re-login is not possible otherwise it falls back to the board's token.
 */
export default function AdminApp() {
  const [gate, setGate] = useState<Gate>(() => (getAppToken(ADMIN_APP_ID) ? 'ready' : getBoardToken() ? 'checking' : 'signin'));
  const location = useLocation();

  useEffect(() => {
    if (gate !== 'checking') return;
    let live = true;
    authApi
      .relogin(ADMIN_APP_ID)
      .then((data) => {
        setAppToken(ADMIN_APP_ID, data.access_token, data.tenantId);
        if (live) setGate('ready');
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (isApiError(e) && e.code === '4005') setGate('password');
        else if (isApiError(e) && (e.status === 401 || e.code === '401')) setGate('signin');
        else setGate('ready'); // fall back to the board's token
      });
    return () => {
      live = false;
    };
  }, [gate]);

  if (gate === 'signin') {
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (gate === 'checking') return <PageLoading />;
  if (gate === 'password') return <AppPassword onDone={() => setGate('ready')} />;
  return <AdminLayout onNeedPassword={() => setGate('password')} />;
}

/** Sign in to the admin application with its independent password. */
function AppPassword({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  // a wrong password: shown by the client
  const signIn = useAction({
    run: ({ password }: { password: string }) => authApi.appLogin(ADMIN_APP_ID, password),
    done: (data) => {
      setAppToken(ADMIN_APP_ID, data.access_token, data.tenantId);
      qc.clear();
      onDone();
    },
  });
  const submit = (values: { password: string }) => signIn.run(values);

  return (
    <div className="ho-board" style={{ alignItems: 'center', justifyContent: 'center' }}>
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LangSwitch />
      </div>
      <Card style={{ width: 400, maxWidth: '92vw' }}>
        <div className="ho-brand" style={{ marginBottom: 24 }}>
          <img src="/logo.svg" alt="" />
          <span>{t('app.title')}</span>
        </div>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('appLogin.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('appLogin.desc', { name: t('appLogin.adminApp') })}</Typography.Paragraph>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="password"
            label={t('appLogin.password')}
            rules={[{ required: true, message: t('common.pleaseEnter', { label: t('appLogin.password') }) }]}
          >
            <Input.Password prefix={<LockOutlined />} autoFocus autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={signIn.busy}>
            {t('appLogin.submit')}
          </Button>
        </Form>
        <Button
          type="link"
          block
          style={{ marginTop: 8 }}
          onClick={async () => {
            await logout();
            navigate('/login', { replace: true });
          }}
        >
          {t('appLogin.switchAccount')}
        </Button>
      </Card>
    </div>
  );
}
