import { Tag } from 'antd';
import { t } from '../../platform/i18n';
import type { ResourceDef } from '../../platform/resource/types';
import { dictionaryFields } from './fields';
import type { DictRow } from './types';

/** The organisation dictionaries served by the one generic page /admin/org/dict/:entity. */
export const DICT_ENTITIES = [
  'branch',
  'position',
  'positionlevel',
  'servicetype',
  'productcategory',
  'packagetype',
  'distchannel',
  'dictstatus',
  'dictgrade',
  'skilllevel',
  'roletype',
] as const;
export type DictEntity = (typeof DICT_ENTITIES)[number];

export const isDictEntity = (v: string): v is DictEntity => (DICT_ENTITIES as readonly string[]).includes(v);

export interface DictDef {
  entity: DictEntity;
  def: ResourceDef<DictRow, 'keyword' | 'level'>;
  /** Tree table built from the full list by parentId (product categories). */
  tree?: boolean;
}

/** These three have no updateStatus route (as in the seed): status is changed in the form. */
const NO_STATUS_ROUTE: DictEntity[] = ['distchannel', 'dictstatus', 'dictgrade'];

/** Dictionaries served outside /api-chain or guarded by another module's permission. */
const ELSEWHERE: Partial<Record<DictEntity, { base: string; perm: string }>> = {
  roletype: { base: '/api-user/roletype', perm: 'identity.roletype.edit' },
};

function base(
  entity: DictEntity,
  extras: ResourceDef<DictRow, 'keyword' | 'level'>['fields'] = [],
): ResourceDef<DictRow, 'keyword' | 'level'> {
  const B = ELSEWHERE[entity]?.base ?? `/api-chain/${entity}`;
  return {
    key: `dict-${entity}`,
    title: `dict.${entity}`,
    basePath: B,
    listPath: `${B}/list`,
    savePath: `${B}/save`,
    nextCodePath: `${B}/getMaxId`,
    updateStatusPath: NO_STATUS_ROUTE.includes(entity) ? false : `${B}/updateStatus`,
    exportPath: `${B}/export`,
    editPerm: ELSEWHERE[entity]?.perm ?? `org.dict.${entity}.edit`,
    sendVersion: true,
    fields: dictionaryFields<DictRow, 'level'>({ extras }),
  };
}

function make(entity: DictEntity): DictDef {
  switch (entity) {
    case 'positionlevel':
      return {
        entity,
        def: base(entity, [
          {
            key: 'positionId',
            title: 'dict.positionId',
            type: 'select',
            options: { kind: 'remote', url: '/api-chain/position/list/all' },
            table: { width: 140, display: 'positionName' },
            search: true,
            form: { required: true },
          },
        ]),
      };
    case 'productcategory':
      return {
        entity,
        tree: true,
        def: base(entity, [
          {
            key: 'level',
            title: 'dict.level',
            table: {
              width: 90,
              render: (r) => (r.parentId ? <Tag>{t('dict.level2')}</Tag> : <Tag color="blue">{t('dict.level1')}</Tag>),
            },
            form: false,
          },
          {
            key: 'parentId',
            title: 'dict.parentId',
            type: 'select',
            options: { kind: 'remote', url: '/api-chain/productcategory/list/allf' },
            table: false,
            form: { help: 'dict.parentHelp', visible: (_v, row) => !row?.children?.length },
          },
        ]),
      };
    case 'dictgrade':
      return {
        entity,
        def: base(entity, [
          {
            key: 'discount',
            title: 'dict.discount',
            type: 'percent',
            table: { width: 100, sorter: true },
            form: { required: true, initial: 100, min: 1, max: 100, help: 'dict.discountHelp' },
          },
        ]),
      };
    default:
      return { entity, def: base(entity) };
  }
}

export const DICTS: Record<DictEntity, DictDef> = Object.fromEntries(DICT_ENTITIES.map((e) => [e, make(e)])) as Record<DictEntity, DictDef>;
