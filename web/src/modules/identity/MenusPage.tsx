import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { MenuNode } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { type AppEntry, usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { t as translate } from '../../platform/i18n';
import { AppIcon } from '../../platform/icons';
import { useRemoteRows } from '../../platform/resource/options';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import type { OptionSource, ResourceDef } from '../../platform/resource/types';
import { ForbiddenResult } from '../../platform/results';
import { API } from './api';
import { IconPicker } from './pickers';

export const MENU_TYPES: OptionSource = {
  kind: 'static',
  items: [
    { value: 'dir', label: 'identity.menu.type_dir', color: 'purple' },
    { value: 'page', label: 'identity.menu.type_page', color: 'blue' },
    { value: 'action', label: 'identity.menu.type_action', color: 'default' },
  ],
};

interface ParentNode {
  value: number;
  title: string;
  children?: ParentNode[];
}

function ParentPicker({
  tree,
  self,
  value,
  onChange,
}: {
  tree: MenuNode[];
  self?: number;
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  const { t } = useTranslation();
  // an action cannot hold children; a menu cannot move under itself
  const data = useMemo(() => {
    const map = (nodes: MenuNode[]): ParentNode[] =>
      nodes
        .filter((n) => n.type !== 'action' && n.id !== self)
        .map((n) => ({ value: n.id, title: n.name, children: n.children?.length ? map(n.children) : undefined }));
    return map(tree);
  }, [tree, self]);
  return (
    <TreeSelect
      allowClear
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      treeData={data}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={t('identity.menu.parentPh')}
      style={{ width: '100%' }}
    />
  );
}

/** The menu form, for the menus of one application. */
export function menuDef(appId: string, tree: MenuNode[]): ResourceDef<MenuNode & { version?: number }> {
  return {
    key: 'menu',
    title: 'identity.menu.title',
    basePath: '/api-user/menus',
    savePath: API.menuSave,
    editPerm: 'identity.menu.edit',
    formWidth: 680,
    fields: [
      {
        key: 'parentId',
        title: 'identity.menu.parent',
        form: { span: 24, help: 'identity.menu.parentHelp', input: (row) => <ParentPicker tree={tree} self={row?.id} /> },
      },
      { key: 'type', title: 'identity.menu.type', type: 'select', options: MENU_TYPES, form: { required: true, initial: 'page' } },
      {
        key: 'key',
        title: 'identity.menu.key',
        form: {
          required: true,
          maxLength: 64,
          help: 'identity.menu.keyHelp',
          rules: [{ pattern: /^[A-Za-z0-9_.:-]{1,64}$/, message: translate('identity.menu.keyInvalid') }],
        },
      },
      { key: 'name', title: 'identity.menu.name', form: { required: true, maxLength: 64 } },
      { key: 'nameEn', title: 'identity.menu.nameEn', form: { maxLength: 64 } },
      { key: 'icon', title: 'identity.menu.icon', form: { input: () => <IconPicker />, visible: (v) => v.type !== 'action' } },
      {
        key: 'url',
        title: 'identity.menu.url',
        form: { maxLength: 200, placeholder: 'identity.menu.urlPh', visible: (v) => v.type === 'page' },
      },
      {
        key: 'permKey',
        title: 'identity.menu.permKey',
        form: { maxLength: 64, placeholder: 'identity.menu.permKeyPh', visible: (v) => v.type !== 'dir' },
      },
      { key: 'sort', title: 'common.sort', type: 'number', form: { initial: 0, min: 0, max: 99999 } },
      { key: 'status', title: 'common.status', type: 'status', form: { initial: 1 } },
    ],
    toSave: (values) => ({ ...values, appId, parentId: values.parentId ?? null }),
  };
}

/** Directories open: their pages show, the pages' actions stay folded. */
function dirKeys(nodes: MenuNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    if (n.type === 'dir' && n.children?.length) {
      out.push(n.id);
      dirKeys(n.children, out);
    }
  }
  return out;
}

function branchKeys(nodes: MenuNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    if (n.children?.length) {
      out.push(n.id);
      branchKeys(n.children, out);
    }
  }
  return out;
}

function filterTree(nodes: MenuNode[], kw: string): MenuNode[] {
  if (!kw) return nodes;
  const out: MenuNode[] = [];
  for (const n of nodes) {
    const kids = filterTree(n.children ?? [], kw);
    const hit = [n.name, n.nameEn, n.url, n.permKey, n.key].some((v) => (v ?? '').toLowerCase().includes(kw));
    if (hit || kids.length) out.push({ ...n, children: hit ? n.children : kids });
  }
  return out;
}

/** Tree rows without empty `children` (antd would show an expander on them). */
function clean(nodes: MenuNode[]): MenuNode[] {
  return nodes.map((n) =>
    n.children?.length ? { ...n, children: clean(n.children) } : ({ ...n, children: undefined } as unknown as MenuNode),
  );
}

/** /admin/system/menus — the menu tree of each application: directories, pages and their actions. */
export default function MenusPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const canEdit = can('identity.menu.edit');
  const en = i18n.language === 'en-US';
  const apps = useRemoteRows(API.apps);
  const appList = (apps.data ?? []) as unknown as AppEntry[];
  const [appId, setAppId] = useState('admin');
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [form, setForm] = useState<{ row: MenuNode | null; initial?: Record<string, unknown> } | null>(null);

  const q = useQuery({
    queryKey: ['menu', 'tree', appId],
    queryFn: ({ signal }) => http.get<MenuNode[]>(API.menuTree, { appId }, { signal, quiet: ['403'] }),
  });
  const tree = useMemo(() => q.data ?? [], [q.data]);
  // folders open when an application's tree first shows; after that the user's choice stays
  const [expandedFor, setExpandedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data || expandedFor === appId) return;
    setExpanded(dirKeys(q.data));
    setExpandedFor(appId);
  }, [q.data, appId, expandedFor]);
  const def = useMemo(() => menuDef(appId, tree), [appId, tree]);

  // 409 (children or roles use it): shown by the client
  const removal = useAction<MenuNode>({
    run: (row) => http.del(API.menu(row.id)),
    success: 'common.deleted',
    invalidates: [['menu'], ['menus']],
  });
  const remove = (row: MenuNode) => removal.run(row);

  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;

  const kw = keyword.trim().toLowerCase();
  const rows = clean(filterTree(tree, kw));
  const label = (n: { name: string; nameEn?: string | null }) => (en && n.nameEn ? n.nameEn : n.name);

  const columns: TableColumnsType<MenuNode> = [
    {
      key: 'name',
      title: t('identity.menu.name'),
      width: 220,
      render: (_: unknown, n) => (
        <Space size={6}>
          {n.type !== 'action' ? <AppIcon name={n.icon} /> : null}
          <Typography.Text type={n.status === 0 ? 'secondary' : undefined} delete={n.status === 0}>
            {label(n)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('identity.menu.type'),
      width: 80,
      render: (_: unknown, n) => (
        <Tag color={MENU_TYPES.kind === 'static' ? MENU_TYPES.items.find((i) => i.value === n.type)?.color : undefined}>
          {t(`identity.menu.type_${n.type}`)}
        </Tag>
      ),
    },
    { key: 'url', dataIndex: 'url', title: t('identity.menu.url'), width: 190, ellipsis: true },
    {
      key: 'permKey',
      dataIndex: 'permKey',
      title: t('identity.menu.permKey'),
      width: 210,
      ellipsis: { showTitle: true },
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : null),
    },
    { key: 'sort', dataIndex: 'sort', title: t('common.sort'), width: 60, align: 'right' },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('common.status'),
      width: 70,
      render: (v: number) => (v === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>),
    },
  ];
  if (canEdit) {
    columns.push({
      key: '__actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 230,
      render: (_: unknown, n) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setForm({ row: n })}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('identity.menu.deleteConfirm', { name: label(n) })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(n)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
          {n.type !== 'action' ? (
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                setExpanded((keys) => [...new Set([...keys, n.id])]);
                setForm({ row: null, initial: { parentId: n.id, type: n.type === 'dir' ? 'page' : 'action' } });
              }}
            >
              {t('identity.menu.addChild')}
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <>
      <Card
        size="small"
        title={
          <Space wrap>
            <Typography.Text strong>{t('identity.menu.treeOf')}</Typography.Text>
            <Segmented
              size="small"
              value={appId}
              onChange={(v) => setAppId(String(v))}
              options={(appList.length ? appList : [{ appId: 'admin', name: 'admin' } as AppEntry]).map((a) => ({
                value: a.appId,
                label: en && a.nameEn ? a.nameEn : a.name,
              }))}
            />
          </Space>
        }
        extra={
          <Space>
            <Input.Search
              allowClear
              placeholder={t('identity.menu.searchPh')}
              onChange={(e) => setKeyword(e.target.value)}
              style={{ width: 220 }}
            />
            <Button onClick={() => setExpanded(branchKeys(tree))}>{t('identity.role.expandAll')}</Button>
            <Button onClick={() => setExpanded([])}>{t('identity.role.collapseAll')}</Button>
            <Tooltip title={t('common.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('common.refresh')}
                loading={q.isFetching && !q.isLoading}
                onClick={() => void q.refetch()}
              />
            </Tooltip>
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ row: null, initial: { type: 'dir' } })}>
                {t('identity.menu.addTop')}
              </Button>
            ) : null}
          </Space>
        }
      >
        <Table<MenuNode>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={q.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState /> }}
          expandable={{ expandedRowKeys: kw ? branchKeys(rows) : expanded, onExpandedRowsChange: (k) => setExpanded([...k]) }}
        />
      </Card>
      <ResourceForm
        def={def}
        open={!!form}
        row={form?.row ?? null}
        initialValues={form?.initial}
        createTitle={t(form?.initial?.parentId ? 'identity.menu.addChild' : 'identity.menu.addTop')}
        onClose={() => setForm(null)}
        onSaved={() => void qc.invalidateQueries({ queryKey: ['menus'] })}
      />
    </>
  );
}
