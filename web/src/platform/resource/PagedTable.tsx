import type { Page } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../Empty';
import { http } from '../http';
import { usePageKeys } from './pageKeys';

export interface PagedTableProps<R> {
  /** GET answering a `Page<R>` (list, total, page, pageSize). */
  url: string;
  /** The fixed filters of this table (e.g. the shop a detail page shows). */
  params: Record<string, unknown>;
  columns: TableColumnsType<R>;
  rowKey: keyof R & string;
  empty?: ReactNode;
  pageSize?: number;
}

/**
 * A read-only page-by-page table of one list route under fixed filters: what a detail page shows of
 * the records linked to it (a shop's staff, its prices, its stock). The server applies permissions and
 * shop scope as on the list page.
 */
export function PagedTable<R extends object>({ url, params, columns, rowKey, empty, pageSize = 10 }: PagedTableProps<R>) {
  const [page, setPage] = useState(1);
  const keys = usePageKeys(JSON.stringify([url, params, pageSize]));
  const after = keys.afterFor(page);
  const q = useQuery({
    queryKey: [url, 'paged', params, page, pageSize, after],
    queryFn: ({ signal }) => http.get<Page<R>>(url, { ...params, page, pageSize, ...after }, { signal }),
    placeholderData: keepPreviousData,
  });
  const goTo = (to: number) => {
    keys.moveTo(to, q.data);
    setPage(to);
  };
  return (
    <Table<R>
      size="small"
      rowKey={rowKey}
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      columns={columns}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyState compact description={empty} /> }}
      pagination={
        (q.data?.total ?? 0) > pageSize
          ? { current: page, pageSize, total: q.data?.total, size: 'small', showSizeChanger: false, onChange: goTo }
          : false
      }
    />
  );
}
