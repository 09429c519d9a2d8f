import { PrinterOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import {
  REPORT_HEAD,
  REPORT_PATHS,
  type ReportColumn,
  type ReportColumnsAnswer,
  type ReportParamValues,
  reportColumnsAnswer,
  reportColumnsPath,
  reportDataAnswer,
  reportDataPath,
} from '@headoffice/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Popover, Space, Table, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { useTab } from '../../platform/pages';
import { ReplicaNotice } from '../../platform/ReplicaNotice';
import { ExportButton } from '../../platform/resource/ExportButton';
import { DetailGate } from '../../platform/results';
import { type FilterValue, type FilterValues, missingRequired, ReportFilters, toParams, valuesFromUrl } from './filters';
import { type ReportRow, type ReportSort, ROW_KEY, shownColumns, TotalsRow, tableColumns } from './table';
import './reports.css';

/** A paged report's first page size; a report not paged shows every row up to the most the server gives at once. */
const PAGE_SIZE = 20;
const ALL_ROWS = 500;

/** What the table asked the server for last: the filters as they were when 查询 was clicked, the page, the sort. */
interface Run {
  params: ReportParamValues;
  page: number;
  pageSize: number;
  sort: ReportSort | null;
}

const columnsKey = (code: string) => ['reports', 'columns', code] as const;

/** /admin/reports/run/:code — any report, run from its definition: its filters, its table, totals, print and export. */
export default function ReportRunPage() {
  const tab = useTab();
  const code = tab.params.code ?? '';
  const definition = useQuery({
    queryKey: columnsKey(code),
    queryFn: ({ signal }) => http.read(reportColumnsAnswer, reportColumnsPath(REPORT_HEAD), { code }, { signal, quiet: ['403', '404'] }),
  });
  const { setTitle } = tab;
  const name = definition.data?.head.name;
  useEffect(() => {
    if (name) setTitle(name);
  }, [name, setTitle]);
  // A link that gives filters (a chart's click) runs the report again with them, even in a tab open already;
  // coming back to the tab (its path without a query) keeps what it shows.
  const location = useLocation();
  const shown = location.pathname.replace(/\/+$/, '') === tab.key;
  const [given, setGiven] = useState(() => (shown ? location.search : ''));
  if (shown && location.search && location.search !== given) setGiven(location.search);
  return <DetailGate query={definition}>{(d) => <Runner key={given} definition={d} given={given} />}</DetailGate>;
}

function Runner({ definition, given }: { definition: ReportColumnsAnswer; given: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { head, columns } = definition;
  const code = head.code;
  const tab = useTab();
  // 打印 prints the report of the tab on screen only (app/global.css): the other tabs stay mounted
  const onScreen = useLocation().pathname.replace(/\/+$/, '') === tab.key;

  const firstPageSize = head.isPage ? PAGE_SIZE : ALL_ROWS;
  const [initial] = useState(() => valuesFromUrl(columns, given));
  const [values, setValues] = useState<FilterValues>(initial);
  /** The required filters a run was refused for, until they are given. */
  const [refused, setRefused] = useState<ReportColumn[]>([]);
  // A report that runs on open waits all the same for its required filters.
  // A report given filters by a link runs at once, as one that runs on open does.
  const [run, setRun] = useState<Run | null>(() =>
    (head.isAuto || Object.keys(initial).length > 0) && !missingRequired(columns, initial).length
      ? { params: toParams(columns, initial), page: 1, pageSize: firstPageSize, sort: null }
      : null,
  );
  // The column that names a row (the first, fixed ones coming first) is never hidden: a table needs one.
  const keyColumn = shownColumns(columns, [])[0]?.column.fieldName;
  // Columns a user hid stay hidden only while the report lets users choose: turned off, every column shows.
  const [hidden, setHidden] = useState<string[]>(() => (head.isUdiy ? definition.hidden.filter((name) => name !== keyColumn) : []));

  const data = useQuery({
    queryKey: ['reports', 'data', code, run],
    enabled: run !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const asked = run as Run;
      return http.read(
        reportDataAnswer,
        reportDataPath(REPORT_HEAD),
        {
          code,
          params: JSON.stringify(asked.params),
          page: asked.page,
          pageSize: asked.pageSize,
          columnOrder: asked.sort?.field,
          specification: asked.sort?.order,
        },
        { signal },
      );
    },
  });

  const saveLayout = useAction({
    run: ({ next }: { next: string[]; before: string[] }) => http.post(REPORT_PATHS.udiySave, { code, hidden: next }),
    // a page opened again later starts from the user's choice, not from the definition read before it
    done: (_, { next }) => {
      qc.setQueryData<ReportColumnsAnswer>(columnsKey(code), (old) => old && { ...old, hidden: next });
    },
    failed: (_, { before }) => setHidden(before),
  });
  const choose = (next: string[]) => {
    saveLayout.run({ next, before: hidden });
    setHidden(next);
  };

  const search = () => {
    const missing = missingRequired(columns, values);
    setRefused(missing);
    if (missing.length) return;
    const next: Run = { params: toParams(columns, values), page: 1, pageSize: run?.pageSize ?? firstPageSize, sort: run?.sort ?? null };
    // The same search again reads the report again (its data may have changed since).
    if (run && JSON.stringify(next) === JSON.stringify(run)) void data.refetch();
    else setRun(next);
  };
  const change = (fieldName: string, value: FilterValue) => {
    setValues((old) => ({ ...old, [fieldName]: value }));
    setRefused((old) => old.filter((c) => c.fieldName !== fieldName));
  };

  const leaves = useMemo(() => shownColumns(columns, hidden), [columns, hidden]);
  const answer = data.data;
  const rows = useMemo<ReportRow[]>(() => (answer?.rows ?? []).map((r, i) => ({ ...r, [ROW_KEY]: i })), [answer]);
  const capped = !head.isPage && answer !== undefined && answer.total > answer.rows.length;
  const separator = t('reports.run.listSeparator');

  // the tools sit with the filters when there are any: beside a long filter bar in the card's head they would cover it
  const tools = (
    <>
      {head.isUdiy && <ColumnChooser columns={columns} hidden={hidden} keyColumn={keyColumn} onChange={choose} />}
      {head.isPrint && (
        <Button icon={<PrinterOutlined />} disabled={!answer} onClick={() => window.print()}>
          {t('reports.run.print')}
        </Button>
      )}
      {head.isExcel && run && (
        <ExportButton
          path={REPORT_PATHS.export.replace(':code', encodeURIComponent(code))}
          params={{ params: JSON.stringify(run.params), columnOrder: run.sort?.field, specification: run.sort?.order }}
          fileName={head.name}
        />
      )}
    </>
  );
  const query = (
    <Button type="primary" icon={<SearchOutlined />} onClick={search}>
      {t('reports.run.query')}
    </Button>
  );

  return (
    <Card
      size="small"
      title={
        head.hideQuery ? (
          head.name
        ) : (
          <Space wrap data-testid="report-filters">
            <ReportFilters
              columns={columns}
              values={values}
              onChange={change}
              onRun={search}
              invalid={new Set(refused.map((c) => c.fieldName))}
            />
            {query}
            <Button
              onClick={() => {
                setValues({});
                setRefused([]);
              }}
            >
              {t('reports.run.reset')}
            </Button>
            {tools}
          </Space>
        )
      }
      extra={
        head.hideQuery ? (
          <Space>
            {query}
            {tools}
          </Space>
        ) : undefined
      }
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }} className={onScreen ? 'ho-report-print' : undefined}>
        <Typography.Title level={4} className="ho-report-print-title">
          {head.name}
        </Typography.Title>
        {head.status === 0 && <Alert type="warning" showIcon title={t('reports.run.disabled')} className="ho-report-screen-only" />}
        {refused.length > 0 && (
          <Alert
            type="warning"
            showIcon
            className="ho-report-screen-only"
            data-testid="report-required"
            title={t('reports.run.requiredFirst', { names: refused.map((c) => c.fieldTxt).join(separator) })}
          />
        )}
        {head.isContent && head.content && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="report-content">
            {head.content}
          </Typography.Paragraph>
        )}
        <ReplicaNotice source={answer?.source} testId="report-replica" />
        {capped && (
          <Alert
            type="info"
            showIcon
            title={t('reports.run.capped', { shown: answer.rows.length, total: answer.total })}
            className="ho-report-screen-only"
          />
        )}
        <Table<ReportRow>
          size="small"
          bordered
          rowKey={ROW_KEY}
          loading={data.isFetching}
          dataSource={rows}
          columns={tableColumns(leaves, run?.sort ?? null, tab.open)}
          scroll={{ x: 'max-content' }}
          locale={run === null ? { emptyText: t('reports.run.waiting') } : undefined}
          pagination={
            head.isPage && run
              ? {
                  current: run.page,
                  pageSize: run.pageSize,
                  total: answer?.total ?? 0,
                  showSizeChanger: true,
                  pageSizeOptions: [20, 50, 100, 200],
                  showTotal: (total) => t('common.total', { total }),
                }
              : false
          }
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const sort: ReportSort | null =
              one?.order && one.columnKey ? { field: String(one.columnKey), order: one.order === 'descend' ? 'DESC' : 'ASC' } : null;
            setRun((old) => {
              if (!old) return old;
              const pageSize = pagination.pageSize ?? old.pageSize;
              // A new sort or page size starts again at the first page.
              const restart = JSON.stringify(sort) !== JSON.stringify(old.sort) || pageSize !== old.pageSize;
              return { ...old, sort, pageSize, page: restart ? 1 : (pagination.current ?? old.page) };
            });
          }}
          summary={
            head.isSummary && answer?.totals
              ? () => <TotalsRow leaves={leaves} totals={answer.totals ?? {}} label={t('reports.run.total')} />
              : undefined
          }
          data-testid="report-table"
        />
      </Space>
    </Card>
  );
}

/** The columns a user sees of this report, chosen here and kept for them by the server. */
function ColumnChooser({
  columns,
  hidden,
  keyColumn,
  onChange,
}: {
  columns: ReportColumn[];
  hidden: string[];
  keyColumn: string | undefined;
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title={t('reports.run.columnsHelp')}
      content={
        <Space
          orientation="vertical"
          size={4}
          data-testid="report-column-chooser"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          {columns
            .filter((c) => c.isShow)
            .map((c) => (
              <Checkbox
                key={c.fieldName}
                checked={!hidden.includes(c.fieldName)}
                disabled={c.fieldName === keyColumn}
                onChange={(e) => onChange(e.target.checked ? hidden.filter((name) => name !== c.fieldName) : [...hidden, c.fieldName])}
              >
                {c.fieldTxt}
              </Checkbox>
            ))}
        </Space>
      }
    >
      <Tooltip title={t('reports.run.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('reports.run.columns')} data-testid="report-columns" />
      </Tooltip>
    </Popover>
  );
}
