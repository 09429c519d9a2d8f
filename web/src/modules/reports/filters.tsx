import { type ReportColumn, type ReportDict, type ReportParamValues, reportDictAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS } from '../../platform/clock';
import { http } from '../../platform/http';
import { yuanToCents } from '../../platform/money';

/** How a filter is typed, from its column's settings. */
export type FilterKind = 'select' | 'dateRange' | 'numberRange' | 'date' | 'number' | 'text';

export function filterKind(column: ReportColumn): FilterKind {
  const dated = column.fieldType === 'date' || column.fieldType === 'datetime';
  const counted = column.fieldType === 'number' || column.fieldType === 'money' || column.fieldType === 'percent';
  if (column.fieldType === 'select' && column.dict) return 'select';
  if (column.isRange && dated) return 'dateRange';
  if (column.isRange && counted) return 'numberRange';
  if (dated) return 'date';
  if (counted) return 'number';
  return 'text';
}

type DayPair = [Dayjs | null, Dayjs | null];
type NumberPair = [number | null, number | null];
export type FilterValue = string | number | Dayjs | DayPair | NumberPair | null | undefined;
export type FilterValues = Record<string, FilterValue>;

const isDayPair = (v: FilterValue): v is DayPair => Array.isArray(v) && v.some((x) => x !== null && typeof x === 'object');

/** A number as the SQL compares it: money is typed in yuan and stored in cents. */
function numberParam(column: ReportColumn, n: number | null | undefined): string {
  if (n === null || n === undefined) return '';
  return String(column.fieldType === 'money' ? yuanToCents(n) : n);
}

const dayParam = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

/** The filters' values as the runner sends them (`params`): a range as a pair (either end may be empty), empty filters left out. */
export function toParams(columns: ReportColumn[], values: FilterValues): ReportParamValues {
  const params: ReportParamValues = {};
  for (const column of columns.filter((c) => c.isSearch)) {
    const value = values[column.fieldName];
    if (value === null || value === undefined || value === '') continue;
    const kind = filterKind(column);
    if (kind === 'dateRange' && isDayPair(value)) {
      const pair: [string, string] = [dayParam(value[0]), dayParam(value[1])];
      if (pair[0] || pair[1]) params[column.fieldName] = pair;
    } else if (kind === 'numberRange' && Array.isArray(value)) {
      const [from, to] = value as NumberPair;
      const pair: [string, string] = [numberParam(column, from), numberParam(column, to)];
      if (pair[0] || pair[1]) params[column.fieldName] = pair;
    } else if (kind === 'date' && typeof value === 'object' && !Array.isArray(value)) params[column.fieldName] = dayParam(value);
    else if (kind === 'number' && typeof value === 'number') params[column.fieldName] = numberParam(column, value);
    else if (typeof value === 'string' && value.trim()) params[column.fieldName] = value.trim();
  }
  return params;
}

/**
 * The filters a link gave in the page's query (`?day=2026-12-01,2026-12-01&shop_id=3`, a chart's click): a range
 * as its two ends, a day as `YYYY-MM-DD`; values a filter cannot take are left out.
 */
export function valuesFromUrl(columns: ReportColumn[], search: string): FilterValues {
  const query = new URLSearchParams(search);
  const values: FilterValues = {};
  const day = (text: string | undefined) => (text && dayjs(text, 'YYYY-MM-DD', true).isValid() ? dayjs(text, 'YYYY-MM-DD') : null);
  const num = (text: string | undefined) => (text !== undefined && text !== '' && Number.isFinite(Number(text)) ? Number(text) : null);
  for (const column of columns.filter((c) => c.isSearch)) {
    const given = query.get(column.fieldName);
    if (given === null || given === '') continue;
    const [from, to] = given.split(',');
    const kind = filterKind(column);
    if (kind === 'dateRange') values[column.fieldName] = [day(from), day(to ?? from)];
    else if (kind === 'numberRange') values[column.fieldName] = [num(from), num(to)];
    else if (kind === 'date') values[column.fieldName] = day(given);
    else if (kind === 'number') values[column.fieldName] = num(given);
    else values[column.fieldName] = given;
  }
  return values;
}

/** The required filters (`isNonull`) left empty; a range needs at least one end. */
export function missingRequired(columns: ReportColumn[], values: FilterValues): ReportColumn[] {
  const given = toParams(columns, values);
  return columns.filter((c) => c.isSearch && c.isNonull && given[c.fieldName] === undefined);
}

/** A choice filter's options: GET of the dict's path, whose answer is a list or a page's `list`. */
function useDictOptions(dict: ReportDict) {
  return useQuery({
    queryKey: ['reports', 'dict', dict.url, dict.label, dict.value],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const data = await http.read(reportDictAnswer, dict.url, undefined, { signal });
      const rows = Array.isArray(data) ? data : data.list;
      return rows.map((row) => ({
        label: String(row[dict.label] ?? ''),
        value: String(row[dict.value] ?? ''),
      }));
    },
  });
}

function DictSelect({
  dict,
  value,
  onChange,
  placeholder,
  invalid,
}: {
  dict: ReportDict;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  placeholder: string;
  invalid: boolean;
}) {
  const options = useDictOptions(dict);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 180 }}
      placeholder={placeholder}
      aria-label={placeholder}
      status={invalid ? 'error' : undefined}
      loading={options.isLoading}
      options={options.data ?? []}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/**
 * The report's filters, one input per column marked `isSearch`, in the columns' order. A required one says so
 * in its placeholder and turns red when a run was asked without it. Enter in a text filter runs the report.
 */
export function ReportFilters({
  columns,
  values,
  onChange,
  onRun,
  invalid,
}: {
  columns: ReportColumn[];
  values: FilterValues;
  onChange: (fieldName: string, value: FilterValue) => void;
  onRun: () => void;
  /** The required filters a run was refused for. */
  invalid: Set<string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {columns
        .filter((c) => c.isSearch)
        .map((column) => {
          const name = column.fieldName;
          const placeholder = column.isNonull ? t('reports.run.required', { name: column.fieldTxt }) : column.fieldTxt;
          const status = invalid.has(name) ? ('error' as const) : undefined;
          const value = values[name];
          const set = (v: FilterValue) => onChange(name, v);
          switch (filterKind(column)) {
            case 'select':
              return (
                <DictSelect
                  key={name}
                  dict={column.dict as ReportDict}
                  value={value as string | undefined}
                  onChange={set}
                  placeholder={placeholder}
                  invalid={!!status}
                />
              );
            case 'dateRange':
              return (
                <DatePicker.RangePicker
                  key={name}
                  format={DATE_FORMATS}
                  allowEmpty={[true, true]}
                  placeholder={[`${placeholder} ${t('reports.run.from')}`, t('reports.run.to')]}
                  aria-label={placeholder}
                  status={status}
                  value={(value as DayPair | undefined) ?? null}
                  onChange={(v) => set(v && (v[0] || v[1]) ? [v[0] ?? null, v[1] ?? null] : null)}
                />
              );
            case 'numberRange': {
              const [from, to] = (value as NumberPair | undefined) ?? [null, null];
              const money = column.fieldType === 'money';
              return (
                <Space.Compact key={name}>
                  <InputNumber
                    style={{ width: 130 }}
                    placeholder={`${placeholder} ${t('reports.run.from')}`}
                    aria-label={`${placeholder} ${t('reports.run.from')}`}
                    status={status}
                    precision={money ? 2 : undefined}
                    prefix={money ? '¥' : undefined}
                    value={from}
                    onChange={(v) => set([v ?? null, to])}
                  />
                  <InputNumber
                    style={{ width: 110 }}
                    placeholder={t('reports.run.to')}
                    aria-label={`${placeholder} ${t('reports.run.to')}`}
                    status={status}
                    precision={money ? 2 : undefined}
                    prefix={money ? '¥' : undefined}
                    value={to}
                    onChange={(v) => set([from, v ?? null])}
                  />
                </Space.Compact>
              );
            }
            case 'date':
              return (
                <DatePicker
                  key={name}
                  format={DATE_FORMATS}
                  placeholder={placeholder}
                  aria-label={placeholder}
                  status={status}
                  value={(value as Dayjs | undefined) ?? null}
                  onChange={(v) => set(v ?? null)}
                />
              );
            case 'number':
              return (
                <InputNumber
                  key={name}
                  style={{ width: 150 }}
                  placeholder={placeholder}
                  aria-label={placeholder}
                  status={status}
                  precision={column.fieldType === 'money' ? 2 : undefined}
                  prefix={column.fieldType === 'money' ? '¥' : undefined}
                  value={value as number | undefined}
                  onChange={(v) => set(v ?? null)}
                />
              );
            default:
              return (
                <Input
                  key={name}
                  allowClear
                  style={{ width: 160 }}
                  placeholder={placeholder}
                  aria-label={placeholder}
                  status={status}
                  value={(value as string | undefined) ?? ''}
                  onChange={(e) => set(e.target.value)}
                  onPressEnter={onRun}
                />
              );
          }
        })}
    </>
  );
}
