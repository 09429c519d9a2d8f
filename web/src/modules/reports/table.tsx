import type { ReportColumn, ReportFieldType } from '@headoffice/contract';
import { Table, type TableColumnsType, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { companyDate, companyDateTime } from '../../platform/clock';
import { formatMoney } from '../../platform/money';
import { fitTitle } from '../../platform/resource/titleWidth';

/** A row of a report's answer, with the key the table needs (a name no report column can have: they are lower-case words). */
export type ReportRow = Record<string, unknown> & { 'row#': number };
export const ROW_KEY = 'row#';

/** Widths of a column the definition leaves unsized, by what it holds. */
const DEFAULT_WIDTH: Record<ReportFieldType, number> = {
  text: 140,
  number: 100,
  money: 120,
  percent: 90,
  date: 110,
  datetime: 150,
  select: 120,
};

/**
 * At most this much of the table stays fixed at the left: at 1366×768 the page holds about 1,100 px of table,
 * and fixed columns wider than about a third of it would leave too little room to scroll the others through.
 */
const MAX_FIXED_WIDTH = 400;

const RIGHT_ALIGNED = new Set<ReportFieldType>(['number', 'money', 'percent']);

/** A day as the app shows it: a date text stays as it is, a moment is its day on the company's clock. */
function dayOf(v: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  return /(Z|[+-]\d\d:?\d\d)$/.test(v) ? companyDate(new Date(v)) : v.slice(0, 10);
}

/** A value of a report's cell as the app shows that kind: money in cents as ¥1,234.50, moments on the company's clock. */
export function formatCell(type: ReportFieldType, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (type) {
    case 'money':
      return formatMoney(Number(v));
    case 'percent':
      return `${String(v)}%`;
    case 'date':
      return dayOf(String(v));
    case 'datetime':
      return companyDateTime(String(v));
    default:
      return String(v);
  }
}

const widthOf = (c: ReportColumn) => c.fieldWidth ?? DEFAULT_WIDTH[c.fieldType];

/**
 * The columns the table shows, in order: those marked `isShow` and not hidden by the user, the fixed ones first
 * (a fixed column after others would scroll them under it), fixed only up to `MAX_FIXED_WIDTH`.
 */
export function shownColumns(columns: ReportColumn[], hidden: readonly string[]): { column: ReportColumn; fixed: boolean }[] {
  const shown = columns.filter((c) => c.isShow && !hidden.includes(c.fieldName));
  const ordered = [...shown.filter((c) => c.isFixed), ...shown.filter((c) => !c.isFixed)];
  let fixedWidth = 0;
  return ordered.map((column) => {
    const fixed = column.isFixed && fixedWidth + widthOf(column) <= MAX_FIXED_WIDTH;
    if (fixed) fixedWidth += widthOf(column);
    return { column, fixed };
  });
}

/** The sort the table shows: one column, ascending or descending. */
export interface ReportSort {
  field: string;
  order: 'ASC' | 'DESC';
}

/** The page a cell's link opens for this row: `:name` takes the row's value; none when a value is missing. */
export function linkOf(link: string | null, row: Record<string, unknown>): string | null {
  if (!link) return null;
  let missing = false;
  const path = link.replace(/:([a-z_][a-z0-9_]*)/g, (_, name: string) => {
    const value = row[name];
    if (value === null || value === undefined || value === '') missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? null : path;
}

/** The table's columns: neighbours under the same `fieldGroup` go under one heading; a linked cell opens its page. */
export function tableColumns(
  leaves: { column: ReportColumn; fixed: boolean }[],
  sort: ReportSort | null,
  open: (path: string) => void = () => undefined,
): TableColumnsType<ReportRow> {
  const leaf = ({ column, fixed }: { column: ReportColumn; fixed: boolean }) => {
    const sortOrder: SortOrder = sort?.field === column.fieldName ? (sort.order === 'DESC' ? 'descend' : 'ascend') : null;
    return {
      key: column.fieldName,
      dataIndex: column.fieldName,
      title: column.fieldTxt,
      width: fitTitle(widthOf(column), column.fieldTxt, column.isOrder),
      fixed: fixed ? ('left' as const) : undefined,
      align: RIGHT_ALIGNED.has(column.fieldType) ? ('right' as const) : undefined,
      sorter: column.isOrder,
      sortOrder: column.isOrder ? sortOrder : undefined,
      render: (v: unknown, row: ReportRow) => {
        const text = formatCell(column.fieldType, v);
        const path = text ? linkOf(column.link, row) : null;
        return path ? (
          <Typography.Link
            href={path}
            onClick={(e) => {
              e.preventDefault();
              open(path);
            }}
          >
            {text}
          </Typography.Link>
        ) : (
          text
        );
      },
    };
  };
  const out: TableColumnsType<ReportRow> = [];
  // the heading the last column went under, while the next may join it
  let group = null as { title: string; fixed: boolean; children: ReturnType<typeof leaf>[] } | null;
  for (const entry of leaves) {
    const heading = entry.column.fieldGroup;
    if (heading && group?.title === heading && group.fixed === entry.fixed) {
      group.children.push(leaf(entry));
      continue;
    }
    if (heading) {
      group = { title: heading, fixed: entry.fixed, children: [leaf(entry)] };
      out.push({
        key: `group:${heading}:${out.length}`,
        title: heading,
        fixed: entry.fixed ? 'left' : undefined,
        children: group.children,
      });
    } else {
      group = null;
      out.push(leaf(entry));
    }
  }
  return out;
}

/** The totals line under the table: the sums of every matching row (not the page's), 合计 in the first column without one. */
export function TotalsRow({
  leaves,
  totals,
  label,
}: {
  leaves: { column: ReportColumn }[];
  totals: Record<string, number>;
  label: ReactNode;
}) {
  const labelAt = leaves.findIndex(({ column }) => totals[column.fieldName] === undefined);
  return (
    <Table.Summary.Row data-testid="report-totals">
      {leaves.map(({ column }, i) => {
        const total = totals[column.fieldName];
        return (
          <Table.Summary.Cell key={column.fieldName} index={i} align={RIGHT_ALIGNED.has(column.fieldType) ? 'right' : undefined}>
            <Typography.Text strong>
              {total !== undefined ? formatCell(column.fieldType, total) : i === labelAt ? label : null}
            </Typography.Text>
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );
}
