import type { FormRule } from 'antd';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { http } from '../../platform/http';
import { t } from '../../platform/i18n';
import { useTab } from '../../platform/pages';
import type { FieldSpec, OptionSource, ResourceDef } from '../../platform/resource/types';
import type { RegionNode, ShopRow } from './types';

export const API = {
  regionTree: '/api-chain/dictregion/tree/all',
  /** The region tree for pickers: open to every signed-in user. */
  regionPicker: '/api-chain/dictregion/tree/allNoNum',
  regionSave: '/api-chain/dictregion/saveRegion',
  regionNext: '/api-chain/dictregion/getMaxId',
  region: (id: number) => `/api-chain/dictregion/${id}`,
  shop: '/api-chain/shop',
  shopSave: '/api-chain/shop/saveShop',
  shopInfo: (id: number | string) => `/api-chain/shop/getShopInfo/${id}`,
  shopCheckCode: '/api-chain/shop/checkShopcode',
  shopNextCode: '/api-chain/shop/getCode',
  shopArea: '/api-chain/shop/getProCityArea',
  shopExport: '/api-chain/shop/export',
  shopBatchRegion: '/api-chain/shop/batchRegion',
  regions: '/api-chain/dictregion',
  brandAll: '/api-chain/brand/list/all',
} as const;

export const SHOP_TYPES: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'org.shop.direct', color: 'blue' },
    { value: 2, label: 'org.shop.franchise', color: 'orange' },
  ],
};

export const SHOP_STATUS: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'org.shop.open', color: 'green' },
    { value: 0, label: 'org.shop.closed', color: 'red' },
  ],
};

/** Shop name that opens the shop's detail tab. */
function ShopLink({ row }: { row: ShopRow }) {
  const tab = useTab();
  return <Typography.Link onClick={() => tab.open(`/admin/org/shops/${row.id}`)}>{row.name}</Typography.Link>;
}

/** The shop code must be unused in the tenant (POST checkShopcode). */
const uniqueShopCode: FormRule = ({ getFieldValue }) => ({
  async validator(_rule, value: unknown) {
    const code = typeof value === 'string' ? value.trim() : '';
    if (!code) return;
    const id = getFieldValue('id') as number | undefined;
    const r = await http.post<{ available: boolean }>(API.shopCheckCode, id ? { code, id } : { code }, { quiet: true });
    if (!r.available) throw new Error(t('org.shop.codeTaken'));
  },
});

type ShopVirtual = 'keyword' | 'pca' | 'hours';

const shopFields: FieldSpec<ShopRow, ShopVirtual>[] = [
  {
    key: 'keyword',
    title: 'common.keyword',
    table: false,
    form: false,
    search: { placeholder: 'org.shop.keywordPh' },
  },
  {
    key: 'code',
    title: 'org.shop.code',
    table: { width: 110, sorter: true, fixed: 'left' },
    form: { required: true, maxLength: 32, rules: [uniqueShopCode], validateDebounce: 400 },
  },
  {
    key: 'name',
    title: 'org.shop.name',
    table: { width: 180, sorter: true, fixed: 'left', render: (row) => <ShopLink row={row} /> },
    form: { required: true, maxLength: 64 },
  },
  { key: 'shortName', title: 'org.shop.shortName', table: { width: 100 }, form: { maxLength: 32 } },
  {
    key: 'brandId',
    title: 'org.shop.brand',
    type: 'select',
    options: { kind: 'remote', url: API.brandAll },
    table: { width: 110, display: 'brandName' },
    search: true,
    form: { required: true },
  },
  {
    key: 'regionId',
    title: 'org.shop.region',
    type: 'treeSelect',
    options: { kind: 'tree', url: API.regionPicker },
    table: { width: 120, display: 'regionName' },
    search: true,
    form: { required: true },
  },
  {
    key: 'type',
    title: 'org.shop.type',
    type: 'select',
    options: SHOP_TYPES,
    table: { width: 90 },
    search: true,
    form: { required: true, initial: 1 },
  },
  {
    key: 'pca',
    title: 'org.shop.area',
    type: 'cascader',
    options: { kind: 'area', url: API.shopArea },
    table: {
      width: 180,
      render: (r) => [r.provinceName, r.cityName, r.areaName].filter(Boolean).join(' '),
    },
    form: { required: true },
  },
  { key: 'address', title: 'org.shop.address', table: { width: 200, ellipsis: true }, form: { maxLength: 200 } },
  {
    key: 'phone',
    title: 'org.shop.phone',
    table: { width: 130 },
    form: {
      maxLength: 32,
      rules: [() => ({ pattern: /^[0-9+\-() ]{3,32}$/, message: t('org.shop.phoneInvalid') })],
    },
  },
  { key: 'openDate', title: 'org.shop.openDate', type: 'date', table: { width: 110, sorter: true }, form: {} },
  {
    key: 'hours',
    title: 'org.shop.hours',
    table: { width: 120, render: (r) => `${r.openTime} - ${r.closeTime}` },
    form: false,
  },
  {
    key: 'openTime',
    title: 'org.shop.openTime',
    type: 'time',
    table: false,
    form: { required: true, initial: dayjs('09:00', 'HH:mm') },
  },
  {
    key: 'closeTime',
    title: 'org.shop.closeTime',
    type: 'time',
    table: false,
    form: { required: true, initial: dayjs('21:00', 'HH:mm') },
  },
  {
    key: 'stations',
    title: 'org.shop.stations',
    type: 'number',
    table: { width: 80, sorter: true },
    form: { initial: 0, min: 0, max: 999 },
  },
  {
    key: 'status',
    title: 'org.shop.status',
    type: 'status',
    options: SHOP_STATUS,
    table: { width: 90 },
    search: true,
    form: { initial: 1 },
  },
  { key: 'images', title: 'org.shop.images', type: 'images', table: { width: 90 }, form: { span: 24, maxCount: 12 } },
  { key: 'memo', title: 'common.memo', type: 'textarea', table: false, form: { span: 24, maxLength: 500 } },
  { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', table: { width: 150, sorter: true }, form: false },
];

export const shopDef: ResourceDef<ShopRow, ShopVirtual> = {
  key: 'shop',
  title: 'org.shop.title',
  basePath: API.shop,
  savePath: API.shopSave,
  deletePath: false,
  updateStatusPath: false,
  exportPath: API.shopExport,
  // the region tree shows each region's shops counted, the shop pickers group them by region
  countedBy: [{ key: 'region', basePath: API.regions }],
  editPerm: 'org.shop.edit',
  sendVersion: true,
  formWidth: 760,
  nextCodePath: API.shopNextCode,
  fields: shopFields,
  toForm: (row) => ({
    pca: row.provinceCode && row.cityCode && row.areaCode ? [row.provinceCode, row.cityCode, row.areaCode] : undefined,
  }),
  toSave: (values) => {
    const { pca, ...rest } = values;
    const [provinceCode, cityCode, areaCode] = Array.isArray(pca) ? (pca as string[]) : [];
    return { ...rest, provinceCode, cityCode, areaCode, images: Array.isArray(rest.images) ? rest.images : [] };
  },
  errorPathMap: { provinceCode: 'pca', cityCode: 'pca', areaCode: 'pca' },
};

/** The region's detail page. */
export const regionDetailPath = (id: number) => `/admin/org/regions/${id}`;

/** Region form: the parent can only be a top-level area (two levels). */
export function regionDef(areas: RegionNode[]): ResourceDef<RegionNode> {
  return {
    key: 'region',
    title: 'org.region.title',
    basePath: API.regions,
    savePath: API.regionSave,
    detailPath: API.region,
    nextCodePath: API.regionNext,
    editPerm: 'org.region.edit',
    sendVersion: true,
    fields: [
      { key: 'code', title: 'org.region.code', form: { required: true, maxLength: 32 } },
      { key: 'name', title: 'org.region.name', form: { required: true, maxLength: 64 } },
      {
        key: 'parentId',
        title: 'org.region.parent',
        type: 'select',
        options: { kind: 'static', raw: true, items: areas.map((a) => ({ value: a.id, label: a.name })) },
        form: {
          help: 'org.region.parentHelp',
          visible: (_values, row) => !row?.children?.length,
        },
      },
      { key: 'sort', title: 'common.sort', type: 'number', form: { initial: 0, min: 0, max: 99999 } },
      { key: 'status', title: 'common.status', type: 'status', form: { initial: 1 } },
      { key: 'memo', title: 'common.memo', type: 'textarea', form: { maxLength: 500 } },
    ],
  };
}
