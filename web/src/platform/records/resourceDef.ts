import type { Label, RecordDef, RecordField, RecordFilter } from '@headoffice/contract';
import type { Lang } from '../i18n';
import type { BaseRow, FieldSpec, OptionSource, ResourceDef } from '../resource/types';

/** A row of any record type as the generic page holds it. */
export type RecordPageRow = BaseRow & Record<string, unknown>;
type Spec = FieldSpec<RecordPageRow, string>;

const text = (label: Label, lang: Lang) => label[lang === 'en-US' ? 1 : 0];

function optionsOf(field: Pick<RecordField, 'options' | 'pick'>, lang: Lang): OptionSource | undefined {
  if (field.pick) return { kind: 'remote', url: field.pick.path, label: field.pick.label };
  if (!field.options) return undefined;
  return {
    kind: 'static',
    raw: true,
    items: field.options.map((o) => ({ value: o.value, label: text(o.label, lang), color: o.color })),
  };
}

function fieldSpec(key: string, f: RecordField, lang: Lang): Spec {
  const form = f.form === false || f.computed ? false : (f.form ?? {});
  return {
    key,
    title: text(f.label, lang),
    type: f.type,
    // The status field's options are the web's own enabled/disabled labels.
    options: f.type === 'status' ? undefined : optionsOf(f, lang),
    table:
      f.table === false
        ? false
        : {
            width: f.table?.width,
            sorter: f.table?.sortable,
            optional: f.table?.optional,
            ellipsis: f.type === 'textarea' || undefined,
            display: f.display,
          },
    form: form && {
      required: form.required,
      initial: form.initial,
      min: form.min,
      max: form.max,
      maxLength: form.maxLength,
      disabledOnEdit: form.disabledOnEdit,
      span: form.span ?? (f.type === 'textarea' ? 24 : undefined),
      help: form.help && text(form.help, lang),
      props: f.multiple ? { mode: 'multiple' } : undefined,
    },
  };
}

/** A search-only input for a filter that is not one of the fields (a keyword, a date range, a named condition). */
function filterSpec(key: string, f: RecordFilter, fields: Record<string, RecordField>, lang: Lang): Spec {
  const hidden = { table: false as const, form: false as const };
  switch (f.op) {
    case 'contains':
      return {
        key,
        title: f.label ? text(f.label, lang) : 'common.keyword',
        search: { placeholder: f.label ? undefined : 'common.keywordPh' },
        ...hidden,
      };
    case 'range':
      return {
        key,
        title: text(fields[f.column].label, lang),
        type: 'date',
        search: { type: 'dateRange', range: [...f.params] },
        ...hidden,
      };
    case 'named':
      return { key, title: text(f.label, lang), type: f.type, options: optionsOf(f, lang), search: true, ...hidden };
    default:
      return { ...fieldSpec(key, fields[f.column], lang), search: key === f.column ? true : { param: key }, ...hidden };
  }
}

/**
 * The generic list's definition of a record type, in one language: its columns, form and search
 * inputs come from the fields and the declared filters, its paths from the verbs it serves.
 */
export function recordResource(record: RecordDef, lang: Lang): ResourceDef<RecordPageRow, string> {
  const { paths } = record;
  const serves = record.serves;
  const fields = Object.entries(record.fields)
    .filter(([, f]) => !(f.computed && f.table === false))
    .map(([key, f]) => fieldSpec(key, f, lang));
  const filters = Object.entries(record.filters);
  // A filter on a shown column searches with that column's input; the others get their own.
  for (const field of fields) {
    const filter = filters.find(([key, f]) => key === field.key && (f.op === 'eq' || f.op === 'in'));
    if (filter) field.search = true;
  }
  const searchOnly = filters
    .filter(([key, f]) => !((f.op === 'eq' || f.op === 'in') && fields.some((field) => field.key === key)))
    .map(([key, f]) => filterSpec(key, f, record.fields, lang));
  return {
    key: `record-${record.resource}`,
    title: text(record.label, lang),
    basePath: record.basePath,
    listPath: paths.list,
    // A type saved only at its base path (the seed's POST root) is saved there.
    savePath: !serves('save') && serves('rootSave') ? record.basePath : paths.save,
    detailPath: serves('get') ? paths.one : undefined,
    deletePath: serves('delete') ? undefined : false,
    updateStatusPath: serves('updateStatus') ? paths.updateStatus : false,
    exportPath: serves('export') ? paths.export : false,
    nextCodePath: serves('getNextCode') ? paths.nextCode : serves('getMaxId') ? paths.maxId : undefined,
    editPerm: `${record.perm}.edit`,
    sendVersion: true,
    defaultSort: record.defaultSort,
    fields: [...searchOnly, ...fields],
  };
}
