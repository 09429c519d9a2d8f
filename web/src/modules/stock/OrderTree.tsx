import { type ProductOrderTreeNode, productOrderTreeNode } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Skeleton, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { STOCK } from './api';

export type OrderTreeSelection = { kind: 'all' } | { kind: 'region'; id: number } | { kind: 'shop'; id: number };

/** The list filter of a tree selection. */
export const orderTreeParams = (sel: OrderTreeSelection) =>
  sel.kind === 'shop' ? { shopid: sel.id } : sel.kind === 'region' ? { regionId: sel.id } : undefined;

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

/** Regions and shops with their orders counted (waiting ones as a badge), beside the product orders. */
export function OrderTree({ value, onChange }: { value: OrderTreeSelection; onChange: (sel: OrderTreeSelection) => void }) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: ['order-tree'],
    queryFn: ({ signal }) => http.read(z.array(productOrderTreeNode), STOCK.orderTree, undefined, { signal }),
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
  const selected = value.kind === 'all' ? 'all' : `${value.kind === 'shop' ? 's' : 'r'}${value.id}`;
  return (
    <Card size="small" title={t('stock.orders.tree')}>
      {tree.isLoading ? (
        <Skeleton active />
      ) : roots.length ? (
        <Tree
          blockNode
          treeData={treeData}
          selectedKeys={[selected]}
          defaultExpandedKeys={expanded}
          onSelect={(keys) => {
            const k = String(keys[0] ?? 'all');
            if (k === 'all') onChange({ kind: 'all' });
            else onChange({ kind: k.startsWith('s') ? 'shop' : 'region', id: Number(k.slice(1)) });
          }}
          style={{ maxHeight: 'calc(100vh - 250px)', overflow: 'auto' }}
        />
      ) : (
        <EmptyState compact />
      )}
    </Card>
  );
}
