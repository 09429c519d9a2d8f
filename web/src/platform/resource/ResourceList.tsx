import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  StopOutlined,
  UpOutlined,
} from '@ant-design/icons';
import type { Page } from '@headoffice/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Popconfirm, Row, Space, Table, type TableColumnsType, type TableProps, Tooltip, Typography } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../action';
import { usePermission } from '../auth';
import { EmptyState } from '../Empty';
import { http, isApiError } from '../http';
import { ForbiddenResult } from '../results';
import { filtersToUrl, useListUrlState } from '../tabs/urlState';
import { useColumnChoice } from './ColumnChooser';
import { renderValue, StatusSwitch } from './cells';
import { ExportButton } from './ExportButton';
import { FieldInput } from './FieldInput';
import { usePageKeys } from './pageKeys';
import { ResourceForm } from './ResourceForm';
import { SearchButtons } from './SearchButtons';
import { fitTitle } from './titleWidth';
import { pagerTotal, type TotalInfo, totalText } from './total';
import type { BaseRow, ResourceDef } from './types';
import { fromSearchParams, searchFields, toSearchParams, typeOf } from './values';

type Values = Record<string, unknown>;
type ListPage<R> = Page<R> & TotalInfo;

/** List queries asked for during a list's first render (→ when), which that list has not mounted with yet. */
const askedEarly = new WeakMap<object, number>();
const EARLY_MS = 10_000;

/** Filters shown before "more filters" when a list has many. */
const FOLDED_FILTERS = 5;

export interface ListContext<R> {
  openCreate: (initial?: Values) => void;
  openEdit: (row: R) => void;
  selected: R[];
  clearSelection: () => void;
  params: Values;
  canEdit: boolean;
  refetch: () => void;
}

export interface ResourceListProps<R extends BaseRow, X extends string> {
  def: ResourceDef<R, X>;
  /** Filters the page fixes (not shown in the search form), e.g. the region picked in a tree. */
  fixedParams?: Values;
  /** Values a new record starts with. */
  createDefaults?: Values;
  hideSearch?: boolean;
  title?: ReactNode;
  toolbar?: (ctx: ListContext<R>) => ReactNode;
  rowActions?: (row: R, ctx: ListContext<R>) => ReactNode;
  /** Show checkboxes even without batch status (e.g. to move shops). */
  selectable?: boolean;
  /** Tree mode: the whole filtered list nested by `parentId`; no paging. */
  tree?: boolean;
  actionsWidth?: number;
  pageSize?: number;
  /** Page-level border: false inside another card. */
  bordered?: boolean;
  /** Expandable rows (e.g. a log entry's detail). */
  expandable?: TableProps<R>['expandable'];
  /** Replace the default "new" button (e.g. when creating needs a picked parent first). */
  hideCreate?: boolean;
  /** false: the search, sort and page are not kept in the page's URL (a second list on the page). */
  urlState?: boolean;
  /** The search a list starts with when its URL names none (this month's bills), as query parameters. */
  initialFilters?: Values;
  /** A line above the table made from the page's answer (the sums of every matching row). */
  summary?: (answer: Values) => ReactNode;
}

/** Nest rows by `parentId` (rows whose parent is not in the list become roots). */
export function nestByParent<R extends BaseRow>(rows: R[]): R[] {
  const byId = new Map<number, R & { children?: R[] }>();
  for (const r of rows) byId.set(r.id, { ...r });
  const roots: R[] = [];
  for (const r of byId.values()) {
    const parentId = (r as unknown as { parentId?: number | null }).parentId;
    const parent = parentId ? byId.get(parentId) : undefined;
    if (parent) {
      parent.children = [...(parent.children ?? []), r];
    } else roots.push(r);
  }
  return roots;
}

/** Every page of a list (bounded): for small trees shown whole. */
async function fetchAll<R>(path: string, params: Values, signal: AbortSignal): Promise<{ list: R[]; total: number }> {
  const list: R[] = [];
  let total = 0;
  for (let page = 1; page <= 25; page++) {
    const p = await http.get<Page<R>>(path, { ...params, page, pageSize: 200 }, { signal, quiet: ['403'] });
    total = p.total;
    list.push(...p.list);
    if (!p.list.length || list.length >= p.total) break;
  }
  return { list, total };
}

function collectKeys<R extends BaseRow>(rows: R[]): number[] {
  const out: number[] = [];
  for (const r of rows) {
    const kids = (r as unknown as { children?: R[] }).children;
    if (Array.isArray(kids) && kids.length) out.push(r.id, ...collectKeys(kids));
  }
  return out;
}

/**
 * The list page of a resource: search form, server-paged and sorted table, toolbar (new, batch status,
 * export) and row actions (edit in a drawer, status switch, delete). One column spec drives it all.
 */
export function ResourceList<R extends BaseRow, X extends string = never>(props: ResourceListProps<R, X>) {
  const { def, fixedParams, createDefaults, hideSearch, title, toolbar, rowActions, selectable, tree } = props;
  const { t } = useTranslation();
  const qc = useQueryClient();
  const can = usePermission();
  const canEdit = !def.readOnly && can(def.editPerm);
  const [searchForm] = Form.useForm();
  // search, sort and page live in the URL too, so a refresh or a shared link shows the same list
  const [fromUrl, writeUrl] = useListUrlState(props.urlState !== false);
  const [filters, setFilters] = useState<Values>(() =>
    Object.keys(fromUrl.filters).length ? fromUrl.filters : (props.initialFilters ?? {}),
  );
  const [page, setPage] = useState(fromUrl.page ?? 1);
  const [pageSize, setPageSize] = useState(fromUrl.pageSize ?? props.pageSize ?? 20);
  const [sort, setSort] = useState<string | undefined>(fromUrl.sort ?? def.defaultSort);
  const searchInitial = useMemo(
    () =>
      fromSearchParams(
        def,
        Object.keys(fromUrl.filters).length ? fromUrl.filters : ((props.initialFilters ?? {}) as Record<string, string>),
      ),
    [def, fromUrl, props.initialFilters],
  );
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<R[]>([]);
  const [editing, setEditing] = useState<{ row: R | null; initial?: Values } | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [moreFilters, setMoreFilters] = useState(false);

  const fixedKey = JSON.stringify(fixedParams ?? {});
  const shownFixed = useRef(fixedKey);
  // a new fixed filter (another region) starts from the first page with nothing selected
  useEffect(() => {
    if (shownFixed.current === fixedKey) return;
    shownFixed.current = fixedKey;
    setPage(1);
    setSelectedKeys([]);
    setSelectedRows([]);
  }, [fixedKey]);

  useEffect(() => {
    writeUrl({ filters: filtersToUrl(filters), page, pageSize, sort }, { pageSize: props.pageSize ?? 20, sort: def.defaultSort });
  }, [writeUrl, filters, page, pageSize, sort, props.pageSize, def.defaultSort]);

  const params: Values = tree
    ? { sort: sort ?? 'sort,code', ...filters, ...fixedParams }
    : { page, pageSize, sort, ...filters, ...fixedParams };
  const listPath = def.listPath ?? def.basePath;
  // The next page from the page before is read from that page's key (`after`); the URL keeps the page number.
  const pageKeys = usePageKeys(JSON.stringify([listPath, pageSize, sort, filters, fixedParams ?? {}]));
  const after = tree ? {} : pageKeys.afterFor(page);

  const listQuery = queryOptions<ListPage<R>>({
    queryKey: [def.key, tree ? 'tree' : 'list', params, after],
    queryFn: ({ signal }) =>
      tree
        ? fetchAll<R>(listPath, params, signal).then((r) => ({ ...r, page: 1, pageSize: r.list.length }))
        : http.get<Page<R>>(listPath, { ...params, ...after }, { signal, quiet: ['403'] }),
  });
  // The first render of a list page is long (search form, table): the rows are asked for as it starts,
  // not once it is on screen, when nothing is cached yet. That answer is not asked for again on mount
  // (a render React starts over finds it cached and marked); after the mount the query is as before.
  const cached = () => qc.getQueryCache().find({ queryKey: listQuery.queryKey, exact: true });
  const shown = useRef(false);
  if (!shown.current && !cached()) {
    void qc.prefetchQuery(listQuery);
    const asked = cached();
    if (asked) askedEarly.set(asked, Date.now());
  }
  const askedAt = shown.current ? undefined : askedEarly.get(cached() ?? {});
  const early = askedAt !== undefined && Date.now() - askedAt < EARLY_MS;
  const list = useQuery({ ...listQuery, placeholderData: keepPreviousData, refetchOnMount: !early, retryOnMount: !early });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    shown.current = true;
    const asked = cached();
    if (asked) askedEarly.delete(asked);
  }, []);

  const treeRows = useMemo(() => (tree ? nestByParent(list.data?.list ?? []) : null), [tree, list.data]);

  useEffect(() => {
    if (treeRows) setExpanded(collectKeys(treeRows));
  }, [treeRows]);

  const refetch = () => void list.refetch();
  const clearSelection = () => {
    setSelectedKeys([]);
    setSelectedRows([]);
  };
  const ctx: ListContext<R> = {
    openCreate: (initial) => setEditing({ row: null, initial: { ...createDefaults, ...initial } }),
    openEdit: (row) => setEditing({ row }),
    selected: selectedRows,
    clearSelection,
    params,
    canEdit,
    refetch,
  };

  const statusChange = useAction<{ ids: number[]; status: 0 | 1; key: string }>({
    run: ({ ids, status, key }) => {
      const batch = key.startsWith('batch');
      const path = batch ? (def.batchStatusPath ?? def.updateStatusPath) : def.updateStatusPath;
      return http.post(path || '', def.statusBody ? def.statusBody(ids, status, batch) : { ids, status });
    },
    success: (_r, { status }) => (status ? t('common.enabledDone') : t('common.disabledDone')),
    invalidates: [def],
    done: (_r, { key }) => {
      if (key.startsWith('batch')) clearSelection();
    },
  });
  const setStatus = (ids: number[], status: 0 | 1, key: string) => {
    if (def.updateStatusPath) void statusChange.run({ ids, status, key });
  };
  const statusBusy = (key: string) => statusChange.busyFor((v) => v.key === key);

  // 409 (the record is used elsewhere): shown by the client
  const removal = useAction<R>({
    run: (row) => http.del(def.deletePath ? def.deletePath(row.id) : `${def.basePath}/${row.id}`),
    success: 'common.deleted',
    invalidates: [def],
    done: (_r, row) => {
      if (!tree && list.data && list.data.list.length === 1 && page > 1) setPage(page - 1);
      setSelectedKeys((k) => k.filter((x) => x !== row.id));
      setSelectedRows((rows) => rows.filter((x) => x.id !== row.id));
    },
  });

  const search = (values: Values) => {
    setFilters(toSearchParams(def, values));
    setPage(1);
    clearSelection();
  };

  const sortOrderOf = (key: string) => (sort === key ? ('ascend' as const) : sort === `-${key}` ? ('descend' as const) : null);

  const tableFields = def.fields.filter((f) => f.table !== false);
  const fieldColumns: TableColumnsType<R> = tableFields.map((f) => {
    const col = f.table || {};
    const type = typeOf(f);
    const title = t(f.title);
    return {
      key: f.key,
      dataIndex: f.key,
      title,
      width: fitTitle(col.width, title, !!col.sorter && !tree),
      fixed: col.fixed,
      ellipsis: col.ellipsis || type === 'textarea' ? { showTitle: false } : undefined,
      align: col.align ?? (type === 'money' || type === 'number' || type === 'percent' ? 'right' : undefined),
      sorter: tree ? undefined : col.sorter,
      sortOrder: col.sorter && !tree ? sortOrderOf(f.key) : undefined,
      render: (_: unknown, row: R) =>
        type === 'status' && def.updateStatusPath && canEdit && !col.render ? (
          <StatusSwitch
            field={f}
            value={row.status}
            loading={statusBusy(`s${row.id}`)}
            onChange={(s) => setStatus([row.id], s, `s${row.id}`)}
          />
        ) : (
          renderValue(f, row)
        ),
    };
  });
  // The first column names the row and a fixed one is there to stay in view: neither may be hidden.
  const { columns: chosenColumns, chooser } = useColumnChoice(
    def.key,
    fieldColumns,
    tableFields.map((f, i) => {
      const col = f.table || {};
      return { key: f.key, title: t(f.title), optional: !!col.optional, locked: i === 0 || !!col.fixed };
    }),
  );
  const columns: TableColumnsType<R> = [...chosenColumns];

  const showEdit = canEdit;
  const showDelete = canEdit && def.deletePath !== false;
  const editable = (row: R) => !def.rowEditable || def.rowEditable(row);
  const deletable = (row: R) => !def.rowDeletable || def.rowDeletable(row);
  if (rowActions || showEdit || showDelete) {
    columns.push({
      key: '__actions',
      title: t('common.actions'),
      fixed: 'right',
      width: props.actionsWidth ?? 140,
      render: (_: unknown, row: R) => (
        <Space size={0} wrap={false}>
          {rowActions?.(row, ctx)}
          {showEdit && editable(row) ? (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => ctx.openEdit(row)}>
              {t('common.edit')}
            </Button>
          ) : null}
          {showDelete && deletable(row) ? (
            <Popconfirm
              title={t('common.deleteConfirm', { name: def.rowName?.(row) ?? (row as unknown as { name?: string }).name ?? '' })}
              okText={t('common.delete')}
              okButtonProps={{ danger: true }}
              onConfirm={() => removal.run(row)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });
  }

  const onTableChange: TableProps<R>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? String(s.columnKey ?? s.field ?? '') : '';
    const next = key ? (s?.order === 'descend' ? `-${key}` : key) : def.defaultSort;
    if (next !== sort) {
      setSort(next);
      setPage(1);
      return;
    }
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPage(1);
    } else if (pagination.current) {
      pageKeys.moveTo(pagination.current, list.data);
      setPage(pagination.current);
    }
  };

  if (isApiError(list.error) && list.error.status === 403) return <ForbiddenResult />;

  const sFields = searchFields(def);
  const collapsible = sFields.length > FOLDED_FILTERS + 1;
  const batchStatus = canEdit && !!def.updateStatusPath;
  const withSelection = batchStatus || !!selectable;
  const name = t(def.title);

  const searchCard =
    hideSearch || !sFields.length ? null : (
      <Card size="small" className="ho-search" style={{ marginBottom: 12 }} variant={props.bordered === false ? 'borderless' : 'outlined'}>
        <Form form={searchForm} initialValues={searchInitial} onFinish={search} layout="horizontal" labelCol={{ flex: '84px' }} labelWrap>
          <Row gutter={16}>
            {sFields.map((f, i) => (
              <Col
                key={f.key}
                xs={24}
                sm={12}
                lg={8}
                xxl={6}
                style={collapsible && !moreFilters && i >= FOLDED_FILTERS ? { display: 'none' } : undefined}
              >
                <Form.Item name={f.key as string} label={t(f.title)} style={{ marginBottom: 12 }}>
                  <FieldInput field={f} mode="search" />
                </Form.Item>
              </Col>
            ))}
            <Col flex="auto" style={{ textAlign: 'right', marginBottom: 12 }}>
              <Space>
                {collapsible ? (
                  <Button type="link" onClick={() => setMoreFilters(!moreFilters)} style={{ paddingInline: 4 }}>
                    {moreFilters ? t('common.lessFilters') : t('common.moreFilters')}
                    {moreFilters ? <UpOutlined /> : <DownOutlined />}
                  </Button>
                ) : null}
                <SearchButtons
                  onReset={() => {
                    searchForm.resetFields();
                    search({});
                  }}
                />
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>
    );

  return (
    <>
      {searchCard}
      <Card
        size="small"
        variant={props.bordered === false ? 'borderless' : 'outlined'}
        title={title ?? <Typography.Text strong>{t('common.listOf', { name })}</Typography.Text>}
        extra={
          <Space wrap>
            {selectedRows.length ? (
              <Typography.Text type="secondary">{t('common.selectedN', { count: selectedRows.length })}</Typography.Text>
            ) : null}
            {batchStatus ? (
              <>
                <Button
                  icon={<CheckCircleOutlined />}
                  disabled={!selectedRows.length}
                  loading={statusBusy('batch1')}
                  onClick={() =>
                    setStatus(
                      selectedRows.map((r) => r.id),
                      1,
                      'batch1',
                    )
                  }
                >
                  {t('common.batchEnable')}
                </Button>
                <Button
                  icon={<StopOutlined />}
                  disabled={!selectedRows.length}
                  loading={statusBusy('batch0')}
                  onClick={() =>
                    setStatus(
                      selectedRows.map((r) => r.id),
                      0,
                      'batch0',
                    )
                  }
                >
                  {t('common.batchDisable')}
                </Button>
              </>
            ) : null}
            {toolbar?.(ctx)}
            {def.exportPath ? <ExportButton path={def.exportPath} params={params} fileName={t(def.title)} /> : null}
            {chooser}
            <Tooltip title={t('common.refresh')}>
              <Button
                icon={<ReloadOutlined />}
                onClick={refetch}
                loading={list.isFetching && !list.isLoading}
                aria-label={t('common.refresh')}
              />
            </Tooltip>
            {canEdit && !props.hideCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => ctx.openCreate()}>
                {t('common.create')}
              </Button>
            ) : null}
          </Space>
        }
      >
        {props.summary && list.data ? props.summary(list.data as unknown as Values) : null}
        <Table<R>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={treeRows ?? list.data?.list ?? []}
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState /> }}
          onChange={onTableChange}
          expandable={tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (k) => setExpanded([...k]) } : props.expandable}
          rowSelection={
            withSelection
              ? {
                  selectedRowKeys: selectedKeys,
                  preserveSelectedRowKeys: true,
                  checkStrictly: true,
                  onChange: (keys, rows) => {
                    setSelectedKeys(keys);
                    setSelectedRows(rows.filter(Boolean));
                  },
                }
              : undefined
          }
          pagination={
            tree
              ? false
              : {
                  current: page,
                  pageSize,
                  total: pagerTotal(list.data),
                  showSizeChanger: true,
                  showQuickJumper: true,
                  pageSizeOptions: [10, 20, 50, 100],
                  showTotal: (total) => totalText(total, list.data, t),
                }
          }
        />
      </Card>
      <ResourceForm
        def={def}
        open={!!editing}
        row={editing?.row ?? null}
        initialValues={editing?.initial}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
