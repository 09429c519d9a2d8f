import { ApartmentOutlined, DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Col, Dropdown, Form, Input, Modal, Row, Skeleton, Tag, Tree, TreeSelect } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { useTab } from '../../platform/pages';
import { useRemoteRows } from '../../platform/resource/options';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { ResourceList } from '../../platform/resource/ResourceList';
import { ForbiddenResult } from '../../platform/results';
import { API, regionDef, regionDetailPath, shopDef } from './defs';
import type { RegionNode, ShopRow } from './types';

/** Shops of one region: the shop list without the region filter (the tree is the filter). */
const regionShopDef = {
  ...shopDef,
  fields: shopDef.fields.map((f) => (f.key === 'regionId' ? { ...f, search: false } : f)),
};

function flatten(nodes: RegionNode[], out: RegionNode[] = []): RegionNode[] {
  for (const n of nodes) {
    out.push(n);
    if (n.children?.length) flatten(n.children, out);
  }
  return out;
}

function filterNodes(nodes: RegionNode[], kw: string): RegionNode[] {
  if (!kw) return nodes;
  const out: RegionNode[] = [];
  for (const n of nodes) {
    const kids = filterNodes(n.children ?? [], kw);
    const hit = n.name.toLowerCase().includes(kw) || n.code.toLowerCase().includes(kw);
    if (hit || kids.length) out.push({ ...n, children: hit ? n.children : kids });
  }
  return out;
}

interface SelectNode {
  value: number;
  title: string;
  children?: SelectNode[];
}

interface TreeNode {
  key: number;
  title: ReactNode;
  children?: TreeNode[];
}

/** /admin/org/regions — the two-level region tree (大区 → 区域) and the shops of the selected region. */
export default function RegionsPage() {
  const tab = useTab();
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const can = usePermission();
  const canEdit = can('org.region.edit');
  const canMoveShops = can(shopDef.editPerm);
  const tree = useRemoteRows(API.regionTree);
  const regions = useMemo(() => (Array.isArray(tree.data) ? (tree.data as unknown as RegionNode[]) : []), [tree.data]);
  const all = useMemo(() => flatten(regions), [regions]);
  const [selected, setSelected] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [form, setForm] = useState<{ row: RegionNode | null; parentId?: number | null } | null>(null);
  const [moving, setMoving] = useState<ShopRow[] | null>(null);
  const [target, setTarget] = useState<number | undefined>();
  const [afterMove, setAfterMove] = useState<(() => void) | null>(null);

  const def = useMemo(() => regionDef(regions.filter((r) => !r.parentId && r.id !== form?.row?.id)), [regions, form]);
  const current = all.find((r) => r.id === selected) ?? null;

  useEffect(() => {
    if (selected === null && regions[0]) setSelected(regions[0].id);
    if (selected !== null && regions.length && !all.some((r) => r.id === selected)) setSelected(regions[0]?.id ?? null);
  }, [regions, all, selected]);

  useEffect(() => {
    setExpanded(regions.map((r) => r.id));
  }, [regions]);

  // 409 (has shops or sub-regions): the client shows the server's message
  const removal = useAction<RegionNode>({
    run: (node) => http.del(API.region(node.id)),
    success: 'common.deleted',
    invalidates: [def],
    done: (_r, node) => {
      if (selected === node.id) setSelected(null);
    },
  });

  const remove = (node: RegionNode) => {
    modal.confirm({
      title: t('common.delete'),
      content: t('org.region.deleteConfirm', { name: node.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => removal.run(node),
    });
  };

  const nodeTitle = (n: RegionNode) => {
    const level1 = !n.parentId;
    const menuItems = [
      { key: 'edit', icon: <EditOutlined />, label: t('common.edit') },
      ...(level1 ? [{ key: 'child', icon: <PlusOutlined />, label: t('org.region.addChild') }] : []),
      { key: 'delete', icon: <DeleteOutlined />, label: t('common.delete'), danger: true },
    ];
    return (
      <span className="ho-region-node">
        {level1 ? <ApartmentOutlined style={{ color: '#2f54eb' }} /> : null}
        <span>{n.name}</span>
        <span className="ho-muted">{n.code}</span>
        {n.status === 0 ? <Tag>{t('common.disabled')}</Tag> : null}
        <Badge count={n.shopCount ?? 0} showZero color={n.shopCount ? '#2f54eb' : '#d9d9d9'} overflowCount={9999} />
        {canEdit ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: menuItems,
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'edit') setForm({ row: n });
                else if (key === 'child') setForm({ row: null, parentId: n.id });
                else if (key === 'delete') remove(n);
              },
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('common.actions')}
              onClick={(e) => e.stopPropagation()}
            />
          </Dropdown>
        ) : null}
      </span>
    );
  };

  const toTree = (nodes: RegionNode[]): TreeNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: nodeTitle(n),
      children: n.children?.length ? toTree(n.children) : undefined,
    }));

  const kw = keyword.trim().toLowerCase();
  const visible = filterNodes(regions, kw);
  const treeData = toTree(visible);
  const selectTree = regions.map(function map(n: RegionNode): SelectNode {
    return { value: n.id, title: n.name, children: n.children?.length ? n.children.map(map) : undefined };
  });

  const shopMove = useAction<{ shops: ShopRow[]; regionId: number }>({
    run: ({ shops, regionId }) => http.post(API.shopBatchRegion, { shopIds: shops.map((s) => s.id), regionId }),
    success: (_r, { shops }) => t('org.region.moved', { count: shops.length }),
    invalidates: [shopDef],
    done: () => {
      setMoving(null);
      setTarget(undefined);
      afterMove?.();
    },
  });
  const move = () => (moving && target ? shopMove.run({ shops: moving, regionId: target }) : undefined);

  if (isApiError(tree.error) && tree.error.status === 403) return <ForbiddenResult />;

  return (
    <Row gutter={12} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="340px" style={{ minWidth: 300 }}>
        <Card
          size="small"
          title={t('org.region.tree')}
          extra={
            canEdit ? (
              <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setForm({ row: null, parentId: null })}>
                {t('org.region.addTop')}
              </Button>
            ) : null
          }
        >
          <Input.Search
            allowClear
            placeholder={t('org.region.searchPh')}
            style={{ marginBottom: 8 }}
            onChange={(e) => setKeyword(e.target.value)}
          />
          {tree.isLoading ? (
            <Skeleton active />
          ) : treeData.length ? (
            <Tree<TreeNode>
              blockNode
              showLine
              treeData={treeData}
              selectedKeys={selected ? [selected] : []}
              expandedKeys={kw ? flatten(visible).map((n) => n.id) : expanded}
              onExpand={(keys) => setExpanded(keys)}
              onSelect={(keys) => {
                const k = keys[0];
                if (typeof k === 'number') setSelected(k);
              }}
              style={{ maxHeight: 'calc(100vh - 250px)', overflow: 'auto' }}
            />
          ) : (
            <EmptyState compact />
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {current ? (
          <ResourceList<ShopRow, 'keyword' | 'pca' | 'hours'>
            def={regionShopDef}
            fixedParams={{ regionId: current.id }}
            createDefaults={{ regionId: current.id }}
            selectable={canMoveShops}
            title={t('org.region.shopsOf', { name: current.name })}
            toolbar={(ctx) => (
              <>
                <Button icon={<EyeOutlined />} onClick={() => tab.open(regionDetailPath(current.id))}>
                  {t('org.region.detail')}
                </Button>
                {canMoveShops ? (
                  <Button
                    icon={<SwapOutlined />}
                    disabled={!ctx.selected.length}
                    onClick={() => {
                      setMoving(ctx.selected);
                      setAfterMove(() => ctx.clearSelection);
                    }}
                  >
                    {t('org.region.moveShops')}
                  </Button>
                ) : null}
              </>
            )}
          />
        ) : (
          <Card size="small">
            <EmptyState description={t('org.region.selectHint')} />
          </Card>
        )}
      </Col>
      <ResourceForm
        def={def}
        open={!!form}
        row={form?.row ?? null}
        initialValues={form && !form.row ? { parentId: form.parentId ?? undefined } : undefined}
        createTitle={t(form?.parentId ? 'org.region.addChild' : 'org.region.addTop')}
        onClose={() => setForm(null)}
        onSaved={(saved) => {
          const id = (saved as { id?: number } | null)?.id;
          if (id) setSelected(id);
        }}
      />
      <Modal
        open={!!moving}
        title={t('org.region.moveTitle', { count: moving?.length ?? 0 })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !target, loading: shopMove.busy }}
        onOk={move}
        onCancel={() => setMoving(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('org.region.target')} required>
            <TreeSelect
              value={target}
              onChange={(v: number) => setTarget(v)}
              treeData={selectTree}
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder={t('common.pleaseSelect', { label: t('org.region.target') })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
