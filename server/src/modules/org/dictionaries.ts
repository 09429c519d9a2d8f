import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { DictionaryDef } from '../../platform/dictionary.js';
import { fieldError } from '../../platform/errors.js';
import {
  branches,
  brands,
  channels,
  distChannels,
  memberGrades,
  memberStatuses,
  packageTypes,
  positionLevels,
  positions,
  productCategories,
  regions,
  serviceTypes,
  skillLevels,
} from './schema.js';

type Row = Record<string, unknown> & { id: number };
const optionalId = z.number().int().positive().nullish();

/** Adds `<as>` (the linked record's name) to rows through the `<key>` column. */
function withNames(table: typeof positions | typeof regions | typeof productCategories, key: string, as: string) {
  return async (tx: Db, rows: Row[]) => {
    const ids = [...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))];
    const names = ids.length ? await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids)) : [];
    const byId = new Map(names.map((n) => [n.id, n.name]));
    return rows.map((r) => ({ ...r, [as]: typeof r[key] === 'number' ? (byId.get(r[key] as number) ?? null) : null }));
  };
}

/** Two-level trees (regions, product categories): a parent must be a top-level entry other than itself. */
function twoLevel(table: typeof regions | typeof productCategories, tooDeep: 'regionTooDeep' | 'categoryTooDeep') {
  return async (tx: Db, value: Record<string, unknown>) => {
    const parentId = value.parentId as number | null | undefined;
    if (!parentId) return;
    if (parentId === value.id) throw fieldError('parentId', 'regionParentSelf');
    const [parent] = await tx.select({ parentId: table.parentId }).from(table).where(eq(table.id, parentId));
    if (!parent) throw fieldError('parentId', 'missingReference', { field: '@parent' });
    if (parent.parentId) throw fieldError('parentId', tooDeep);
    if (value.id) {
      const [child] = await tx
        .select({ id: table.id })
        .from(table)
        .where(eq(table.parentId, value.id as number))
        .limit(1);
      if (child) throw fieldError('parentId', tooDeep);
    }
  };
}

export const regionDef: DictionaryDef = {
  resource: 'dictregion',
  basePath: '/api-chain/dictregion',
  table: regions,
  perm: 'org.region',
  label: ['区域', 'Regions'],
  codePrefix: 'QY',
  extra: { parentId: optionalId },
  filters: { parentId: z.coerce.number().int().positive().optional() },
  beforeSave: twoLevel(regions, 'regionTooDeep'),
  decorate: withNames(regions, 'parentId', 'parentName'),
};

export const brandDef: DictionaryDef = {
  resource: 'brand',
  basePath: '/api-chain/brand',
  table: brands,
  perm: 'org.brand',
  label: ['品牌', 'Brands'],
  codePrefix: 'PP',
  extra: { logo: z.string().max(300).nullish() },
  softDelete: true,
};

export const channelDef: DictionaryDef = {
  resource: 'channel',
  basePath: '/api-chain/channel',
  table: channels,
  perm: 'org.channel',
  label: ['渠道', 'Channels'],
  codePrefix: 'QD',
};

export const positionDef: DictionaryDef = {
  resource: 'position',
  basePath: '/api-chain/position',
  table: positions,
  perm: 'org.dict.position',
  label: ['职位', 'Positions'],
  codePrefix: 'ZW',
  menu: true,
};

export const positionLevelDef: DictionaryDef = {
  resource: 'positionlevel',
  basePath: '/api-chain/positionlevel',
  table: positionLevels,
  perm: 'org.dict.positionlevel',
  label: ['职级', 'Position levels'],
  codePrefix: 'ZJ',
  extra: { positionId: z.number().int().positive() },
  filters: { positionId: z.coerce.number().int().positive().optional() },
  menu: true,
  beforeSave: async (tx, value) => {
    const [position] = await tx
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.id, value.positionId as number));
    if (!position) throw fieldError('positionId', 'missingReference', { field: '@position' });
  },
  decorate: withNames(positions, 'positionId', 'positionName'),
  exportColumns: [{ key: 'positionName', title: ['职位', 'Position'] }],
};

export const productCategoryDef: DictionaryDef = {
  resource: 'productcategory',
  basePath: '/api-chain/productcategory',
  table: productCategories,
  perm: 'org.dict.productcategory',
  label: ['产品分类', 'Product categories'],
  codePrefix: 'CP',
  extra: { parentId: optionalId },
  filters: { parentId: z.coerce.number().int().positive().optional() },
  menu: true,
  beforeSave: twoLevel(productCategories, 'categoryTooDeep'),
  decorate: withNames(productCategories, 'parentId', 'parentName'),
  exportColumns: [{ key: 'parentName', title: ['上级分类', 'Parent'] }],
};

/** Skill / commission levels of employees (技术等级, the seed's jfclevel). */
export const skillLevelDef: DictionaryDef = {
  resource: 'skilllevel',
  basePath: '/api-chain/skilllevel',
  table: skillLevels,
  perm: 'org.dict.skilllevel',
  label: ['技术等级', 'Skill levels'],
  codePrefix: 'JN',
  menu: true,
};

/** Every dictionary served by the generic pattern, in menu order. */
export const dictionaries: DictionaryDef[] = [
  regionDef,
  brandDef,
  channelDef,
  {
    resource: 'branch',
    basePath: '/api-chain/branch',
    table: branches,
    perm: 'org.dict.branch',
    label: ['部门', 'Departments'],
    codePrefix: 'BM',
    menu: true,
  },
  positionDef,
  positionLevelDef,
  {
    resource: 'servicetype',
    basePath: '/api-chain/servicetype',
    table: serviceTypes,
    perm: 'org.dict.servicetype',
    label: ['服务类型', 'Service types'],
    codePrefix: 'FL',
    menu: true,
  },
  skillLevelDef,
  productCategoryDef,
  {
    resource: 'packagetype',
    basePath: '/api-chain/packagetype',
    table: packageTypes,
    perm: 'org.dict.packagetype',
    label: ['套餐类型', 'Package types'],
    codePrefix: 'TC',
    menu: true,
  },
  {
    resource: 'distchannel',
    basePath: '/api-chain/distchannel',
    table: distChannels,
    perm: 'org.dict.distchannel',
    label: ['分销渠道', 'Distribution channels'],
    codePrefix: 'FX',
    menu: true,
    noStatusRoute: true,
  },
  {
    resource: 'dictstatus',
    basePath: '/api-chain/dictstatus',
    table: memberStatuses,
    perm: 'org.dict.dictstatus',
    label: ['会员状态', 'Member statuses'],
    codePrefix: 'ZT',
    menu: true,
    noStatusRoute: true,
  },
  {
    resource: 'dictgrade',
    basePath: '/api-chain/dictgrade',
    table: memberGrades,
    perm: 'org.dict.dictgrade',
    label: ['会员等级', 'Member grades'],
    codePrefix: 'DJ',
    menu: true,
    noStatusRoute: true,
    extra: { discount: z.number().int().min(1).max(100).default(100) },
    exportColumns: [{ key: 'discount', title: ['折扣(%)', 'Discount (%)'] }],
  },
];
