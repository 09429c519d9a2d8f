import { CheckCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LangSwitch } from '../../platform/LangSwitch';
import { safeRedirect } from '../../platform/session';
import { SignInForm } from './SignInForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <div className="ho-login">
      <div className="ho-login-side">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <h1>{t('app.title')}</h1>
        <p>{t('login.slogan')}</p>
        <ul>
          {(['login.feature1', 'login.feature2', 'login.feature3'] as const).map((k) => (
            <li key={k}>
              <CheckCircleFilled style={{ marginRight: 10 }} />
              {t(k)}
            </li>
          ))}
        </ul>
      </div>
      <div className="ho-login-main">
        <div className="ho-login-lang">
          <LangSwitch />
        </div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 32 }}>
          {t('app.title')}
        </Typography.Paragraph>
        <SignInForm onSignedIn={() => navigate(safeRedirect(search.get('redirect')), { replace: true })} />
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Typography.Text>
      </div>
    </div>
  );
}
