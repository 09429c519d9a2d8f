import type { ProductRow, StockProductRow } from '@headoffice/contract';
import type { FormRule } from 'antd';
import { Space, Typography } from 'antd';
import { http } from '../../platform/http';
import { t } from '../../platform/i18n';
import { ListAvatar } from '../../platform/ListAvatar';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import type { OptionSource, ResourceDef } from '../../platform/resource/types';
import { CATALOG } from './api';

export const PRODUCT_USAGE: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'catalog.product.retail', color: 'blue' },
    { value: 2, label: 'catalog.product.internal', color: 'purple' },
  ],
};

/** 大项目 / 小项目 (the daily report totals each). */
export const SERVICE_SER_TYPES: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'catalog.service.serTypeBig', color: 'volcano' },
    { value: 2, label: 'catalog.service.serTypeSmall' },
  ],
};

export const SERVICE_LINES: OptionSource = {
  kind: 'static',
  items: [
    { value: 'mf', label: 'catalog.service.lineMf', color: 'geekblue' },
    { value: 'mr', label: 'catalog.service.lineMr', color: 'magenta' },
  ],
};

/** The product code must be unused in the tenant (POST checkPcode). */
const uniquePcode: FormRule = ({ getFieldValue }) => ({
  async validator(_rule, value: unknown) {
    const pcode = typeof value === 'string' ? value.trim() : '';
    if (!pcode) return;
    const id = getFieldValue('id') as number | undefined;
    const r = await http.post<{ available: boolean }>(CATALOG.productCheck, id ? { pcode, id } : { pcode }, { quiet: true });
    if (r && r.available === false) throw new Error(t('catalog.product.pcodeTaken'));
  },
});

type ProductVirtual = 'keyword' | 'units';

/** The product's detail page. */
export const productDetailPath = (id: number) => `/admin/catalog/products/${id}`;

/** Product name that opens the product's detail tab. */
function ProductLink({ row }: { row: ProductRow }) {
  const tab = useTab();
  return <Typography.Link onClick={() => tab.open(productDetailPath(row.id))}>{row.name}</Typography.Link>;
}

export const productDef: ResourceDef<ProductRow, ProductVirtual> = {
  key: 'product',
  title: 'catalog.product.title',
  basePath: CATALOG.product,
  listPath: CATALOG.product,
  exportPath: CATALOG.productExport,
  savePath: CATALOG.product,
  updateStatusPath: false,
  editPerm: 'catalog.product.edit',
  sendVersion: true,
  formWidth: 760,
  nextCodePath: CATALOG.productCode,
  nextCodeField: 'pcode',
  defaultSort: 'pcode',
  rowName: (r) => r.name,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'catalog.product.keywordPh' } },
    {
      key: 'image',
      title: 'catalog.product.image',
      type: 'image',
      table: {
        width: 64,
        render: (r) => (
          <ListAvatar square size={36} src={r.image} background="#e6f4ff" color="#1677ff">
            {r.name.slice(0, 1)}
          </ListAvatar>
        ),
      },
      form: { span: 24 },
    },
    {
      key: 'pcode',
      title: 'catalog.product.pcode',
      table: { width: 110, sorter: true, fixed: 'left' },
      form: { required: true, maxLength: 32, rules: [uniquePcode], validateDebounce: 400 },
    },
    {
      key: 'name',
      title: 'catalog.product.name',
      table: { width: 180, sorter: true, fixed: 'left', render: (row) => <ProductLink row={row} /> },
      form: { required: true, maxLength: 100 },
    },
    {
      key: 'retailPrice',
      title: 'catalog.product.retailPrice',
      type: 'money',
      table: { width: 110, sorter: true },
      form: { required: true, price: true },
    },
    {
      key: 'purchasePrice',
      title: 'catalog.product.purchasePrice',
      type: 'money',
      table: { width: 110, sorter: true },
      form: {},
    },
    {
      key: 'brandId',
      title: 'catalog.product.brand',
      type: 'select',
      options: { kind: 'remote', url: CATALOG.productBrandAll },
      table: { width: 110, display: 'brandName' },
      search: true,
      form: {},
    },
    {
      key: 'categoryId',
      title: 'catalog.product.category',
      type: 'treeSelect',
      options: { kind: 'tree', url: CATALOG.categoryTree },
      table: {
        width: 150,
        render: (r) =>
          r.topCategoryName && r.topCategoryName !== r.categoryName
            ? `${r.topCategoryName} / ${r.categoryName ?? ''}`
            : (r.categoryName ?? ''),
      },
      form: {},
    },
    { key: 'spec', title: 'catalog.product.spec', table: { width: 100 }, form: { maxLength: 64 } },
    {
      key: 'barcode',
      title: 'catalog.product.barcode',
      table: { width: 140 },
      form: {
        maxLength: 32,
        rules: [() => ({ pattern: /^[0-9A-Za-z-]{4,32}$/, message: t('catalog.product.barcodeInvalid') })],
      },
    },
    {
      key: 'units',
      title: 'catalog.product.units',
      table: {
        width: 130,
        render: (r) =>
          r.purchaseUnit && r.purchaseUnit !== r.unit ? (
            <Typography.Text>
              {r.unit}
              <Typography.Text type="secondary">{` · 1${r.purchaseUnit}=${r.purchaseFactor}${r.unit}`}</Typography.Text>
            </Typography.Text>
          ) : (
            r.unit
          ),
      },
      form: false,
    },
    {
      key: 'unit',
      title: 'catalog.product.unit',
      table: false,
      form: { required: true, maxLength: 16, placeholder: 'catalog.product.unitPh' },
    },
    {
      key: 'purchaseUnit',
      title: 'catalog.product.purchaseUnit',
      table: false,
      form: { maxLength: 16, placeholder: 'catalog.product.purchaseUnitPh' },
    },
    {
      key: 'purchaseFactor',
      title: 'catalog.product.purchaseFactor',
      type: 'number',
      table: false,
      form: { initial: 1, min: 1, max: 100000, help: 'catalog.product.factorHelp' },
    },
    {
      key: 'usage',
      title: 'catalog.product.usage',
      type: 'select',
      options: PRODUCT_USAGE,
      table: { width: 90 },
      search: true,
      form: { initial: 1 },
    },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 80 }, search: true, form: { initial: 1 } },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: false, form: { span: 24, maxLength: 500 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', table: { width: 150, sorter: true }, form: false },
  ],
  toSave: (values) => ({ ...values, image: values.image ?? null }),
};

/** Label of a stock product's location: a shop, or the head-office warehouse. */
export function locationName(r: Pick<StockProductRow, 'shopId' | 'shopName'>) {
  return r.shopId ? r.shopName : t('catalog.stock.warehouse');
}

export const stockProductDef: ResourceDef<StockProductRow, 'keyword' | 'product'> = {
  key: 'stockproduct',
  title: 'catalog.stock.title',
  basePath: CATALOG.stockProduct,
  listPath: CATALOG.stockProductChain,
  exportPath: CATALOG.stockProductChainExport,
  savePath: CATALOG.stockProduct,
  deletePath: false,
  updateStatusPath: CATALOG.stockProductStatus,
  editPerm: 'catalog.stockproduct.edit',
  sendVersion: true,
  rowName: (r) => r.productName,
  fields: [
    { key: 'keyword', title: 'common.keyword', table: false, form: false, search: { placeholder: 'catalog.product.keywordPh' } },
    {
      key: 'shopId',
      title: 'catalog.stock.location',
      type: 'select',
      options: { kind: 'remote', url: CATALOG.shopAll },
      table: { width: 160, sorter: true, render: (r) => locationName(r) },
      search: { param: 'shopid', placeholder: 'catalog.stock.allLocations' },
      form: { disabledOnEdit: true, placeholder: 'catalog.stock.warehouse', help: 'catalog.stock.locationHelp' },
    },
    {
      key: 'product',
      title: 'catalog.product.title',
      table: {
        width: 240,
        sorter: true,
        render: (r) => (
          <Space size={6}>
            <Typography.Text type="secondary">{r.pcode}</Typography.Text>
            <span>{r.productName}</span>
          </Space>
        ),
      },
      form: false,
    },
    {
      key: 'productId',
      title: 'catalog.product.title',
      type: 'select',
      options: { kind: 'remote', url: CATALOG.productAll, label: 'name' },
      table: false,
      form: { required: true, disabledOnEdit: true },
    },
    {
      key: 'categoryId',
      title: 'catalog.product.category',
      type: 'treeSelect',
      options: { kind: 'tree', url: CATALOG.categoryTree },
      table: { width: 120, display: 'categoryName' },
      search: true,
      form: false,
    },
    { key: 'spec', title: 'catalog.product.spec', table: { width: 100 }, form: false },
    { key: 'unit', title: 'catalog.product.unit', table: { width: 90 }, form: false },
    {
      key: 'retailPrice',
      title: 'catalog.product.retailPrice',
      type: 'money',
      table: { width: 100, render: (r) => formatMoney(r.retailPrice) },
      form: false,
    },
    {
      key: 'safetyStock',
      title: 'catalog.stock.safetyStock',
      type: 'number',
      table: { width: 100, sorter: true },
      form: { initial: 0, min: 0, max: 10000000, help: 'catalog.stock.safetyHelp' },
    },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 90, sorter: true }, search: true, form: { initial: 1 } },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: false, form: { maxLength: 500 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', table: { width: 150, sorter: true }, form: false },
  ],
  toSave: (values, row) => ({ ...values, shopId: row ? row.shopId : ((values.shopId as number | null | undefined) ?? null) }),
};
