import { ApartmentOutlined, CheckCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../platform/auth';
import { LangSwitch } from '../../platform/LangSwitch';
import { notify } from '../../platform/notify';
import { clearAllTokens, readKey, safeRedirect, setBoardToken, writeKey } from '../../platform/session';

interface LoginForm {
  tenant: string;
  username: string;
  password: string;
}

const LAST_TENANT = 'ho.lastTenant';
const LAST_USER = 'ho.lastUser';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const qc = useQueryClient();
  const [loading, setLoading] = useState(false);

  const submit = async (values: LoginForm) => {
    setLoading(true);
    try {
      const data = await authApi.login({
        tenant: values.tenant.trim(),
        username: values.username.trim(),
        password: values.password,
      });
      clearAllTokens(); // tokens of a previous user must not survive
      qc.clear();
      setBoardToken(data.access_token, data.tenantId);
      writeKey(LAST_TENANT, values.tenant.trim());
      writeKey(LAST_USER, values.username.trim());
      notify.message.success(t('login.success'));
      navigate(safeRedirect(search.get('redirect')), { replace: true });
    } catch {
      /* wrong password, rate limited (429)...: the client shows the server's message */
    } finally {
      setLoading(false);
    }
  };

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
        <Form<LoginForm>
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ tenant: readKey(LAST_TENANT) ?? 'demo', username: readKey(LAST_USER) ?? '' }}
          onFinish={submit}
        >
          <Form.Item
            name="tenant"
            label={t('login.tenant')}
            rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: t('login.tenant') }) }]}
          >
            <Input prefix={<ApartmentOutlined />} placeholder={t('login.tenantPh')} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: t('login.username') }) }]}
          >
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('common.pleaseEnter', { label: t('login.password') }) }]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
          </Form.Item>
          <Form.Item style={{ marginTop: 32 }}>
            <Button type="primary" htmlType="submit" block loading={loading}>
              {t('login.submit')}
            </Button>
          </Form.Item>
        </Form>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Typography.Text>
      </div>
    </div>
  );
}
