import { CopyOutlined, DownOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import type { RoleRow, UserRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Dropdown, Input, Modal, Select, Skeleton, Space, Table, Tabs, Tag, Tree, Typography } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { type AppEntry, usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { AppIcon } from '../../platform/icons';
import { useRemoteRows } from '../../platform/resource/options';
import { ResourceList } from '../../platform/resource/ResourceList';
import { API, type RoleMenuApp, type RoleMenuNode, type RoleOption } from './api';
import { roleDef } from './defs';
import { checkNode, displayKeys, heldFromTree, indexTree, normalizeRoleMenus, uncheckNode } from './permTree';

type Dialog = { kind: 'perms' | 'copy' | 'users'; row: RoleRow } | null;

/** /admin/system/roles — roles, what each may use (menus per application), and who holds them. */
export default function RolesPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <>
      <ResourceList<RoleRow, 'keyword'>
        def={roleDef}
        actionsWidth={300}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" icon={<SafetyCertificateOutlined />} onClick={() => setDialog({ kind: 'perms', row })}>
              {t('identity.role.perms')}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'users', icon: <TeamOutlined />, label: t('identity.role.users') },
                  ...(can('identity.role.edit') && !row.isSuper
                    ? [{ key: 'copy', icon: <CopyOutlined />, label: t('identity.role.copy') }]
                    : []),
                ],
                onClick: ({ key }) => setDialog({ kind: key as 'users' | 'copy', row }),
              }}
            >
              <Button type="link" size="small">
                {t('common.more')} <DownOutlined style={{ fontSize: 10 }} />
              </Button>
            </Dropdown>
          </>
        )}
      />
      <RolePerms row={dialog?.kind === 'perms' ? dialog.row : null} onClose={close} />
      {dialog?.kind === 'copy' ? <CopyPerms row={dialog.row} onClose={close} /> : null}
      <RoleUsers row={dialog?.kind === 'users' ? dialog.row : null} onClose={close} />
    </>
  );
}

interface PermTreeNode {
  key: number;
  title: ReactNode;
  disableCheckbox?: boolean;
  children?: PermTreeNode[];
}

const TYPE_COLORS: Record<string, string> = { dir: 'purple', page: 'blue', action: 'default' };

function allIds(nodes: RoleMenuNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    out.push(n.id);
    allIds(n.children ?? [], out);
  }
  return out;
}

function branchIds(nodes: RoleMenuNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    if (n.children?.length) {
      out.push(n.id);
      branchIds(n.children, out);
    }
  }
  return out;
}

/** The role's menus per application, as a tree to tick; read-only for the super role and without the edit permission. */
function RolePerms({ row, onClose }: { row: RoleRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const can = usePermission();
  const en = i18n.language === 'en-US';
  const apps = useRemoteRows(API.apps);
  const q = useQuery({
    queryKey: ['role', 'menus', row?.id],
    queryFn: ({ signal }) => http.get<unknown>(API.roleMenus(row?.id ?? 0), undefined, { signal }),
    enabled: !!row,
    gcTime: 0,
  });
  const trees = useMemo<RoleMenuApp[]>(() => {
    const names = new Map(((apps.data ?? []) as unknown as AppEntry[]).map((a) => [a.appId, { name: a.name, nameEn: a.nameEn }]));
    return q.data === undefined ? [] : normalizeRoleMenus(q.data, names).filter((a) => a.menus.length);
  }, [q.data, apps.data]);
  const idx = useMemo(() => indexTree(trees.flatMap((a) => a.menus)), [trees]);
  const [held, setHeld] = useState<Set<number>>(new Set());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [app, setApp] = useState<string>('');
  const [keyword, setKeyword] = useState('');
  const readOnly = !!row?.isSuper || !can('identity.role.edit');

  // every opening starts from the whole tree
  // biome-ignore lint/correctness/useExhaustiveDependencies: the role is the trigger
  useEffect(() => setKeyword(''), [row?.id]);

  useEffect(() => {
    setHeld(row?.isSuper ? new Set(idx.byId.keys()) : heldFromTree(trees.flatMap((a) => a.menus)));
    setExpanded(branchIds(trees.flatMap((a) => a.menus)));
    setApp((cur) => (trees.some((a) => a.appId === cur) ? cur : (trees[0]?.appId ?? '')));
  }, [trees, idx, row]);

  const label = (n: { name: string; nameEn?: string | null }) => (en && n.nameEn ? n.nameEn : n.name);
  const kw = keyword.trim().toLowerCase();
  const toTree = (nodes: RoleMenuNode[]): PermTreeNode[] =>
    nodes.flatMap((n) => {
      const kids = toTree(n.children ?? []);
      const hit = !kw || label(n).toLowerCase().includes(kw) || (n.permKey ?? '').toLowerCase().includes(kw);
      if (!hit && !kids.length) return [];
      return [
        {
          key: n.id,
          disableCheckbox: readOnly,
          title: (
            <span className="ho-perm-node">
              {n.icon && n.type !== 'action' ? <AppIcon name={n.icon} /> : null}
              <span>{label(n)}</span>
              {n.type ? (
                <Tag color={TYPE_COLORS[n.type]} variant="filled" className="ho-perm-type">
                  {t(`identity.menu.type_${n.type}`)}
                </Tag>
              ) : null}
              {n.permKey ? <span className="ho-muted">{n.permKey}</span> : null}
            </span>
          ),
          children: kids.length ? kids : undefined,
        },
      ];
    });

  const current = trees.find((a) => a.appId === app);
  const currentIds = useMemo(() => (current ? allIds(current.menus) : []), [current]);
  const shown = displayKeys(idx, held);
  const countIn = (a: RoleMenuApp) => allIds(a.menus).filter((id) => held.has(id)).length;

  const saving = useAction({
    run: () => http.post(API.roleMenusSave(row?.id ?? 0), { menuIds: [...held].sort((a, b) => a - b) }),
    success: 'identity.role.permsSaved',
    invalidates: [roleDef, ['menus'], ['me']],
    done: onClose,
  });
  const save = () => (row ? saving.run() : undefined);

  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={
        <Space>
          <span>{t('identity.role.permsOf', { name: row?.name ?? '' })}</span>
          {row?.isSuper ? <Tag color="gold">{t('identity.role.super')}</Tag> : null}
        </Space>
      }
      footer={
        readOnly ? null : (
          <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography.Text type="secondary">{t('identity.role.permsCount', { count: held.size })}</Typography.Text>
            <Space>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="primary" loading={saving.busy} disabled={q.isLoading} onClick={save}>
                {t('common.save')}
              </Button>
            </Space>
          </Space>
        )
      }
    >
      {row?.isSuper ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('identity.role.superHint')} /> : null}
      {!row?.isSuper ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('identity.role.permsHint')} /> : null}
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !trees.length ? (
        <EmptyState />
      ) : (
        <>
          {trees.length > 1 ? (
            <Tabs
              activeKey={app}
              onChange={setApp}
              size="small"
              items={trees.map((a) => ({ key: a.appId, label: `${label(a)} (${countIn(a)})` }))}
            />
          ) : null}
          <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
            <Input.Search
              allowClear
              placeholder={t('identity.role.searchMenus')}
              onChange={(e) => setKeyword(e.target.value)}
              style={{ width: 240 }}
            />
            <Space size={4}>
              {!readOnly ? (
                <>
                  <Button size="small" onClick={() => setHeld((h) => new Set([...h, ...currentIds]))}>
                    {t('identity.role.checkAll')}
                  </Button>
                  <Button size="small" onClick={() => setHeld((h) => new Set([...h].filter((id) => !currentIds.includes(id))))}>
                    {t('identity.role.uncheckAll')}
                  </Button>
                </>
              ) : null}
              <Button size="small" onClick={() => setExpanded(branchIds(current?.menus ?? []))}>
                {t('identity.role.expandAll')}
              </Button>
              <Button size="small" onClick={() => setExpanded([])}>
                {t('identity.role.collapseAll')}
              </Button>
            </Space>
          </Space>
          <Tree<PermTreeNode>
            className="ho-perm-tree"
            checkable
            checkStrictly
            selectable={false}
            blockNode
            treeData={toTree(current?.menus ?? [])}
            checkedKeys={shown}
            expandedKeys={kw ? branchIds(current?.menus ?? []) : expanded}
            onExpand={(keys) => setExpanded(keys)}
            onCheck={(_keys, info) => {
              if (readOnly) return;
              const id = Number(info.node.key);
              setHeld((h) => (info.checked ? checkNode(idx, h, id) : uncheckNode(idx, h, id)));
            }}
          />
        </>
      )}
    </Drawer>
  );
}

/** Give other roles exactly this role's menus. */
function CopyPerms({ row, onClose }: { row: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useRemoteRows(API.sysRoles);
  const [targets, setTargets] = useState<number[]>([]);
  const options = ((roles.data ?? []) as unknown as RoleOption[])
    .filter((r) => r.id !== row.id && !r.isSuper)
    .map((r) => ({ value: r.id, label: r.name }));
  const copying = useAction({
    run: () => http.post(API.roleCopy, { fromRoleId: row.id, toRoleIds: targets }),
    success: () => t('identity.role.copied', { count: targets.length }),
    invalidates: [roleDef],
    done: onClose,
  });
  return (
    <Modal
      open
      title={t('identity.role.copyTitle', { name: row.name })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !targets.length, loading: copying.busy }}
      onOk={() => copying.run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('identity.role.copyHint')}</Typography.Paragraph>
      <Select
        mode="multiple"
        allowClear
        style={{ width: '100%' }}
        value={targets}
        onChange={setTargets}
        options={options}
        loading={roles.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('identity.role.copyTargets')}
      />
    </Modal>
  );
}

/** Who holds the role. */
function RoleUsers({ row, onClose }: { row: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['role', 'users', row?.id],
    queryFn: ({ signal }) => http.get<UserRow[] | { list: UserRow[] }>(API.roleUsers(row?.id ?? 0), undefined, { signal }),
    enabled: !!row,
  });
  const rows = Array.isArray(q.data) ? q.data : (q.data?.list ?? []);
  return (
    <Drawer open={!!row} onClose={onClose} size={640} destroyOnHidden title={t('identity.role.usersOf', { name: row?.name ?? '' })}>
      <Table<UserRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: <EmptyState compact /> }}
        columns={[
          { key: 'username', dataIndex: 'username', title: t('identity.user.username'), width: 130 },
          { key: 'name', dataIndex: 'name', title: t('identity.user.name'), width: 110 },
          { key: 'mobile', dataIndex: 'mobile', title: t('identity.user.mobile'), width: 120 },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('common.status'),
            width: 80,
            render: (v: number) => (v === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>),
          },
        ]}
      />
    </Drawer>
  );
}
