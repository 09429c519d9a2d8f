import { z } from 'zod';
import {
  defineRecord,
  dictionaryFilters,
  dictionaryRecordFields,
  dictionaryVerbs,
  filter,
  optionalRef,
  type RecordField,
  type RecordVerb,
} from './records.js';

// The organisation's dictionaries, served by the record pattern (server: modules/org/dictionaries.ts).

const parentFilter = filter.eq('parentId', z.coerce.number().int().positive());
const linkedName = (label: readonly [string, string]): RecordField & { computed: true } => ({
  schema: z.string().nullable(),
  label,
  table: false,
  form: false,
  computed: true,
});
/** The generic page of the organisation's dictionaries. */
const dictPage = (resource: string) => `/admin/org/dict/${resource}`;

export const regionRecord = defineRecord({
  resource: 'dictregion',
  basePath: '/api-chain/dictregion',
  label: ['区域', 'Regions'],
  perm: 'org.region',
  codePrefix: 'QY',
  fields: dictionaryRecordFields({
    parentId: { schema: optionalRef, label: ['上级区域', 'Parent region'], table: false },
    parentName: linkedName(['上级区域', 'Parent region']),
  }),
  filters: { ...dictionaryFilters, parentId: parentFilter },
  verbs: dictionaryVerbs,
});

export const brandRecord = defineRecord({
  resource: 'brand',
  basePath: '/api-chain/brand',
  label: ['品牌', 'Brands'],
  perm: 'org.brand',
  codePrefix: 'PP',
  page: '/admin/org/brands',
  fields: dictionaryRecordFields({ logo: { schema: z.string().max(300).nullish(), label: ['标志', 'Logo'], type: 'image' } }),
  filters: dictionaryFilters,
  verbs: [...dictionaryVerbs, 'rootList', 'rootSave', 'getCode'],
  softDelete: true,
});

export const channelRecord = defineRecord({
  resource: 'channel',
  basePath: '/api-chain/channel',
  label: ['渠道', 'Channels'],
  perm: 'org.channel',
  codePrefix: 'QD',
  page: '/admin/org/channels',
  fields: dictionaryRecordFields(),
  filters: dictionaryFilters,
  verbs: [...dictionaryVerbs, 'rootList', 'rootSave', 'getCode'],
});

/** A plain dictionary of the 基础字典 menu (code, name, sort, status, memo). */
function plainDictionary(
  resource: string,
  label: readonly [string, string],
  codePrefix: string,
  verbs: readonly RecordVerb[] = dictionaryVerbs,
) {
  return defineRecord({
    resource,
    basePath: `/api-chain/${resource}`,
    label,
    perm: `org.dict.${resource}`,
    codePrefix,
    page: dictPage(resource),
    fields: dictionaryRecordFields(),
    filters: dictionaryFilters,
    verbs,
  });
}

/** The seed has no `updateStatus` for these: the status is changed in the form. */
const withoutStatusRoute = dictionaryVerbs.filter((v) => v !== 'updateStatus');

export const branchRecord = plainDictionary('branch', ['部门', 'Departments'], 'BM');
export const positionRecord = plainDictionary('position', ['职位', 'Positions'], 'ZW');

export const positionLevelRecord = defineRecord({
  resource: 'positionlevel',
  basePath: '/api-chain/positionlevel',
  label: ['职级', 'Position levels'],
  perm: 'org.dict.positionlevel',
  codePrefix: 'ZJ',
  page: dictPage('positionlevel'),
  fields: dictionaryRecordFields({
    positionId: {
      schema: z.number().int().positive(),
      label: ['所属职位', 'Position'],
      type: 'select',
      pick: { path: '/api-chain/position/list/all' },
      display: 'positionName',
      table: { width: 140 },
      form: { required: true },
    },
    positionName: linkedName(['所属职位', 'Position']),
  }),
  filters: { ...dictionaryFilters, positionId: filter.eq('positionId', z.coerce.number().int().positive()) },
  verbs: dictionaryVerbs,
});

export const serviceTypeRecord = plainDictionary('servicetype', ['服务类型', 'Service types'], 'FL');

/** Skill / commission levels of employees (技术等级, the seed's jfclevel). */
export const skillLevelRecord = plainDictionary('skilllevel', ['技术等级', 'Skill levels'], 'JN');

export const productCategoryRecord = defineRecord({
  resource: 'productcategory',
  basePath: '/api-chain/productcategory',
  label: ['产品分类', 'Product categories'],
  perm: 'org.dict.productcategory',
  codePrefix: 'CP',
  page: dictPage('productcategory'),
  tree: true,
  fields: dictionaryRecordFields({
    parentId: {
      schema: optionalRef,
      label: ['上级分类', 'Parent category'],
      type: 'select',
      pick: { path: '/api-chain/productcategory/list/allf' },
      display: 'parentName',
      table: false,
      form: { help: ['不选则为一级分类', 'Leave empty for a first-level category'] },
    },
    parentName: { ...linkedName(['上级分类', 'Parent category']), table: { width: 140 } },
  }),
  filters: { ...dictionaryFilters, parentId: parentFilter },
  verbs: dictionaryVerbs,
});

export const packageTypeRecord = plainDictionary('packagetype', ['套餐类型', 'Package types'], 'TC');
export const distChannelRecord = plainDictionary('distchannel', ['分销渠道', 'Distribution channels'], 'FX', withoutStatusRoute);
export const memberStatusRecord = plainDictionary('dictstatus', ['会员状态', 'Member statuses'], 'ZT', withoutStatusRoute);

export const memberGradeRecord = defineRecord({
  resource: 'dictgrade',
  basePath: '/api-chain/dictgrade',
  label: ['会员等级', 'Member grades'],
  perm: 'org.dict.dictgrade',
  codePrefix: 'DJ',
  page: dictPage('dictgrade'),
  fields: dictionaryRecordFields({
    discount: {
      schema: z.number().int().min(1).max(100).default(100),
      label: ['折扣(%)', 'Discount (%)'],
      type: 'percent',
      table: { width: 100, sortable: true },
      form: {
        required: true,
        initial: 100,
        min: 1,
        max: 100,
        help: ['会员消费按原价乘以该百分比结算，100 表示不打折', 'Members pay this percentage of the list price; 100 means no discount'],
      },
    },
  }),
  filters: dictionaryFilters,
  verbs: withoutStatusRoute,
});

/** The organisation's record types with a page of their own (brands and channels: 组织架构; the rest: 基础字典). */
export const orgRecords = [brandRecord, channelRecord];

/** The 基础字典 menu, in its order. */
export const orgDictionaryRecords = [
  branchRecord,
  positionRecord,
  positionLevelRecord,
  serviceTypeRecord,
  skillLevelRecord,
  productCategoryRecord,
  packageTypeRecord,
  distChannelRecord,
  memberStatusRecord,
  memberGradeRecord,
];
