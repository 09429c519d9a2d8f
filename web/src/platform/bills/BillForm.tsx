import { type BillDef, type BillFieldDef, billPath, type Label, requiredByOthers } from '@headoffice/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Drawer, Form, type FormInstance, type FormRule, Input, InputNumber, Row, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../auth';
import { http } from '../http';
import { yuanToCents } from '../money';
import { notify } from '../notify';
import { useRemoteRows } from '../resource/options';
import {
  fromBillLines,
  isOptional,
  type LineInfo,
  type LineMeta,
  LinesEditor,
  type LineValues,
  lineRoles,
  linesRequired,
  notNegative,
  toWireLines,
} from './LinesEditor';
import { asTitle, fixedOptions, pickLabel, remoteOptions, useLabel } from './labels';
import { invalidateBills } from './parts';
import { fromShopId, LocationSelect, MemberSelect, toShopId, useLocations, WAREHOUSE } from './pickers';

type Values = Record<string, unknown>;

/** Fields typed in rather than picked: their empty message says 请输入, not 请选择. */
const TYPED_KINDS: readonly BillFieldDef['kind'][] = ['text', 'textarea', 'number', 'money'];

/** What a save answers: the bill's id (and its version, for the transition that may follow). */
const savedBill = {
  parse(data: unknown): { id: number; version?: number } {
    const answer = (data ?? {}) as { id?: unknown; version?: unknown };
    if (typeof answer.id !== 'number') throw new Error('a bill save answered without the bill id');
    return { id: answer.id, version: typeof answer.version === 'number' ? answer.version : undefined };
  },
};

/** What a module adds to the form of its bill type. */
export interface BillFormSlots<Bill extends Values = Values> {
  /** The module's own head inputs (a transfer's other location, a typed number), after the definition's. */
  head?: (ctx: { form: FormInstance; bill?: Bill | null }) => ReactNode;
  /** Form values of those inputs from a saved bill. */
  fromBill?: (bill: Bill) => Values;
  /** What those inputs add to the save. */
  toSave?: (values: Values, bill?: Bill | null) => Values;
  /** Head fields the module's inputs stand in for now (a hook: it may watch the form and read options). */
  useReplaced?: (form: FormInstance) => string[];
  /** Remote options of a select that may be picked (disabled rows never are). */
  optionFilter?: Partial<Record<string, (row: Values) => boolean>>;
  /** A column of the lines editor. */
  lineInfo?: LineInfo;
  /** Warnings before a save; the user may save anyway (the server still checks what it must). */
  warnings?: (ctx: { values: Values; lines: Values[]; qc: QueryClient; productLabel: (id: unknown) => string }) => Promise<string[]>;
}

const noneReplaced = (): string[] => [];

/** "入库单" / "stock entry": a type's name inside a sentence. */
export const nounOf = (label: Label, lang: string) => (lang === 'en-US' ? label[1].charAt(0).toLowerCase() + label[1].slice(1) : label[0]);

function ask(title: string, content: string, okText: string): Promise<boolean> {
  return new Promise((resolve) => {
    notify.modal.confirm({ title, content, okText, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}

/** Select options of a field: the definition's fixed labels, or rows of a list/all route. */
function FieldSelect({ field, filter, ...control }: { field: BillFieldDef; filter?: (row: Values) => boolean; [k: string]: unknown }) {
  const label = useLabel();
  const { t } = useTranslation();
  const remote = remoteOptions(field.options);
  const rows = useRemoteRows(remote?.url, remote?.params as Record<string, unknown> | undefined);
  const options = remote
    ? ((rows.data ?? []) as Values[])
        .filter((r) => r.status !== 0 && (!filter || filter(r)))
        .map((r) => ({ value: r[remote.value] as number | string, label: String(r[remote.label] ?? '') }))
    : Object.entries(fixedOptions(field.options) ?? {}).map(([value, l]) => ({ value, label: label(l) }));
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={rows.isLoading}
      placeholder={t('common.pleaseSelect', { label: label(field.label) })}
      options={options}
      {...control}
    />
  );
}

/** The input of a head (or after-approval) field by its kind. */
export function HeadInput({
  field,
  required,
  filter,
  shown,
  ...control
}: {
  field: BillFieldDef;
  required: boolean;
  filter?: (row: Values) => boolean;
  /** How the saved value reads (its column's display field), where the input cannot look it up. */
  shown?: string;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const placeholder = field.form?.placeholder ? label(field.form.placeholder) : undefined;
  switch (field.kind) {
    case 'location':
    case 'shop':
      return <LocationSelect withWarehouse={field.kind === 'location'} placeholder={placeholder} {...control} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} placeholder={placeholder ?? (required ? undefined : t('bill.today'))} {...control} />;
    case 'member':
      return <MemberSelect placeholder={placeholder ?? t('bill.memberFind')} shown={shown} {...control} />;
    case 'select':
    case 'employee':
      return <FieldSelect field={field} filter={filter} {...control} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} precision={0} placeholder={placeholder} {...control} />;
    case 'money':
      return <InputNumber style={{ width: '100%' }} precision={2} prefix="¥" placeholder={placeholder} {...control} />;
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={500} showCount placeholder={placeholder} {...control} />;
    default:
      return <Input maxLength={field.kind === 'text' && field.form?.span === 16 ? 500 : 100} placeholder={placeholder} {...control} />;
  }
}

/** Saved head value → form value, and back. */
export function toFormValue(field: BillFieldDef, v: unknown): unknown {
  if (field.kind === 'location') return fromShopId(v);
  if (field.kind === 'date') return v ? dayjs(String(v)) : undefined;
  if (field.kind === 'money') return typeof v === 'number' ? v / 100 : undefined;
  return v ?? undefined;
}
export function toWireValue(field: BillFieldDef, v: unknown): unknown {
  if (field.kind === 'location') return toShopId(v);
  if (field.kind === 'date') return dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : undefined;
  if (field.kind === 'money') return yuanToCents(v as number | null) ?? undefined;
  if (typeof v === 'string') return v.trim() || null;
  return v ?? null;
}

/**
 * The form (a drawer) of any bill type, from its definition: the head fields by kind, the lines, the
 * module's own inputs; it saves a draft (with an Idempotency-Key, so a repeated click saves once) and,
 * where the maker's next step is theirs to take (submit), saves and takes it.
 */
export function BillForm<Bill extends Values>({
  def,
  open,
  bill,
  onClose,
  onSaved,
  slots = {},
}: {
  def: BillDef;
  open: boolean;
  bill?: Bill | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
  slots?: BillFormSlots<Bill>;
}) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const qc = useQueryClient();
  const can = usePermission();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<string | null>(null);
  const { warehouse, firstShop } = useLocations();
  const useReplaced = slots.useReplaced ?? noneReplaced;
  const replaced = new Set(useReplaced(form));
  const head = Object.entries(def.headFields).filter(([key, f]) => f.form && !replaced.has(key));

  // a new bill starts at the user's own location (the warehouse for head office)
  useEffect(() => {
    if (!open || bill) return;
    for (const [key, f] of Object.entries(def.headFields)) {
      if (!f.form || form.getFieldValue(key) !== undefined) continue;
      const start = f.kind === 'location' ? (warehouse ? WAREHOUSE : firstShop) : f.kind === 'shop' ? firstShop : undefined;
      if (start !== undefined) form.setFieldValue(key, start);
    }
  }, [open, bill, warehouse, firstShop, form, def]);

  const { lines: initialLines, meta: initialMeta } = bill ? fromBillLines(def, (bill.lines ?? []) as Values[]) : { lines: [], meta: {} };
  const [meta, setMeta] = useState<Record<number, LineMeta>>(initialMeta);
  const productLabel = (id: unknown) => meta[id as number]?.label ?? String(id);
  const initial: Values = { lines: initialLines };
  if (bill) {
    for (const [key, f] of head) initial[key] = toFormValue(f, bill[key]);
    Object.assign(initial, slots.fromBill?.(bill));
  }

  // the maker's own next step (submit), offered as "save and …"; steps waiting for others are taken from the bill
  const next = Object.entries(def.transitions).find(
    ([, tr]) => tr.from.includes(def.initial) && !tr.inbox && !tr.memoRequired && !tr.confirm && can(tr.perm),
  );
  const noun = nounOf(def.label, i18n.language);

  const save = async (then?: string) => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { price, product } = lineRoles(def);
    const lines = (v.lines ?? []) as LineValues[];
    const zero = price ? lines.filter((l) => l[price] === 0) : [];
    if (price && zero.length) {
      const names = zero.map((l) => (product ? productLabel(l[product]) : ''));
      const priceLabel = label(def.lineFields[price]?.label ?? ['', '']);
      const text = t('bill.zeroPrice', { label: priceLabel, lines: names.join('、') || zero.length });
      if (!(await ask(t('bill.zeroPriceTitle'), text, t('bill.saveAnyway')))) return;
    }
    const wireLines = toWireLines(def, lines);
    const warnings = (await slots.warnings?.({ values: v, lines: wireLines, qc, productLabel })) ?? [];
    if (warnings.length && !(await ask(t('bill.warnTitle'), warnings.join('\n'), t('bill.saveAnyway')))) return;
    const body: Values = bill ? { id: bill.id, version: bill.version } : {};
    for (const [key, f] of head) body[key] = toWireValue(f, v[key]);
    Object.assign(body, slots.toSave?.(v, bill), { lines: wireLines });
    setBusy(then ?? 'save');
    try {
      const saved = await http.send(savedBill, billPath(def, def.paths.save[0] ?? ''), body, { once: true });
      const step = then ? def.transitions[then] : undefined;
      if (step) {
        await http.post(billPath(def, step.path), { id: saved.id, version: saved.version }, { once: true });
        notify.message.success(t('bill.actionDone', { action: asTitle(pickLabel(step.label, i18n.language)) }));
      } else notify.message.success(t('common.saved'));
      await invalidateBills(qc);
      onSaved?.(saved.id);
      onClose();
    } catch {
      /* the client shows the server's message; the form keeps what was typed */
    } finally {
      setBusy(null);
    }
  };

  // What the fields hold now: a field another's value makes required (`requiredWhen`) is asked for only then.
  const values = Form.useWatch((all: Values) => all, form) ?? {};
  const requiredNow = (key: string, f: BillFieldDef) => !isOptional(def.save.shape[key]) || requiredByOthers(f, values);
  const rulesOf = (key: string, f: BillFieldDef): FormRule[] => {
    const rules: FormRule[] = [];
    if (requiredNow(key, f)) {
      rules.push({
        required: true,
        message: t(TYPED_KINDS.includes(f.kind) ? 'common.pleaseEnter' : 'common.pleaseSelect', { label: label(f.label) }),
      });
    }
    if (f.kind === 'money') rules.push(notNegative(t('bill.negative', { label: label(f.label) })));
    return rules;
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(bill ? 'bill.edit' : 'bill.create', { label: noun })}
      size={900}
      destroyOnHidden
      className="ho-bill-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type={next ? 'default' : 'primary'} onClick={() => save()} loading={busy === 'save'} disabled={!!busy}>
            {t('common.save')}
          </Button>
          {next ? (
            <Button type="primary" onClick={() => save(next[0])} loading={busy === next[0]} disabled={!!busy}>
              {t('bill.saveAnd', { action: pickLabel(next[1].label, i18n.language) })}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Row gutter={16}>
          {head.map(([key, f]) => {
            const required = requiredNow(key, f);
            return (
              <Col key={key} span={f.form?.span ?? 8}>
                <Form.Item name={key} label={label(f.label)} rules={rulesOf(key, f)} dependencies={Object.keys(f.requiredWhen ?? {})}>
                  <HeadInput
                    field={f}
                    required={required}
                    filter={slots.optionFilter?.[key]}
                    shown={f.column?.display && bill ? ((bill as Values)[f.column.display] as string | undefined) : undefined}
                  />
                </Form.Item>
              </Col>
            );
          })}
          {slots.head?.({ form, bill })}
        </Row>
        <Form.Item label={t('bill.lines')} required={linesRequired(def)} style={{ marginBottom: 0 }}>
          <LinesEditor def={def} form={form} meta={meta} onMeta={setMeta} info={slots.lineInfo} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
