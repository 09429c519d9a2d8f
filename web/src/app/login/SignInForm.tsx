import { ApartmentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../platform/auth';
import { notify } from '../../platform/notify';
import { clearAllTokens, readKey, setBoardToken, writeKey } from '../../platform/session';

interface LoginForm {
  tenant: string;
  username: string;
  password: string;
}

const LAST_TENANT = 'ho.lastTenant';
const LAST_USER = 'ho.lastUser';

/**
 * Company, username and password: signs in for the board (the token of every page outside an
 * application), then `onSignedIn`. The sign-in page and the phone's pages share it.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
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
      onSignedIn();
    } catch {
      /* wrong password, rate limited (429)...: the client shows the server's message */
    } finally {
      setLoading(false);
    }
  };

  return (
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
  );
}
