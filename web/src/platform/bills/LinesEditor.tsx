import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { addLineLabel, type BillDef, type BillFieldDef, type Label } from '@headoffice/contract';
import {
  Button,
  Form,
  type FormInstance,
  type FormRule,
  Image,
  Input,
  InputNumber,
  Select,
  Table,
  type TableColumnsType,
  Typography,
  Upload,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { uploadFile } from '../http';
import { formatMoney, yuanToCents } from '../money';
import { useRemoteRows } from '../resource/options';
import { fixedOptions, remoteOptions, useLabel } from './labels';
import { LocationSelect, type ProductPick, ProductPicker } from './pickers';

/** One line in the form: the definition's line fields (money in yuan) and, on an edited bill, its id. */
export type LineValues = Record<string, unknown> & { id?: number };

export interface LineMeta {
  label: string;
  unit: string | null;
  spec: string | null;
}

/** A column a module adds to the lines it edits (the quantity available where a stock out takes it). */
export interface LineInfo {
  title: Label;
  width?: number;
  render: (ctx: { line: LineValues; form: FormInstance }) => ReactNode;
}

type Row = Record<string, unknown>;

/**
 * A select on a line: fixed options or a list route's enabled rows; options that depend on other
 * fields of the line (`lineParams`) are read once those are chosen, and the select waits until then.
 */
function LineSelect({ field, line, ...control }: { field: BillFieldDef; line: LineValues | undefined; [k: string]: unknown }) {
  const label = useLabel();
  const { t } = useTranslation();
  const remote = remoteOptions(field.options);
  const fromLine = Object.entries(remote?.lineParams ?? {}).map(([param, key]) => [param, line?.[key]] as const);
  const waiting = fromLine.some(([, v]) => v === undefined || v === null || v === '');
  const rows = useRemoteRows(remote && !waiting ? remote.url : undefined, { ...remote?.params, ...Object.fromEntries(fromLine) });
  const options = remote
    ? ((rows.data ?? []) as Row[])
        .filter((r) => r.status !== 0)
        .map((r) => ({ value: r[remote.value] as number | string, label: String(r[remote.label] ?? '') }))
    : Object.entries(fixedOptions(field.options) ?? {}).map(([value, l]) => ({ value, label: label(l) }));
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={rows.isLoading && !waiting}
      disabled={waiting}
      placeholder={t('common.pleaseSelect', { label: label(field.label) })}
      options={options}
      aria-label={label(field.label)}
      {...control}
    />
  );
}

/** A picture of a line: its thumbnail, opened large on a click (the address itself is never shown). */
export function LineImage({ value, alt }: { value?: string | null; alt: string }) {
  return value ? <Image src={value} alt={alt} width={48} height={48} style={{ objectFit: 'cover' }} /> : null;
}

/** The add-line button of picture lines: uploads a picture and adds the line holding it. */
function AddImageLine({ label, onAdded }: { label: string; onAdded: (url: string) => void }) {
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      accept="image/*"
      showUploadList={false}
      beforeUpload={(file) => {
        setUploading(true);
        uploadFile(file)
          .then((stored) => onAdded(stored.url))
          .catch(() => undefined) // the client shows the server's message
          .finally(() => setUploading(false));
        return false;
      }}
    >
      <Button type="dashed" icon={<PlusOutlined />} loading={uploading} style={{ marginTop: 8 }}>
        {label}
      </Button>
    </Upload>
  );
}

/** Money is never negative: the form says so rather than turning it into 0. */
export const notNegative = (message: string): FormRule => ({
  validator: async (_, v: unknown) => {
    if (typeof v === 'number' && v < 0) throw new Error(message);
  },
});

/** Whether the save schema accepts the field left out. */
export const isOptional = (schema: { safeParse(v: unknown): { success: boolean } } | undefined) =>
  !schema || schema.safeParse(undefined).success;

/** The line fields a form enters, and the roles the lines editor gives them. */
export function lineRoles(def: BillDef) {
  const entries = Object.entries(def.lineFields);
  const entered = entries.filter(([, f]) => f.form);
  const find = (kind: BillFieldDef['kind']) => entered.find(([, f]) => f.kind === kind)?.[0];
  return {
    entered,
    product: find('product'),
    image: find('image'),
    quantity: find('number'),
    price: find('money'),
    /** Money the line computes (quantity × price). */
    computed: entries.filter(([, f]) => !f.form && f.kind === 'money').map(([k]) => k),
  };
}

/** A line's amount in cents. */
export function lineAmount(def: BillDef, line: LineValues | undefined): number {
  const { quantity, price } = lineRoles(def);
  if (!line || !quantity || !price) return 0;
  return Number(line[quantity] ?? 0) * (yuanToCents(line[price] as number | null) ?? 0);
}

/** Saved lines → form lines (cents → yuan) and the products' labels. */
export function fromBillLines(def: BillDef, rows: Row[]): { lines: LineValues[]; meta: Record<number, LineMeta> } {
  const { entered, product } = lineRoles(def);
  const withId = 'id' in def.line.shape;
  const name = product ? (def.lineFields[product]?.column?.display ?? product) : undefined;
  const lines = rows.map((r) => {
    const line: LineValues = withId ? { id: r.id as number } : {};
    for (const [key, f] of entered) line[key] = f.kind === 'money' && typeof r[key] === 'number' ? (r[key] as number) / 100 : r[key];
    return line;
  });
  const meta: Record<number, LineMeta> = {};
  if (product && name) {
    for (const r of rows) {
      meta[r[product] as number] = {
        label: [r.pcode, r[name]].filter(Boolean).join(' '),
        unit: (r.unit as string | undefined) ?? null,
        spec: (r.spec as string | undefined) ?? null,
      };
    }
  }
  return { lines, meta };
}

/** Form lines → the lines a save sends (money in cents; an empty optional value left out for the server's default). */
export function toWireLines(def: BillDef, lines: LineValues[] | undefined): Row[] {
  const { entered, product } = lineRoles(def);
  const withId = 'id' in def.line.shape;
  return (lines ?? [])
    .filter((l) => !product || l[product])
    .map((l) => {
      const out: Row = withId && l.id ? { id: l.id } : {};
      for (const [key, f] of entered) {
        const v = l[key];
        if (v === undefined || v === null || v === '') continue;
        if (f.kind === 'money') out[key] = yuanToCents(v as number);
        else if (typeof v === 'string') {
          if (v.trim()) out[key] = v.trim();
        } else out[key] = v;
      }
      return out;
    });
}

/**
 * The lines of a bill inside its form (`lines`), from the definition's line fields: the product picked
 * by code, barcode or name (its purchase price starts the line's price), quantities, prices in yuan
 * (never negative), the computed amount, a module's own column, and the totals.
 */
/** Whether a save needs a line: its `lines` refuse none (a request's photos, a visit's calls may be left out). */
export const linesRequired = (def: Pick<BillDef, 'save'>) => !(def.save.shape.lines as z.ZodType | undefined)?.safeParse([]).success;

export function LinesEditor({
  def,
  form,
  meta,
  onMeta,
  info,
}: {
  def: BillDef;
  form: FormInstance;
  /** The picked products' labels, units and specs, by id. */
  meta: Record<number, LineMeta>;
  onMeta: (update: (meta: Record<number, LineMeta>) => Record<number, LineMeta>) => void;
  info?: LineInfo;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const lines = (Form.useWatch('lines', form) ?? []) as LineValues[];
  const roles = lineRoles(def);
  const chosen = roles.product ? lines.map((l) => l?.[roles.product as string]).filter((x): x is number => typeof x === 'number') : [];
  const total = lines.reduce((s, l) => s + lineAmount(def, l), 0);
  const quantity = roles.quantity ? lines.reduce((s, l) => s + Number(l?.[roles.quantity as string] ?? 0), 0) : 0;

  const rulesOf = (key: string, f: BillFieldDef): FormRule[] => {
    const name = label(f.label);
    const rules: FormRule[] = [];
    if (!isOptional(def.line.shape[key])) {
      const message = t(['product', 'select', 'employee'].includes(f.kind) ? 'common.pleaseSelect' : 'common.pleaseEnter', { label: name });
      rules.push({ required: true, message });
    }
    if (f.kind === 'money') rules.push(notNegative(t('bill.negative', { label: name })));
    return rules;
  };

  const input = (key: string, f: BillFieldDef, index: number): ReactNode => {
    const name = label(f.label);
    switch (f.kind) {
      case 'product': {
        const id = lines[index]?.[key] as number | undefined;
        return (
          <ProductPicker
            exclude={chosen}
            fallbackLabel={id ? meta[id]?.label : undefined}
            onPick={(p: ProductPick) => {
              onMeta((m) => ({ ...m, [p.id]: { label: `${p.pcode} ${p.name}`, unit: p.unit, spec: p.spec } }));
              const current = (form.getFieldValue(['lines', index]) ?? {}) as LineValues;
              const next: LineValues = { ...current, [key]: p.id };
              if (roles.quantity) next[roles.quantity] = current[roles.quantity] ?? 1;
              if (roles.price && p.purchasePrice !== null) next[roles.price] = p.purchasePrice / 100;
              form.setFieldValue(['lines', index], next);
            }}
          />
        );
      }
      case 'shop':
        return <LocationSelect withWarehouse={false} placeholder={name} />;
      case 'select':
      case 'employee':
        return <LineSelect field={f} line={lines[index]} />;
      case 'number':
        return <InputNumber min={1} max={10_000_000} precision={0} style={{ width: '100%' }} aria-label={name} />;
      case 'money':
        return <InputNumber max={10_000_000} precision={2} prefix="¥" style={{ width: '100%' }} aria-label={name} />;
      case 'image':
        return <LineImage alt={name} />;
      default:
        return <Input maxLength={200} aria-label={name} />;
    }
  };

  return (
    <Form.List
      name="lines"
      rules={[
        {
          validator: async (_, v: unknown[]) => {
            if (!v?.length && linesRequired(def)) throw new Error(t('bill.noLines'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => {
        const columns: TableColumnsType<(typeof fields)[number]> = [{ title: t('bill.lineNo'), width: 36, render: (_, __, i) => i + 1 }];
        // one totals cell per column: the line count, then the quantity and the computed amounts under theirs
        const totals: ReactNode[] = [
          <Typography.Text key="count" strong>
            {t('bill.lineCount', { count: fields.length })}
          </Typography.Text>,
        ];
        for (const [key, f] of Object.entries(def.lineFields)) {
          if (roles.computed.includes(key)) {
            totals.push(<Typography.Text strong>{formatMoney(total)}</Typography.Text>);
            columns.push({
              title: label(f.label),
              width: 110,
              align: 'right',
              render: (_, field) => formatMoney(lineAmount(def, lines[field.name])),
            });
            continue;
          }
          if (!f.form) continue;
          totals.push(key === roles.quantity ? <Typography.Text strong>{quantity}</Typography.Text> : null);
          columns.push({
            title: label(f.label),
            width: f.kind === 'product' ? undefined : f.kind === 'text' ? 140 : 130,
            render: (_, field) => (
              <Form.Item name={[field.name, key]} rules={rulesOf(key, f)} style={{ margin: 0 }}>
                {input(key, f, field.name)}
              </Form.Item>
            ),
          });
          if (f.kind === 'product') {
            totals.push(null);
            columns.push({
              title: t('bill.unit'),
              width: 64,
              render: (_, field) => {
                const m = meta[lines[field.name]?.[key] as number];
                return m ? (
                  <Typography.Text type="secondary" title={m.spec ?? undefined}>
                    {m.unit}
                  </Typography.Text>
                ) : null;
              },
            });
          }
          if (key === roles.quantity && info) {
            totals.push(null);
            columns.push({
              title: label(info.title),
              width: info.width ?? 100,
              align: 'right',
              render: (_, field) => info.render({ line: lines[field.name] ?? {}, form }),
            });
          }
        }
        totals.push(null);
        columns.push({
          title: '',
          width: 44,
          render: (_, field) => (
            <Button
              type="text"
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('common.delete')}
              onClick={() => remove(field.name)}
            />
          ),
        });
        // the line count spans the columns before the first total
        const firstTotal = totals.findIndex((cell, i) => i > 0 && cell !== null);
        const countSpan = firstTotal > 0 ? firstTotal : 1;
        return (
          <>
            <Table
              className="ho-lines"
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              locale={{ emptyText: t('bill.noLines') }}
              columns={columns}
              summary={() =>
                fields.length ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={countSpan}>
                      {totals[0]}
                    </Table.Summary.Cell>
                    {totals.slice(countSpan).map((cell, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a summary row are positional
                      <Table.Summary.Cell key={i} index={countSpan + i} align="right">
                        {cell}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                ) : null
              }
            />
            {roles.image ? (
              <AddImageLine label={label(addLineLabel(def))} onAdded={(url) => add({ [roles.image as string]: url })} />
            ) : (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() => add(roles.quantity ? { [roles.quantity]: 1 } : {})}
              >
                {label(addLineLabel(def))}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </>
        );
      }}
    </Form.List>
  );
}
