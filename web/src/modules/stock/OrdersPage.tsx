import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProductOrderRow, ProductOrderTreeNode } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Row, Skeleton, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { useTab } from '../../platform/pages';
import { ResourceList } from '../../platform/resource/ResourceList';
import { STOCK } from './api';
import { orderDef } from './defs';
import { OrderForm } from './OrderForm';

type Sel = { kind: 'all' } | { kind: 'region'; id: number } | { kind: 'shop'; id: number };

function nodeTitle(name: string, total: number, waiting: number) {
  return (
    <span className="ho-order-tree-node">
      {name}
      {total ? <Typography.Text type="secondary"> ({total})</Typography.Text> : null}
      {waiting ? <Badge count={waiting} size="small" color="#1677ff" style={{ marginInlineStart: 6 }} /> : null}
    </span>
  );
}

function toNodes(nodes: ProductOrderTreeNode[]): DataNode[] {
  return nodes.map((r) => ({
    key: `r${r.id}`,
    title: nodeTitle(r.name, r.counts.total, r.counts.submitted),
    children: [
      ...toNodes(r.children),
      ...r.shops.map((s) => ({ key: `s${s.id}`, title: nodeTitle(s.name, s.counts.total, s.counts.submitted), isLeaf: true })),
    ],
  }));
}

/** /admin/stock/orders — shops' product orders: the region/shop tree with counts, the list, new orders. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const [sel, setSel] = useState<Sel>({ kind: 'all' });
  const [creating, setCreating] = useState(false);
  const tree = useQuery({
    queryKey: ['order-tree'],
    queryFn: ({ signal }) => http.get<ProductOrderTreeNode[]>(STOCK.orderTree, undefined, { signal }),
  });
  const roots = tree.data ?? [];
  const total = roots.reduce((s, r) => s + r.counts.total, 0);
  const waiting = roots.reduce((s, r) => s + r.counts.submitted, 0);
  const treeData: DataNode[] = [{ key: 'all', title: nodeTitle(t('stock.orders.allShops'), total, waiting), children: toNodes(roots) }];
  const expanded = useMemo(() => {
    const keys: string[] = ['all'];
    const walk = (ns: ProductOrderTreeNode[]) => {
      for (const n of ns) {
        keys.push(`r${n.id}`);
        walk(n.children);
      }
    };
    walk(roots);
    return keys;
  }, [roots]);

  const oneShop = sel.kind === 'shop';
  const { open } = tab;
  const def = useMemo(() => orderDef(oneShop, (id) => open(`/admin/stock/orders/${id}`)), [oneShop, open]);
  const fixed = sel.kind === 'shop' ? { shopid: sel.id } : sel.kind === 'region' ? { regionId: sel.id } : undefined;
  const selKey = sel.kind === 'all' ? 'all' : `${sel.kind === 'shop' ? 's' : 'r'}${sel.id}`;

  return (
    <Row gutter={12} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="250px" style={{ minWidth: 220 }}>
        <Card size="small" title={t('stock.orders.tree')}>
          {tree.isLoading ? (
            <Skeleton active />
          ) : roots.length ? (
            <Tree
              blockNode
              treeData={treeData}
              selectedKeys={[selKey]}
              defaultExpandedKeys={expanded}
              onSelect={(keys) => {
                const k = String(keys[0] ?? 'all');
                if (k === 'all') setSel({ kind: 'all' });
                else setSel({ kind: k.startsWith('s') ? 'shop' : 'region', id: Number(k.slice(1)) });
              }}
              style={{ maxHeight: 'calc(100vh - 250px)', overflow: 'auto' }}
            />
          ) : (
            <EmptyState compact />
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ResourceList<ProductOrderRow, 'dateRange' | 'lines'>
          def={def}
          fixedParams={fixed}
          hideCreate
          actionsWidth={90}
          toolbar={() =>
            can('stock.order.edit') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('stock.orders.newOrder')}
              </Button>
            ) : null
          }
          rowActions={(row) => (
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => tab.open(`/admin/stock/orders/${row.id}`)}>
              {t('common.detail')}
            </Button>
          )}
        />
      </Col>
      <OrderForm open={creating} onClose={() => setCreating(false)} onSaved={(id) => tab.open(`/admin/stock/orders/${id}`)} />
    </Row>
  );
}
