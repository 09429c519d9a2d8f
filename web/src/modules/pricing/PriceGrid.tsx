import { CheckCircleOutlined, PercentageOutlined, PlusSquareOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type {
  GridShop,
  PriceCell,
  PriceKind,
  ProductPriceGridPage,
  ProductPriceGridRow,
  ServicePriceGridPage,
  ServicePriceGridRow,
} from '@headoffice/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  Row,
  Select,
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
import { usePermission } from '../../platform/auth';
import { EmptyState } from '../../platform/Empty';
import { http, isApiError } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { notify } from '../../platform/notify';
import { ExportButton } from '../../platform/resource/ExportButton';
import { useOptions } from '../../platform/resource/options';
import { pagerTotal, totalText } from '../../platform/resource/total';
import { ForbiddenResult } from '../../platform/results';
import { ShopMultiSelect } from '../../platform/shops';
import { filtersToUrl, useListUrlState } from '../../platform/tabs/urlState';
import { AddToShopModal } from './AddToShopModal';
import { PRICING } from './api';
import { BatchChangeModal } from './BatchChangeModal';
import { PriceCellEditor } from './PriceCellEditor';
import './pricing.css';
import { SearchButtons } from '../../platform/resource/SearchButtons';

/** A grid row of either kind, reduced to what the grid needs. */
export interface GridItem {
  itemId: number;
  code: string;
  name: string;
  group: string | null;
  extra: string | null;
  basePrice: number;
  status: number;
  minPrice: number | null;
  maxPrice: number | null;
  prices: Record<string, PriceCell>;
}

function toItems(kind: PriceKind, list: (ServicePriceGridRow | ProductPriceGridRow)[]): GridItem[] {
  if (kind === 'service') {
    return (list as ServicePriceGridRow[]).map((r) => ({
      itemId: r.serviceId,
      code: r.code,
      name: r.name,
      group: r.serviceTypeName,
      extra: r.line,
      basePrice: r.basePrice,
      status: r.status,
      minPrice: r.minPrice,
      maxPrice: r.maxPrice,
      prices: r.prices,
    }));
  }
  return (list as ProductPriceGridRow[]).map((r) => ({
    itemId: r.productId,
    code: r.pcode,
    name: r.name,
    group: r.categoryName,
    extra: [r.brandName, r.spec].filter(Boolean).join(' · ') || null,
    basePrice: r.retailPrice,
    status: r.status,
    minPrice: r.minPrice,
    maxPrice: r.maxPrice,
    prices: r.prices,
  }));
}

interface Filters {
  keyword?: string;
  serviceTypeId?: number;
  line?: 'mf' | 'mr';
  categoryId?: number;
  brandId?: number;
  sold?: number;
  shopIds?: number[];
}

/** The grid's filters as its URL holds them (numbers, the shops as `3,5`). */
function filtersFromUrl(q: Record<string, string>): Filters {
  const num = (v: string | undefined) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
  return {
    keyword: q.keyword,
    serviceTypeId: num(q.serviceTypeId),
    line: q.line === 'mf' || q.line === 'mr' ? q.line : undefined,
    categoryId: num(q.categoryId),
    brandId: num(q.brandId),
    sold: num(q.sold),
    shopIds: q.shopIds ? q.shopIds.split(',').map(Number).filter(Number.isInteger) : undefined,
  };
}

export const gridQueryKey = (kind: PriceKind) => ['price-grid', kind] as const;

/** The shops × items price grid of services or products: filters, editable cells, batch tools. */
export function PriceGrid({ kind }: { kind: PriceKind }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const editPerm = kind === 'service' ? 'pricing.serviceprice.edit' : 'pricing.productprice.edit';
  const canEdit = can(editPerm);
  const [form] = Form.useForm<Filters>();
  // filters, sort and page live in the URL too, so a refresh shows the same grid
  const [fromUrl, writeUrl] = useListUrlState(true);
  const [filters, setFilters] = useState<Filters>(() => filtersFromUrl(fromUrl.filters));
  const [page, setPage] = useState(fromUrl.page ?? 1);
  const [pageSize, setPageSize] = useState(fromUrl.pageSize ?? 20);
  const [sort, setSort] = useState<string | undefined>(fromUrl.sort);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<GridItem[]>([]);
  const [batch, setBatch] = useState(false);
  const [adding, setAdding] = useState(false);

  const types = useOptions(kind === 'service' ? { kind: 'remote', url: '/api-chain/servicetype/list/all' } : undefined);
  const brands = useOptions(kind === 'product' ? { kind: 'remote', url: '/api-chain/productbrand/list/all' } : undefined);
  const categories = useOptions(kind === 'product' ? { kind: 'tree', url: '/api-chain/productcategory/tree/all' } : undefined);

  const params = {
    page,
    pageSize,
    sort,
    keyword: filters.keyword,
    serviceTypeId: filters.serviceTypeId,
    line: filters.line,
    categoryId: filters.categoryId,
    brandId: filters.brandId,
    sold: filters.sold,
    shopIds: filters.shopIds?.length ? filters.shopIds.join(',') : undefined,
  };
  const urlFilters = filtersToUrl({ ...params, page: undefined, pageSize: undefined, sort: undefined });
  const urlKey = JSON.stringify(urlFilters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised filters are the dependency
  useEffect(() => {
    writeUrl({ filters: urlFilters, page, pageSize, sort }, { pageSize: 20 });
  }, [writeUrl, urlKey, page, pageSize, sort]);
  const grid = useQuery({
    queryKey: [...gridQueryKey(kind), params],
    queryFn: ({ signal }) =>
      http.get<ServicePriceGridPage | ProductPriceGridPage>(kind === 'service' ? PRICING.serviceGrid : PRICING.productGrid, params, {
        signal,
        quiet: ['403'],
      }),
    placeholderData: keepPreviousData,
  });
  const shops: GridShop[] = grid.data?.shops ?? [];
  const items = useMemo(() => toItems(kind, grid.data?.list ?? []), [kind, grid.data]);
  const refresh = () => qc.invalidateQueries({ queryKey: gridQueryKey(kind) });

  const saveCell = async (shop: GridShop, item: GridItem, price: number) => {
    const cell = item.prices[String(shop.id)];
    // quiet: the refusal is shown on the cell itself
    const opts = { quiet: ['400', '409'] };
    if (kind === 'service') {
      await http.post(PRICING.saveShopServicePrice, { serviceId: item.itemId, price, status: 1 }, { ...opts, params: { shopid: shop.id } });
    } else {
      await http.post(
        PRICING.productPriceSave,
        { ...(cell ? { id: cell.id } : {}), shopId: shop.id, productId: item.itemId, price, status: 1 },
        opts,
      );
    }
    notify.message.success(t('pricing.grid.savedCell', { shop: shop.name, item: item.name, price: formatMoney(price) }));
    await refresh();
  };

  const statusChange = useAction<{ status: 0 | 1; ids: number[] }>({
    run: ({ status, ids }) => {
      const shopIds = shops.map((s) => s.id);
      return kind === 'service'
        ? http.post(PRICING.servShopStatus, { shopIds, serviceIds: ids, status })
        : http.post(PRICING.productShopStatus, { shopIds, productIds: ids, status });
    },
    success: (_r, { status, ids }) =>
      status ? t('pricing.grid.nowSold', { count: ids.length }) : t('pricing.grid.nowStopped', { count: ids.length }),
    invalidates: [gridQueryKey(kind)],
  });
  const setStatus = (status: 0 | 1) =>
    selectedRows.length && shops.length ? statusChange.run({ status, ids: selectedRows.map((r) => r.itemId) }) : undefined;

  const search = (v: Filters) => {
    setFilters({ ...v, keyword: v.keyword?.trim() || undefined });
    setPage(1);
  };

  if (isApiError(grid.error) && grid.error.status === 403) return <ForbiddenResult />;

  const sortOrder = (key: string) => (sort === key ? ('ascend' as const) : sort === `-${key}` ? ('descend' as const) : null);
  const sorted = (key: string) => ({ sorter: true, sortOrder: sortOrder(key) });
  const columns: TableColumnsType<GridItem> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('common.code'),
      width: 96,
      fixed: 'left',
      ...sorted('code'),
    },
    {
      key: 'name',
      title: kind === 'service' ? t('pricing.grid.service') : t('pricing.grid.product'),
      width: 180,
      fixed: 'left',
      ...sorted('name'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text strong>{r.name}</Typography.Text>
            {r.status !== 1 ? <Tag className="ho-tag-xs">{t('common.disabled')}</Tag> : null}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.group, kind === 'service' && r.extra ? t(`catalog.service.line${r.extra === 'mr' ? 'Mr' : 'Mf'}`) : r.extra]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'base',
      title: kind === 'service' ? t('pricing.grid.basePrice') : t('pricing.grid.retailPrice'),
      width: 104,
      align: 'right',
      fixed: 'left',
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <span>{formatMoney(r.basePrice)}</span>
          {r.minPrice !== null || r.maxPrice !== null ? (
            <Tooltip title={t('pricing.grid.boundsTip')}>
              <span className="ho-bounds">
                {r.minPrice !== null ? formatMoney(r.minPrice) : '…'} ~ {r.maxPrice !== null ? formatMoney(r.maxPrice) : '…'}
              </span>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    ...shops.map((shop) => ({
      key: `s${shop.id}`,
      title: (
        <Tooltip title={shop.code}>
          <span>{shop.name}</span>
        </Tooltip>
      ),
      className: 'ho-shop-col',
      width: 150,
      align: 'right' as const,
      onCell: () => ({ 'data-shop': shop.id }) as React.HTMLAttributes<HTMLElement>,
      render: (_: unknown, r: GridItem) => (
        <PriceCellEditor
          cell={r.prices[String(shop.id)]}
          bounds={{ minPrice: r.minPrice, maxPrice: r.maxPrice }}
          basePrice={r.basePrice}
          canEdit={canEdit}
          label={`${shop.name} · ${r.name}`}
          onSave={(price) => saveCell(shop, r, price)}
        />
      ),
    })),
  ];

  return (
    <div className="ho-price-grid">
      <Card size="small" className="ho-search" style={{ marginBottom: 12 }}>
        <Form form={form} initialValues={filters} onFinish={search} layout="horizontal" labelCol={{ flex: '84px' }} labelWrap>
          <Row gutter={16}>
            <Col xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name="keyword" label={t('common.keyword')} style={{ marginBottom: 12 }}>
                <Input allowClear placeholder={t('common.keywordPh')} />
              </Form.Item>
            </Col>
            {kind === 'service' ? (
              <>
                <Col xs={24} sm={12} lg={8} xxl={6}>
                  <Form.Item name="serviceTypeId" label={t('catalog.service.type')} style={{ marginBottom: 12 }}>
                    <Select
                      allowClear
                      options={types.options}
                      placeholder={t('common.pleaseSelect', { label: t('catalog.service.type') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={8} xxl={6}>
                  <Form.Item name="line" label={t('catalog.service.line')} style={{ marginBottom: 12 }}>
                    <Select
                      allowClear
                      placeholder={t('common.pleaseSelect', { label: t('catalog.service.line') })}
                      options={[
                        { value: 'mf', label: t('catalog.service.lineMf') },
                        { value: 'mr', label: t('catalog.service.lineMr') },
                      ]}
                    />
                  </Form.Item>
                </Col>
              </>
            ) : (
              <>
                <Col xs={24} sm={12} lg={8} xxl={6}>
                  <Form.Item name="categoryId" label={t('catalog.product.category')} style={{ marginBottom: 12 }}>
                    <TreeSelect
                      allowClear
                      treeDefaultExpandAll
                      treeData={categories.tree}
                      placeholder={t('common.pleaseSelect', { label: t('catalog.product.category') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={8} xxl={6}>
                  <Form.Item name="brandId" label={t('catalog.product.brand')} style={{ marginBottom: 12 }}>
                    <Select
                      allowClear
                      options={brands.options}
                      placeholder={t('common.pleaseSelect', { label: t('catalog.product.brand') })}
                    />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name="sold" label={t('pricing.grid.soldFilter')} style={{ marginBottom: 12 }}>
                <Select
                  allowClear
                  placeholder={t('pricing.grid.soldAny')}
                  options={[
                    { value: 1, label: t('pricing.grid.soldYes') },
                    { value: 0, label: t('pricing.grid.soldNo') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16} xxl={12}>
              <Form.Item name="shopIds" label={t('pricing.grid.shops')} style={{ marginBottom: 12 }}>
                <ShopMultiSelect placeholder={t('pricing.grid.allShops')} />
              </Form.Item>
            </Col>
            <Col flex="auto" style={{ textAlign: 'right', marginBottom: 12 }}>
              <Space>
                <SearchButtons
                  onReset={() => {
                    form.resetFields();
                    search({});
                  }}
                />
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>{kind === 'service' ? t('pricing.grid.serviceTitle') : t('pricing.grid.productTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('pricing.grid.shopsN', { count: shops.length })}</Typography.Text>
          </Space>
        }
        extra={
          <Space wrap>
            {selectedRows.length ? (
              <Typography.Text type="secondary">{t('common.selectedN', { count: selectedRows.length })}</Typography.Text>
            ) : null}
            {canEdit ? (
              <>
                <Button icon={<PercentageOutlined />} disabled={!selectedRows.length} onClick={() => setBatch(true)}>
                  {t('pricing.batch.button')}
                </Button>
                <Tooltip title={t('pricing.grid.sellHelp')}>
                  <Button
                    icon={<CheckCircleOutlined />}
                    disabled={!selectedRows.length}
                    loading={statusChange.busyFor((v) => v.status === 1)}
                    onClick={() => void setStatus(1)}
                  >
                    {t('pricing.grid.sell')}
                  </Button>
                </Tooltip>
                <Button
                  icon={<StopOutlined />}
                  disabled={!selectedRows.length}
                  loading={statusChange.busyFor((v) => v.status === 0)}
                  onClick={() => void setStatus(0)}
                >
                  {t('pricing.grid.stop')}
                </Button>
                {kind === 'service' ? (
                  <Button icon={<PlusSquareOutlined />} onClick={() => setAdding(true)}>
                    {t('pricing.add.button')}
                  </Button>
                ) : null}
              </>
            ) : null}
            <ExportButton
              path={kind === 'service' ? PRICING.serviceGridExport : PRICING.productGridExport}
              params={params}
              fileName={kind === 'service' ? t('pricing.grid.serviceTitle') : t('pricing.grid.productTitle')}
            />
            <Tooltip title={t('common.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => void grid.refetch()}
                loading={grid.isFetching && !grid.isLoading}
                aria-label={t('common.refresh')}
              />
            </Tooltip>
          </Space>
        }
      >
        <Table<GridItem>
          rowKey="itemId"
          size="small"
          bordered
          columns={columns}
          dataSource={items}
          loading={grid.isLoading || (grid.isFetching && grid.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState /> }}
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: selectedKeys,
                  preserveSelectedRowKeys: true,
                  fixed: true,
                  onChange: (keys, rows) => {
                    setSelectedKeys(keys);
                    setSelectedRows(rows.filter(Boolean));
                  },
                }
              : undefined
          }
          pagination={{
            current: page,
            pageSize,
            total: pagerTotal(grid.data),
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => totalText(total, grid.data, t),
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const next = s?.order ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : undefined;
            if (next !== sort) {
              setSort(next);
              setPage(1);
              return;
            }
            const size = pagination.pageSize ?? pageSize;
            setPage(size !== pageSize ? 1 : (pagination.current ?? 1));
            setPageSize(size);
          }}
        />
      </Card>
      <BatchChangeModal
        kind={kind}
        open={batch}
        items={selectedRows}
        gridShops={shops}
        onClose={(done) => {
          setBatch(false);
          if (done) {
            setSelectedKeys([]);
            setSelectedRows([]);
            void refresh();
          }
        }}
      />
      {kind === 'service' ? (
        <AddToShopModal
          open={adding}
          serviceIds={selectedRows.map((r) => r.itemId)}
          onClose={(done) => {
            setAdding(false);
            if (done) void refresh();
          }}
        />
      ) : null}
    </div>
  );
}
