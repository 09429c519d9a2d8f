import type { StockReasonRow } from '@headoffice/contract';
import type { ResourceDef } from '../../platform/resource/types';
import { STOCK } from './api';

/** In/out reasons (dictinout): the dictionary pattern plus direction and kind. */
export const reasonDef: ResourceDef<StockReasonRow> = {
  key: 'stock-reasons',
  title: 'stock.reasons.title',
  basePath: STOCK.reasons,
  updateStatusPath: `${STOCK.reasons}/updateStatus`,
  editPerm: 'stock.reason.edit',
  sendVersion: true,
  defaultSort: 'sort',
  fields: [
    { key: 'code', title: 'common.code', table: { width: 110 }, search: true, form: { required: true, maxLength: 32 } },
    { key: 'name', title: 'common.name', table: { width: 160 }, search: true, form: { required: true, maxLength: 64 } },
    {
      key: 'direction',
      title: 'stock.reasons.direction',
      type: 'select',
      options: {
        kind: 'static',
        items: [
          { value: 1, label: 'stock.reasons.in', color: 'green' },
          { value: 2, label: 'stock.reasons.out', color: 'orange' },
        ],
      },
      table: { width: 90 },
      search: true,
      form: { required: true, initial: 1, disabledOnEdit: true },
    },
    {
      key: 'kind',
      title: 'stock.reasons.kind',
      type: 'select',
      options: {
        kind: 'static',
        items: [
          { value: 'purchase', label: 'stock.reasons.kinds.purchase' },
          { value: 'transfer', label: 'stock.reasons.kinds.transfer', color: 'blue' },
          { value: 'use', label: 'stock.reasons.kinds.use' },
          { value: 'loss', label: 'stock.reasons.kinds.loss', color: 'red' },
          { value: 'return', label: 'stock.reasons.kinds.return' },
          { value: 'order', label: 'stock.reasons.kinds.order', color: 'cyan' },
          { value: 'count', label: 'stock.reasons.kinds.count' },
          { value: 'other', label: 'stock.reasons.kinds.other' },
        ],
      },
      table: { width: 100 },
      search: true,
      form: { required: true, initial: 'other' },
    },
    { key: 'sort', title: 'common.sort', type: 'number', table: { width: 80, sorter: true }, form: { initial: 0, min: 0 } },
    { key: 'status', title: 'common.status', type: 'status', table: { width: 90 }, search: true, form: { initial: 1 } },
    { key: 'memo', title: 'common.memo', type: 'textarea', table: { ellipsis: true }, form: { span: 24, maxLength: 500 } },
  ],
};
