import { z } from 'zod';
import { shiftColors, shiftTime } from './attendance.js';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, filter, type RecordRow, shopRecordFields } from './records.js';

/**
 * Shifts (班次, the seed's `checkclass`): a shop's working times. The end may be earlier than the
 * start: the shift then crosses midnight and ends the next day. Each shift of a shop has its own
 * colour in the schedule grid (`getMaxColor` proposes an unused one).
 */
export const shiftRecord = defineRecord({
  resource: 'checkclass',
  basePath: '/api-pers/checkclass',
  label: ['班次', 'Shifts'],
  perm: 'attendance.shift',
  codePrefix: 'BC',
  page: '/admin/attendance/shifts',
  fields: dictionaryRecordFields({
    ...shopRecordFields(160, { required: true, disabledOnEdit: true }),
    startTime: {
      schema: shiftTime,
      label: ['上班时间', 'Starts'],
      type: 'time',
      table: { width: 100 },
      form: { required: true, initial: '10:00' },
    },
    endTime: {
      schema: shiftTime,
      label: ['下班时间', 'Ends'],
      type: 'time',
      table: { width: 100 },
      form: {
        required: true,
        help: ['早于上班时间表示次日下班（跨夜班）', 'Earlier than the start: the shift ends the next day'],
        initial: '19:00',
      },
    },
    color: {
      schema: z.enum(shiftColors.map((c) => c.value) as [string, ...string[]]),
      label: ['颜色', 'Colour'],
      type: 'select',
      options: shiftColors.map((c) => ({ value: c.value, label: c.label, color: c.value })),
      table: { width: 100 },
      form: { required: true, initial: shiftColors[0].value },
    },
  }),
  filters: { ...dictionaryFilters, shopId: filter.eq('shopId', z.coerce.number().int().positive()) },
  verbs: ['list', 'list/all', 'getMaxId', 'save', 'updateStatus', 'delete', 'export'],
  defaultSort: 'sort',
});

/** A shift as the API answers it. */
export type ShiftRow = RecordRow<typeof shiftRecord>;
