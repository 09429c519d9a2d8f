import { EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type BillDef,
  type BillFieldDef,
  type BillOptions,
  type BillRowOf,
  type BillTransitionDef,
  billBatchResult,
  billPath,
} from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, List, Modal, Row, Segmented, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../auth';
import { companyToday } from '../clock';
import { http, isApiError } from '../http';
import { notify } from '../notify';
import { useTab } from '../pages';
import { ImportModal } from '../resource/ImportModal';
import { ResourceList } from '../resource/ResourceList';
import type { BaseRow, FieldSpec, FieldType, OptionSource, ResourceDef } from '../resource/types';
import { BillSums, RowActions } from './BillActions';
import { BillForm, type BillFormSlots, nounOf } from './BillForm';
import { asTitle, billTextKeys, fixedOptions, pickLabel, remoteOptions, useLabel } from './labels';
import { BillStateTag, invalidateBills, LinesSummary, productField, useBillsChanged } from './parts';
import { LocationSelect, locationParams, PICKER_PATHS } from './pickers';

type Values = Record<string, unknown>;
export type ListRow = BaseRow & Values;

const FIELD_TYPES: Partial<Record<BillFieldDef['kind'], FieldType>> = {
  number: 'number',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
  textarea: 'textarea',
};

/** A definition's options as the generic list's option source (labels in the page's language). */
function optionSource(options: BillOptions | undefined, lang: string): OptionSource | undefined {
  const remote = remoteOptions(options);
  if (remote) return { kind: 'remote', url: remote.url, value: remote.value, label: remote.label, params: remote.params };
  const fixed = fixedOptions(options);
  if (!fixed) return undefined;
  const items = Object.entries(fixed).map(([value, l]) => ({ value, label: pickLabel(l, lang) }));
  return { kind: 'static', raw: true, items };
}

/**
 * The generic list's definition of a bill type: its columns (display fields, money, dates, the state
 * as its coloured tag, the first column opening the bill, the lines in short), its filters but the
 * state (tabs) and the location (a picker beside the buttons), sorting where the definition allows it.
 */
export function billListDef(
  def: BillDef,
  lang: string,
  open: (id: number) => void,
  render: Partial<Record<string, (row: ListRow) => ReactNode>> = {},
): ResourceDef<ListRow, string> {
  const keys = billTextKeys(def);
  const fields: FieldSpec<ListRow, string>[] = [];
  const columns = Object.entries(def.headFields).filter(([, f]) => f.column);
  const product = productField(def);
  const withLines = !!product && 'lines' in def.row.shape;
  const firstTotal = columns.findIndex(([, f]) => f.kind === 'number' || f.kind === 'money');
  columns.forEach(([key, f], i) => {
    if (withLines && i === firstTotal) {
      fields.push({
        key: 'lines',
        title: 'bill.linesSummary',
        table: { width: LinesSummary.width, render: (row) => <LinesSummary def={def} lines={(row.lines ?? []) as Values[]} /> },
        form: false,
      });
    }
    const display = f.column?.display;
    const own = render[key];
    const options = fixedOptions(f.options);
    const empty = f.empty;
    const cell = own
      ? own
      : i === 0
        ? (row: ListRow) => <Typography.Link onClick={() => open(row.id)}>{String(row[key] ?? '')}</Typography.Link>
        : key === 'state'
          ? (row: ListRow) => <BillStateTag def={def} state={String(row.state)} />
          : options
            ? (row: ListRow) => {
                const l = options[String(row[key])];
                return l ? pickLabel(l, lang) : String(row[key] ?? '');
              }
            : display
              ? // a display name, else the field's own text (a counterpart typed by hand rather than a shop)
                (row: ListRow) => String(row[display] ?? row[key] ?? '')
              : empty
                ? // what an empty value means (no member: 散客)
                  (row: ListRow) => String(row[key] ?? '') || pickLabel(empty, lang)
                : undefined;
    fields.push({
      key,
      title: keys.head(key),
      type: FIELD_TYPES[f.kind],
      table: {
        width: f.column?.width,
        sorter: f.column?.sortable,
        optional: f.column?.optional,
        fixed: i === 0 ? 'left' : undefined,
        ellipsis: !!display,
        render: cell,
      },
      form: false,
    });
  });

  for (const [name, filter] of Object.entries(def.filterFields)) {
    if (filter.hidden || filter.kind === 'state' || filter.kind === 'location' || filter.kind === 'shop') continue;
    const [param, to] = filter.keys;
    const search =
      filter.kind === 'dateRange' ? { type: 'dateRange' as const, range: [param, to ?? param] as [string, string] } : { param };
    const options =
      filter.kind === 'product'
        ? ({ kind: 'remote', url: PICKER_PATHS.products, value: 'id', label: 'name' } as const)
        : optionSource(filter.options, lang);
    const type: FieldType = filter.kind === 'dateRange' ? 'dateRange' : filter.kind === 'text' ? 'text' : 'select';
    const column = fields.find((f) => f.key === name);
    if (column) Object.assign(column, { search, options, type: column.type ?? type });
    else fields.push({ key: name, title: keys.filter(name), type, options, table: false, search, form: false });
  }

  return {
    // One type's bills may be listed by several pages (the till's service, package and card bills).
    key: `bill-${def.basePath}`,
    title: keys.type,
    basePath: def.basePath,
    listPath: billPath(def, def.paths.list[0] ?? ''),
    deletePath: false,
    updateStatusPath: false,
    exportPath: def.paths.export ? billPath(def, def.paths.export) : false,
    readOnly: true,
    fields,
  };
}

/** The query a list starts with: the date ranges that begin at this month (`initial: 'thisMonth'`). */
function initialFilters(def: BillDef): Values {
  const today = companyToday();
  const start: Values = {};
  for (const f of Object.values(def.filterFields))
    if (f.initial === 'thisMonth' && f.keys.length === 2) {
      start[f.keys[0]] = today.startOf('month').format('YYYY-MM-DD');
      start[f.keys[1]] = today.format('YYYY-MM-DD');
    }
  return start;
}

/** A batch transition's button: asks (and for a reason where one is needed), then shows what was done and what failed. */
function BatchButton({
  def,
  name,
  transition,
  ids,
  done,
}: {
  def: BillDef;
  name: string;
  transition: BillTransitionDef;
  ids: number[];
  done: () => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ memo: string }>();
  const action = asTitle(label(transition.label));

  const run = async (memo?: string) => {
    if (!transition.batchPath) return;
    setBusy(true);
    try {
      const result = await http.send(billBatchResult, billPath(def, transition.batchPath), { ids, memo }, { once: true });
      notify.modal.info({
        title: t('bill.batchResult', { action, done: result.done.length, failed: result.failed.length }),
        width: 560,
        className: 'ho-batch-result',
        content: (
          <>
            {result.done.length ? (
              <Typography.Paragraph>
                <Typography.Text strong>{t('bill.batchDone')}: </Typography.Text>
                {result.done.map((d) => d.billNo ?? d.id).join('、')}
              </Typography.Paragraph>
            ) : null}
            {result.failed.length ? (
              <List
                size="small"
                header={<Typography.Text strong>{t('bill.batchFailed')}</Typography.Text>}
                dataSource={result.failed}
                renderItem={(f) => (
                  <List.Item>
                    <Typography.Text>{f.billNo ?? f.id}</Typography.Text>
                    <Typography.Text type="danger">{f.message}</Typography.Text>
                  </List.Item>
                )}
              />
            ) : null}
          </>
        ),
      });
      done();
      setAsking(false);
      form.resetFields();
    } catch (e) {
      if (!isApiError(e)) throw e;
    } finally {
      setBusy(false);
      await invalidateBills(qc);
    }
  };

  const start = () => {
    if (transition.memoRequired) setAsking(true);
    else
      notify.modal.confirm({
        title: t('bill.batchConfirm', { action, count: ids.length }),
        okButtonProps: { danger: !!transition.confirm },
        onOk: () => run(),
      });
  };

  return (
    <>
      <Button disabled={!ids.length} loading={busy} danger={!!transition.memoRequired || !!transition.confirm} onClick={start}>
        {t('bill.batch', { action })}
      </Button>
      <Modal
        open={asking}
        title={t('bill.batchConfirm', { action, count: ids.length })}
        okText={action}
        okButtonProps={{ danger: true, loading: busy }}
        onCancel={() => setAsking(false)}
        destroyOnHidden
        data-transition={name}
        onOk={async () => {
          const v = await form.validateFields().catch(() => null);
          if (v) await run(v.memo);
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="memo"
            label={t('bill.memoOf', { action })}
            rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: t('bill.memoOf', { action: '' }) }) }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('bill.memoPh')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export interface BillListProps<D extends BillDef> {
  def: D;
  /** What the page fixes beside the definition's filters (the shop picked in a tree). */
  fixedParams?: Values;
  /** The module's own panel beside the list (a region/shop tree with counts). */
  aside?: ReactNode;
  /** How a column shows a field where the module links it elsewhere. */
  render?: Partial<Record<string, (row: BillRowOf<D>) => ReactNode>>;
  /** What the module adds to the form of a new bill. */
  form?: BillFormSlots<BillRowOf<D>>;
}

/**
 * The list page of any bill type: state tabs, the definition's filters, sortable columns, batch
 * transitions on the selected bills, export of the current filter, and a new bill for who may edit;
 * it follows its bills' changes as they are announced.
 */
export function BillList<D extends BillDef>({ def, fixedParams, aside, render, form }: BillListProps<D>) {
  const { t, i18n } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const label = useLabel();
  const qc = useQueryClient();
  const [state, setState] = useState<string>('all');
  const [location, setLocation] = useState<number | undefined>();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const canImport = !!def.paths.import && can(`${def.perm}.edit`);
  const { open } = tab;
  const lang = i18n.language;
  const listDef = useMemo(
    () =>
      billListDef(
        def,
        lang,
        (id) => open(`${def.webPath}/${id}`),
        render as Partial<Record<string, (row: ListRow) => ReactNode>> | undefined,
      ),
    [def, lang, open, render],
  );
  const shown = Object.values(def.filterFields).filter((f) => !f.hidden);
  const locationFilter = shown.find((f) => f.kind === 'location' || f.kind === 'shop');
  const stateFilter = shown.find((f) => f.kind === 'state');
  const batches = Object.entries(def.transitions).filter(([, tr]) => tr.batchPath && can(tr.perm));
  const start = useMemo(() => initialFilters(def), [def]);
  useBillsChanged(def.docType, () => void qc.invalidateQueries({ queryKey: [listDef.key] }));
  const onRows = Object.values(def.actions ?? {}).some((a) => a.onRows);
  const params: Values = {
    ...(stateFilter && state !== 'all' ? { [stateFilter.keys[0]]: state } : {}),
    ...(locationFilter ? locationParams(location) : {}),
    ...fixedParams,
  };

  const list = (
    <ResourceList<ListRow, string>
      def={listDef}
      fixedParams={params}
      hideCreate
      selectable={batches.length > 0}
      actionsWidth={onRows ? 150 : 90}
      initialFilters={start}
      summary={def.sums ? (answer) => <BillSums def={def} answer={answer} /> : undefined}
      title={
        stateFilter ? (
          <Segmented
            className="ho-state-tabs"
            value={state}
            onChange={(v) => setState(String(v))}
            options={[
              { value: 'all', label: t('bill.allStates') },
              ...Object.entries(def.states).map(([value, s]) => ({ value, label: label(s.label) })),
            ]}
          />
        ) : undefined
      }
      toolbar={(ctx) => (
        <>
          {locationFilter ? (
            <LocationSelect
              value={location}
              onChange={setLocation}
              allowClear
              withWarehouse={locationFilter.kind === 'location'}
              placeholder={locationFilter.kind === 'location' ? t('bill.allLocations') : label(locationFilter.label)}
              style={{ width: 200 }}
            />
          ) : null}
          {batches.map(([name, tr]) => (
            <BatchButton key={name} def={def} name={name} transition={tr} ids={ctx.selected.map((r) => r.id)} done={ctx.clearSelection} />
          ))}
          {canImport ? (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('importer.button')}
            </Button>
          ) : null}
          {def.paths.save.length && can(`${def.perm}.edit`) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('bill.create', { label: nounOf(def.label, lang) })}
            </Button>
          ) : null}
        </>
      )}
      rowActions={(row) => (
        <>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => open(`${def.webPath}/${row.id}`)}>
            {t('common.detail')}
          </Button>
          {onRows ? <RowActions def={def} row={row} /> : null}
        </>
      )}
    />
  );

  return (
    <>
      {aside ? (
        <Row gutter={12} wrap={false} style={{ alignItems: 'flex-start' }}>
          <Col flex="250px" style={{ minWidth: 220 }}>
            {aside}
          </Col>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {list}
          </Col>
        </Row>
      ) : (
        list
      )}
      {def.paths.save.length ? (
        <BillForm
          def={def}
          open={creating}
          onClose={() => setCreating(false)}
          onSaved={(id) => open(`${def.webPath}/${id}`)}
          slots={form as BillFormSlots}
        />
      ) : null}
      {canImport && def.paths.import ? (
        <ImportModal
          open={importing}
          onClose={() => setImporting(false)}
          entity={billTextKeys(def).type}
          templatePath={billPath(def, 'excelTemplate')}
          templateMethod="GET"
          importPath={billPath(def, def.paths.import)}
          onDone={() => void invalidateBills(qc)}
        />
      ) : null}
    </>
  );
}
