import { DownOutlined, KeyOutlined, LockOutlined, ShopOutlined } from '@ant-design/icons';
import type { UserRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Form, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import type { AppEntry } from '../../platform/auth';
import { http } from '../../platform/http';
import { ResourceList } from '../../platform/resource/ResourceList';
import { ShopTreeSelect } from '../org/public';
import { API } from './api';
import { type UserVirtual, userDef } from './defs';

type Dialog = { kind: 'password' | 'apps' | 'loginShops' | 'managerShops'; row: UserRow } | null;

/** /admin/system/users — who may sign in, with which roles, in which shops. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <>
      <ResourceList<UserRow, UserVirtual>
        def={userDef}
        actionsWidth={230}
        rowActions={(row, ctx) =>
          ctx.canEdit ? (
            <>
              <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setDialog({ kind: 'password', row })}>
                {t('identity.user.resetPassword')}
              </Button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'apps', icon: <LockOutlined />, label: t('identity.user.appPasswords') },
                    { key: 'loginShops', icon: <ShopOutlined />, label: t('identity.user.editLoginShops') },
                    { key: 'managerShops', icon: <ShopOutlined />, label: t('identity.user.editManagerShops') },
                  ],
                  onClick: ({ key }) => setDialog({ kind: key as 'apps' | 'loginShops' | 'managerShops', row }),
                }}
              >
                <Button type="link" size="small">
                  {t('common.more')} <DownOutlined style={{ fontSize: 10 }} />
                </Button>
              </Dropdown>
            </>
          ) : null
        }
      />
      {dialog?.kind === 'password' ? <ResetPassword row={dialog.row} onClose={close} /> : null}
      {dialog?.kind === 'apps' ? <AppPasswords row={dialog.row} onClose={close} /> : null}
      {dialog?.kind === 'loginShops' || dialog?.kind === 'managerShops' ? (
        <UserShops row={dialog.row} kind={dialog.kind} onClose={close} />
      ) : null}
    </>
  );
}

function ResetPassword({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const reset = useAction({
    run: async () => {
      const { password } = await form.validateFields();
      return http.post(API.userUpdate, { id: row.id, password });
    },
    success: () => t('identity.user.passwordReset', { name: row.name }),
    done: onClose,
  });
  const submit = () => reset.run();
  return (
    <Modal
      open
      title={t('identity.user.resetPasswordOf', { name: `${row.name}（${row.username}）` })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: reset.busy }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('identity.user.resetPasswordHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('identity.user.newPassword')}
          rules={[
            { required: true, message: t('common.pleaseEnter', { label: t('identity.user.newPassword') }) },
            { min: 8, max: 64, message: t('identity.user.passwordRule') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('identity.user.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('common.pleaseEnter', { label: t('identity.user.confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('identity.user.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

/** Independent passwords per application: opening that application asks for it (4005). */
function AppPasswords({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const apps = useQuery({ queryKey: ['options', API.apps], queryFn: () => http.get<AppEntry[]>(API.apps), staleTime: 5 * 60_000 });
  const [held, setHeld] = useState<string[]>(row.appPasswords);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const en = i18n.language === 'en-US';

  const saving = useAction<{ appId: string; password: string | null }>({
    run: ({ appId, password }) => http.post(API.userUpdate, { id: row.id, appPasswords: [{ appId, password }] }),
    success: (_r, { password }) => (password ? t('identity.user.appPasswordSet') : t('identity.user.appPasswordCleared')),
    invalidates: [userDef],
    done: (_r, { appId, password }) => {
      setHeld((h) => (password ? [...new Set([...h, appId])] : h.filter((x) => x !== appId)));
      setDrafts((d) => ({ ...d, [appId]: '' }));
    },
  });
  const save = (appId: string, password: string | null) => saving.run({ appId, password });

  return (
    <Modal open title={t('identity.user.appPasswordsOf', { name: row.name })} footer={null} onCancel={onClose} width={620} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('identity.user.appPasswordsHint')} />
      <List
        loading={apps.isLoading}
        dataSource={apps.data ?? []}
        renderItem={(app) => {
          const has = held.includes(app.appId);
          const draft = drafts[app.appId] ?? '';
          return (
            <List.Item
              actions={[
                <Button
                  key="set"
                  type="primary"
                  size="small"
                  disabled={draft.length < 8}
                  loading={saving.busyFor((v) => v.appId === app.appId && v.password !== null)}
                  onClick={() => void save(app.appId, draft)}
                >
                  {has ? t('identity.user.change') : t('identity.user.set')}
                </Button>,
                <Button key="clear" size="small" danger disabled={!has} onClick={() => void save(app.appId, null)}>
                  {t('identity.user.clear')}
                </Button>,
              ]}
            >
              <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                <Space>
                  <Typography.Text strong>{en && app.nameEn ? app.nameEn : app.name}</Typography.Text>
                  {has ? <Tag color="orange">{t('identity.user.appPasswordOn')}</Tag> : <Tag>{t('identity.user.appPasswordOff')}</Tag>}
                </Space>
                <Input.Password
                  size="small"
                  autoComplete="new-password"
                  placeholder={t('identity.user.appPasswordPh')}
                  value={draft}
                  onChange={(e) => setDrafts((d) => ({ ...d, [app.appId]: e.target.value }))}
                  style={{ maxWidth: 280 }}
                />
              </Space>
            </List.Item>
          );
        }}
      />
    </Modal>
  );
}

/** Quick edit of a user's login shops or manager shops. */
function UserShops({ row, kind, onClose }: { row: UserRow; kind: 'loginShops' | 'managerShops'; onClose: () => void }) {
  const { t } = useTranslation();
  const [ids, setIds] = useState<number[]>(row[kind].map((s) => s.id));
  const saving = useAction({
    run: () => http.post(kind === 'loginShops' ? API.loginShops(row.id) : API.managerShops(row.id), { shopIds: ids }),
    success: 'common.saved',
    invalidates: [userDef],
    done: onClose,
  });
  const label = kind === 'loginShops' ? t('identity.user.loginShops') : t('identity.user.managerShops');
  return (
    <Modal
      open
      title={`${label} · ${row.name}`}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => saving.run()}
      onCancel={onClose}
      okButtonProps={{ loading: saving.busy }}
      width={560}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {kind === 'loginShops' ? t('identity.user.loginShopsHelp') : t('identity.user.managerShopsHelp')}
      </Typography.Paragraph>
      <ShopTreeSelect value={ids} onChange={setIds} maxTagCount={12} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('identity.user.shopsPicked', { count: ids.length })}
      </Typography.Paragraph>
    </Modal>
  );
}
