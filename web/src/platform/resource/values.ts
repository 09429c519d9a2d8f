import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { centsToYuan, readMoney, yuanToCents } from '../money';
import type { BaseRow, FieldSpec, FieldType, ResourceDef } from './types';

// Times are read as 'HH:mm': this module must not depend on antd's pickers having extended dayjs.
dayjs.extend(customParseFormat);

type Values = Record<string, unknown>;

export const typeOf = <R, X extends string>(f: FieldSpec<R, X>): FieldType => f.type ?? 'text';

export function formFields<R extends BaseRow, X extends string>(def: ResourceDef<R, X>) {
  return def.fields.filter((f) => f.form !== false);
}

export function searchFields<R extends BaseRow, X extends string>(def: ResourceDef<R, X>) {
  return def.fields.filter((f) => !!f.search);
}

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

function defaultFor(type: FieldType): unknown {
  switch (type) {
    case 'status':
      return true;
    case 'switch':
      return false;
    case 'images':
      return [];
    default:
      return undefined;
  }
}

/** Row from the API → form values (cents → yuan, dates → dayjs, 1/0 → switch). */
export function toFormValues<R extends BaseRow, X extends string>(def: ResourceDef<R, X>, row?: R | null): Values {
  const out: Values = {};
  for (const f of formFields(def)) {
    const type = typeOf(f);
    const spec = f.form || {};
    if (!row) {
      const initial = typeof spec.initial === 'function' ? spec.initial() : spec.initial;
      const v = initial !== undefined ? initial : defaultFor(type);
      if (v === undefined) continue;
      if (type === 'status' || type === 'switch') out[f.key] = v === true || v === 1;
      // A time picker holds a moment: a new record's `HH:mm` initial is read as one.
      else if (type === 'time' && typeof v === 'string') out[f.key] = dayjs(v, 'HH:mm');
      else out[f.key] = v;
      continue;
    }
    const v = (row as unknown as Values)[f.key];
    switch (type) {
      case 'money':
        out[f.key] = centsToYuan(v as number | null);
        break;
      case 'date':
        out[f.key] = v ? dayjs(String(v)) : null;
        break;
      case 'time':
        out[f.key] = v ? dayjs(String(v), 'HH:mm') : null;
        break;
      case 'status':
      case 'switch':
        out[f.key] = v === 1 || v === true;
        break;
      case 'images':
        out[f.key] = Array.isArray(v) ? v : [];
        break;
      default:
        out[f.key] = v ?? undefined;
    }
  }
  return row && def.toForm ? { ...out, ...def.toForm(row) } : out;
}

/** Form values → save body: only the form's fields, typed as the contract wants them. */
export function toSaveBody<R extends BaseRow, X extends string>(def: ResourceDef<R, X>, values: Values, row?: R | null): Values {
  const out: Values = {};
  for (const f of formFields(def)) {
    const spec = f.form || {};
    if (spec.visible && !spec.visible(values, row ?? undefined)) continue;
    if (!(f.key in values)) continue;
    const v = values[f.key];
    switch (typeOf(f)) {
      case 'money': {
        // empty: left out (a new record takes the server's default, an edited one keeps its price)
        const entry = readMoney(v as number | string | null);
        if (entry.kind === 'cents') out[f.key] = entry.cents;
        break;
      }
      case 'date':
        out[f.key] = isDayjs(v) ? v.format('YYYY-MM-DD') : null;
        break;
      case 'time':
        out[f.key] = isDayjs(v) ? v.format('HH:mm') : undefined;
        break;
      case 'status':
      case 'switch':
        out[f.key] = v ? 1 : 0;
        break;
      case 'number':
      case 'percent':
        // empty: left out, the server applies the default
        if (v !== null && v !== undefined && v !== '') out[f.key] = Number(v);
        break;
      case 'text':
      case 'textarea': {
        const s = typeof v === 'string' ? v.trim() : v;
        out[f.key] = s === '' || s === undefined ? null : s;
        break;
      }
      case 'image':
        out[f.key] = v ? v : null;
        break;
      case 'select':
      case 'treeSelect':
        out[f.key] = v === undefined || v === '' ? null : v;
        break;
      default:
        out[f.key] = v;
    }
  }
  const body = def.toSave ? def.toSave(out, row ?? undefined) : out;
  if (row) {
    body.id = row.id;
    if (def.sendVersion && row.version !== undefined) body.version = row.version;
  }
  return body;
}

/**
 * The prices (`form.price`) a save would store as ¥0.00 where they were not: typed as 0 over another price, or
 * left empty on a new record (which then takes ¥0.00). Saving them asks the user first.
 */
export function zeroMoneyFields<R extends BaseRow, X extends string>(
  def: ResourceDef<R, X>,
  values: Values,
  row?: R | null,
): FieldSpec<R, X>[] {
  return formFields(def).filter((f) => {
    const spec = f.form || {};
    if (typeOf(f) !== 'money' || !spec.price) return false;
    if (spec.visible && !spec.visible(values, row ?? undefined)) return false;
    const entry = readMoney(values[f.key] as number | string | null);
    const before = row ? (row as unknown as Values)[f.key] : undefined;
    if (entry.kind === 'cents') return entry.cents === 0 && before !== 0;
    return entry.kind === 'empty' && !row;
  });
}

/** Search form values → query parameters. */
export function toSearchParams<R extends BaseRow, X extends string>(def: ResourceDef<R, X>, values: Values): Values {
  const out: Values = {};
  for (const f of searchFields(def)) {
    const spec = typeof f.search === 'object' ? f.search : {};
    const v = values[f.key];
    if (v === undefined || v === null || v === '') continue;
    const param = spec.param ?? f.key;
    if ((spec.type ?? f.type) === 'dateRange') {
      const [from, to] = spec.range ?? ['dateFrom', 'dateTo'];
      const [a, b] = Array.isArray(v) ? (v as unknown[]) : [];
      if (isDayjs(a)) out[from] = a.format('YYYY-MM-DD');
      if (isDayjs(b)) out[to] = b.format('YYYY-MM-DD');
    } else if (isDayjs(v)) out[param] = v.format('YYYY-MM-DD');
    else if ((spec.type ?? f.type) === 'money') {
      // typed in yuan, sent in cents as every money parameter
      const cents = yuanToCents(v as number | string);
      if (cents !== null) out[param] = cents;
    } else if (typeof v === 'string') {
      const s = v.trim();
      if (s) out[param] = s;
    } else out[param] = v;
  }
  return out;
}

/** Query parameters (as a URL keeps them) → search form values: the inverse of `toSearchParams`. */
export function fromSearchParams<R extends BaseRow, X extends string>(def: ResourceDef<R, X>, params: Record<string, string>): Values {
  const out: Values = {};
  const numeric = (v: string) => (v !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
  for (const f of searchFields(def)) {
    const spec = typeof f.search === 'object' ? f.search : {};
    const type = spec.type ?? f.type ?? 'text';
    if (type === 'dateRange') {
      const [from, to] = spec.range ?? ['dateFrom', 'dateTo'];
      if (params[from] || params[to]) out[f.key] = [params[from] ? dayjs(params[from]) : null, params[to] ? dayjs(params[to]) : null];
      continue;
    }
    const v = params[spec.param ?? f.key];
    if (v === undefined || v === '') continue;
    if (type === 'date') out[f.key] = dayjs(v);
    else if (type === 'money') out[f.key] = centsToYuan(Number(v));
    else if (['select', 'treeSelect', 'status', 'switch', 'number', 'percent'].includes(type)) out[f.key] = numeric(v);
    else out[f.key] = v;
  }
  return out;
}

/** Which form field a server error path belongs to ("images.0" → "images"). */
export function errorField<R extends BaseRow, X extends string>(def: ResourceDef<R, X>, path: string): string | null {
  const map = def.errorPathMap ?? {};
  if (map[path]) return map[path];
  const first = path.split(/[.[\]]/)[0] ?? '';
  if (map[first]) return map[first];
  const names = new Set(formFields(def).map((f) => String(f.key)));
  if (names.has(path)) return path;
  if (names.has(first)) return first;
  return null;
}
