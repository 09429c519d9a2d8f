import type { FormRule } from 'antd';
import type { ReactElement, ReactNode } from 'react';

/** How a field is shown in the table, entered in forms and filtered in the search form. */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money' // integer cents on the wire, yuan on screen
  | 'percent' // integer percent
  | 'select'
  | 'treeSelect'
  | 'cascader'
  | 'switch'
  | 'status' // 1 enabled / 0 disabled; a Switch in the table when the resource has updateStatusPath
  | 'date' // YYYY-MM-DD
  | 'dateRange' // search only: two YYYY-MM-DD parameters (SearchSpec.range)
  | 'time' // HH:mm
  | 'datetime' // ISO instant, display only
  | 'image' // one URL
  | 'images'; // URL list

export interface OptionItem {
  value: string | number;
  /** i18n key */
  label: string;
  color?: string;
}

export type OptionSource =
  | { kind: 'static'; items: OptionItem[] /** labels are plain text, not i18n keys */; raw?: boolean }
  /** GET url → array of rows (list/all); value and label are row fields. */
  | { kind: 'remote'; url: string; value?: string; label?: string; params?: Record<string, unknown> }
  /** GET url → tree of rows with `children`. */
  | { kind: 'tree'; url: string; value?: string; label?: string; leafOnly?: boolean }
  /** GET url → province/city/area tree of `{code, name, children}`. */
  | { kind: 'area'; url: string };

export interface ColumnSpec<R> {
  width?: number;
  sorter?: boolean;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Row field shown instead of the key (brandId → brandName). */
  display?: Extract<keyof R, string>;
  render?: (row: R) => ReactNode;
  /** Shown only when the user chooses it in the column chooser. */
  optional?: boolean;
}

export interface SearchSpec {
  /** Query parameter name (default: the field key). */
  param?: string;
  type?: FieldType;
  /** i18n key of the placeholder */
  placeholder?: string;
  /** dateRange: the two query parameters (default `dateFrom`, `dateTo`). */
  range?: [from: string, to: string];
}

export interface FormSpec<R> {
  required?: boolean;
  rules?: FormRule[];
  /** 24 = full width in a two-column drawer */
  span?: 12 | 24;
  /** The new record's value; a function is asked each time the form opens (today's date, say). */
  initial?: unknown;
  disabledOnEdit?: boolean;
  /** i18n key */
  placeholder?: string;
  /** i18n key */
  help?: string;
  min?: number;
  max?: number;
  maxLength?: number;
  maxCount?: number;
  precision?: number;
  validateDebounce?: number;
  /** Extra props for the input component. */
  props?: Record<string, unknown>;
  /**
   * A money field that is a selling price: saved as ¥0.00 it makes the thing free, so the save asks first. Other
   * amounts (a gift, a threshold, a cost, a deposit) are plainly zero when left at 0 or empty, and are not asked about.
   */
  price?: boolean;
  /** Hide the field when this returns false for the current values / edited row. */
  visible?: (values: Record<string, unknown>, row?: R) => boolean;
  /**
   * A custom input instead of the one of the field's type (a picker that needs the edited row). The
   * element receives `value` / `onChange` (or `checked` for switch/status fields) from the form.
   */
  input?: (row?: R) => ReactElement<{ disabled?: boolean }>;
}

export interface FieldSpec<R, X extends string = never> {
  key: Extract<keyof R, string> | X;
  /** i18n key */
  title: string;
  type?: FieldType;
  options?: OptionSource;
  /** false: not a table column */
  table?: false | ColumnSpec<R>;
  search?: boolean | SearchSpec;
  /** false: not in the edit form */
  form?: false | FormSpec<R>;
}

export interface BaseRow {
  id: number;
  status?: number;
  version?: number;
}

export interface ResourceDef<R extends BaseRow, X extends string = never> {
  /** Cache key and export file name stem. */
  key: string;
  /** i18n key of the entity name (品牌) */
  title: string;
  basePath: string;
  /** GET, paged. Default basePath. */
  listPath?: string;
  /** POST JSON. Default basePath. */
  savePath?: string;
  /** POST JSON for an existing row, when updates have their own route (default savePath). */
  updatePath?: string;
  /** GET one row: the edit form loads the fresh row (with version) when the list row is partial. */
  detailPath?: (id: number) => string;
  /** DELETE. Default `${basePath}/${id}`; false: no delete. */
  deletePath?: ((id: number) => string) | false;
  /** POST {ids, status}; false: status is not toggled from the list. */
  updateStatusPath?: string | false;
  /** POST for the batch buttons when they have their own route (default updateStatusPath). */
  batchStatusPath?: string;
  /** Body of a status change (default `{ ids, status }`). */
  statusBody?: (ids: number[], status: 0 | 1, batch: boolean) => Record<string, unknown>;
  /** GET with the list filters → xlsx. */
  exportPath?: string | false;
  /** GET → string or {nextCode}: the next code of the entity's series, proposed (still editable) in the create form. */
  nextCodePath?: string;
  /** The field that takes the proposed code (default `code`; products `pcode`, employees `eecode`). */
  nextCodeField?: string;
  editPerm?: string;
  /** Nothing is created, edited or deleted from the list (logs, streams). */
  readOnly?: boolean;
  /** Per-row: may this row be edited / deleted (e.g. not the super role). */
  rowEditable?: (row: R) => boolean;
  rowDeletable?: (row: R) => boolean;
  /** Send `version` on update (optimistic locking). */
  sendVersion?: boolean;
  fields: FieldSpec<R, X>[];
  toForm?: (row: R) => Record<string, unknown>;
  toSave?: (values: Record<string, unknown>, row?: R) => Record<string, unknown>;
  /** Server error path → form field name, for fields the form shows differently. */
  errorPathMap?: Record<string, string>;
  formWidth?: number;
  defaultSort?: string;
  /** Label for confirmations. */
  rowName?: (row: R) => string;
  /** Resources whose reads count or group this one's rows (regions count their shops): refetched after a write here. */
  countedBy?: readonly { key: string; basePath: string }[];
}
