import { LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Segmented, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { logout, useMe } from '../../platform/auth';
import { LangSwitch } from '../../platform/LangSwitch';
import { getBoardToken } from '../../platform/session';
import { SignInForm } from '../login/SignInForm';

/** The employee's own pages on a phone: sign-in (打卡), schedule and commission. */
const PHONE_PAGES = [
  { path: '/m/sign-in', label: 'login.phone.signIn' },
  { path: '/m/my-schedule', label: 'login.phone.schedule' },
  { path: '/m/my-pay', label: 'login.phone.pay' },
] as const;

/**
 * The frame of the phone's pages (opened from a shop's QR code, or by an employee's own account):
 * without a session it asks for one on the spot and then shows the page it was opened on, its
 * address (the QR code's token) kept; with one, the employee's name, the pages and sign-out.
 */
export function PhoneShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [signedIn, setSignedIn] = useState(() => !!getBoardToken());
  const me = useMe(signedIn);
  const signOut = async () => {
    await logout();
    setSignedIn(false);
  };
  return (
    <div className="ho-phone">
      <Space className="ho-phone-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('login.phone.title')}
        </Typography.Title>
        <Space size={4}>
          <LangSwitch />
          {signedIn ? (
            <Button type="text" icon={<LogoutOutlined />} onClick={signOut} aria-label={t('common.logout')}>
              {me.data?.user.name ?? ''}
            </Button>
          ) : null}
        </Space>
      </Space>
      {signedIn ? (
        <>
          <Segmented
            block
            value={location.pathname}
            onChange={(path) => navigate(String(path))}
            options={PHONE_PAGES.map((p) => ({ value: p.path, label: t(p.label) }))}
            style={{ marginBottom: 12 }}
          />
          {children}
        </>
      ) : (
        <Card size="small" title={t('login.phone.signInFirst')} data-testid="phone-sign-in">
          <SignInForm onSignedIn={() => setSignedIn(true)} />
        </Card>
      )}
    </div>
  );
}
