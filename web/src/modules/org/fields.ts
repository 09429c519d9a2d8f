import type { DictionaryRow } from '@headoffice/contract';
import type { FieldSpec } from '../../platform/resource/types';

/**
 * The fields every dictionary shares — code, name, sort, status, memo — around the entity's own extras.
 * `keyword` is a search-only field.
 */
export function dictionaryFields<R extends DictionaryRow, X extends string = never>(
  opts: { code?: string; name?: string; extras?: FieldSpec<R, X | 'keyword'>[]; codeEditable?: boolean } = {},
): FieldSpec<R, X | 'keyword'>[] {
  return [
    {
      key: 'keyword',
      title: 'common.keyword',
      table: false,
      form: false,
      search: { placeholder: 'common.keywordPh' },
    },
    {
      key: 'code' as Extract<keyof R, string>,
      title: opts.code ?? 'common.code',
      table: { width: 120, sorter: true },
      form: { required: true, maxLength: 32 },
    },
    {
      key: 'name' as Extract<keyof R, string>,
      title: opts.name ?? 'common.name',
      table: { width: 180, sorter: true },
      form: { required: true, maxLength: 64 },
    },
    ...(opts.extras ?? []),
    {
      key: 'sort' as Extract<keyof R, string>,
      title: 'common.sort',
      type: 'number',
      table: { width: 90, sorter: true },
      form: { initial: 0, min: 0, max: 99999 },
    },
    {
      key: 'status' as Extract<keyof R, string>,
      title: 'common.status',
      type: 'status',
      table: { width: 100 },
      search: true,
      form: { initial: 1 },
    },
    {
      key: 'memo' as Extract<keyof R, string>,
      title: 'common.memo',
      type: 'textarea',
      table: { width: 220, ellipsis: true },
      form: { maxLength: 500 },
    },
    {
      key: 'updatedAt' as Extract<keyof R, string>,
      title: 'common.updatedAt',
      type: 'datetime',
      table: { width: 150, sorter: true },
      form: false,
    },
  ];
}
