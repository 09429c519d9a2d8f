import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import {
  type BillAfterFieldDef,
  type BillDef,
  type BillDetailOf,
  type BillFieldDef,
  billDetailSchema,
  billPath,
  type Label,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Form,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../auth';
import { http, isApiError } from '../http';
import { formatMoney } from '../money';
import { notify } from '../notify';
import { useTab } from '../pages';
import { formatDateTime } from '../resource/cells';
import { ForbiddenResult, NotFoundResult } from '../results';
import { actionViews, runBillAction } from './BillActions';
import { BillForm, type BillFormSlots, HeadInput, toFormValue, toWireValue } from './BillForm';
import { LineImage } from './LinesEditor';
import { asTitle, fixedOptions, useLabel } from './labels';
import { ActionButtons, BillLog, BillStateTag, ChangedElsewhere, invalidateBills } from './parts';

type Values = Record<string, unknown>;

/** Something that reads a detail answer: the type's detail schema. */
interface DetailSchema<T> {
  parse(data: unknown): T;
}

/** A head or line value as the detail shows it. */
function shownValue(field: BillFieldDef, row: Values, key: string, label: (l: Label) => string): ReactNode {
  const display = field.column?.display;
  const v = display ? (row[display] ?? row[key]) : row[key];
  if (v === null || v === undefined || v === '') return field.empty ? label(field.empty) : '—';
  switch (field.kind) {
    case 'money':
      return formatMoney(v as number);
    case 'datetime':
      return formatDateTime(v);
    case 'select': {
      const l = fixedOptions(field.options)?.[String(v)];
      return l ? label(l) : String(v);
    }
    case 'image':
      return <LineImage value={String(v)} alt={label(field.label)} />;
    default:
      return String(v);
  }
}

/** An after-approval field's editor: a modal with the input of its kind; the change is logged by the server. */
function AfterFieldButton({
  def,
  name,
  field,
  bill,
  onDone,
}: {
  def: BillDef;
  name: string;
  field: BillAfterFieldDef;
  bill: { id: number; version: number } & Values;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ value: unknown }>();
  const title = t('bill.changeField', { label: label(field.label) });
  const current = bill[name];
  return (
    <>
      <Button onClick={() => setOpen(true)} data-field={name}>
        {title}
      </Button>
      <Modal
        open={open}
        title={title}
        okButtonProps={{ loading: busy }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields().catch(() => null);
          if (!v) return;
          setBusy(true);
          try {
            await http.post(
              billPath(def, field.path),
              { id: bill.id, version: bill.version, value: toWireValue(field, v.value) },
              { once: true },
            );
            notify.message.success(t('common.saved'));
            setOpen(false);
          } catch (e) {
            if (!isApiError(e)) throw e;
          } finally {
            setBusy(false);
            await onDone();
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ value: toFormValue(field, current) }}>
          <Form.Item name="value" label={label(field.label)} rules={[{ required: true }]}>
            <HeadInput field={field} required />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export interface BillDetailProps<D extends BillDef, T extends BillDetailOf<D>> {
  def: D;
  /** How the detail answer is read; default: the definition's (`billDetailSchema`). */
  schema?: DetailSchema<T>;
  /** The module's own head items (links to the bills it is tied to). */
  items?: (bill: T) => DescriptionsProps['items'];
  /** How a head field shows where the module links it elsewhere. */
  render?: Partial<Record<string, (bill: T) => ReactNode>>;
  /** What the module adds to the form when the bill is edited. */
  form?: BillFormSlots<T>;
  /** The module's own parts of the bill, after its lines (a till bill's payments and performance). */
  extra?: (bill: T) => ReactNode;
}

/**
 * One bill of any type: its head fields, lines, the bill log, the transitions the user may take now,
 * the after-approval fields they may still change, and a warning when someone else changes it.
 */
export function BillDetail<D extends BillDef, T extends BillDetailOf<D>>({
  def,
  schema,
  items,
  render,
  form,
  extra,
}: BillDetailProps<D, T>) {
  const { t } = useTranslation();
  const label = useLabel();
  const tab = useTab();
  const qc = useQueryClient();
  const can = usePermission();
  const id = tab.params.id ?? '';
  const [editing, setEditing] = useState(false);
  const detailSchema = (schema ?? billDetailSchema(def)) as DetailSchema<T>;
  const q = useQuery({
    // by the type's calls: the till's bill read as a service, package or card bill offers each list's own actions
    queryKey: ['bill', def.basePath, id],
    queryFn: ({ signal }) =>
      http.read(detailSchema, billPath(def, def.paths.detail.replace(':id', id)), undefined, { signal, quiet: ['403', '404'] }),
  });
  const bill = q.data as (T & Values & { id: number; version: number; billNo: string; state: string }) | undefined;
  const { setTitle } = tab;
  useEffect(() => {
    if (bill) setTitle(t('bill.detailOf', { label: label(def.label), billNo: bill.billNo }));
  }, [bill, setTitle, t, label, def.label]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  if (isApiError(q.error) && q.error.status === 404) return <NotFoundResult />;
  if (!bill)
    return (
      <Result status="warning" title={q.error?.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );

  const run = async (action: string, memo?: string, extra?: Record<string, unknown>) => {
    const step = def.transitions[action];
    try {
      if (step) await http.post(billPath(def, step.path), { id: bill.id, version: bill.version, memo }, { once: true });
      else await runBillAction(def, action, bill, memo, extra);
    } finally {
      await invalidateBills(qc);
    }
  };

  const remove = async () => {
    if (!def.paths.remove) return;
    try {
      if (def.paths.removeByGet) await http.get(`${billPath(def, def.paths.remove)}/${bill.id}`, undefined, { once: true });
      else await http.post(billPath(def, def.paths.remove), { id: bill.id, version: bill.version }, { once: true });
      notify.message.success(t('common.deleted'));
      await invalidateBills(qc);
      tab.open(def.webPath);
      tab.close();
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  };

  // the reason of the memo-bearing transition that brought the bill to its state (a rejection)
  const byMemo = Object.entries(def.transitions).find(([, tr]) => tr.memoRequired && tr.to === bill.state);
  const reason = byMemo ? [...bill.log].reverse().find((l) => l.action === byMemo[0] && l.memo) : undefined;

  const head: NonNullable<DescriptionsProps['items']> = Object.entries(def.headFields)
    .filter(
      ([key, f]) => key !== 'state' && f.detail !== false && (f.detail || f.column || f.form) && Object.keys(def.headFields)[0] !== key,
    )
    .map(([key, f]) => ({ key, label: label(f.label), children: render?.[key]?.(bill) ?? shownValue(f, bill, key, label) }));
  head.push(...(items?.(bill) ?? []));

  const lines = (bill.lines ?? []) as Values[];
  const lineColumns: TableColumnsType<Values> = [{ title: t('bill.lineNo'), width: 40, render: (_, __, i) => i + 1 }];
  // the totals: quantities and computed amounts (prices are not added up)
  const totals: ReactNode[] = [null];
  for (const [key, f] of Object.entries(def.lineFields)) {
    const product = f.kind === 'product';
    const summed = f.kind === 'number' || (f.kind === 'money' && !f.form);
    const sum = lines.reduce((s, l) => s + (typeof l[key] === 'number' ? (l[key] as number) : 0), 0);
    totals.push(summed ? <Typography.Text strong>{f.kind === 'money' ? formatMoney(sum) : sum}</Typography.Text> : null);
    lineColumns.push({
      key,
      title: label(f.label),
      width: product ? undefined : f.column?.width,
      align: f.kind === 'money' || f.kind === 'number' ? 'right' : undefined,
      render: (_, row) =>
        product ? [row.pcode, shownValue(f, row, key, label)].filter(Boolean).join(' ') : shownValue(f, row, key, label),
    });
    if (product && 'unit' in def.lineRow.shape) {
      totals.push(null);
      lineColumns.push({ key: 'unit', title: t('bill.unit'), width: 64, render: (_, row) => String(row.unit ?? '') });
    }
  }
  const firstTotal = totals.findIndex((cell) => cell !== null);
  const countSpan = firstTotal > 0 ? firstTotal : totals.length;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="ho-bill-detail" data-doctype={def.docType}>
      <ChangedElsewhere def={def} id={bill.id} version={bill.version} reload={() => void q.refetch()} />
      <Card
        size="small"
        title={
          <Space>
            <span className="ho-bill-no">{bill.billNo}</span>
            <Typography.Text type="secondary">{label(def.label)}</Typography.Text>
            <BillStateTag def={def} state={bill.state} />
          </Space>
        }
        extra={
          <Space wrap>
            {bill.editable && can(`${def.perm}.edit`) ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            ) : null}
            {bill.editable && def.paths.remove && can(`${def.perm}.edit`) ? (
              <Popconfirm
                title={t('common.deleteConfirm', { name: bill.billNo })}
                okText={t('common.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            ) : null}
            {bill.afterFields.map((name) => {
              const field = def.after?.[name];
              return field ? (
                <AfterFieldButton key={name} def={def} name={name} field={field} bill={bill} onDone={() => invalidateBills(qc)} />
              ) : null;
            })}
            <ActionButtons
              transitions={{ ...def.transitions, ...actionViews(def) }}
              actions={bill.actions}
              billNo={bill.billNo}
              billId={bill.id}
              run={run}
            />
          </Space>
        }
      >
        {reason && byMemo ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('bill.memoBecause', { action: asTitle(label(byMemo[1].label)), memo: reason.memo })}
          />
        ) : null}
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} items={head} />
      </Card>
      <Card size="small" title={t('bill.lines')}>
        <Table<Values>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={lines}
          scroll={{ x: 720 }}
          columns={lineColumns}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={countSpan}>
                <Typography.Text strong>{t('bill.lineCount', { count: lines.length })}</Typography.Text>
              </Table.Summary.Cell>
              {totals.slice(countSpan).map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a summary row are positional
                <Table.Summary.Cell key={i} index={countSpan + i} align="right">
                  {cell}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      </Card>
      {extra?.(bill)}
      <Card size="small" title={t('bill.log')}>
        <BillLog def={def} rows={bill.log} />
      </Card>
      {editing ? (
        <BillForm def={def} open bill={bill} onClose={() => setEditing(false)} slots={form as BillFormSlots<typeof bill>} />
      ) : null}
    </Space>
  );
}
