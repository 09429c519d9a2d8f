import { AppstoreOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProductRow } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Input, Row, Skeleton, Tree } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/Empty';
import { ImportModal } from '../../platform/resource/ImportModal';
import { invalidateResource } from '../../platform/resource/invalidate';
import { useRemoteRows } from '../../platform/resource/options';
import { ResourceList } from '../../platform/resource/ResourceList';
import { CATALOG } from './api';
import { productDef } from './defs';

interface CategoryNode {
  id: number;
  code?: string;
  name: string;
  children?: CategoryNode[];
}

interface TreeNode {
  key: number | 'all';
  title: string;
  icon?: React.ReactNode;
  children?: TreeNode[];
}

function filterTree(nodes: CategoryNode[], kw: string): CategoryNode[] {
  if (!kw) return nodes;
  const out: CategoryNode[] = [];
  for (const n of nodes) {
    const kids = filterTree(n.children ?? [], kw);
    if (n.name.toLowerCase().includes(kw) || kids.length)
      out.push({ ...n, children: n.name.toLowerCase().includes(kw) ? n.children : kids });
  }
  return out;
}

const allIds = (nodes: CategoryNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/** /admin/catalog/products — the product archive: category tree, filters, form, Excel import. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tree = useRemoteRows(CATALOG.categoryTree);
  const categories = useMemo(() => (Array.isArray(tree.data) ? (tree.data as unknown as CategoryNode[]) : []), [tree.data]);
  const [category, setCategory] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [importing, setImporting] = useState(false);
  const [expanded, setExpanded] = useState<Key[] | null>(null);

  const kw = keyword.trim().toLowerCase();
  const visible = filterTree(categories, kw);
  const toNodes = (nodes: CategoryNode[]): TreeNode[] =>
    nodes.map((n) => ({ key: n.id, title: n.name, children: n.children?.length ? toNodes(n.children) : undefined }));
  const treeData: TreeNode[] = [
    { key: 'all', title: t('catalog.product.allCategories'), icon: <AppstoreOutlined />, children: toNodes(visible) },
  ];

  // the tree is the category filter: the search form has none
  const def = useMemo(
    () => ({ ...productDef, fields: productDef.fields.map((f) => (f.key === 'categoryId' ? { ...f, search: false } : f)) }),
    [],
  );

  return (
    <Row gutter={12} wrap={false} style={{ alignItems: 'flex-start' }}>
      <Col flex="240px" style={{ minWidth: 220 }}>
        <Card size="small" title={t('catalog.product.categoryTree')}>
          <Input.Search
            allowClear
            placeholder={t('catalog.product.categorySearch')}
            style={{ marginBottom: 8 }}
            onChange={(e) => setKeyword(e.target.value)}
          />
          {tree.isLoading ? (
            <Skeleton active />
          ) : categories.length ? (
            <Tree<TreeNode>
              blockNode
              showIcon={false}
              treeData={treeData}
              selectedKeys={[category ?? 'all']}
              expandedKeys={kw ? ['all', ...allIds(visible)] : (expanded ?? ['all', ...categories.map((c) => c.id)])}
              onExpand={(keys) => setExpanded(keys)}
              onSelect={(keys) => {
                const k = keys[0];
                setCategory(typeof k === 'number' ? k : null);
              }}
              style={{ maxHeight: 'calc(100vh - 250px)', overflow: 'auto' }}
            />
          ) : (
            <EmptyState compact />
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ResourceList<ProductRow, 'keyword' | 'units'>
          def={def}
          fixedParams={category ? { categoryId: category } : undefined}
          createDefaults={category ? { categoryId: category } : undefined}
          hideCreate
          toolbar={(ctx) =>
            ctx.canEdit ? (
              <>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('importer.button')}
                </Button>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => ctx.openCreate()}>
                  {t('common.create')}
                </Button>
              </>
            ) : null
          }
        />
      </Col>
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        entity="catalog.product.title"
        templatePath={CATALOG.productTemplate}
        importPath={CATALOG.productImport}
        onDone={() => void invalidateResource(qc, productDef)}
      />
    </Row>
  );
}
