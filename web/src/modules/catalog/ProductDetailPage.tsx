import { EditOutlined } from '@ant-design/icons';
import { inPackageAnswer, type ProductRow, type ShopStatusRow, type StockBalanceRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { formatDateTime, OptionTag } from '../../platform/resource/cells';
import { PagedTable } from '../../platform/resource/PagedTable';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { DetailGate } from '../../platform/results';
import { PRICING } from '../pricing/public';
import { STOCK } from '../stock/public';
import { CATALOG } from './api';
import { productDef } from './defs';

const field = (key: string) => productDef.fields.find((f) => f.key === key);

/** The shops that list the product, with their price and whether they sell it now. */
function ProductShops({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const tab = useTab();
  const q = useQuery({
    queryKey: ['product', 'shops', productId],
    queryFn: () => http.post<ShopStatusRow[]>(PRICING.getProductShopStatus, { productId }),
  });
  const listed = (q.data ?? []).filter((r) => r.listed);
  return (
    <Table<ShopStatusRow>
      size="small"
      rowKey="shopId"
      loading={q.isLoading}
      dataSource={listed}
      pagination={listed.length > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: <EmptyState compact description={t('catalog.product.noShops')} /> }}
      columns={[
        { key: 'code', dataIndex: 'shopCode', title: t('org.shop.code'), width: 110 },
        {
          key: 'name',
          title: t('org.shop.name'),
          width: 200,
          render: (_v, r) => <Typography.Link onClick={() => tab.open(`/admin/org/shops/${r.shopId}`)}>{r.shopName}</Typography.Link>,
        },
        { key: 'price', title: t('org.shop.shopPrice'), width: 110, align: 'right', render: (_v, r) => formatMoney(r.price) },
        {
          key: 'status',
          title: t('org.shop.sale'),
          width: 90,
          render: (_v, r) => (r.status === 1 ? <Tag color="green">{t('org.shop.selling')}</Tag> : <Tag>{t('org.shop.notSelling')}</Tag>),
        },
      ]}
    />
  );
}

/** The packages that hold the product (a product in a package cannot be deleted). */
function ProductPackages({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['product', 'packages', productId],
    queryFn: () => http.read(inPackageAnswer, CATALOG.productInPackage(productId)),
  });
  if (!q.data?.packages.length) return <EmptyState compact description={t('catalog.product.noPackages')} />;
  return (
    <Space wrap>
      {q.data.packages.map((name) => (
        <Tag key={name}>{name}</Tag>
      ))}
    </Space>
  );
}

/** /admin/catalog/products/:id — one product: its details, the shops that sell it, its stock by location, its packages. */
export default function ProductDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const id = Number(tab.params.id ?? 0);
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: [productDef.key, 'detail', id],
    queryFn: ({ signal }) => http.get<ProductRow>(`${CATALOG.product}/${id}`, undefined, { signal, quiet: ['403', '404'] }),
  });
  const { setTitle } = tab;
  useEffect(() => {
    if (q.data) setTitle(`${t('catalog.product.detail')} · ${q.data.name}`);
  }, [q.data, setTitle, t]);

  return (
    <DetailGate query={q}>
      {(product) => {
        const usage = field('usage');
        const status = field('status');
        const tabs = [
          can('pricing.productprice.view') && {
            key: 'shops',
            label: t('catalog.product.shops'),
            children: <ProductShops productId={product.id} />,
          },
          can('stock.balance.view') && {
            key: 'stock',
            label: t('catalog.product.stock'),
            children: (
              <PagedTable<StockBalanceRow>
                url={STOCK.balance}
                params={{ productId: product.id }}
                rowKey="id"
                empty={t('catalog.product.noStock')}
                columns={[
                  { key: 'location', dataIndex: 'shopName', title: t('catalog.stock.location'), width: 200 },
                  {
                    key: 'quantity',
                    title: t('org.shop.quantity'),
                    width: 110,
                    align: 'right',
                    render: (_v, r) => `${r.quantity} ${r.unit}`,
                  },
                  { key: 'value', title: t('org.shop.stockValue'), width: 120, align: 'right', render: (_v, r) => formatMoney(r.value) },
                  { key: 'updatedAt', title: t('common.updatedAt'), width: 150, render: (_v, r) => formatDateTime(r.updatedAt) },
                ]}
              />
            ),
          },
          { key: 'packages', label: t('catalog.product.packages'), children: <ProductPackages productId={product.id} /> },
        ].filter((item) => !!item);
        return (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Card
              size="small"
              title={
                <Space>
                  <Typography.Text strong>{product.name}</Typography.Text>
                  <Tag>{product.pcode}</Tag>
                </Space>
              }
              extra={
                can(productDef.editPerm) ? (
                  <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                    {t('common.edit')}
                  </Button>
                ) : null
              }
            >
              <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
                {product.image ? <Image src={product.image} width={120} height={120} style={{ objectFit: 'cover' }} /> : null}
                <Descriptions
                  bordered
                  size="small"
                  style={{ flex: 1 }}
                  column={{ xs: 1, sm: 2, lg: 3 }}
                  items={[
                    { key: 'pcode', label: t('catalog.product.pcode'), children: product.pcode },
                    { key: 'name', label: t('catalog.product.name'), children: product.name },
                    { key: 'barcode', label: t('catalog.product.barcode'), children: product.barcode },
                    { key: 'brand', label: t('catalog.product.brand'), children: product.brandName },
                    { key: 'category', label: t('catalog.product.category'), children: product.categoryName },
                    { key: 'spec', label: t('catalog.product.spec'), children: product.spec },
                    { key: 'unit', label: t('catalog.product.unit'), children: product.unit },
                    {
                      key: 'purchaseUnit',
                      label: t('catalog.product.purchaseUnit'),
                      children: product.purchaseUnit ? `1 ${product.purchaseUnit} = ${product.purchaseFactor} ${product.unit}` : null,
                    },
                    {
                      key: 'usage',
                      label: t('catalog.product.usage'),
                      children: usage ? <OptionTag field={usage} value={product.usage} /> : null,
                    },
                    { key: 'purchasePrice', label: t('catalog.product.purchasePrice'), children: formatMoney(product.purchasePrice) },
                    { key: 'retailPrice', label: t('catalog.product.retailPrice'), children: formatMoney(product.retailPrice) },
                    {
                      key: 'status',
                      label: t('common.status'),
                      children: status ? <OptionTag field={status} value={product.status} /> : null,
                    },
                    { key: 'updatedAt', label: t('common.updatedAt'), children: formatDateTime(product.updatedAt) },
                    { key: 'memo', label: t('common.memo'), children: product.memo, span: 2 },
                  ]}
                />
              </div>
            </Card>
            <Card size="small">
              <Tabs items={tabs} />
            </Card>
            <ResourceForm
              def={productDef}
              open={editing}
              row={product}
              onClose={() => setEditing(false)}
              onSaved={() => void q.refetch()}
            />
          </Space>
        );
      }}
    </DetailGate>
  );
}
