import type { Label, ReportSource } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useLabel } from '../bills/labels';
import { companyDateTime, companyToday, DATE_FORMATS } from '../clock';
import { ReplicaNotice } from '../ReplicaNotice';
import { fitTitle } from '../resource/titleWidth';
import { ShopSelect } from '../shops';

/**
 * One input of a list page's filter bar. The shop sends `shopid`, the business days `dateFrom` and
 * `dateTo`, the keyword `keyword`, a select its `param`. Placeholders are texts already translated.
 */
export type FilterField =
  | { kind: 'shop'; placeholder: string }
  /** One of the values a contract names (a status), by their labels. */
  | { kind: 'select'; param: string; placeholder: string; width: number; labels: Record<number, Label> }
  /** `month`: this month so far, never empty; otherwise empty (all days) until picked, either end open. */
  | { kind: 'days'; month?: boolean }
  | { kind: 'keyword'; placeholder: string; width: number; enterButton?: string };

/** From and to; an open end (from a day on, up to a day) is null. */
type Days = [Dayjs | null, Dayjs | null] | null;
type Values = Record<string, string | number | Days | undefined>;

export interface Filters {
  fields: FilterField[];
  values: Values;
  set: (key: string, value: Values[string]) => void;
  /** What the list routes are asked with (empty inputs left out). */
  params: Record<string, string | number | undefined>;
}

const keyOf = (f: FilterField) => (f.kind === 'select' ? f.param : f.kind === 'shop' ? 'shopid' : f.kind);

/** The filters of a list page: their values and the query parameters they make. */
export function useFilters(fields: FilterField[]): Filters {
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      fields.filter((f) => f.kind === 'days' && f.month).map((f) => [keyOf(f), [companyToday().startOf('month'), companyToday()] as Days]),
    ),
  );
  const params: Filters['params'] = {};
  for (const f of fields) {
    const v = values[keyOf(f)];
    if (f.kind === 'days') {
      const days = v as Days | undefined;
      params.dateFrom = days?.[0]?.format('YYYY-MM-DD');
      params.dateTo = days?.[1]?.format('YYYY-MM-DD');
    } else params[keyOf(f)] = (v as string | number | undefined) || undefined;
  }
  return { fields, values, params, set: (key, value) => setValues((old) => ({ ...old, [key]: value })) };
}

/** The filter bar: the inputs of the fields in their order, then whatever the page adds (a button). */
export function FilterBar({ filters, children }: { filters: Filters; children?: ReactNode }) {
  const { values, set } = filters;
  const label = useLabel();
  return (
    <Space wrap>
      {filters.fields.map((f) => {
        const key = keyOf(f);
        switch (f.kind) {
          case 'shop':
            return (
              <ShopSelect
                key={key}
                value={values[key] as number | undefined}
                onChange={(v) => set(key, v ?? undefined)}
                allowClear
                placeholder={f.placeholder}
              />
            );
          case 'select':
            return (
              <Select
                key={key}
                allowClear
                style={{ width: f.width }}
                placeholder={f.placeholder}
                value={values[key] as number | undefined}
                onChange={(v) => set(key, v ?? undefined)}
                options={Object.entries(f.labels).map(([value, l]) => ({ value: Number(value), label: label(l) }))}
              />
            );
          case 'days':
            return (
              <DatePicker.RangePicker
                key={key}
                value={values[key] as Days}
                format={DATE_FORMATS}
                allowClear={!f.month}
                // a month's days have both ends; other days may leave one open (a typed start alone: from it on)
                allowEmpty={f.month ? undefined : [true, true]}
                onChange={(v) => {
                  const [from, to] = [v?.[0] ?? null, v?.[1] ?? null];
                  if (f.month) {
                    if (from && to) set(key, [from, to]);
                  } else set(key, from || to ? [from, to] : null);
                }}
              />
            );
          default:
            return (
              <Input.Search
                key={key}
                allowClear
                placeholder={f.placeholder}
                style={{ width: f.width }}
                enterButton={f.enterButton}
                onSearch={(v) => set(key, v.trim())}
              />
            );
        }
      })}
      {children}
    </Space>
  );
}

interface PageAnswer<R> {
  list: R[];
  total: number;
}

/** A list read page by page under the filters; a change of the filters starts again at the first page. */
export function usePaged<A extends PageAnswer<object>>(
  key: readonly unknown[],
  filters: Record<string, unknown>,
  read: (params: Record<string, unknown>) => Promise<A>,
  pageSize = 20,
) {
  const filterKey = JSON.stringify(filters);
  const [at, setAt] = useState({ filterKey, page: 1 });
  const page = at.filterKey === filterKey ? at.page : 1;
  const params = { ...filters, page, pageSize };
  const query = useQuery({ queryKey: [...key, params], queryFn: () => read(params) });
  return { query, params, page, pageSize, setPage: (to: number) => setAt({ filterKey, page: to }) };
}

export type Paged<A extends PageAnswer<object>> = ReturnType<typeof usePaged<A>>;

/** The table of a paged list: small, server-paged, scrolling sideways past `scrollX`. */
export function ListTable<R extends object>({
  paged,
  columns,
  scrollX,
  rowKey = 'id' as keyof R & string,
  title,
}: {
  paged: Paged<PageAnswer<R>>;
  columns: TableColumnsType<R>;
  scrollX?: number;
  rowKey?: keyof R & string;
  title?: string;
}) {
  const { query, page, pageSize, setPage } = paged;
  return (
    <Table<R>
      size="small"
      rowKey={rowKey}
      title={title === undefined ? undefined : () => title}
      loading={query.isLoading}
      dataSource={query.data?.list}
      scroll={scrollX === undefined ? undefined : { x: scrollX }}
      pagination={{ current: page, pageSize, total: query.data?.total, onChange: setPage, showSizeChanger: false }}
      columns={columns.map((c) => ('width' in c ? { ...c, width: fitTitle(c.width, c.title, !!c.sorter) } : c))}
    />
  );
}

/**
 * A list page's card: the filter bar as its title, the page's buttons on the right, the line of totals
 * (when the answer has come) above what the page shows in it.
 */
export function ListCard({
  filters,
  bar,
  extra,
  totals,
  source,
  children,
}: {
  filters: Filters;
  /** Added to the filter bar after the inputs. */
  bar?: ReactNode;
  extra?: ReactNode;
  /** The totals of what counts; `apart`: what counts in no total (refunded, revoked), each shown as a tag beside them. */
  totals?: { testId: string; text?: string | null; apart?: (string | null | false | undefined)[] };
  /** Where a list read where reports read says it was read: a replica's lag is told beside the totals. */
  source?: ReportSource | null;
  children: ReactNode;
}) {
  const apart = (totals?.apart ?? []).filter((text): text is string => !!text);
  const replica = source?.replica ? source : undefined;
  return (
    <Card size="small" title={<FilterBar filters={filters}>{bar}</FilterBar>} extra={extra}>
      {(totals?.text || replica) && (
        <Typography.Paragraph type="secondary">
          {totals?.text && <span data-testid={totals.testId}>{totals.text}</span>}
          {apart.map((text) => (
            <Tag key={text} style={{ marginInlineStart: 8 }} data-testid={`${totals?.testId}-apart`}>
              {text}
            </Tag>
          ))}
          {replica && (
            <span style={totals?.text ? { marginInlineStart: 12 } : undefined}>
              <ReplicaNotice source={replica} testId="list-replica" />
            </span>
          )}
        </Typography.Paragraph>
      )}
      {children}
    </Card>
  );
}

/** A date and time of an answer as the lists show it, on the company's clock: `2026-03-04 09:30`. */
export const atMinute = (v: string | null) => companyDateTime(v);
