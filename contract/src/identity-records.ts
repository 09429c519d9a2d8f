import { defineRecord, dictionaryFilters, dictionaryRecordFields, dictionaryVerbs } from './records.js';

/** Role types (总部, 门店, 财务...), shown on the organisation's dictionary page. */
export const roleTypeRecord = defineRecord({
  resource: 'roletype',
  basePath: '/api-user/roletype',
  label: ['角色类型', 'Role types'],
  perm: 'identity.roletype',
  codePrefix: 'JS',
  page: '/admin/org/dict/roletype',
  fields: dictionaryRecordFields(),
  filters: dictionaryFilters,
  verbs: dictionaryVerbs,
});
