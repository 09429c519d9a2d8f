import { Image, Space, Switch, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { companyDateTime } from '../clock';
import { formatMoney } from '../money';
import { statusSource } from './FieldInput';
import { useOptions } from './options';
import type { FieldSpec } from './types';
import { typeOf } from './values';

/** A coloured tag for a value of a static option list (type, status). */
export function OptionTag<R, X extends string>({ field, value }: { field: FieldSpec<R, X>; value: unknown }) {
  const source = typeOf(field) === 'status' ? statusSource(field) : field.options;
  const { options } = useOptions(source?.kind === 'static' ? source : undefined);
  if (value === null || value === undefined) return null;
  const o = options.find((x) => x.value === value);
  if (!o) return <>{String(value)}</>;
  return <Tag color={o.color}>{o.label}</Tag>;
}

export function StatusSwitch<R, X extends string>({
  field,
  value,
  loading,
  onChange,
}: {
  field: FieldSpec<R, X>;
  value: unknown;
  loading?: boolean;
  onChange: (status: 0 | 1) => void;
}) {
  const { options } = useOptions(statusSource(field));
  return (
    <Switch
      size="small"
      checked={value === 1}
      loading={loading}
      checkedChildren={options.find((o) => o.value === 1)?.label}
      unCheckedChildren={options.find((o) => o.value === 0)?.label}
      onChange={(checked) => onChange(checked ? 1 : 0)}
    />
  );
}

export function YesNo({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === 1 || value === true ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>;
}

/** A moment as lists show it, on the company's clock: `2026-03-04 09:30`. */
export const formatDateTime = (v: unknown): string => (v ? companyDateTime(String(v)) : '');

export function Thumbs({ urls, size = 36 }: { urls: string[]; size?: number }) {
  if (!urls.length) return null;
  return (
    <Image.PreviewGroup items={urls}>
      <Space size={4}>
        <Image src={urls[0]} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />
        {urls.length > 1 ? <Tag>+{urls.length - 1}</Tag> : null}
      </Space>
    </Image.PreviewGroup>
  );
}

/** Read-only rendering of a value by field type (tables, descriptions). */
export function renderValue<R, X extends string>(field: FieldSpec<R, X>, row: R): ReactNode {
  const col = field.table || {};
  if (col.render) return col.render(row);
  const rec = row as unknown as Record<string, unknown>;
  const v = rec[col.display ?? field.key];
  if (col.display) return v === null || v === undefined ? '' : String(v);
  switch (typeOf(field)) {
    case 'money':
      return formatMoney(v as number | null);
    case 'percent':
      return v === null || v === undefined ? '' : `${String(v)}%`;
    case 'status':
      return <OptionTag field={field} value={v} />;
    case 'select':
      return field.options?.kind === 'static' ? <OptionTag field={field} value={v} /> : v === null || v === undefined ? '' : String(v);
    case 'switch':
      return <YesNo value={v} />;
    case 'datetime':
      return formatDateTime(v);
    case 'image':
      return typeof v === 'string' && v ? <Thumbs urls={[v]} /> : null;
    case 'images':
      return Array.isArray(v) ? <Thumbs urls={v as string[]} /> : null;
    case 'textarea':
      return v ? (
        <Tooltip title={String(v)} placement="topLeft">
          <span>{String(v)}</span>
        </Tooltip>
      ) : (
        ''
      );
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}
